import Foundation
import PromoKit
import PromoObservation
import PromoTestSupport
import Testing

/// PromoKit's engine held against the format-4 reference through ``Reference4Check`` on the
/// cases of ``RefCaseGenerator/makeCase4(formatThreeOnly:)``: on format-4 stores, and on the
/// generator's format-3-only cases (where the format-4 reference must agree with the
/// engine as the format-3 one does).
@Suite("The engine against the format-4 reference")
struct Format4EngineAgreementTests {
  /// The engine's explained quote of a case, observed with its tiers, gifts and each
  /// `not-best` promotion's `bestTotalWith`, or `nil` when the engine refuses the store or
  /// the order.
  static func observed(_ testCase: RefCase) throws -> ObservedQuote4? {
    let catalog: Catalog
    let order: Order
    do {
      catalog = try StoreDecoder.decode(
        Array(testCase.store.text(quotingDecimals: false).utf8), file: "store.json")
      order = try OrderDecoder.decodeFile(
        Array(testCase.order.text(quotingDecimals: false).utf8), file: "order.json",
        storeCurrency: catalog.currency
      )[0]
    } catch {
      return nil
    }
    let context = PricingContext(
      instant: try Timestamp(parsing: testCase.at).instant, codes: testCase.codes,
      customerGroups: testCase.groups)
    let quote = try PriceCalculator(catalog: catalog, context: context).quote(for: order, explain: true)
    return ObservedQuote4(quote)
  }

  /// Every difference between the engine and the reference on one case; empty when they agree.
  static func problems(_ testCase: RefCase) throws -> [String] {
    let verdict = try Format4Reference.price(
      store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
      codes: testCase.codes,
      groups: testCase.groups)
    switch (verdict, try observed(testCase)) {
    case (.priced(let pricing), let observed?): return Reference4Check.problems(observed, against: pricing)
    case (.refused, nil): return []
    case (.refused(let reason), _): return ["the engine prices what the reference refuses: \(reason)"]
    case (.priced, nil): return ["the engine refuses what the reference prices"]
    }
  }

  /// Runs `count` seeds from `base` of the generator through ``problems(_:)``.
  static func run(base: UInt64, count: Int, formatThreeOnly: Bool) throws -> SeededCheck {
    var check = SeededCheck(base: base, count: count)
    try check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase4(formatThreeOnly: formatThreeOnly)
      let problems = try Self.problems(testCase)
      return (
        problems,
        {
          "\(testCase.store.text(quotingDecimals: false))\n\(testCase.order.text(quotingDecimals: false))\n\(problems)"
        }
      )
    }
    return check
  }

  @Test("format-4 cases")
  func formatFourCases() throws {
    let check = try Self.run(base: 0x4_E400_0000, count: 2000, formatThreeOnly: false)
    #expect(check.summary("format-4 cases") == nil, "\(check.reports)")
  }

  @Test("the format-4 generator's format-3-only cases: the engine agrees with the format-4 reference")
  func formatThreeOnlyCases() throws {
    let check = try Self.run(base: 0x4_E300_0000, count: 1000, formatThreeOnly: true)
    #expect(check.summary("format-3-only cases") == nil, "\(check.reports)")
  }
}
