import PromoKit
import PromoTestSupport
import Testing

/// A promotion's values: its benefit (percentOff, amountOff and the currency's digits),
/// minimumAmount, the largest amounts, its window's timestamps, and the flags and name.
extension StoreDecoderTests {
  // MARK: Benefit

  @Test("exactly one of percentOff and amountOff")
  func exactlyOneBenefit() {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "percentOff": 5, "amountOff": 5}"#)
        == "promotions[0].amountOff")
    let none = problem(Self.store([#"{"id": "d", "kind": "discount"}"#]))
    #expect(none?.position == "promotions[0].percentOff")
    #expect(none?.message.contains("amountOff") == true)
  }

  @Test(
    "percentOff must be greater than 0, at most 100, with at most 4 places",
    arguments: [
      "0", "\"0\"", "-1", "\"-0.5\"", "100.0001", "\"101\"", "\"12.34567\"", "0.00001", "\"20%\"", "\"\"",
      "true",
      "null", "\"1e400\"", "\" 20\"", "\"+20\"",
    ])
  func badPercent(value: String) {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "percentOff": \#(value)}"#)
        == "promotions[0].percentOff")
  }

  @Test("percentOff range messages say what is wrong")
  func percentMessages() {
    let tooBig = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 150}"#]))
    #expect(tooBig?.message.contains("at most 100") == true)
    let tooFine = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": "12.34567"}"#]))
    #expect(tooFine?.message.contains("4 decimal places") == true)
  }

  @Test(
    "amountOff must be greater than 0 and fit the currency's minor digits",
    arguments: [
      ("", "0"), ("", "\"0.00\""), ("", "-1"), ("", "\"1.001\""), (#""currency": "CNY""#, "\"15.001\""),
      (#""currency": "JPY""#, "\"15.5\""), (#""currency": "JPY""#, "0.1"),
      (#""currency": "KWD""#, "\"1.0001\""),
      ("", "\"abc\""), ("", "[]"),
    ])
  func badAmountOff(header: String, value: String) {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": \#(value)}"#, header: header)
        == "promotions[0].amountOff")
  }

  @Test(
    "amountOff with as many digits as the currency has is accepted",
    arguments: [
      ("", "\"1.01\""), (#""currency": "CNY""#, "\"15.00\""), (#""currency": "JPY""#, "\"15\""),
      (#""currency": "JPY""#, "15.000"), (#""currency": "KWD""#, "\"1.001\""),
      (#""currency": "BHD""#, "0.125"),
    ])
  func goodAmountOff(header: String, value: String) {
    #expect(
      problems(Self.store([#"{"id": "d", "kind": "discount", "amountOff": \#(value)}"#], header: header))
        .isEmpty)
  }

  @Test("the digits message names the currency")
  func digitsMessage() {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": "1.5"}"#], header: #""currency": "JPY""#))
    #expect(found?.message.contains("JPY") == true)
  }

  // MARK: Minimum

  @Test("a threshold needs minimumAmount")
  func thresholdNeedsMinimum() {
    let found = problem(Self.store([#"{"id": "t", "kind": "threshold", "amountOff": 5}"#]))
    #expect(found?.position == "promotions[0].minimumAmount")
  }

  @Test("a discount may not have minimumAmount")
  func discountRefusesMinimum() {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": 5, "minimumAmount": 10}"#]))
    #expect(found?.position == "promotions[0].minimumAmount")
  }

  @Test(
    "minimumAmount must be a decimal of at least 0 and at most 10^12",
    arguments: [
      ("", "-0.01"), (#""currency": "JPY""#, "-1"), ("", "\"x\""), ("", "false"), ("", "null"),
      (#""currency": "KWD""#, "\"1000000000000.001\""), ("", "\"0.0000000000000000001\""),
    ])
  func badMinimum(header: String, value: String) {
    #expect(
      position(
        ofPromotion: #"{"id": "t", "kind": "threshold", "amountOff": 5, "minimumAmount": \#(value)}"#,
        header: header)
        == "promotions[0].minimumAmount")
  }

  @Test(
    "minimumAmount may have more decimal places than the currency",
    arguments: [
      ("", "\"1.005\"", "1.005"), (#""currency": "CNY""#, "\"99.995\"", "99.995"),
      (#""currency": "JPY""#, "\"99.5\"", "99.5"), (#""currency": "JPY""#, "0.001", "0.001"),
      (#""currency": "KWD""#, "\"1.0001\"", "1.0001"), ("", "\"999999999999.999999\"", "999999999999.999999"),
    ])
  func preciseMinimum(header: String, value: String, expected: String) throws {
    let text = Self.store(
      [#"{"id": "t", "kind": "threshold", "minimumAmount": \#(value), "amountOff": 5}"#], header: header)
    #expect(problems(text).isEmpty)
    let decoded = try catalog(text)
    #expect(decoded.promotions[0].minimumAmount == Fixture.decimal(expected))
    // Rewriting keeps every place.
    let encoded = StoreEncoder.encode(decoded)
    #expect(encoded.contains(#""minimumAmount": "\#(expected)""#))
    #expect(try catalog(encoded) == decoded)
  }

  @Test("a precise minimum in a CNY store is reached from the next whole cent")
  func preciseMinimumPricing() throws {
    let text = Self.store(
      [#"{"id": "t", "kind": "threshold", "minimumAmount": "99.995", "amountOff": "10.00"}"#],
      header: #""currency": "CNY""#)
    let calculator = try PriceCalculator(catalog: catalog(text), at: Fixture.instant("2026-11-22T04:00:00Z"))
    let cny = Currency.valid("CNY")
    let below = try calculator.bestPlan(for: Order(id: "o", currency: cny, amount: Fixture.cents(9_999)))
    #expect(below.applied.isEmpty)
    #expect(below.total == Fixture.cents(9_999))
    let reached = try calculator.bestPlan(for: Order(id: "o", currency: cny, amount: Fixture.cents(10_000)))
    #expect(reached.applied.map(\.id) == ["t"])
    #expect(reached.total == Fixture.cents(9_000))
  }

  // MARK: Largest amounts

  @Test("amounts up to 10^12 are accepted, above are refused")
  func largestAmounts() {
    let accepted = [
      #"{"id": "a", "kind": "discount", "amountOff": "1000000000000"}"#,
      #"{"id": "b", "kind": "discount", "amountOff": "1000000000000.00"}"#,
      #"{"id": "c", "kind": "threshold", "minimumAmount": 1e12, "amountOff": 1}"#,
    ]
    #expect(problems(Self.store(accepted)).isEmpty)
    let refused: [(String, String)] = [
      (#"{"id": "a", "kind": "discount", "amountOff": "1000000000000.01"}"#, "amountOff"),
      (#"{"id": "a", "kind": "discount", "amountOff": 1e13}"#, "amountOff"),
      (
        #"{"id": "a", "kind": "threshold", "minimumAmount": "1000000000001", "amountOff": 1}"#,
        "minimumAmount"
      ),
      (#"{"id": "a", "kind": "discount", "amountOff": "99999999999999999999999"}"#, "amountOff"),
    ]
    for (promotion, key) in refused {
      #expect(position(ofPromotion: promotion) == "promotions[0].\(key)")
    }
  }

  // MARK: Windows

  @Test("startsAt must be before endsAt")
  func windowOrder() {
    let equal = problem(
      Self.store([
        #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T00:00:00Z", "endsAt": "2026-11-01T00:00:00Z"}"#
      ]))
    #expect(equal?.position == "promotions[0].endsAt")
    let reversed = position(
      ofPromotion:
        #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-12-01T00:00:00Z", "endsAt": "2026-11-01T00:00:00Z"}"#
    )
    #expect(reversed == "promotions[0].endsAt")
    // The same instant written with two offsets is an empty window too.
    let sameInstant = position(
      ofPromotion:
        #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T08:00:00+08:00", "endsAt": "2026-11-01T00:00:00Z"}"#
    )
    #expect(sameInstant == "promotions[0].endsAt")
    // Text that sorts the other way but names later instants is fine.
    let offsets = Self.store([
      #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T09:00:00+08:00", "endsAt": "2026-11-01T02:00:00Z"}"#
    ])
    #expect(problems(offsets).isEmpty)
  }

  @Test(
    "timestamps must be RFC 3339 with an offset",
    arguments: [
      ("startsAt", "\"2026-11-01T00:00:00\""), ("endsAt", "\"2026-11-01\""),
      ("startsAt", "\"2026-02-29T00:00:00Z\""),
      ("endsAt", "\"2026-11-01T24:00:00Z\""), ("startsAt", "1793462400"), ("endsAt", "null"),
    ])
  func badTimestamp(key: String, value: String) {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": 1, "\#(key)": \#(value)}"#]))
    #expect(found?.position == "promotions[0].\(key)")
    #expect(found?.category == .invalidData)
  }

  @Test("the missing-offset message says how to write the offset")
  func missingOffsetMessage() {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T00:00:00"}"#]))
    #expect(found?.message.contains("offset") == true)
  }

  // MARK: Other types

  @Test("flags must be booleans and the name a string")
  func otherTypes() {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": 1, "active": "true"}"#)
        == "promotions[0].active")
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": 1, "stackable": 1}"#)
        == "promotions[0].stackable")
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": 1, "name": 5}"#)
        == "promotions[0].name")
  }
}
