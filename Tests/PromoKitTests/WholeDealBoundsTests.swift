import Foundation
import PromoKit
import PromoTestSupport
import Testing

@testable import PromoKit

/// What lets a store of thousands of shop-wide deals in layers price fast, held to plain
/// scans: the bound of a layer's deals acting on every line (``WholeDealBounds``), never
/// below what any of them takes, and exact for one deal; the grouping of
/// ``DealTerms/unoutdone(_:by:outdoes:)``, the same deals kept as comparing each with every
/// one; and the layered search on such a store, the format-4 reference's best total.
@Suite("Shop-wide deals in layers: bounds together, dominance by group")
struct WholeDealBoundsTests {
  /// A random shop-wide order deal of store format 4 (JSON object's text): a percentage or
  /// a sum, some with a minimum, a cap or a repeat, or tiers of amounts or of units.
  static func shopWideDeal(_ index: Int, layer: Int, random: inout SplitMix64) -> String {
    let cap = random.next() % 3 == 0 ? #", "maximumDiscount": "\#(10 + random.next() % 60).00""# : ""
    let body: String
    switch random.next() % 5 {
    case 0: body = #""kind": "discount", "percentOff": "\#(1 + random.next() % 40)"\#(cap)"#
    case 1:
      body =
        #""kind": "threshold", "minimumAmount": "\#(random.next() % 300).00", "amountOff": "\#(1 + random.next() % 60).00""#
    case 2:
      body =
        #""kind": "threshold", "minimumAmount": "\#(20 + random.next() % 100).00", "amountOff": "\#(1 + random.next() % 20).00", "repeat": true\#(cap)"#
    default:
      let byUnits = random.next() % 3 == 0
      var minimum = byUnits ? 1 + random.next() % 3 : 30 + random.next() % 150
      var rungs: [String] = []
      for _ in 0..<(2 + random.next() % 3) {
        let reach = byUnits ? #""minimumQuantity": \#(minimum)"# : #""minimumAmount": "\#(minimum).00""#
        let off =
          random.next() % 2 == 0
          ? #""amountOff": "\#(1 + random.next() % 30).00""# : #""percentOff": "\#(2 + random.next() % 25)""#
        rungs.append("{\(reach), \(off)}")
        minimum += byUnits ? 1 + random.next() % 3 : 20 + random.next() % 150
      }
      body = #""kind": "threshold", "tiers": [\#(rungs.joined(separator: ", "))]\#(cap)"#
    }
    return #"{"id": "w\#(index)", \#(body), "layer": \#(layer), "stackable": true}"#
  }

  /// The promotions of `store` (a version-4 EUR store's text).
  static func promotions(of store: String) throws -> [Promotion] {
    try StoreDecoder.decode(Array(store.utf8), file: "store.json").promotions
  }

  /// The terms of the promotions of `store`, their extras appended to `extrasKept`.
  static func terms(of store: String, keepingExtrasIn extrasKept: inout [DealExtras]) throws -> [DealTerms] {
    try ExactPruningTests.terms(promotions(of: store), keepingExtrasIn: &extrasKept)
  }

