import PromoKit
import Testing

/// A tier ladder in a pair with a discount: a ladder may take more on less (a deeper tier
/// taking less than an earlier one), so what it takes on the whole order bounds nothing
/// once a discount has shrunk its base. Found by the pricing fuzz target on store format 4.
@Suite("Tier ladders paired with a discount")
struct TierLadderPairTests {
  /// 100% off from 895.12 is the first tier, 21.00 off from 906.21 the second. Its
  /// lines come to 906.40 (the second tier, 21.00 off), and 896.20 after the discount takes
  /// its share of 13.92 (the first tier, all of them off): the pair is the best plan.
  @Test("a ladder that takes more after the discount: the reference's best plan")
  func ladderTakingMoreAfterADiscount() throws {
    let store = LayeredSearchBoundsTests.store([
      #"{"id": "a.", "kind": "discount", "percentOff": 50, "maximumDiscount": "13.92", "stackable": true}"#,
      #"{"id": "0", "kind": "threshold", "minimumAmount": "1221.98", "minimumQuantity": 18, "percentOff": 50, "stackable": true}"#,
      #"{"id": "b-2", "kind": "threshold", "target": {"skus": ["mug-white", "pot-iron"], "categories": ["mug", "tea"]}, "stackable": true, "tiers": [{"minimumAmount": "895.12", "percentOff": "100"}, {"minimumAmount": "906.21", "amountOff": "21.00"}]}"#,
    ])
    let order = #"""
      {"id": "G4-0", "shipping": "0", "items": [{"unitPrice": "58.82", "quantity": 2},
      {"sku": "mug-white", "unitPrice": "51.44", "quantity": 4},
      {"sku": "tea-black", "categories": ["ware", "mug"], "unitPrice": "75.00", "quantity": 1},
      {"sku": "pot-iron", "unitPrice": "59.00", "quantity": 3},
      {"sku": "mug-white", "unitPrice": "112.16", "quantity": 4},
      {"sku": "tea-green", "categories": ["ware"], "unitPrice": "53.33", "quantity": 4}]}
      """#
    let quote = try LayeredSearchBoundsTests.quote(order, store: store)
    #expect(quote.total.minorUnits == 32_724)
    #expect(quote.plan.applied.map(\.id) == ["a.", "b-2"])
    #expect(quote.plan.applied.last?.tier == 1)
    #expect(try quote.total.minorUnits == LayeredSearchBoundsTests.referenceTotal(order, store: store))
  }
}
