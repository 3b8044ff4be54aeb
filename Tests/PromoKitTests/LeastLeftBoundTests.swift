import PromoTestSupport
import Testing

@testable import PromoKit

/// The least an order has left after an order deal (``DealTerms/leastLeft(after:bound:)``),
/// on which the layered search bounds what later layers take: never more than an order
/// keeps after the deal, on any base of at most what it has left, for every benefit of an
/// order deal, with and without minimums and caps, in each way of rounding. And the
/// searches of `--explain` it shortens: a later layer's threshold of a high minimum, and
/// promotions whose best plans tie the order's best total (a search for a total stops
/// there).
@Suite("The least left after an order deal, and the searches of --explain")
struct LeastLeftBoundTests {
  /// An amount of `units` minor units (cents).
  static func money(_ units: Int) -> DecimalNumber { DecimalNumber(significand: Int64(units), scale: 2) }

  /// A random discount or threshold: a percentage (capped or not), a sum (repeating or
  /// not), or a ladder of two to four rungs; a minimum on half of them.
  static func promotion(_ random: inout SplitMix64) throws -> Promotion {
    let minimum = random.chance(50) ? money(random.int(1...50_000)) : nil
    var (benefit, cap, repeats): (Benefit, DecimalNumber?, Bool) = (F3.amount("1"), nil, false)
    switch random.int(0...2) {
    case 0:
      benefit = .percentOff(Fixture.percent("\(random.int(1...100))"))
      if random.chance(50) { cap = money(random.int(1...20_000)) }
    case 1:
      benefit = .amountOff(money(random.int(1...30_000)))
      repeats = minimum != nil && random.chance(50)
    default:
      var reach = random.int(1...20_000)
      let tiers = (0..<random.int(2...4)).map { _ in
        reach += random.int(1...20_000)
        let off: Benefit =
          random.chance(50)
          ? .percentOff(Fixture.percent("\(random.int(1...60))")) : .amountOff(money(random.int(1...reach)))
        return Tier(minimum: .amount(money(reach)), benefit: off)
      }
      return try Promotion(id: "p", kind: .threshold, benefit: .tiers(TierLadder(tiers)), layer: 3)
    }
    return try Promotion(
      id: "p", kind: minimum == nil ? .discount : .threshold, benefit: benefit, minimumAmount: minimum,
      repeats: repeats, maximumDiscount: cap, layer: 3)
  }

