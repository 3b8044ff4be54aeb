import PromoKit
import Testing

/// Gifts through ``PriceCalculator``: every quote lists the gifts its plan earns, and the
/// explanation gives each gift its outcome, in the contract's order (SPEC 4.5, 4.6).
@Suite("Gifts in quotes and their explanation")
struct GiftExplainTests {
  /// A store of a 10% discount and gifts of every outcome.
  static func promotions() throws -> [Promotion] {
    [
      Fixture.discount("d10", percent: "10"),
      Gifts.gift("g100", minimum: "100.00"),
      Gifts.gift("g110", minimum: "110.00"),
      Gifts.gift("g-code", code: "CUP"),
      Gifts.gift("g-off", active: false),
      Gifts.gift("g-member", groups: ["member"]),
      Gifts.gift("g-kettle", target: try F3.skus("kettle")),
      Gifts.gift("g-ended", endsAt: "2026-11-01T00:00:00Z"),
      Gifts.gift("g-units", sku: "saucer", quantity: 2, minimumQuantity: 3),
    ]
  }

  @Test("3 teas at 40.00, 10% off: 108.00 left; each gift's outcome, and the granted ones listed")
  func outcomes() throws {
    let promotions = try Self.promotions()
    let order = try F3.order([F3.line("tea-green", "40.00", 3, ["tea"])])
    let quote = try F3.quote(promotions, order)
    #expect(F3.applied(quote) == ["d10 12.00"])
    #expect(quote.total == F3.money("108.00"))
    #expect(
      quote.gifts == [
        GrantedGift(id: "g-units", sku: "saucer", quantity: 2),
        GrantedGift(id: "g100", sku: "cup-free", quantity: 1),
      ])
    let outcomes = F3.outcomes(quote)
    #expect(outcomes["d10"] == .applied(discount: F3.money("12.00")))
    #expect(outcomes["g100"] == .granted(GrantedGift(id: "g100", sku: "cup-free", quantity: 1)))
    #expect(outcomes["g100"]?.name == "applied")
    #expect(outcomes["g110"] == Gifts.shortfall("108.00", minimum: "110.00", shortBy: "2.00"))
    #expect(outcomes["g-code"] == .codeRequired(code: "CUP"))
    #expect(outcomes["g-off"] == .inactive)
    #expect(outcomes["g-member"] == .customerNotEligible)
    #expect(outcomes["g-kettle"] == .noEligibleLine)
    #expect(outcomes["g-ended"] == .ended(endsAt: Fixture.timestamp("2026-11-01T00:00:00Z")))
    #expect(outcomes["g-units"] == .granted(GrantedGift(id: "g-units", sku: "saucer", quantity: 2)))
  }

  @Test("gifts change no plan and no total, and come without an explanation too")
  func noChange() throws {
    let promotions = try Self.promotions()
    let catalog = try Catalog(currency: F3.cny, promotions: promotions)
    let without = try Catalog(currency: F3.cny, promotions: promotions.filter { $0.kind != .gift })
    let order = try F3.order([F3.line("tea-green", "40.00", 3, ["tea"])], codes: ["cup"])
    let context = PricingContext(instant: F3.now, customerGroups: ["member"])
    for indexed in [true, false] {
      let calculator = try PriceCalculator(catalog: catalog, context: context, indexed: indexed)
      let quote = try calculator.quote(for: order)
      let plain = try PriceCalculator(catalog: without, context: context, indexed: indexed).quote(for: order)
      #expect(quote.plan == plain.plan && quote.lines == plain.lines)
      #expect(quote.considered == nil)
      #expect(quote.gifts.map(\.id) == ["g-code", "g-member", "g-units", "g100"])
      #expect(plain.gifts.isEmpty)
    }
  }

  @Test("an order given by amount: untargeted amount minimums only; the shipping is apart")
  func amountOrder() throws {
    let promotions = try Self.promotions()
    let order = F3.order(amount: "120.00", shipping: "30.00")
    let quote = try F3.quote(promotions, order)
    #expect(quote.total == F3.money("138.00"))
    #expect(quote.gifts.map(\.id) == ["g100"])
    let outcomes = F3.outcomes(quote)
    #expect(outcomes["g110"] == Gifts.shortfall("108.00", minimum: "110.00", shortBy: "2.00"))
    #expect(outcomes["g-kettle"] == .noEligibleLine)
    #expect(outcomes["g-units"] == .noEligibleLine)
  }

  @Test("a store without gifts: no gifts, and nothing else changes")
  func noGifts() throws {
    let quote = try F3.quote([Fixture.discount("d10", percent: "10")], F3.order(amount: "50.00"))
    #expect(quote.gifts.isEmpty)
    #expect(F3.outcomes(quote)["d10"] == .applied(discount: F3.money("5.00")))
  }
}
