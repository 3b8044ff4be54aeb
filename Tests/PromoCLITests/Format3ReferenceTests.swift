import Foundation
import PromoTestSupport
import Testing

/// The format-3 reference on its own: the documented rules's worked examples, hand-worked cases of each
/// format-3 rule, and agreement with the format-2 reference on every format-2 case.
@Suite("The format-3 reference pricer")
struct Format3ReferenceTests {
  /// The format-3 store of the documented rules, verbatim.
  static let storeB = """
    {"version": 3, "currency": "CNY", "promotions": [
     {"id": "tea-3-pieces", "name": "Any 3 teas, 20% off them", "kind": "threshold", "target": {"categories": ["tea"]}, "minimumQuantity": 3, "percentOff": "20", "stackable": true},
     {"id": "every100-10", "name": "10 off every 100, up to 30", "kind": "threshold", "minimumAmount": "100.00", "repeat": true, "amountOff": "10.00", "maximumDiscount": "30.00", "stackable": true},
     {"id": "member-5", "kind": "discount", "customerGroups": ["member"], "percentOff": "5", "stackable": true},
     {"id": "mug-19", "kind": "item", "target": {"skus": ["mug-white"]}, "fixedPrice": "19.00", "maximumQuantity": 2},
     {"id": "ship-free-99", "kind": "shipping", "minimumAmount": "99.00", "percentOff": "100", "stackable": true},
     {"id": "ship-flat-5", "kind": "shipping", "fixedPrice": "5.00"}]}
    """
  /// Order B-1 of the documented rules.
  static let orderB1 = """
    {"id": "B-1", "customer": {"id": "c-17", "groups": ["member"]}, "shipping": "12.00", "items": [
      {"sku": "tea-green", "categories": ["tea"], "unitPrice": "25.00", "quantity": 3},
      {"sku": "pot-iron", "unitPrice": "120.00", "quantity": 1}]}
    """
  /// Order B-2 of the documented rules.
  static let orderB2 = """
    {"id": "B-2", "shipping": "12.00", "items": [{"sku": "mug-white", "unitPrice": "39.00", "quantity": 3}]}
    """

  /// The reference's pricing of `order` against `store` at the documented rules's instant, every plan kept.
  static func pricing(
    _ order: String, store: String, codes: [String] = [], groups: [String] = []
  ) throws -> Ref3Pricing {
    guard
      case .priced(let pricing) = try Format3Reference.price(
        store: Format2ReferenceTests.json(store), order: Format2ReferenceTests.json(order),
        at: Format2ReferenceTests.at, codes: codes, groups: groups, keepPlans: true)
    else { throw RefError("refused") }
    return pricing
  }

  /// The differences between the reference's result object and one written out in the documented rules.
  static func differences(_ pricing: Ref3Pricing, _ expected: String) throws -> [String] {
    let object = try Format2ReferenceTests.json(expected)
    var problems: [String] = []
    ResultObjectCheck.differences(object, pricing.resultObject, at: "", into: &problems)
    ResultObjectCheck.differences(pricing.resultObject, object, at: "", into: &problems)
    return problems
  }

  /// Each promotion's outcome name, by id.
  static func outcomes(_ pricing: Ref3Pricing) -> [String: String] {
    Dictionary(uniqueKeysWithValues: pricing.considered.map { ($0.id, $0.outcome.name) })
  }

