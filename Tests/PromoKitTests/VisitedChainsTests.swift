import PromoKit
import PromoTestSupport
import Testing

/// The layered search's points (`VisitedChains`): a chain that reaches a layer of shop-wide
/// deals with the sum another chain left there before, and is no better by the rule for the
/// best plan, is not extended again. Held to the format-4 reference on small stores where
/// chains often meet (round sums, thresholds of one line in some layers, classes that
/// change which shipping deal may join), and to a count of plans on nine layers of
/// shop-wide tier ladders.
@Suite("Layered search: chains that leave the same sum")
struct VisitedChainsTests {
  typealias Bounds = LayeredSearchBoundsTests

  /// A shop-wide tier ladder of three rungs (each minimum above what it takes off), or a
  /// discount, or a threshold, taking round sums, in `layer`, combining with `classes`.
  static func shopWideDeal(id: String, layer: Int, classes: String, random: inout SplitMix64) -> String {
    let off = { (random: inout SplitMix64) in 5 * (1 + random.next() % 6) }
    let body: String
    switch random.next() % 3 {
    case 0:
      let minimums = [60, 120, 180].map { $0 + Int(random.next() % 40) }
      let rungs = minimums.map { #"{"minimumAmount": "\#($0).00", "amountOff": "\#(off(&random)).00"}"# }
      body = #""kind": "threshold", "tiers": [\#(rungs.joined(separator: ","))]"#
    case 1:
      body =
        #""kind": "threshold", "minimumAmount": "\#(80 + random.next() % 120).00", "amountOff": "\#(off(&random)).00""#
    default: body = #""kind": "discount", "amountOff": "\#(off(&random)).00""#
    }
    return #"{"id": "\#(id)", \#(body), "layer": \#(layer)\#(classes)}"#
  }

  /// Six layers of two or three shop-wide deals taking round sums (chains of other deals
  /// leave the same sum), up to three thresholds of one line in any layers (chains that
  /// leave the same sum, one by a deal of that line, leave the line different amounts, and
  /// are told apart), classes that let a shipping deal join some chains and not others, and
  /// a shipping deal: the best plan, ids and all, is the brute force's.
  @Test("shop-wide deals of round sums in six layers: the reference's best plan", arguments: 0..<60)
  func roundSumsInSixLayers(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x5_1DE_5 &+ seed)
    let classes = [
      #", "stackable": true"#, #", "combinesWith": ["order"]"#, #", "combinesWith": ["order", "shipping"]"#,
    ]
    var promotions = [
      #"{"id": "ship", "kind": "shipping", "minimumAmount": "50.00", "percentOff": "100", "combinesWith": ["order"]}"#
    ]
    for index in 0..<Int(random.next() % 4) {
      promotions.append(
        #"{"id": "a-sku\#(index)", "kind": "threshold", "target": {"skus": ["sku-1"]}, "minimumAmount": "\#(50 + 5 * (random.next() % 4)).00", "amountOff": "\#(5 * (1 + random.next() % 6)).00", "layer": \#(1 + random.next() % 6), "stackable": true}"#
      )
    }
    for layer in 1...6 {
      for index in 0..<(2 + Int(random.next() % 2)) {
        promotions.append(
          Self.shopWideDeal(
            id: "d\(layer)-\(index)", layer: layer, classes: classes[Int(random.next() % 3)], random: &random)
        )
      }
    }
    let order = Bounds.order(
      skus: (1...3).map { "sku-\($0)" }, price: "\(70 + 10 * (random.next() % 6)).00", shipping: "6.90")
    // The best plan, ids and all, and every promotion's best total with it.
    try Bounds.expectReferencePlan(order, store: Bounds.store(promotions))
  }

  /// Nine layers of twelve shop-wide tier ladders taking round sums: chains of different
  /// ladders leave the same sums again and again. Priced within 5,000 plans and explained
  /// within 500,000 (3,136 and 394,277; the search that extended every chain tried 11,792
  /// and more than 2,000,000), every `bestTotalWith` no lower than the best total.
  @Test("nine layers of shop-wide tier ladders: within 5,000 plans, explained within 500,000")
  func nineLayersOfLadders() throws {
    var random = SplitMix64(seed: 0x1ADD_E5)
    var promotions: [String] = []
    for layer in 1...9 {
      for index in 0..<12 {
        let minimums = [50, 150, 300].map { $0 + Int(random.next() % 100) }
        let rungs = minimums.map {
          #"{"minimumAmount": "\#($0).00", "amountOff": "\#(1 + random.next() % 49).00"}"#
        }
        promotions.append(
          #"{"id": "t\#(layer)-\#(index)", "kind": "threshold", "tiers": [\#(rungs.joined(separator: ","))], "layer": \#(layer), "stackable": true}"#
        )
      }
    }
    let order = Bounds.order(skus: (1...4).map { "sku-\($0)" }, price: "180.00")
    let store = Bounds.store(promotions)
    let limits = SearchLimits(pricing: 5_000, explaining: 500_000)
    let quote = try Bounds.quote(order, store: store, limits: limits)
    #expect(quote.plan.applied.count == 9)
    let explained = try Bounds.quote(order, store: store, explain: true, limits: limits)
    #expect(explained.total == quote.total)
    for considered in explained.considered ?? [] {
      if case .notBest(_, let bestTotalWith?) = considered.outcome {
        #expect(bestTotalWith.minorUnits >= quote.total.minorUnits)
      }
    }
  }
}
