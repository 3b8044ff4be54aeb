import Foundation
import PromoTestSupport
import Testing

/// The format-4 reference on its own: the contract's worked examples C-1 and C-2, exactly
/// as printed there.
@Suite("The format-4 reference pricer: the worked examples")
struct Format4ReferenceTests {
  /// Order C-1 of the contract.
  static let orderC1 = """
    {"id": "C-1", "codes": ["shop5"], "items": [{"sku": "tea-green", "categories": ["tea"], "unitPrice": "24.90", "quantity": 4}, {"sku": "mug-white", "unitPrice": "30.00", "quantity": 1}, {"sku": "pot-iron", "unitPrice": "120.00", "quantity": 1}]}
    """
  /// Order C-2 of the contract.
  static let orderC2 = """
    {"id": "C-2", "items": [{"sku": "pot-iron", "unitPrice": "120.00", "quantity": 2}, {"sku": "tea-green", "categories": ["tea"], "unitPrice": "24.90", "quantity": 1}]}
    """

  @Test("C-1: bundle, buy/get with getTarget, excludeDiscountedLines, tier 1, SHOP5 in layer 3 half-even")
  func workedExampleC1() throws {
    let pricing = try F4Ref.pricing(Self.orderC1, store: F4Ref.storeC)
    let problems = try F4Ref.differences(
      pricing,
      #"{"order":"C-1","currency":"CNY","subtotal":"249.60","promotions":[{"id":"buy2tea-mug-free","discount":"30.00"},{"id":"tea-any-3-50","discount":"24.70"},{"id":"fresh-10","discount":"12.00"},{"id":"spend-tiers","discount":"10.00","tier":1},{"id":"SHOP5","discount":"8.64"}],"discount":"85.34","total":"164.26","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":4,"subtotal":"99.60","discount":"32.34","total":"67.26","promotions":[{"id":"tea-any-3-50","discount":"24.70"},{"id":"spend-tiers","discount":"4.10"},{"id":"SHOP5","discount":"3.54"}]},{"sku":"mug-white","quantity":1,"subtotal":"30.00","discount":"30.00","total":"0.00","promotions":[{"id":"buy2tea-mug-free","discount":"30.00"}]},{"sku":"pot-iron","quantity":1,"subtotal":"120.00","discount":"23.00","total":"97.00","promotions":[{"id":"fresh-10","discount":"12.00"},{"id":"spend-tiers","discount":"5.90"},{"id":"SHOP5","discount":"5.10"}]}]}"#
    )
    #expect(problems == [])
    #expect(pricing.resultObject4["gifts"] == nil)
    let plans = try #require(pricing.plans)
    // "the item deals alone 194.90; no item deals 189.66".
    #expect(plans.first { $0.ids == ["buy2tea-mug-free", "tea-any-3-50"] }?.total == 19490)
    #expect(plans.filter { $0.items.totals.isEmpty }.map(\.total).min() == 18966)
    #expect(
      F4Ref.outcomes(pricing) == [
        "tea-any-3-50": "applied", "buy2tea-mug-free": "applied", "fresh-10": "applied",
        "spend-tiers": "applied", "SHOP5": "applied", "cup-over-199": "below-minimum",
      ])
    let cup = try #require(F4Ref.considered(pricing, "cup-over-199"))
    #expect(cup["testedAgainst"] as? String == "164.26")
    #expect(cup["shortBy"] as? String == "34.74")
    #expect(cup["minimumAmount"] as? String == "199.00")
  }

  @Test("C-2: no item deal, fresh-10 on every line, spend-tiers' second tier, the cup granted")
  func workedExampleC2() throws {
    let pricing = try F4Ref.pricing(Self.orderC2, store: F4Ref.storeC)
    let problems = try F4Ref.differences(
      pricing,
      #"{"order":"C-2","currency":"CNY","subtotal":"264.90","promotions":[{"id":"fresh-10","discount":"26.49"},{"id":"spend-tiers","discount":"25.00","tier":2}],"discount":"51.49","total":"213.41","evaluatedAt":"2026-11-22T04:00:00Z","gifts":[{"id":"cup-over-199","sku":"cup-free","quantity":1}],"lines":[{"sku":"pot-iron","quantity":2,"subtotal":"240.00","discount":"46.65","total":"193.35","promotions":[{"id":"fresh-10","discount":"24.00"},{"id":"spend-tiers","discount":"22.65"}]},{"sku":"tea-green","quantity":1,"subtotal":"24.90","discount":"4.84","total":"20.06","promotions":[{"id":"fresh-10","discount":"2.49"},{"id":"spend-tiers","discount":"2.35"}]}]}"#
    )
    #expect(problems == [])
    #expect(
      F4Ref.outcomes(pricing) == [
        "tea-any-3-50": "no-eligible-line", "buy2tea-mug-free": "no-eligible-line", "fresh-10": "applied",
        "spend-tiers": "applied", "SHOP5": "code-required", "cup-over-199": "applied",
      ])
    let cup = try #require(F4Ref.considered(pricing, "cup-over-199"))
    #expect(cup["discount"] == nil)
    #expect(pricing.promotions.allSatisfy { $0.id != "cup-over-199" })
  }
}