  @Test(
    "the bounds of deals acting on every line: never below what one takes, exact for one deal that does not repeat"
  )
  func boundsHold() throws {
    var random = SplitMix64(seed: 0x0B_0D5)
    for _ in 0..<60 {
      let count = 1 + Int(random.next() % 24)
      var extrasKept: [DealExtras] = []
      defer { withExtendedLifetime(extrasKept) {} }
      let deals = try Self.terms(
        of: LayeredSearchBoundsTests.store(
          (0..<count).map { Self.shopWideDeal($0, layer: 2, random: &random) }), keepingExtrasIn: &extrasKept)
      for _ in 0..<40 {
        let units = Int64(random.next() % 8)
        let whole = Int128(random.next() % 60_000)
        let left = whole == 0 ? 0 : Int128(random.next() % UInt64(whole + 1))
        var pieces: [WholeDealBounds.Piece] = []
        for deal in deals { deal.appendWholeBoundPieces(units: units, to: &pieces) }
        let (most, onWhole) = WholeDealBounds(pieces).most(whole: whole, left: left)
        // A plain scan: what each deal could take on the whole, and when its layer is
        // reached with `left` left.
        let bounds = deals.map { $0.orderDiscountBound(base: whole, units: units) }
        let scanOnWhole = bounds.max() ?? 0
        let scanMost = zip(deals, bounds).map { min($1, $0.mostOff(ofAtMost: left)) }.max() ?? 0
        #expect(onWhole >= scanOnWhole && onWhole <= whole)
        #expect(most >= min(scanMost, left) && most <= left)
        // (A repeating threshold's own bound counts its steps; its piece here is its cap.)
        if deals.count == 1, !deals[0].repeats { #expect(onWhole == scanOnWhole) }
      }
    }
  }

  /// The deals kept as ``DealTerms/unoutdone(_:by:outdoes:)`` keeps them before grouping:
  /// each compared with every one kept.
  static func keptComparingAll(
    _ deals: [DealTerms], by others: [DealTerms] = [], outdoes: (DealTerms, DealTerms) -> Bool
  ) -> [DealTerms] {
    var kept: [DealTerms] = []
    for deal in deals.sorted(by: { ($0.fixedPriceUnits, $0.rank) < ($1.fixedPriceUnits, $1.rank) })
    where !kept.contains(where: { outdoes($0, deal) }) && !others.contains(where: { outdoes($0, deal) }) {
      kept.append(deal)
    }
    return kept
  }

  @Test("deals kept as no other outdoes them: the same, grouped or compared with every one")
  func groupingKeepsTheSame() throws {
    var random = SplitMix64(seed: 0x0D_0E6)
    for round in 0..<30 {
      // Untargeted thresholds and shipping deals, tier ladders among them.
      var extrasKept: [DealExtras] = []
      defer { withExtendedLifetime(extrasKept) {} }
      let deals = try ExactPruningTests.terms(
        ExactPruningTests.promotions(kind: .threshold, count: 20 + Int(random.next() % 30), random: &random)
          + ExactPruningTests.promotions(kind: .shipping, count: 10, random: &random)
          + Self.promotions(
            of: LayeredSearchBoundsTests.store(
              (0..<10).map { Self.shopWideDeal(100 + $0, layer: 2, random: &random) })),
        keepingExtrasIn: &extrasKept)
      let lastLayer = Int8(1 + round % 3)
      let untargeted = { (one: DealTerms, other: DealTerms) in
        one.outdoesUntargeted(other, lastLayer: lastLayer)
      }
      #expect(
        DealTerms.unoutdone(deals, outdoes: untargeted).map(\.storeIndex)
          == Self.keptComparingAll(deals, outdoes: untargeted).map(\.storeIndex))
      // Item deals, with others tried wherever they are.
      let items = try ExactPruningTests.terms(
        ExactPruningTests.promotions(kind: .item, count: 30 + Int(random.next() % 30), random: &random))
      let (some, others) = (Array(items.prefix(20)), Array(items.dropFirst(20)))
      #expect(
        DealTerms.unoutdone(some, by: others).map(\.storeIndex)
          == Self.keptComparingAll(some, by: others, outdoes: { $0.outdoes($1) }).map(\.storeIndex))
    }
  }

  /// Seventy shop-wide deals in each of layers 3 and 4 (bounded together:
  /// ``LayeredDeals/boundedTogether``), five in layer 1, and one on some lines: the
  /// engine's best total is the brute force's, over seeds.
  @Test("many shop-wide deals in each layer: the reference's best total", arguments: 0..<4)
  func manyShopWideDeals(seed: UInt64) throws {
    #expect(LayeredDeals.boundedTogether <= 70)
    var random = SplitMix64(seed: 0x5B0_9D &+ seed)
    var promotions: [String] = []
    for (layer, count) in [(1, 5), (3, 70), (4, 70)] {
      for index in 0..<count {
        promotions.append(Self.shopWideDeal(layer * 100 + index, layer: layer, random: &random))
      }
    }
    promotions.append(
      #"{"id": "t1", "kind": "threshold", "target": {"skus": ["sku-2"]}, "minimumAmount": "50.00", "amountOff": "\#(5 + random.next() % 20).00", "layer": 2, "stackable": true}"#
    )
    let order = LayeredSearchBoundsTests.order(
      skus: (1...3).map { "sku-\($0)" }, price: "\(150 + random.next() % 150).00")
    let store = LayeredSearchBoundsTests.store(promotions)
    #expect(
      try LayeredSearchBoundsTests.quote(order, store: store).total.minorUnits
        == LayeredSearchBoundsTests.referenceTotal(order, store: store))
  }

  /// Seventy percentages in layer 3 (1% to 70%) and sixty-four thresholds in layer 4
  /// (`i` from 0: 150.00 − i off from 200.00 − i, none outdoing another), all shop-wide
  /// and both layers bounded together, on 300.00: a percentage of 34% to 54% leaves a
  /// threshold that takes the rest down to 50.00, and of those plans the lowest ids win
  /// (34%, then the threshold of 198.00). Taking the largest percentage first (70%) leaves
  /// no threshold: the bound on layer 4 must let the search go down to 34%.
  @Test("a layer that must take less for a later threshold, both bounded together")
  func takeLessForLaterThreshold() throws {
    #expect(LayeredDeals.boundedTogether <= 64)
    var promotions: [String] = []
    for rate in 1...70 {
      promotions.append(
        #"{"id": "p\#(100 + rate)", "kind": "discount", "percentOff": "\#(rate)", "layer": 3, "stackable": true}"#
      )
    }
    for index in 0..<64 {
      promotions.append(
        #"{"id": "t\#(100 + index)", "kind": "threshold", "minimumAmount": "\#(200 - index).00", "amountOff": "\#(150 - index).00", "layer": 4, "stackable": true}"#
      )
    }
    let order = LayeredSearchBoundsTests.order(skus: ["sku-1", "sku-2", "sku-3"])
    let quote = try LayeredSearchBoundsTests.quote(order, store: LayeredSearchBoundsTests.store(promotions))
    #expect(quote.total.minorUnits == 5_000)
    #expect(quote.plan.applied.map(\.id) == ["p134", "t102"])
  }
}
