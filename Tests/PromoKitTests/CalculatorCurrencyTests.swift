import PromoKit
import PromoTestSupport
import Testing

/// The currency rules the model keeps for a program that builds its catalog and orders in
/// code, as the command line keeps them for files: an order in another currency, or in
/// other minor digits, is refused, and an amount finer than the catalog's currency names
/// the currency it does not fit.
@Suite("PriceCalculator refuses orders and amounts its catalog's currency cannot price")
struct CalculatorCurrencyTests {
  static let now = Fixture.instant("2026-11-22T04:00:00Z")
  static let cny = Currency.valid("CNY")
  static let usd = Currency.valid("USD")

  func calculator(_ promotions: [Promotion] = [Fixture.discount("ten", percent: "10")]) throws
    -> PriceCalculator
  {
    try PriceCalculator(catalog: try Catalog(currency: Self.cny, promotions: promotions), at: Self.now)
  }

  @Test("an order in another currency is a data error, for a quote and for a plan")
  func otherCurrency() throws {
    let order = Order.valid(id: "o", currency: Self.usd, amount: Fixture.cents(900))
    let calculator = try calculator()
    for price in [{ _ = try calculator.quote(for: order) }, { _ = try calculator.bestPlan(for: order) }] {
      let error = #expect(throws: PromoError.self) { try price() }
      #expect(error?.category == .invalidData)
      #expect(error?.message == "the order is in USD but the store is in CNY; price it against a USD store")
    }
  }

  @Test("an order without a currency in other minor digits than the catalog's is refused")
  func otherDigits() throws {
    let order = Order.valid(id: "o", currency: nil, amount: Money(minorUnits: 900, minorDigits: 0))
    let error = #expect(throws: PromoError.self) { try calculator().quote(for: order) }
    #expect(
      error?.message
        == "the order's amounts have 0 decimal places but CNY has 2; give them in CNY's minor units")
    // In the catalog's digits, it is priced.
    let same = Order.valid(id: "o", currency: nil, amount: Fixture.cents(900))
    #expect(try calculator().quote(for: same).total == Fixture.cents(810))
  }

  @Test("an amount finer than the catalog's currency names the promotion, the field and the currency")
  func amountTooFine() throws {
    let fine = Fixture.discount("fine", amount: "1.005")
    let order = Order.valid(id: "o", currency: Self.cny, amount: Fixture.cents(900))
    // A catalog refuses it (CatalogRulesTests); one given its currency afterwards still
    // cannot price it.
    var catalog = try Catalog(promotions: [fine])
    catalog.currency = Self.cny
    let error = #expect(throws: PromoError.self) {
      try PriceCalculator(catalog: catalog, at: Self.now).quote(for: order)
    }
    #expect(error?.position == "promotions[0].amountOff")
    #expect(
      error?.message
        == "amountOff has more decimal places than CNY has (2); write it in whole minor units of the currency"
    )
  }
}
