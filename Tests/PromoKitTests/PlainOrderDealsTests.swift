import PromoKit
import PromoTestSupport
import Testing

/// The plain order deals of a format-3 store (untargeted discounts and thresholds with
/// nothing of format 3 about them) are asked of an index by the exact search
/// (`PlainOrderDeals`): held to the indexes of formats 1 and 2, which price the same store
/// without the one format-3 promotion that makes it a format-3 store.
@Suite("Plain order deals of a format-3 store: the same plans as the format-2 indexes")
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

  /// The two calculators of `promotions`: as a format-2 store (the indexes of formats 1
  /// and 2), and with the shipping deal that makes it a format-3 store (the exact search).
  static func calculators(_ promotions: [Promotion]) throws -> (
    format2: PriceCalculator, format3: PriceCalculator
  ) {
    (
      try PriceCalculator(catalog: Fixture.catalog(version: 2, promotions), at: now),
      try PriceCalculator(catalog: Fixture.catalog(version: 3, promotions + [shipping]), at: now)
    )
  }

  /// Expects the same quote of both calculators for an order of `subtotal` given as an
  /// amount and, from 2 minor units, the same amount over two lines (split at a point drawn
  /// from `random`), so that the order deals are divided.
  static func expectSameQuotes(
    _ calculators: (format2: PriceCalculator, format3: PriceCalculator), subtotal: Int64,
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
      let expected = try calculators.format2.quote(for: order)
      let found = try calculators.format3.quote(for: order)
      #expect(found.plan == expected.plan, "\(context), subtotal \(subtotal)")
      #expect(found.lines == expected.lines, "\(context), subtotal \(subtotal)")
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
  func sameAsFormat2(seed: UInt64) throws {
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
}
