import Foundation
import PromoTestSupport
import Testing

/// The format-4 case generator and the reference on its cases: the cases are priced (none
/// refused but for a currency mismatch), reach every format-4 rule, keep the sums of the
/// contract, and a gift never changes a plan; ``Reference4Check`` passes the reference's
/// own quotes and catches wrong ones.
@Suite("The format-4 reference pricer on generated format-4 cases")
struct Format4ReferenceGeneratedTests {
  /// The reference's pricing of a case, or `nil` when it refuses it.
  static func pricing(_ testCase: RefCase, store: GenJSON? = nil) throws -> Ref4Pricing? {
    guard
      case .priced(let pricing) = try Format4Reference.price(
        store: (store ?? testCase.store).foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes, groups: testCase.groups)
    else { return nil }
    return pricing
  }

  /// The case's store without its gifts.
  static func withoutGifts(_ store: GenJSON) -> GenJSON {
    guard case .array(let promotions)? = store["promotions"] else { return store }
    var copy = store
    copy.set("promotions", .array(promotions.filter { $0["kind"].map(RefCaseGenerator.isGift) != true }))
    return copy
  }

  /// What the format-4 rules a priced case reaches, by name.
  static func reached(_ pricing: Ref4Pricing, store: GenJSON) -> [String] {
    var names: [String] = []
    guard case .array(let promotions)? = store["promotions"] else { return names }
    let byID = Dictionary(
      promotions.compactMap { promotion -> (String, GenJSON)? in
        guard case .string(let id)? = promotion["id"] else { return nil }
        return (id, promotion)
      }, uniquingKeysWith: { first, _ in first })
    for (id, _) in pricing.promotions {
      guard let promotion = byID[id] else { continue }
      for key in ["tiers", "bundle", "getTarget", "excludeDiscountedLines", "combinesWith", "layer"]
      where promotion[key] != nil {
        names.append(key)
      }
      if promotion["acrossLines"] != nil && promotion["maximumQuantity"] != nil && promotion["buy"] == nil {
        names.append("dearest units")
      }
    }
    if pricing.best.stage.count >= 3 { names.append("three order deals") }
    if !pricing.gifts.isEmpty { names.append("gift granted") }
    for (_, outcome) in pricing.outcomes {
      if case .notBest(_, let with) = outcome {
        names.append(with == nil ? "no bestTotalWith" : "bestTotalWith")
      }
    }
    if store["rounding"] != nil && !pricing.promotions.isEmpty { names.append("rounding") }
    return names
  }

  @Test("generated cases: priced, every rule reached, the sums kept, gifts change no plan")
  func generatedCases() throws {
    var check = SeededCheck(base: 0x4_4000_0000, count: 1200)
    var reached: [String: Int] = [:]
    var large = 0
    try check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase4()
      guard let pricing = try Self.pricing(testCase) else {
        let mismatch = testCase.order["currency"] != nil && testCase.store["currency"] != nil
        return (mismatch ? [] : ["refused"], { testCase.store.text(quotingDecimals: true) })
      }
      if case .array(let promotions)? = testCase.store["promotions"], promotions.count >= 9 { large += 1 }
      for name in Self.reached(pricing, store: testCase.store) { reached[name, default: 0] += 1 }
      var problems = Reference4Check.problems(ObservedQuote4(reference: pricing), against: pricing)
      problems += Reference4Check.invariants(ObservedQuote4(reference: pricing))
      // The explained result object, read back as a pricer's would be.
      problems += Reference4Check.problems(resultObject: pricing.explainedObject, against: pricing).map {
        "result object: \($0)"
      }
      if let plain = try Self.pricing(testCase, store: Self.withoutGifts(testCase.store)) {
        var object = pricing.resultObject4
        object["gifts"] = nil
        problems += F4Ref.differences(object, plain.resultObject4).map { "without gifts: \($0)" }
      }
      return (
        problems,
        { "\(testCase.store.text(quotingDecimals: true))\n\(testCase.order.text(quotingDecimals: true))" }
      )
    }
    #expect(check.summary("format-4 cases") == nil, "\(check.reports)")
    guard SeededCheck.isWholeRange else { return }
    #expect(large > 200, "stores of 9 to 12 promotions: \(large)")
    for name in [
      "tiers", "bundle", "getTarget", "excludeDiscountedLines", "combinesWith", "layer", "dearest units",
      "three order deals", "gift granted", "bestTotalWith", "no bestTotalWith", "rounding",
    ] {
      #expect(reached[name, default: 0] >= 10, "\(name): \(reached[name, default: 0]) of \(reached)")
    }
  }

  @Test("Reference4Check passes the reference's own quote and catches wrong ones")
  func checkCatchesWrongQuotes() throws {
    var made: [String: Int] = [:]
    var missed: [String: Int] = [:]
    func expectCaught(_ name: String, _ observed: ObservedQuote4, _ pricing: Ref4Pricing) {
      made[name, default: 0] += 1
      if Reference4Check.problems(observed, against: pricing).isEmpty { missed[name, default: 0] += 1 }
    }
    for seed in UInt64(0x4_4100_0000)..<0x4_4100_0190 {
      var generator = RefCaseGenerator(seed: seed)
      guard let pricing = try Self.pricing(generator.makeCase4()) else { continue }
      let right = ObservedQuote4(reference: pricing)
      #expect(Reference4Check.problems(right, against: pricing) == [], "seed \(seed)")
      var cheaper = right
      cheaper.quote3.quote.total -= 1
      cheaper.quote3.quote.discount += 1
      expectCaught("a total one unit lower", cheaper, pricing)
      if let (id, tier) = pricing.tiers.first {
        var wrong = right
        wrong.tiers?[id] = tier + 1
        expectCaught("another tier", wrong, pricing)
      }
      if !pricing.gifts.isEmpty {
        var ungifted = right
        ungifted.gifts = []
        expectCaught("a gift left out", ungifted, pricing)
      }
      if let id = right.bestTotalsWith?.first(where: { $0.value != nil })?.key {
        var wrong = right
        wrong.bestTotalsWith?[id] = .some(nil)
        expectCaught("a bestTotalWith left out", wrong, pricing)
      }
    }
    #expect(missed.isEmpty, "missed: \(missed) of \(made)")
    for name in ["a total one unit lower", "another tier", "a gift left out", "a bestTotalWith left out"] {
      #expect(made[name, default: 0] >= 5, "\(name): \(made)")
    }
  }
}

extension Format4ReferenceGeneratedTests {
  @Test("fuzz inputs make format-4 cases the reference prices, the same case for the same bytes")
  func fuzzCases() throws {
    var random = SplitMix64(seed: 0x4_F000_0000)
    for length in [0, 1, 7, 64, 512, 4096] {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let testCase = RefCaseGenerator.fuzzCase4(bytes)
      #expect(
        testCase.store.text(quotingDecimals: true)
          == RefCaseGenerator.fuzzCase4(bytes).store.text(quotingDecimals: true))
      let pricing = try Self.pricing(testCase)
      if let pricing {
        #expect(Reference4Check.invariants(ObservedQuote4(reference: pricing)) == [], "length \(length)")
      }
    }
  }
}