  @Test("A-1001 of the documented rules: plan 2 wins, VIP10 presented in lower case; the other plans' totals")
  func workedExampleA1001() throws {
    let pricing = try Self.pricing(Format2ReferenceTests.orderA1001, store: Format2ReferenceTests.specStore)
    let problems = try Self.differences(
      pricing,
      #"{"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[{"id":"mug-19","discount":"40.00"},{"id":"tea-2nd-half","discount":"12.50"}],"discount":"52.50","total":"75.50","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":2,"subtotal":"50.00","discount":"12.50","total":"37.50","promotions":[{"id":"tea-2nd-half","discount":"12.50"}]},{"sku":"mug-white","quantity":2,"subtotal":"78.00","discount":"40.00","total":"38.00","promotions":[{"id":"mug-19","discount":"40.00"}]}]}"#
    )
    #expect(problems == [])
    let plans = try #require(pricing.plans)
    let best = { (kind: Int) in plans.filter { $0.kind == kind }.map(\.total).min() }
    #expect(best(1) == 8740)
    #expect(best(2) == 7550)
    #expect(best(3) == 9240)
    #expect(plans.first { $0.ids == ["VIP10"] }?.total == 11520)
    #expect(pricing.considered.allSatisfy { $0.outcome.name == "applied" || $0.outcome.name == "not-best" })
  }

