import Foundation
import PromoTestSupport
import Testing

struct RefDifferential {
  /// Format 1 mode: `lines` and `shortBy`, which the format-1 command does not print, are
  /// compared only when present.
  var lenient: Bool
  let folder: URL

  init(lenient: Bool) throws {
    self.lenient = lenient
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("promo-ref-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func removeFolder() { try? FileManager.default.removeItem(at: folder) }

  /// The differences for one case, with a full report when there are any.
  func check(_ testCase: RefCase) -> (problems: [String], report: String, verdict: RefVerdict?) {
    let storeText = testCase.store.text(quotingDecimals: false)
    let orderText = testCase.order.text(quotingDecimals: false)
    let storePath = folder.appendingPathComponent("store.json").path
    let orderPath = folder.appendingPathComponent("order.json").path
    var problems: [String] = []
    var expectedText = ""
    do {
      try Data(storeText.utf8).write(to: URL(fileURLWithPath: storePath))
      try Data(orderText.utf8).write(to: URL(fileURLWithPath: orderPath))
    } catch {
      return (["cannot write the case's files: \(error)"], "", nil)
    }
    let arguments =
      ["price", orderPath, "--store", storePath, "--format", "json", "--explain", "--at", testCase.at]
      + testCase.codes.flatMap { ["--code", $0] }
    let run = InProcessRun(arguments)
    var verdict: RefVerdict?
    do {
      verdict = try Format2Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes)
      switch verdict! {
      case .refused(let reason):
        expectedText = "refused (exit 65): \(reason)"
        if run.status != 65 { problems.append("expected exit 65 (\(reason)), got \(run.status)") }
        if !run.stdout.isEmpty { problems.append("expected no output for a refused order") }
      case .priced(let pricing):
        expectedText = Self.describe(pricing)
        problems += compare(pricing, status: run.status, stdout: run.stdout)
      }
    } catch {
      problems.append("the reference could not price the case: \(error)")
    }
    guard !problems.isEmpty else { return ([], "", verdict) }
    let report = """
      promo \(arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))
      store: \(storeText)
      order: \(orderText)
      promo exit \(run.status)
      promo stdout: \(run.stdout)promo stderr: \(run.stderr)
      reference: \(expectedText)
      differences:
        \(problems.joined(separator: "\n  "))
      """
    return (problems, report, verdict)
  }

  /// The reference's result and explanation, for a report.
  static func describe(_ pricing: RefPricing) -> String {
    let object = pricing.resultObject
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    let considered = pricing.considered.map { "\($0.id): \($0.outcome)" }.joined(separator: "; ")
    let plans = pricing.plans.map(\.description).joined(separator: "; ")
    return String(decoding: data, as: UTF8.self) + "\n  considered: " + considered + "\n  plans: " + plans
  }

  /// The differences between the reference and one run's exit status and output.
  func compare(_ pricing: RefPricing, status: Int32, stdout: String) -> [String] {
    guard status == 0 else { return ["expected exit 0, got \(status)"] }
    guard stdout.hasSuffix("\n"), stdout.dropLast().allSatisfy({ $0 != "\n" }),
      let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    else { return ["expected one JSON object on one line"] }
    return ResultObjectCheck.problems(object, against: pricing, lenient: lenient)
  }

  /// Runs `count` cases from `base` (or only the seed in `$PROMO_REFERENCE_SEED`), recording
  /// the first few failures in full and a count of all.
  static func run(format: Int, base: UInt64, defaultCount: Int, lenient: Bool) throws {
    var check = SeededCheck(base: base, count: defaultCount)
    let differential = try RefDifferential(lenient: lenient)
    defer { differential.removeFolder() }
    var coverage = RefCoverage()
    check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase(format: format)
      let (problems, report, verdict) = differential.check(testCase)
      if let verdict { coverage.record(verdict, testCase) }
      return (problems, { report })
    }
    check.recordIssues("format-\(format) cases")
    // The generator must keep reaching the situations that matter, or passing means little.
    guard check.seeds.count >= 1000 else { return }
    var wanted = [
      "refused", "plan 1 with 0", "plan 1 with 1", "plan 1 with 2", "id tie-break", "fine minimum below",
      "items order", "amount order", "empty items", "inactive", "not-started", "ended", "applied",
      "below-minimum", "not-best",
    ]
    if format == 2 {
      wanted += [
        "plan 2", "plan 3 with 1", "plan 3 with 2", "code-required", "no-eligible-line", "code applied",
        "order-stage remainder",
      ]
    }
    coverage.expectReached(wanted, atLeast: 3)
  }
}

