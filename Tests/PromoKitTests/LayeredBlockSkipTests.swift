import PromoKit
import PromoTestSupport
import Testing

/// The layered search leaves out, unbounded one by one, the blocks of a SKU's or category's
/// order deals that no plan able to beat the best found so far can take (each block's
/// bound, with the most each other layer could take). Held to the format-4 reference on
/// stores where item deals take most of an order (so that the stage without item deals
/// leaves out nearly every block) and category deals stand in several layers, explained
/// (a search for a promotion's best plan keeps every block).
@Suite("Layered search: blocks left out by their bounds")
struct LayeredBlockSkipTests {
  typealias Bounds = LayeredSearchBoundsTests

  /// An order deal of `layer` on one of `categories` categories (or, one time in six, every
  /// line): a sum, a percentage (sometimes capped), a threshold or a two-rung tier ladder,
  /// combining with every class or with order deals alone, sometimes leaving out the lines
  /// on sale.
  static func orderDeal(id: String, layer: Int, categories: Int, random: inout SplitMix64) -> String {
    let target =
      random.chance(17) ? "" : #", "target": {"categories": ["cat-\#(random.int(1...categories))"]}"#
    let body: String
    switch random.int(0...3) {
    case 0: body = #""kind": "discount", "amountOff": "\#(random.int(1...8) * 5).00""#
    case 1:
      let cap = random.chance(40) ? #", "maximumDiscount": "\#(random.int(1...4) * 5).00""# : ""
      body = #""kind": "discount", "percentOff": "\#(random.pick([10, 20, 30, 50]))"\#(cap)"#
    case 2:
      body =
        #""kind": "threshold", "minimumAmount": "\#(random.int(1...12) * 10).00", "amountOff": "\#(random.int(1...6) * 5).00""#
    default:
      let first = random.int(1...6) * 10
      body =
        #""kind": "threshold", "tiers": [{"minimumAmount": "\#(first).00", "amountOff": "\#(random.int(1...4) * 5).00"}, {"minimumAmount": "\#(first + random.int(1...6) * 10).00", "percentOff": "\#(random.pick([20, 40]))"}]"#
    }
    let combines = random.chance(70) ? #""stackable": true"# : #""combinesWith": ["order"]"#
    let excluding = random.chance(20) ? #", "excludeDiscountedLines": true"# : ""
    return #"{"id": "\#(id)", \#(body)\#(target), "layer": \#(layer), \#(combines)\#(excluding)}"#
  }

  /// Order deals of layers 1 to 4, a count in `eachLayer` of each (``orderDeal(id:layer:categories:random:)``).
  static func orderDeals(eachLayer: ClosedRange<Int>, categories: Int, random: inout SplitMix64) -> [String] {
    var deals: [String] = []
    for layer in 1...4 {
      for index in 0..<random.int(eachLayer) {
        deals.append(
          Self.orderDeal(id: "o\(layer)-\(index)", layer: layer, categories: categories, random: &random))
      }
    }
    return deals
  }

  /// An item deal on one of `skus` SKUs: a low single price, or a large percentage.
  static func itemDeal(id: String, skus: Int, random: inout SplitMix64) -> String {
    let body =
      random.chance(50)
      ? #""fixedPrice": "\#(random.int(1...9)).00""# : #""percentOff": "\#(random.pick([50, 80, 90]))""#
    return
      #"{"id": "\#(id)", "kind": "item", "target": {"skus": ["sku-\#(random.int(1...skus))"]}, \#(body), "stackable": true}"#
  }

  /// An order of one line for each SKU, each in one of `categories` categories, at 20.00
  /// to 90.00.
  static func order(skus: Int, categories: Int, random: inout SplitMix64) -> String {
    let lines = (1...skus).map { sku in
      #"{"sku": "sku-\#(sku)", "categories": ["cat-\#(random.int(1...categories))"], "unitPrice": "\#(random.int(2...9) * 10).00", "quantity": \#(random.int(1...2))}"#
    }
    return #"{"id": "o1", "items": [\#(lines.joined(separator: ","))]}"#
  }

  /// Item deals on most lines and order deals of three categories in layers 1–4: the best
  /// plan, its ids and every promotion's best total with it are the brute force's.
  @Test("item deals taking most of the order, category deals in four layers", arguments: 0..<48)
  func itemDealsTakingMost(seed: UInt64) throws {
    var random = SplitMix64(seed: 0xB10C_5 &+ seed)
    let (skus, categories) = (random.int(2...4), random.int(2...3))
    var promotions = (0..<random.int(1...skus)).map {
      Self.itemDeal(id: "i\($0)", skus: skus, random: &random)
    }
    promotions += Self.orderDeals(eachLayer: 1...3, categories: categories, random: &random)
    let order = Self.order(skus: skus, categories: categories, random: &random)
    try Bounds.expectReferencePlan(order, store: Bounds.store(promotions))
  }

  /// Without item deals, blocks are left out once a plan of several layers is found: a
  /// deal of one category cannot beat it when the other layers' most could not help it.
  @Test("category deals alone in four layers", arguments: 0..<32)
  func categoryDealsAlone(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x5C1D_9 &+ seed)
    let (skus, categories) = (random.int(3...5), random.int(2...4))
    let promotions = Self.orderDeals(eachLayer: 2...3, categories: categories, random: &random)
    let order = Self.order(skus: skus, categories: categories, random: &random)
    try Bounds.expectReferencePlan(order, store: Bounds.store(promotions))
  }
}