  @Test("A-1003 of the documented rules: plan 3, shares by largest remainder, its outcomes")
  func workedExampleA1003() throws {
    let pricing = try Self.pricing(Format2ReferenceTests.orderA1003, store: Format2ReferenceTests.specStore)
    let problems = try Self.differences(
      pricing,
      #"{"order":"A-1003","currency":"CNY","subtotal":"195.00","promotions":[{"id":"tea-2nd-half","discount":"12.50"},{"id":"autumn-20","discount":"36.50"},{"id":"spend100-save15","discount":"15.00"}],"discount":"64.00","total":"131.00","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":3,"subtotal":"75.00","discount":"30.14","total":"44.86","promotions":[{"id":"tea-2nd-half","discount":"12.50"},{"id":"autumn-20","discount":"12.50"},{"id":"spend100-save15","discount":"5.14"}]},{"sku":"pot-iron","quantity":1,"subtotal":"120.00","discount":"33.86","total":"86.14","promotions":[{"id":"autumn-20","discount":"24.00"},{"id":"spend100-save15","discount":"9.86"}]}]}"#
    )
    #expect(problems == [])
    #expect(pricing.best.kind == 3)
    #expect(pricing.hasRemainderShare)
    #expect(
      Self.outcomes(pricing) == [
        "autumn-20": "applied", "spend100-save15": "applied", "tea-2nd-half": "applied",
        "mug-19": "no-eligible-line", "VIP10": "code-required",
      ])
  }

  @Test("B-1 of the documented rules: member-5, then tea-3-pieces on the tea line, and free shipping")
  func workedExampleB1() throws {
    let pricing = try Self.pricing(Self.orderB1, store: Self.storeB)
    let problems = try Self.differences(
      pricing,
      #"{"order":"B-1","currency":"CNY","subtotal":"195.00","promotions":[{"id":"member-5","discount":"9.75"},{"id":"tea-3-pieces","discount":"14.25"},{"id":"ship-free-99","discount":"12.00"}],"discount":"36.00","total":"171.00","evaluatedAt":"2026-11-22T04:00:00Z","shipping":{"amount":"12.00","discount":"12.00","total":"0.00"},"lines":[{"sku":"tea-green","quantity":3,"subtotal":"75.00","discount":"18.00","total":"57.00","promotions":[{"id":"member-5","discount":"3.75"},{"id":"tea-3-pieces","discount":"14.25"}]},{"sku":"pot-iron","quantity":1,"subtotal":"120.00","discount":"6.00","total":"114.00","promotions":[{"id":"member-5","discount":"6.00"}]}]}"#
    )
    #expect(problems == [])
    #expect(
      Self.outcomes(pricing) == [
        "tea-3-pieces": "applied", "every100-10": "not-best", "member-5": "applied",
        "mug-19": "no-eligible-line", "ship-free-99": "applied", "ship-flat-5": "not-best",
      ])
    // member-5 then every100-10 takes 10.00 of 185.25 (one full 100).
    let plans = try #require(pricing.plans)
    #expect(plans.first { $0.ids == ["member-5", "every100-10", "ship-free-99"] }?.total == 17525)
    // The same order given the group by --customer-group instead of its customer.
    let flagged = try Self.pricing(
      Self.orderB1.replacingOccurrences(of: #""groups": ["member"]"#, with: #""groups": []"#),
      store: Self.storeB, groups: ["member"])
    #expect(flagged.total == 17100)
    let cased = try Self.pricing(
      Self.orderB1.replacingOccurrences(of: #""groups": ["member"]"#, with: #""groups": ["Member"]"#),
      store: Self.storeB)
    #expect(Self.outcomes(cased)["member-5"] == "customer-not-eligible")
  }

  @Test("B-2 of the documented rules: mug-19 on 2 units of 3 stands alone; its outcomes and the other plans")
  func workedExampleB2() throws {
    let pricing = try Self.pricing(Self.orderB2, store: Self.storeB)
    let problems = try Self.differences(
      pricing,
      #"{"order":"B-2","currency":"CNY","subtotal":"117.00","promotions":[{"id":"mug-19","discount":"40.00"}],"discount":"40.00","total":"89.00","evaluatedAt":"2026-11-22T04:00:00Z","shipping":{"amount":"12.00","discount":"0.00","total":"12.00"},"lines":[{"sku":"mug-white","quantity":3,"subtotal":"117.00","discount":"40.00","total":"77.00","promotions":[{"id":"mug-19","discount":"40.00"}]}]}"#
    )
    #expect(problems == [])
    #expect(
      Self.outcomes(pricing) == [
        "tea-3-pieces": "no-eligible-line", "every100-10": "not-best", "member-5": "customer-not-eligible",
        "mug-19": "applied", "ship-free-99": "not-best", "ship-flat-5": "not-best",
      ])
    let plans = try #require(pricing.plans)
    #expect(plans.first { $0.ids == ["every100-10", "ship-free-99"] }?.total == 10700)
    #expect(plans.first { $0.ids == ["ship-flat-5"] }?.total == 12200)
    // mug-19 is not stackable: no plan joins a shipping deal to it.
    #expect(!plans.contains { $0.ids.first == "mug-19" && $0.shipping != nil })
  }

  @Test("buy/get across lines: the cheapest units got, ties to the earlier line, a unit limit per order")
  func acrossLines() throws {
    let store = """
      {"version": 3, "currency": "CNY", "promotions": [
       {"id": "pot-2nd-half", "kind": "item", "target": {"categories": ["pot"]}, "buy": 1, "get": 1, "percentOff": "50", "acrossLines": true},
       {"id": "pot-10", "kind": "item", "target": {"categories": ["pot"]}, "percentOff": "10"},
       {"id": "one-pot", "kind": "item", "target": {"categories": ["pot"]}, "buy": 1, "get": 1, "acrossLines": true, "maximumQuantity": 1, "code": "ONE"}]}
      """
    let order = """
      {"id": "P", "items": [
        {"sku": "pot-a", "categories": ["pot"], "unitPrice": "100.00", "quantity": 2},
        {"sku": "pot-b", "categories": ["pot"], "unitPrice": "60.00", "quantity": 1},
        {"sku": "pot-c", "categories": ["pot"], "unitPrice": "60.00", "quantity": 1}]}
      """
    // U = 4 units, 2 got: pot-b's and pot-c's (60.00 each, cheapest); pot-a was only counted
    // and takes pot-10 instead: 20.00 + 30.00 + 30.00.
    let pricing = try Self.pricing(order, store: store)
    #expect(pricing.promotions.map(\.id) == ["pot-10", "pot-2nd-half"])
    #expect(pricing.lines?.map(\.discount) == [2000, 3000, 3000])
    // With a limit of 1 unit got in the order, the tie at 60.00 goes to the earlier line:
    // one-pot takes all of pot-b (60.00); pot-c takes pot-2nd-half's 30.00.
    let limited = try Self.pricing(order, store: store, codes: ["one"])
    #expect(limited.lines?.map { $0.promotions.map(\.id) } == [["pot-10"], ["one-pot"], ["pot-2nd-half"]])
    #expect(limited.total == 32000 - 2000 - 6000 - 3000)
  }

  @Test("unit limits, repeating and quantity thresholds, targeted deals, shipping outcomes, by hand")
  func format3Rules() throws {
    let store = """
      {"version": 3, "promotions": [
       {"id": "mug-half", "kind": "item", "target": {"skus": ["mug"]}, "percentOff": "50", "maximumQuantity": 3, "stackable": true},
       {"id": "every-2-5", "kind": "threshold", "minimumQuantity": 2, "repeat": true, "amountOff": "5", "maximumDiscount": "12", "stackable": true},
       {"id": "tea-spend-50", "kind": "threshold", "target": {"skus": ["tea"]}, "minimumAmount": "50", "minimumQuantity": 4, "amountOff": "8"},
       {"id": "pot-10", "kind": "discount", "target": {"skus": ["pot"]}, "percentOff": "10"},
       {"id": "ship-3", "kind": "shipping", "amountOff": "3", "minimumAmount": "1000"}]}
      """
    // mug: 5 × 10.00, at most 3 units at half price: 15.00. 7 units: every-2-5 takes 3 × 5
    // capped at 12.00. tea: 2 units, 40.00: short of 50 by 10.00 and of 4 units by 2.
    let order = """
      {"id": "R", "shipping": "4.00", "items": [
        {"sku": "mug", "unitPrice": "10.00", "quantity": 5}, {"sku": "tea", "unitPrice": "20.00", "quantity": 2}]}
      """
    let pricing = try Self.pricing(order, store: store)
    #expect(pricing.promotions.map(\.id) == ["mug-half", "every-2-5"])
    #expect(pricing.promotions.map(\.discount) == [1500, 1200])
    #expect(pricing.total == 9000 - 1500 - 1200 + 400)
    let outcomes = Dictionary(uniqueKeysWithValues: pricing.considered.map { ($0.id, $0.outcome) })
    #expect(
      outcomes["tea-spend-50"]
        == .belowMinimum(
          RefShortfall(
            amount: 4000, units: 2, minimumAmount: try RefDecimal("50"), minimumQuantity: 4, shortBy: 1000,
            shortByQuantity: 2)))
    #expect(outcomes["pot-10"] == .noEligibleLine)
    #expect(outcomes["ship-3"]?.name == "below-minimum")
    // An order given by amount: the quantity threshold and the targeted deals have no line.
    let amount = try Self.pricing(#"{"id": "M", "amount": "100.00"}"#, store: store)
    #expect(
      amount.considered.map(\.outcome.name) == [
        "no-eligible-line", "no-eligible-line", "no-eligible-line", "no-eligible-line", "no-shipping",
      ])
    #expect(amount.resultObject["shipping"] == nil)
  }

  @Test("format-2 cases: the format-3 reference agrees with the format-2 reference on all of them")
  func agreesWithFormat2() throws {
    var failures: [String] = []
    var priced = 0
    for format in [1, 2] {
      for seed in (0..<UInt64(3000)).map({ 0x2_0000_0000 + $0 }) {
        var generator = RefCaseGenerator(seed: seed)
        let testCase = generator.makeCase(format: format)
        let (store, order) = (testCase.store.foundation, testCase.order.foundation)
        let old = try Format2Reference.price(
          store: store, order: order, at: testCase.at, codes: testCase.codes)
        let new = try Format3Reference.price(
          store: store, order: order, at: testCase.at, codes: testCase.codes)
        switch (old, new) {
        case (.refused, .refused): continue
        case (.priced(let old), .priced(let new)):
          priced += 1
          var problems: [String] = []
          ResultObjectCheck.differences(old.resultObject, new.resultObject, at: "", into: &problems)
          ResultObjectCheck.differences(new.resultObject, old.resultObject, at: "", into: &problems)
          let outcomes = { (pricing: any RefPricedOrder) in
            pricing.considered.map {
              "\($0.id) \($0.outcome.name) \($0.outcome.amount.map(String.init) ?? "")"
            }
          }
          let (oldOutcomes, newOutcomes) = (outcomes(old), outcomes(new))
          if oldOutcomes != newOutcomes {
            problems.append("outcomes \(newOutcomes), format 2: \(oldOutcomes)")
          }
          if old.hasRemainderShare != new.hasRemainderShare { problems.append("remainder share") }
          if !problems.isEmpty { failures.append("format \(format) seed \(seed): \(problems)") }
        default: failures.append("format \(format) seed \(seed): one refused, the other priced")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    #expect(priced > 5000)
  }

  /// The promotions of a generated store, read by the format-3 reference.
  static func promotions(_ store: GenJSON) throws -> [Ref3Promotion] {
    let object = store.foundation as? [String: Any] ?? [:]
    let digits = RefCurrency.minorDigits(object["currency"] as? String)
    return try (object["promotions"] as? [Any] ?? []).map { (value) throws(RefError) in
      try Ref3Reader.promotion(value, digits: digits)
    }
  }

  @Test(
    "format-3 cases: the reference's own results keep the documented rules's sums, and the cases reach every format-3 rule"
  )
  func format3Cases() throws {
    var failures: [String] = []
    var coverage = Ref3Coverage()
    for seed in (0..<UInt64(3000)).map({ 0x3_0000_0000 + $0 }) {
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase3()
      let verdict = try Format3Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes, groups: testCase.groups, keepPlans: true)
      coverage.record(verdict, promotions: try Self.promotions(testCase.store))
      guard case .priced(let pricing) = verdict else { continue }
      var object = pricing.resultObject
      object["considered"] = []
      var problems = ReferenceCheck.invariants(resultObject: object, against: pricing)
      if let plans = pricing.plans,
        plans.contains(where: { $0.isBetter(than: pricing.best) }) || plans.count != pricing.stats.plans
      {
        problems.append("a kept plan is better than the best, or the plans were not all kept")
      }
      if !problems.isEmpty { failures.append("seed \(seed): \(problems)") }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
    let wanted = [
      "refused", "digits 0", "digits 2", "digits 3", "ids decide", "order-stage remainder", "amount order",
      "plan 1 with 2", "plan 1 with 1 and shipping", "plan 1 with 0 and shipping", "plan 2 with 0",
      "plan 3 with 2",
      "plan 3 with 1 and shipping", "inactive", "not-started", "ended", "code-required",
      "customer-not-eligible",
      "no-eligible-line", "no-shipping", "below-minimum", "not-best", "short by quantity",
      "applied: acrossLines",
      "applied: maximumQuantity", "applied: repeat", "applied: minimumQuantity",
      "applied: targeted order deal",
      "applied: customer groups", "applied: shipping with others", "applied: shipping alone",
      "applied: non-stackable shipping",
    ]
    coverage.expectReached(wanted, atLeast: 3)
  }

  @Test(
    "big format-3 stores: the reference prices 20 stores of 600 promotions or fewer, 5 orders each, in time")
  func bigFormat3Stores() throws {
    var coverage = RefBigCoverage()
    var failures: [String] = []
    for seed in (0..<UInt64(20)).map({ 0xB16_3000 + $0 }) {
      var generator = RefCaseGenerator(seed: seed)
      let big = generator.makeBigCase(format: 3, orders: 5)
      let promotions = try Self.promotions(big.store)
      for order in big.orders {
        let verdict = try Format3Reference.price(
          store: big.store.foundation, order: order.foundation, at: big.at, codes: big.codes,
          groups: big.groups)
        guard case .priced(let pricing) = verdict else { continue }
        let read = try Ref3Reader.order(
          order.foundation as? [String: Any] ?? [:], digits: pricing.digits, codes: big.codes,
          groups: big.groups,
          name: "")
        coverage.record(pricing, promotions: promotions, order: read)
        var object = pricing.resultObject
        object["considered"] = []
        let problems = ReferenceCheck.invariants(resultObject: object, against: pricing)
        if !problems.isEmpty { failures.append("seed \(seed): \(problems)") }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    coverage.expectReached([
      "stacked pair with > 8 working order deals", "plans tie on the total", "shipping joins others",
    ])
  }
}