/// Counts the situations the generated cases reach, as the reference priced them.
struct RefCoverage: CaseCoverage {
  var counts: [String: Int] = [:]

  mutating func record(_ verdict: RefVerdict, _ testCase: RefCase) {
    guard case .priced(let pricing) = verdict else {
      counts["refused", default: 0] += 1
      return
    }
    var tags: Set<String> = []
    let best = pricing.best
    let stage = best.stage.count
    switch best.kind {
    case 1: tags.insert("plan 1 with \(stage)")
    case 2: tags.insert("plan 2")
    default: tags.insert("plan 3 with \(stage)")
    }
    let rivals = pricing.plans.filter { $0.total == best.total && $0.ids.count == best.ids.count }
    if rivals.contains(where: { $0.ids != best.ids }) { tags.insert("id tie-break") }
    for (_, outcome) in pricing.considered {
      tags.insert(outcome.name)
      if case .belowMinimum(let shortfall) = outcome,
        let minimum = shortfall.minimumAmount, minimum.fractionDigits.count > pricing.digits
      {
        tags.insert("fine minimum below")
      }
    }
    if let lines = pricing.lines {
      tags.insert(lines.isEmpty ? "empty items" : "items order")
    } else {
      tags.insert("amount order")
    }
    if case .array(let promotions) = testCase.store["promotions"] ?? .array([]) {
      let coded = Set(
        promotions.compactMap { $0["code"] == nil ? nil : $0["id"] }.compactMap { value -> String? in
          if case .string(let id) = value { id } else { nil }
        })
      if pricing.promotions.contains(where: { coded.contains($0.id) }) { tags.insert("code applied") }
    }
    if pricing.hasRemainderShare { tags.insert("order-stage remainder") }
    for tag in tags { counts[tag, default: 0] += 1 }
  }
}

@Suite("The format-2 reference pricer, and the command held against it")
struct Format2ReferenceTests {
  /// The store of the documented rules, verbatim.
  static let specStore = """
    {
      "version": 2,
      "currency": "CNY",
      "promotions": [
        { "id": "autumn-20", "name": "20% off everything", "kind": "discount", "percentOff": "20",
          "maximumDiscount": "50.00", "startsAt": "2026-11-01T00:00:00+08:00",
          "endsAt": "2026-12-01T00:00:00+08:00", "active": true, "stackable": true },
        { "id": "spend100-save15", "kind": "threshold", "minimumAmount": "100.00",
          "amountOff": "15.00", "stackable": true },
        { "id": "tea-2nd-half", "name": "Second tea half price", "kind": "item",
          "target": { "categories": ["tea"] }, "buy": 1, "get": 1, "percentOff": "50", "stackable": true },
        { "id": "mug-19", "kind": "item", "target": { "skus": ["mug-white", "mug-blue"] }, "fixedPrice": "19.00" },
        { "id": "VIP10", "kind": "discount", "code": "VIP10", "percentOff": "10" }
      ]
    }
    """
  /// Order A-1001 of the documented rules, verbatim.
  static let orderA1001 = """
    { "id": "A-1001", "currency": "CNY", "codes": ["vip10"],
      "items": [ { "sku": "tea-green", "name": "Green tea", "categories": ["tea"], "unitPrice": "25.00", "quantity": 2 },
                 { "sku": "mug-white", "unitPrice": "39.00", "quantity": 2 } ] }
    """
  /// Order A-1003 of the documented rules.
  static let orderA1003 = """
    { "id": "A-1003", "items": [
      { "sku": "tea-green", "categories": ["tea"], "unitPrice": "25.00", "quantity": 3 },
      { "sku": "pot-iron", "unitPrice": "120.00", "quantity": 1 } ] }
    """
  static let at = "2026-11-22T12:00:00+08:00"

  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  static func pricing(_ order: String, store: String = specStore) throws -> RefPricing {
    guard
      case .priced(let pricing) = try Format2Reference.price(store: json(store), order: json(order), at: at)
    else { throw RefError("refused") }
    return pricing
  }

