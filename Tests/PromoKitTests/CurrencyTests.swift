import PromoKit
import Testing

@Suite("Currency codes and their minor digits")
struct CurrencyTests {
  @Test("JPY has 0 minor digits")
  func yen() throws {
    let yen = try Currency(code: "JPY")
    #expect(yen.minorDigits == 0)
    #expect(yen.code == "JPY")
    #expect(yen.description == "JPY")
  }

  @Test("the seven three-digit currencies", arguments: ["KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD"])
  func threeDigits(code: String) throws {
    #expect(try Currency(code: code).minorDigits == 3)
  }

  @Test(
    "every other valid code has 2 minor digits",
    arguments: ["CNY", "USD", "EUR", "GBP", "CHF", "KRW", "XXX", "AAA", "ZZZ", "JPZ", "KWX"])
  func twoDigits(code: String) throws {
    #expect(try Currency(code: code).minorDigits == 2)
  }

  @Test(
    "invalid codes are refused",
    arguments: [
      "", "jpy", "Jpy", "usd", "US", "USDX", "U", "U$D", "US1", " USD", "USD ", "ÄBC", "ＵＳＤ", "US\u{0}",
      "EURO", "€",
    ])
  func invalid(code: String) {
    #expect(throws: InvalidCurrencyCode(code: code)) { try Currency(code: code) }
  }

  @Test("a refused code says what a code is")
  func message() {
    #expect(
      InvalidCurrencyCode(code: "cny").description
        == #""cny" is not a three-letter ISO 4217 code in capitals"#)
  }

  @Test("currencies compare by code")
  func equality() throws {
    #expect(try Currency(code: "CNY") == Currency(code: "CNY"))
    #expect(try Currency(code: "CNY") != Currency(code: "USD"))
    #expect(Currency.defaultMinorDigits == 2)
  }
}
