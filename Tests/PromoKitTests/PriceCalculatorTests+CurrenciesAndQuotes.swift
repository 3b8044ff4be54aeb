import PromoKit
import Testing

/// Plans in currencies of other minor digits and in stores without a currency, and the
/// quote that carries a plan with its order, subtotal, total and evaluation time.
extension PriceCalculatorTests {
  // MARK: Currencies

  @Test("minor digits: JPY rounds to whole yen, KWD to fils")
  func currencies() throws {
    let yen = try plan(
      [Fixture.discount("d", percent: "15")], cents: 333, currency: Currency.valid("JPY"))
    #expect(yen.applied[0].discount.description == "50")  // 49.95 → 50
    #expect(yen.total.description == "283")
    let fils = try plan(
      [Fixture.discount("d", percent: "15")], cents: 333, currency: Currency.valid("KWD"))
    #expect(fils.applied[0].discount.description == "0.050")  // 0.04995 → 0.050
    #expect(fils.total.description == "0.283")
  }

  @Test("a store without a currency prices a JPY order when its amounts are whole")
  func storeWithoutCurrencyWholeAmounts() throws {
    let catalog = try Catalog(promotions: [
      Fixture.threshold("h", minimum: "100", amount: "15"),
      Fixture.discount("frac", amount: "0.5", active: false),  // not working: ignored
    ])
    let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
    let order = Order.valid(
      id: "o", currency: Currency.valid("JPY"), amount: Money(minorUnits: 100, minorDigits: 0))
    // The promotions prepared for yen are kept: the same plan every time, and fils (three
    // minor digits) in between get their own.
    let fils = Order.valid(
      id: "k", currency: Currency.valid("KWD"), amount: Money(minorUnits: 100_000, minorDigits: 3))
    for _ in 0..<3 {
      let best = try calculator.bestPlan(for: order)
      #expect(ids(best) == ["h"])
      #expect(best.total.description == "85")
      #expect(try calculator.bestPlan(for: fils).total.description == "85.000")
    }
  }

  @Test("a store without a currency cannot price a JPY order when a working amount has a fraction")
  func storeWithoutCurrencyFractionalAmount() throws {
    let catalog = try Catalog(promotions: [
      Fixture.discount("ok", percent: "10"),
      Fixture.discount("frac", amount: "0.5"),
    ])
    let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
    let order = Order.valid(
      id: "o", currency: Currency.valid("JPY"), amount: Money(minorUnits: 100, minorDigits: 0))
    // Every such order reports it, not only the first.
    for _ in 0..<2 {
      do {
        _ = try calculator.bestPlan(for: order)
        Issue.record("priced a JPY order with a 0.5 amountOff")
      } catch {
        #expect(error.category == .invalidData)
        #expect(error.position == "promotions[1].amountOff")
      }
    }
  }

  // MARK: Quotes

  @Test("a quote carries the order, subtotal, plan, discount, total and evaluation time")
  func quote() throws {
    let catalog = try Catalog(
      currency: Currency.valid("CNY"),
      promotions: [Fixture.discount("autumn-20", percent: "20")])
    let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
    let order = try Order(
      id: "A-1001", currency: Currency.valid("CNY"),
      items: [OrderItem(unitPrice: Fixture.cents(6_400), quantity: 2)])
    let quote = try calculator.quote(for: order)
    #expect(quote.order == "A-1001")
    #expect(quote.currency?.code == "CNY")
    #expect(quote.subtotal.description == "128.00")
    #expect(quote.plan.applied == [AppliedPromotion(id: "autumn-20", discount: Fixture.cents(2_560))])
    #expect(quote.discount.description == "25.60")
    #expect(quote.total.description == "102.40")
    #expect(quote.evaluatedAt == Self.now)
    #expect(quote.evaluatedAt.description == "2026-11-22T04:00:00Z")
    #expect(quote.considered == nil)
  }

  @Test("the applied promotion carries its name")
  func appliedName() throws {
    var promotion = Fixture.discount("n", percent: "10")
    promotion.name = "Ten percent"
    let best = try plan([promotion], cents: 1_000)
    #expect(best.applied.first?.name == "Ten percent")
  }
}