  @Test(
    "the reference gives the documented rules's result for A-1001: plan 2 wins, VIP10 presented in lower case"
  )
  func workedExampleA1001() throws {
    let pricing = try Self.pricing(Self.orderA1001)
    let expected = try Self.json(
      #"{"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[{"id":"mug-19","discount":"40.00"},{"id":"tea-2nd-half","discount":"12.50"}],"discount":"52.50","total":"75.50","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":2,"subtotal":"50.00","discount":"12.50","total":"37.50","promotions":[{"id":"tea-2nd-half","discount":"12.50"}]},{"sku":"mug-white","quantity":2,"subtotal":"78.00","discount":"40.00","total":"38.00","promotions":[{"id":"mug-19","discount":"40.00"}]}]}"#
    )
    var problems: [String] = []
    ResultObjectCheck.differences(expected, pricing.resultObject, at: "", into: &problems)
    ResultObjectCheck.differences(pricing.resultObject, expected, at: "", into: &problems)
    #expect(problems == [])
    // The other plans the documented rules names: plan 3 92.40, plan 1 87.40, VIP10 alone 115.20.
    let best = { (kind: Int) in pricing.plans.filter { $0.kind == kind }.map(\.total).min() }
    #expect(best(1) == 8740)
    #expect(best(2) == 7550)
    #expect(best(3) == 9240)
    #expect(pricing.plans.first { $0.ids == ["VIP10"] }?.total == 11520)
    #expect(pricing.plans.first { $0.ids == ["autumn-20", "spend100-save15"] }?.total == 8740)
  }

