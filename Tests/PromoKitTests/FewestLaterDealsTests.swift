import PromoKit
import PromoTestSupport
import Testing

/// The layered search where plans tie at the best total (``ExactPlanSearch``'s
/// `chainCanBeat`): a chain that can at best tie needs at least as many later deals as the
/// largest of the later layers' bounds take to reach that total, and goes on only when that
/// many could still be preferred. Held to the format-4 reference on small orders that many
/// layers can take down to nothing (then only the rule for ties decides), and to a count of
/// plans.
@Suite("Layered search: plans that can at best tie")
struct FewestLaterDealsTests {
  typealias Bounds = LayeredSearchBoundsTests

  /// A deal of `layer` taking a round sum or a quarter or half of one line, of every line,
  /// or a threshold's sum from a minimum, on `skus` (one of them, or none: every line).
  static func deal(id: String, layer: Int, skus: Int, random: inout SplitMix64) -> String {
    let target = random.chance(70) ? #", "target": {"skus": ["sku-\#(random.int(1...skus))"]}"# : ""
    let body: String
    switch random.int(0...3) {
    case 0: body = #""kind": "discount", "percentOff": "\#(random.pick([25, 50]))""#
    case 1:
      body =
        #""kind": "threshold", "minimumAmount": "\#(random.int(2...8) * 10).00", "amountOff": "\#(random.int(1...6) * 5).00""#
    default: body = #""kind": "discount", "amountOff": "\#(random.int(1...6) * 5).00""#
    }
    return #"{"id": "\#(id)", \#(body)\#(target), "layer": \#(layer), "stackable": true}"#
  }

  /// Seven layers of two or three deals on an order of two or three lines of 20.00 to
  /// 60.00, which they can often take down to nothing: the best plan, ids and all, and every
  /// `bestTotalWith`, are the brute force's.
  @Test("orders the layers can take down to nothing: the reference's best plan", arguments: 0..<40)
  func ordersTakenDownToNothing(seed: UInt64) throws {
    var random = SplitMix64(seed: 0xFE3E_57 &+ seed)
    let skus = random.int(2...3)
    var promotions: [String] = []
    for layer in 1...7 {
      for index in 0..<random.int(2...3) {
        promotions.append(Self.deal(id: "d\(layer)-\(index)", layer: layer, skus: skus, random: &random))
      }
    }
    let order = Bounds.order(skus: (1...skus).map { "sku-\($0)" }, price: "\(random.int(2...6) * 10).00")
    // The best plan, ids and all, and every promotion's best total with it.
    try Bounds.expectReferencePlan(order, store: Bounds.store(promotions))
  }

  /// Nine layers of four sums (5.00 to 20.00) each off one of three lines of 40.00: many
  /// chains take the order down to nothing, and the one of the fewest deals (then the
  /// lowest ids) is the best plan. Priced within 2,000 plans (5,000 to 10,000 when a chain
  /// that could at best tie went on whenever one more deal could do it).
  @Test("nine layers that take the order down to nothing: within 2,000 plans", arguments: 0..<6)
  func nineLayersToNothing(seed: UInt64) throws {
    var random = SplitMix64(seed: 0xD8A1_7 &+ seed)
    var promotions: [String] = []
    for layer in 1...9 {
      for index in 0..<4 {
        promotions.append(
          #"{"id": "d\#(layer)-\#(index)", "kind": "discount", "target": {"skus": ["sku-\#(random.int(1...3))"]}, "amountOff": "\#(random.int(1...4) * 5).00", "layer": \#(layer), "stackable": true}"#
        )
      }
    }
    let order = Bounds.order(skus: (1...3).map { "sku-\($0)" }, price: "40.00")
    let quote = try Bounds.quote(
      order, store: Bounds.store(promotions), limits: SearchLimits(pricing: 2_000, explaining: 2_000))
    #expect(quote.total.minorUnits == 0)
    // (120.00 in sums of at most 20.00: six deals at the fewest.)
    #expect((6...7).contains(quote.plan.applied.count))
  }
}
