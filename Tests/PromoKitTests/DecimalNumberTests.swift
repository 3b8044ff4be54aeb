import PromoKit
import Testing

@Suite("DecimalNumber reads JSON-number text exactly")
struct DecimalNumberTests {
  @Test(
    "well-formed texts and their normalized value",
    arguments: [
      // (text, significand, scale)
      ("0", Int64(0), 0),
      ("-0", 0, 0),
      ("0.000", 0, 0),
      ("1", 1, 0),
      ("12.50", 125, 1),
      ("12.5", 125, 1),
      ("-12.50", -125, 1),
      ("0.125", 125, 3),
      ("100", 100, 0),
      ("100.00", 100, 0),
      ("1e3", 1_000, 0),
      ("1E3", 1_000, 0),
      ("1e+3", 1_000, 0),
      ("1.5e-3", 15, 4),
      ("1250e-2", 125, 1),
      ("0.0001", 1, 4),
      ("123456789012345678", 123_456_789_012_345_678, 0),
      ("0.123456789012345678", 123_456_789_012_345_678, 18),
      ("1e17", 100_000_000_000_000_000, 0),
      ("0e999999999", 0, 0),
      ("0.00e-5", 0, 0),
      ("10.10", 101, 1),
      ("1000000000000", 1_000_000_000_000, 0),
    ])
  func parses(text: String, significand: Int64, scale: Int) throws {
    let value = try DecimalNumber(parsing: text)
    #expect(value.significand == significand)
    #expect(value.scale == scale)
  }

  @Test(
    "malformed texts are refused",
    arguments: [
      "+1", ".5", "1.", " 1", "1 ", "01", "-01", "00", "NaN", "nan", "Infinity", "-Infinity", "", "-", "1e",
      "1e+", "1e-", "--1", "1.2.3", "0x10", "1,5", "1_000", "١", "e5", "1.e5", "12.50\n", "- 1", "1ee2",
      "1e2.5", "\u{0}1",
    ])
  func malformed(text: String) {
    #expect(throws: DecimalNumber.ParseError.malformed) { try DecimalNumber(parsing: text) }
  }

  @Test(
    "values of 10^18 or more are too large",
    arguments: [
      "1234567890123456789",  // 19 significant digits
      "1e18",
      "1e19",
      "9.999e18",
      "1e1000000000",
      "99999999999999999999999999",
      "-1e400",
      "0.1e20",
    ])
  func tooLarge(text: String) {
    #expect(throws: DecimalNumber.ParseError.tooLarge) { try DecimalNumber(parsing: text) }
  }

  @Test(
    "smaller values that need more than 18 digits are too precise",
    arguments: [
      "0.0000000000000000001",  // 19 decimal places
      "1e-19",
      "1e-400",
      "1.234567890123456789",  // 19 significant digits
      "123456789.0123456789",
    ])
  func tooPrecise(text: String) {
    #expect(throws: DecimalNumber.ParseError.tooPrecise) { try DecimalNumber(parsing: text) }
  }

  @Test("normalization makes equal values equal")
  func normalization() throws {
    #expect(try DecimalNumber(parsing: "12.50") == DecimalNumber(parsing: "12.5"))
    #expect(try DecimalNumber(parsing: "1.25e1") == DecimalNumber(parsing: "12.5"))
    #expect(try DecimalNumber(parsing: "100") == DecimalNumber(parsing: "1e2"))
    #expect(try DecimalNumber(parsing: "-0.0") == DecimalNumber(parsing: "0"))
    #expect(DecimalNumber(significand: 1_250, scale: 2) == DecimalNumber(significand: 125, scale: 1))
    #expect(DecimalNumber(significand: 0, scale: 5) == DecimalNumber(significand: 0))
    let hashes = Set([try DecimalNumber(parsing: "12.50"), try DecimalNumber(parsing: "12.5")])
    #expect(hashes.count == 1)
  }

