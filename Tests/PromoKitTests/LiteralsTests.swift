import PromoKit
import PromoTestSupport
import Testing

/// The conveniences that let code read like the store: whole-number literals for decimals
/// and percentages, money in a currency's digits, buy/get terms that throw.
@Suite("Literals and conveniences of the model")
struct LiteralsTests {
  @Test("integer literals are the decimals and percentages their initialisers give")
  func integerLiterals() {
    let hundred: DecimalNumber = 100
    #expect(hundred == DecimalNumber(significand: 100))
    let half: Percentage = 50
    #expect(half == Percentage.valid(DecimalNumber(significand: 50)))
    let all: Percentage = 100
    #expect(all == .hundred)
  }

  @Test("money in a currency takes its minor digits, two without one")
  func moneyInCurrency() {
    #expect(Money(minorUnits: 2_500, currency: Currency.valid("CNY")).description == "25.00")
    #expect(Money(minorUnits: 2_500, currency: Currency.valid("JPY")).description == "2500")
    #expect(Money(minorUnits: 2_500, currency: Currency.valid("KWD")).description == "2.500")
    #expect(Money(minorUnits: 2_500, currency: nil).description == "25.00")
  }

  @Test("Benefit.buy throws for a count outside 1...1000 and gives the BuyGet terms otherwise")
  func buyGet() throws {
    #expect(
      try Benefit.buy(1, get: 1, percentOff: 50) == .buyGet(BuyGet.valid(buy: 1, get: 1, percentOff: 50)))
    #expect(
      try Benefit.buy(2, get: 1, acrossLines: true)
        == .buyGet(BuyGet.valid(buy: 2, get: 1, percentOff: .hundred, acrossLines: true)))
    #expect(throws: PromotionRuleError.countOutOfRange(field: "buy", 0)) { try Benefit.buy(0, get: 1) }
    #expect(throws: PromotionRuleError.countOutOfRange(field: "get", 1_001)) {
      try Benefit.buy(1, get: 1_001)
    }
  }
}
