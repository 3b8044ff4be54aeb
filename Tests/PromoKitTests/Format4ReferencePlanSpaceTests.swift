import Foundation
import PromoTestSupport
import Testing

/// The plan space of SPEC 4.2 as the format-4 reference enumerates it, counted on stores
/// where every plan applies: every choice of one deal per layer, each shipping stage, and
/// the item stages the pairwise rule of `combinesWith` allows.
@Suite("The format-4 reference's plan space")
struct Format4ReferencePlanSpaceTests {
  /// Eight 1% discounts in layers 1 to 8, two item deals and two shipping deals, each
  /// promotion with `combines` (a `"stackable": true` or a `combinesWith` member).
  static func store(_ combines: String, itemCombines: String? = nil) -> String {
    let layers = (1...8).map {
      #"{"id": "d\#($0)", "kind": "discount", "layer": \#($0), "percentOff": "1", \#(combines)}"#
    }
    let items = ["i1", "i2"].map {
      #"{"id": "\#($0)", "kind": "item", "target": {"skus": ["\#($0)"]}, "percentOff": "10", \#(itemCombines ?? combines)}"#
    }
    let ships = ["s1", "s2"].map {
      #"{"id": "\#($0)", "kind": "shipping", "amountOff": "\#($0 == "s1" ? "1" : "2")", \#(combines)}"#
    }
    return F4Ref.store(layers + items + ships)
  }

  /// An order the item deals both reach, with shipping.
  static let order = F4Ref.order([("i1", "100.00", 1, []), ("i2", "50.00", 2, [])], shipping: "5.00")

  @Test("everything stackable: 2^8 order stages, with and without items, with each shipping stage")
  func everythingStackable() throws {
    let pricing = try F4Ref.pricing(Self.order, store: Self.store(#""stackable": true"#))
    // No shipping: 256 order stages without items, the item stage alone twice (every item
    // deal; those that combine with order and shipping), 255 with items. Each shipping
    // deal: 256 + 1 + 255.
    #expect(pricing.planCount == 513 + 2 * 512)
    #expect(pricing.best.ids == ["i1", "i2", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "s2"])
  }

  @Test("order deals that combine only with order: one layer after another, never items or shipping")
  func orderOnly() throws {
    let pricing = try F4Ref.pricing(
      Self.order, store: Self.store(#""combinesWith": ["order"]"#, itemCombines: #""stackable": true"#))
    // Order stages: 256 (none included) alone; the items alone twice; each shipping deal
    // (which combines with order only, and no order deal with shipping) alone.
    #expect(pricing.planCount == 256 + 2 + 2)
    let plans = try #require(pricing.plans)
    #expect(!plans.contains { $0.ids.contains("d1") && ($0.ids.contains("i1") || $0.ids.contains("s1")) })
  }

  @Test("nothing combines: each promotion alone, and the item deals together")
  func nothingCombines() throws {
    let pricing = try F4Ref.pricing(Self.order, store: Self.store(#""stackable": false"#))
    // None, each discount alone, each shipping deal alone, every item deal together (the
    // item stage of those that combine with order and shipping is empty).
    #expect(pricing.planCount == 1 + 8 + 2 + 1)
    #expect(pricing.best.ids == ["i1", "i2"])
  }
}