  @Test("comparison is by value, across scales")
  func comparison() {
    #expect(Fixture.decimal("12.5") < Fixture.decimal("12.51"))
    #expect(Fixture.decimal("-1") < Fixture.decimal("0.001"))
    #expect(Fixture.decimal("99.99") < Fixture.decimal("100"))
    #expect(!(Fixture.decimal("100") < Fixture.decimal("100.00")))
    #expect(Fixture.decimal("0.000000000000000001") < Fixture.decimal("100000000000000000"))
    #expect(Fixture.decimal("-100000000000000000") < Fixture.decimal("-0.000000000000000001"))
  }

  @Test("isNegative and isZero")
  func signs() {
    #expect(Fixture.decimal("-0.01").isNegative)
    #expect(!Fixture.decimal("-0").isNegative)
    #expect(Fixture.decimal("-0").isZero)
    #expect(Fixture.decimal("0.00").isZero)
    #expect(!Fixture.decimal("0.01").isZero)
  }

  @Test(
    "units(atScale:)",
    arguments: [
      ("12.5", 2, Int64?(1_250)),
      ("12.5", 1, 125),
      ("12.5", 0, nil),
      ("0.125", 2, nil),
      ("0.125", 3, 125),
      ("100", 0, 100),
      ("100", 4, 1_000_000),
      ("-1.5", 2, -150),
      ("0", 30, 0),
      ("1", 18, 1_000_000_000_000_000_000),
      ("1", 19, nil),
      ("10", 18, nil),
      ("100000000000000000", 2, nil),
      ("1000000000000", 2, 100_000_000_000_000),
    ])
  func units(text: String, digits: Int, expected: Int64?) {
    #expect(Fixture.decimal(text).units(atScale: digits) == expected)
  }

  @Test(
    "unitsRoundedUp(atScale:) is the least whole count of units not below the value",
    arguments: [
      ("99.995", 2, Int128(10_000)),
      ("99.995", 3, 99_995),
      ("99.995", 4, 999_950),
      ("99.99", 2, 9_999),
      ("100.5", 0, 101),
      ("100.4", 0, 101),
      ("100", 0, 100),
      ("100", 3, 100_000),
      ("0", 2, 0),
      ("0", 18, 0),
      ("0.001", 2, 1),
      ("0.009", 2, 1),
      ("0.010", 2, 1),
      ("0.011", 2, 2),
      ("0.000000000000000001", 0, 1),
      ("0.123456789012345678", 17, 12_345_678_901_234_568),
      ("-1.5", 0, -1),
      ("-0.001", 2, 0),
      ("1000000000000", 3, 1_000_000_000_000_000),
      ("1", 18, 1_000_000_000_000_000_000),
      // Beyond 64 bits, where units(atScale:) is nil.
      ("10", 18, 10_000_000_000_000_000_000),
      ("100000000000000000", 18, 100_000_000_000_000_000_000_000_000_000_000_000),
      ("999999999999999999", 18, 999_999_999_999_999_999_000_000_000_000_000_000),
    ])
  func unitsRoundedUp(text: String, digits: Int, expected: Int128) {
    let value = Fixture.decimal(text)
    #expect(value.unitsRoundedUp(atScale: digits) == expected)
    // Where units(atScale:) is exact, rounding up changes nothing.
    if let exact = value.units(atScale: digits) { #expect(Int128(exact) == expected) }
  }

  @Test("description is the plain decimal; formatted pads to a minimum of places")
  func description() {
    #expect(Fixture.decimal("12.50").description == "12.5")
    #expect(Fixture.decimal("1e2").description == "100")
    #expect(Fixture.decimal("-0.125").description == "-0.125")
    #expect(Fixture.decimal("0.05").description == "0.05")
    #expect(Fixture.decimal("15").formatted(minimumFractionDigits: 2) == "15.00")
    #expect(Fixture.decimal("0.5").formatted(minimumFractionDigits: 3) == "0.500")
    #expect(Fixture.decimal("0.125").formatted(minimumFractionDigits: 2) == "0.125")
    #expect(Fixture.decimal("-3").formatted(minimumFractionDigits: 1) == "-3.0")
  }
}