  @Test(
    "the reference gives the documented rules's result and outcomes for A-1003: plan 3, shares by largest remainder"
  )
  func workedExampleA1003() throws {
    let pricing = try Self.pricing(Self.orderA1003)
    let expected = try Self.json(
      #"{"order":"A-1003","currency":"CNY","subtotal":"195.00","promotions":[{"id":"tea-2nd-half","discount":"12.50"},{"id":"autumn-20","discount":"36.50"},{"id":"spend100-save15","discount":"15.00"}],"discount":"64.00","total":"131.00","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":3,"subtotal":"75.00","discount":"30.14","total":"44.86","promotions":[{"id":"tea-2nd-half","discount":"12.50"},{"id":"autumn-20","discount":"12.50"},{"id":"spend100-save15","discount":"5.14"}]},{"sku":"pot-iron","quantity":1,"subtotal":"120.00","discount":"33.86","total":"86.14","promotions":[{"id":"autumn-20","discount":"24.00"},{"id":"spend100-save15","discount":"9.86"}]}]}"#
    )
    var problems: [String] = []
    ResultObjectCheck.differences(expected, pricing.resultObject, at: "", into: &problems)
    ResultObjectCheck.differences(pricing.resultObject, expected, at: "", into: &problems)
    #expect(problems == [])
    #expect(pricing.best.kind == 3)
    let outcomes = Dictionary(uniqueKeysWithValues: pricing.considered.map { ($0.id, $0.outcome.name) })
    #expect(
      outcomes == [
        "autumn-20": "applied", "spend100-save15": "applied", "tea-2nd-half": "applied",
        "mug-19": "no-eligible-line", "VIP10": "code-required",
      ])
  }

  @Test("the reference's money, percentages, minimums and instants")
  func referenceBuildingBlocks() throws {
    #expect(RefMath.percent(5, 1_000_000) == 5)
    #expect(RefMath.percent(5, 100_000) == 1)  // 0.5 rounds up
    #expect(RefMath.percent(4, 125_000) == 1)  // 0.5 rounds up
    #expect(RefMath.percent(3, 125_000) == 0)  // 0.375
    #expect(RefCurrency.format(5, digits: 3) == "0.005")
    #expect(RefCurrency.format(100, digits: 0) == "100")
    #expect(try RefDecimal("99.995").ceilingUnits(digits: 2) == 10_000)
    #expect(try RefDecimal("99.990").units(digits: 2) == 9_999)
    #expect(throws: RefError.self) { try RefDecimal("99.995").units(digits: 2) }
    #expect(throws: RefError.self) { try RefDecimal("1e2") }
    let instant = try RefInstant(rfc3339: "2026-10-01T00:00:00.250+02:00")
    #expect(instant.description == "2026-09-30T22:00:00.25Z")
    #expect(try RefInstant(rfc3339: "2026-11-22T04:00:00Z") == RefInstant(seconds: 1_795_320_000))
    #expect(
      try RefInstant(rfc3339: "2026-11-22T04:00:00.1Z") > RefInstant(rfc3339: "2026-11-22T04:00:00.09Z"))
    #expect(throws: RefError.self) { try RefInstant(rfc3339: "2026-11-22T04:00:00") }
    #expect(RefMath.idsPrecede(["B"], ["a"]))
    #expect(RefMath.idsPrecede(["a", "B"], ["a", "_"]))
  }

  @Test("the reference's line benefits and caps (the documented rules), computed by hand")
  func lineBenefits() throws {
    let store = """
      {"version": 2, "currency": "KWD", "promotions": [
        {"id": "b2g1-half", "kind": "item", "target": {"skus": ["pen"]}, "buy": 2, "get": 1, "percentOff": "50"},
        {"id": "cap-10", "kind": "discount", "percentOff": "10", "maximumDiscount": "0.500", "stackable": true},
        {"id": "fixed-12", "kind": "item", "target": {"categories": ["ink"]}, "fixedPrice": "12.000"},
        {"id": "off-12", "kind": "item", "target": {"categories": ["ink"]}, "amountOff": "12"}
      ]}
      """
    // pen: 5 × 1.255 = 6.275; buy 2 get 1 at half: floor(5 / 3) × 1 = 1 unit, 0.6275 → 0.628.
    // ink: 2 × 10.000; fixed-12 takes nothing there (no-eligible-line); off-12 takes 2 × 10.000.
    let order = """
      {"id": "K", "items": [{"sku": "pen", "unitPrice": "1.255", "quantity": 5},
        {"sku": "ink", "categories": ["ink"], "unitPrice": "10", "quantity": 2}]}
      """
    let pricing = try Self.pricing(order, store: store)
    #expect(pricing.subtotal == 26_275)
    // Plan 2: 0.628 + 20.000 = 20.628 off, 5.647. Plan 1: cap-10 takes min(2.628, 0.500).
    #expect(pricing.best.ids == ["b2g1-half", "off-12"])
    #expect(pricing.total == 5_647)
    #expect(pricing.plans.first { $0.ids == ["cap-10"] }?.total == 25_775)
    let outcomes = Dictionary(uniqueKeysWithValues: pricing.considered.map { ($0.id, $0.outcome.name) })
    #expect(outcomes["fixed-12"] == "no-eligible-line")
    #expect(outcomes["cap-10"] == "not-best")
    #expect(pricing.money(pricing.total) == "5.647")
  }

  @Test(
    "the reference lets plan 1 win when item deals would drop the order below a threshold (the documented rules)"
  )
  func thresholdBeatsItemDeals() throws {
    let store = """
      {"version": 2, "promotions": [
        {"id": "tea-10", "kind": "item", "target": {"categories": ["tea"]}, "percentOff": "10", "stackable": true},
        {"id": "spend100-save30", "kind": "threshold", "minimumAmount": "100.001", "amountOff": "30"}
      ]}
      """
    let reaches = try Self.pricing(
      #"{"id": "T", "items": [{"categories": ["tea"], "unitPrice": "100.01", "quantity": 1}]}"#, store: store)
    // Plan 1: 100.01 reaches 100.001, 70.01. Plan 2: 90.01. Plan 3: 90.01, nothing stackable after.
    #expect(reaches.best.ids == ["spend100-save30"])
    #expect(reaches.total == 7_001)
    #expect(reaches.lines?.first?.promotions.map(\.id) == ["spend100-save30"])
    let short = try Self.pricing(
      #"{"id": "U", "items": [{"categories": ["tea"], "unitPrice": "100.00", "quantity": 1}]}"#, store: store)
    // 100.00 misses 100.001: one cent more (the least amount in the currency) reaches it.
    #expect(short.best.ids == ["tea-10"])
    #expect(
      short.considered.last?.outcome
        == .belowMinimum(
          RefShortfall(
            amount: 10_000, units: nil, minimumAmount: try RefDecimal("100.001"), minimumQuantity: nil,
            shortBy: 1, shortByQuantity: nil)))
  }

  @Test(
    "the reference's own results keep the documented rules's sums on the format-2 cases (no command involved)"
  )
  func referenceInvariants() throws {
    var failures: [String] = []
    for (seed, _, pricing) in try Format2Reference.pricedCases(
      format: 2, seeds: 0x2_0000_0000..<0x2_0000_0000 + 1000)
    {
      let problems = ReferenceCheck.invariants(resultObject: pricing.resultObject, against: pricing)
      if !problems.isEmpty { failures.append("seed \(seed): \(problems)") }
    }
    #expect(failures == [])
  }

  @Test("the strict comparison accepts the reference's own output and catches a changed share")
  func comparisonSelfTest() throws {
    let differential = try RefDifferential(lenient: false)
    defer { differential.removeFolder() }
    var failures: [String] = []
    var caught = 0
    for (seed, _, pricing) in try Format2Reference.pricedCases(
      format: 2, seeds: 0x2_0000_0000..<0x2_0000_0000 + 300)
    {
      var object = pricing.resultObject
      object["considered"] = pricing.considered.map { id, outcome -> [String: Any] in
        var entry: [String: Any] = ["id": id, "outcome": outcome.name]
        switch outcome {
        case .applied(let discount): entry["discount"] = pricing.money(discount)
        case .notStarted(let startsAt): entry["startsAt"] = startsAt.description
        case .ended(let endsAt): entry["endsAt"] = endsAt.description
        case .belowMinimum(let shortfall):
          entry["testedAgainst"] = pricing.money(shortfall.amount)
          entry["minimumAmount"] = shortfall.minimumAmount?.description
          entry["shortBy"] = shortfall.shortBy.map(pricing.money)
        case .notBest(let total): entry["planTotal"] = pricing.money(total)
        case .inactive, .codeRequired, .customerNotEligible, .noEligibleLine, .noShipping: break
        }
        return entry
      }
      let line = { (object: [String: Any]) in
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
      }
      let problems = differential.compare(pricing, status: 0, stdout: try line(object))
      if !problems.isEmpty { failures.append("seed \(seed): \(problems)") }
      // Spoil the first share of the first line: the strict comparison must notice.
      guard var lines = object["lines"] as? [[String: Any]], lines.count >= 2,
        var shares = lines[0]["promotions"] as? [[String: Any]], !shares.isEmpty
      else { continue }
      shares[0]["discount"] = "changed"
      lines[0]["promotions"] = shares
      object["lines"] = lines
      if !differential.compare(pricing, status: 0, stdout: try line(object)).isEmpty { caught += 1 }
    }
    #expect(failures == [])
    #expect(caught > 20)
  }

  @Test("format-1 stores: the command agrees with the reference on seeded random cases")
  func format1Differential() throws {
    try RefDifferential.run(format: 1, base: 0x1_0000_0000, defaultCount: 2000, lenient: true)
  }

  @Test("format-2 stores: the command agrees with the reference on seeded random cases")
  func format2Differential() throws {
    try RefDifferential.run(format: 2, base: 0x2_0000_0000, defaultCount: 3000, lenient: false)
  }
}