  @Test("never more than an order keeps after the deal, on any base it reaches", arguments: 0..<4)
  func neverAboveWhatIsKept(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x1EA5_7000 + seed)
    let roundings: [PercentageRounding] = [.halfUp, .halfEven, .down]
    var (checked, applied) = (0, 0)
    for _ in 0..<500 {
      let promotion = try Self.promotion(&random)
      var extrasKept: [DealExtras] = []
      let terms = try DealTerms(
        promotion, storeIndex: 0, rank: 0, minorDigits: 2, rounding: random.pick(roundings),
        keepingExtrasIn: &extrasKept)
      for _ in 0..<20 {
        // At least `least` left before the deal, `left` in fact; its base some of that, and
        // its bound worked out on a base at least as large, earlier in the chain.
        let least = Int128(random.int(0...80_000))
        let left = least + Int128(random.int(0...80_000))
        let base = random.chance(50) ? left : Int128(random.int(0...Int(left)))
        let earlier = base + Int128(random.int(0...20_000))
        let units = random.int(Int64(1)...10)
        let taken = terms.orderDiscount(base: base, units: units)
        let bound = terms.orderDiscountBound(base: earlier, units: units)
        checked += 1
        guard taken > 0 else { continue }
        applied += 1
        #expect(taken <= bound)
        #expect(
          left - taken >= terms.leastLeft(after: least, bound: bound), "\(promotion) on \(base) of \(left)")
      }
      withExtendedLifetime(extrasKept) {}
    }
    // (Most cases apply the deal: the check is not of deals that take nothing.)
    #expect(applied * 2 > checked)
  }

  /// Six layers of four discounts, each on one of five lines of 100.00 (a percentage or a
  /// sum: "sku-3 30.00" is 30.00 off sku-3).
  static let sixLayers = [
    "sku-3 30.00, sku-1 22%, sku-1 6%, sku-5 7%",
    "sku-4 12%, sku-1 8.00, sku-5 12%, sku-5 30.00",
    "sku-1 7.00, sku-5 23.00, sku-4 8%, sku-5 26%",
    "sku-2 23%, sku-2 22%, sku-1 18.00, sku-4 32.00",
    "sku-3 19%, sku-3 30%, sku-2 20.00, sku-1 38.00",
    "sku-4 33.00, sku-3 9.00, sku-1 15.00, sku-3 20%",
  ]

  /// Eight layers of three larger ones: enough to take nearly all of every line.
  static let eightLayers = [
    "sku-2 28.00, sku-3 48%, sku-4 46.00",
    "sku-1 44%, sku-4 20.00, sku-4 34%",
    "sku-5 60.00, sku-1 54%, sku-1 68.00",
    "sku-2 23.00, sku-5 48%, sku-4 64.00",
    "sku-2 78.00, sku-3 73.00, sku-5 32.00",
    "sku-2 57.00, sku-1 84.00, sku-4 44.00",
    "sku-3 51%, sku-5 22%, sku-4 45%",
    "sku-4 66.00, sku-5 67.00, sku-1 52%",
  ]

  /// The discounts of `layers`, then, in the next layer, 40% off from `minimum` ("t-late")
  /// and, when `withLargerDiscount`, 45% off with no minimum ("big").
  static func layeredStore(_ layers: [String], lateMinimum minimum: String, withLargerDiscount: Bool)
    -> String
  {
    var promotions: [String] = []
    for (layer, deals) in layers.enumerated() {
      for (place, deal) in deals.split(separator: ", ").enumerated() {
        let (sku, off) = (deal.split(separator: " ")[0], deal.split(separator: " ")[1])
        let benefit =
          off.hasSuffix("%") ? #""percentOff": "\#(off.dropLast())""# : #""amountOff": "\#(off)""#
        promotions.append(
          #"{"id": "l\#(layer + 1)-\#(place)", "kind": "discount", "layer": \#(layer + 1), "target": {"skus": ["\#(sku)"]}, \#(benefit), "stackable": true}"#
        )
      }
    }
    let late = layers.count + 1
    promotions.append(
      #"{"id": "t-late", "kind": "threshold", "layer": \#(late), "minimumAmount": "\#(minimum)", "percentOff": "40", "stackable": true}"#
    )
    if withLargerDiscount {
      promotions.append(
        #"{"id": "big", "kind": "discount", "layer": \#(late), "percentOff": "45", "stackable": true}"#)
    }
    return LayeredSearchBoundsTests.store(promotions)
  }

  /// The engine's `bestTotalWith`s of `order` against `store`, explained within `plans`,
  /// checked against the format-4 reference's; the explained quote.
  static func explained(_ store: String, within plans: Int) throws -> Quote {
    let order = LayeredSearchBoundsTests.order(skus: (1...5).map { "sku-\($0)" })
    let quote = try LayeredSearchBoundsTests.quote(
      order, store: store, explain: true, limits: SearchLimits(pricing: 20_000, explaining: plans))
    let expected = try LayeredSearchBoundsTests.bestTotalsWith(
      LayeredSearchBoundsTests.reference(order, store: store))
    #expect(LayeredSearchBoundsTests.bestTotalsWith(quote) == expected)
    return quote
  }

  /// A later threshold that is not in the best plan (45% off in its layer is), explained
  /// within `plans`; its `bestTotalWith` and the best total. In one case 40% off from 380.00
  /// after six layers: the best plan applying it leaves exactly its minimum (228.00), and
  /// a chain that leaves it less never applies it, so what the later layers could take is
  /// bounded by what that minimum leaves (7,755 plans when the bound let every layer take
  /// its most of whatever was left). In the other, 40% off from 250.00 after eight layers
  /// that can take nearly everything: a plan applying it must take it in its layer, so at
  /// least what its minimum leaves after it (150.00) is left, however much the layers
  /// before could take (12,865 plans when the bound let its layer take nothing, as other
  /// layers may).
  @Test(
    "explaining a later threshold of a high minimum: the bound leaves it its minimum, and its layer is taken",
    arguments: [
      (sixLayers, "380.00", 1_500, "t-late 22800", 17_270),
      (eightLayers, "250.00", 8_000, "t-late 15000", 3_601),
    ])
  func laterThresholdOfAHighMinimum(
    layers: [String], minimum: String, plans: Int, lateWith: String, bestTotal: Int128
  ) throws {
    let store = Self.layeredStore(layers, lateMinimum: minimum, withLargerDiscount: true)
    let quote = try Self.explained(store, within: plans)
    #expect(LayeredSearchBoundsTests.bestTotalsWith(quote).contains(lateWith))
    #expect(quote.plan.total == Money(minorUnits: bestTotal, minorDigits: 2))
  }

  /// Without 45% off, 40% off from 380.00 is in the best plan (228.00), and the best plan
  /// applying each other deal ties it: a search for a total stops at the order's best one,
  /// which no plan is below, and passes over plans that only tie the best found so far
  /// (the rule for the best plan's ties decides nothing there). Explained within 5,000
  /// plans (34,405 before either).
  @Test("explaining deals whose best plans tie the order's best total: each search stops there")
  func searchesStopAtTheBestTotal() throws {
    let store = Self.layeredStore(Self.sixLayers, lateMinimum: "380.00", withLargerDiscount: false)
    let quote = try Self.explained(store, within: 5_000)
    #expect(LayeredSearchBoundsTests.bestTotalsWith(quote).filter { $0.hasSuffix(" 22800") }.count >= 10)
    #expect(quote.plan.total == Money(minorUnits: 22_800, minorDigits: 2))
  }
}
