import PromoTestSupport
import Testing

@testable import PromoKit

/// The plain order deals of a store (untargeted discounts and thresholds with nothing of
/// format 3 about them) are asked of an index by the search (`PlainOrderDeals`: the best
/// single deal, and the best stacked pair of them): held to the same search over every
/// working promotion without the index (`PriceCalculator.quoteByScan(for:)`), which tries
/// each deal and each pair. So is the pass `promo price` makes for an order alone
/// (`PriceCalculator(indexed: false)`), which indexes the plain deals it meets (and leaves
/// out the thresholds the order does not reach).
@Suite("Plain order deals: the same plans with the index as by trying every deal and pair")
struct PlainOrderDealsTests {
  static let now = PricingPropertyTests.now

  /// A shipping deal: format 3, and it never applies to an order without shipping.
  static let shipping = Fixture.built {
    try Promotion(id: "zz-shipping", kind: .shipping, benefit: .amountOff(5), isStackable: true)
  }

  /// A plain deal as a marketplace has many: small percentages (some capped) and sums,
  /// thresholds over a spread of minimums, most working and stackable, so that pairs and
  /// thresholds compete instead of one large deal winning every order.
  static func deal(_ random: inout SplitMix64, id: String) -> Promotion {
    let isThreshold = random.chance(50)
    let benefit: Benefit =
      random.chance(50)
      ? .percentOff(Percentage.valid(DecimalNumber(significand: random.int(1...300_000), scale: 4)))
      : .amountOff(DecimalNumber(significand: random.int(1...5_000), scale: 2))
    let isPercent = if case .percentOff = benefit { true } else { false }
    return Fixture.built {
      try Promotion(
        id: id, kind: isThreshold ? .threshold : .discount, benefit: benefit,
        minimumAmount: isThreshold ? DecimalNumber(significand: random.int(0...50_000), scale: 2) : nil,
        maximumDiscount: isPercent && random.chance(30)
          ? DecimalNumber(significand: random.int(100...5_000), scale: 2) : nil,
        isActive: random.chance(95), isStackable: random.chance(70))
    }
  }

  /// The calculators of `promotions` with the shipping deal (which never applies to these
  /// orders): one whose ``PriceCalculator/quoteByScan(for:)`` tries every working deal for
  /// each order (the reference, which is also the calculator of a pass per order), and
  /// one that asks the prepared index of the plain deals.
  static func calculators(_ promotions: [Promotion]) throws -> (
    reference: PriceCalculator, indexed: PriceCalculator
  ) {
    let catalog = Fixture.catalog(version: 3, promotions + [shipping])
    return (
      try PriceCalculator(catalog: catalog, context: PricingContext(instant: now), indexed: false),
      try PriceCalculator(catalog: catalog, at: now)
    )
  }

  /// Expects the same quote of both calculators for an order of `subtotal` given as an
  /// amount and, from 2 minor units, the same amount over two lines (split at a point drawn
  /// from `random`), so that the order deals are divided.
  static func expectSameQuotes(
    _ calculators: (reference: PriceCalculator, indexed: PriceCalculator), subtotal: Int64,
    random: inout SplitMix64, context: String
  ) throws {
    var orders = [PricingPropertyTests.order(subtotal)]
    if subtotal >= 2 {
      let first = random.int(1...subtotal - 1)
      orders.append(
        try Order(
          id: "lines", currency: nil,
          items: [
            OrderItem(sku: "a", unitPrice: Fixture.cents(first), quantity: 1),
            OrderItem(sku: "b", unitPrice: Fixture.cents(subtotal - first), quantity: 1),
          ]))
    }
    for order in orders {
      let expected = try calculators.reference.quoteByScan(for: order)
      let found = try calculators.indexed.quote(for: order)
      #expect(found.plan == expected.plan, "\(context), subtotal \(subtotal)")
      #expect(found.lines == expected.lines, "\(context), subtotal \(subtotal)")
      let passed = try calculators.reference.quote(for: order)
      #expect(passed.plan == expected.plan, "\(context), subtotal \(subtotal), by a pass")
      #expect(passed.lines == expected.lines, "\(context), subtotal \(subtotal), by a pass")
    }
  }

  @Test(
    "random stores of 0 to 900 small plain deals (indexed from 200 working ones): the same quotes",
    arguments: [1, 2, 3, 0xC0FFEE, 20_261_124] as [UInt64])
  func smallDeals(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<10 {
      let promotions = (0..<random.int(0...900)).map { Self.deal(&random, id: "d\($0)") }
      let calculators = try Self.calculators(promotions)
      for _ in 0..<40 {
        let subtotal = random.int(0...80_000 as ClosedRange<Int64>)
        try Self.expectSameQuotes(
          calculators, subtotal: subtotal, random: &random,
          context: "seed \(seed) round \(round), \(promotions.count) deals")
      }
    }
  }

  @Test(
    "random stores of 0 to 900 order deals (indexed from 200 working ones), amount orders and orders of lines",
    arguments: [1, 2, 3, 0xC0FFEE, 20_261_124] as [UInt64])
  func generatedStores(seed: UInt64) throws {
    var generator = StoreGenerator(seed: seed)
    for round in 0..<12 {
      let specs = generator.store(count: generator.random.int(0...900), maximumIDLength: 4)
      let calculators = try Self.calculators(specs.map { $0.promotion(epoch: PricingPropertyTests.epoch) })
      for _ in 0..<40 {
        let subtotal = generator.subtotal(for: specs)
        try Self.expectSameQuotes(
          calculators, subtotal: subtotal, random: &generator.random,
          context: "seed \(seed) round \(round), \(specs.count) deals")
      }
    }
  }

  @Test(
    "tiered thresholds (each minimum a break of the pair search) and hundreds of stackable discounts",
    arguments: [5, 6, 7] as [UInt64])
  func tieredThresholds(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var promotions: [Promotion] = []
    // Thresholds "k × 10 off from k × 100" (every one raises the best threshold), some
    // percentages among them, and discounts whose sums and rates cross the tiers.
    for tier in 1...120 {
      let percent = random.chance(20)
      promotions.append(
        Fixture.built {
          try Promotion(
            id: "t\(tier)", kind: .threshold,
            benefit: percent
              ? .percentOff(Percentage.valid(DecimalNumber(significand: Int64(tier % 30 + 1), scale: 0)))
              : .amountOff(DecimalNumber(significand: Int64(tier) * 1_000, scale: 2)),
            minimumAmount: DecimalNumber(significand: Int64(tier) * 10_000, scale: 2), isStackable: true)
        })
    }
    for index in 0..<400 {
      promotions.append(
        Fixture.built {
          try Promotion(
            id: "d\(index)", kind: .discount,
            benefit: random.chance(50)
              ? .amountOff(
                DecimalNumber(significand: random.int(1...600) * (random.chance(50) ? 1_000 : 7), scale: 2))
              : .percentOff(Percentage.valid(DecimalNumber(significand: random.int(1...40), scale: 0))),
            isStackable: random.chance(80))
        })
    }
    let calculators = try Self.calculators(promotions)
    // Half of the subtotals in whole tens, as the minimums and half of the sums: a discount
    // then often leaves exactly a minimum.
    for _ in 0..<300 {
      let subtotal = random.int(0...130_000 as ClosedRange<Int64>) * (random.chance(50) ? 1_000 : 10)
      try Self.expectSameQuotes(
        calculators, subtotal: min(subtotal, 130_000_000), random: &random, context: "seed \(seed), tiered")
    }
  }
}
