import PromoKit
import PromoTestSupport
import Testing

@Suite("Money arithmetic and formatting")
struct MoneyTests {
  @Test(
    "description has exactly the currency's minor digits",
    arguments: [
      (Int128(10_240), 2, "102.40"),
      (100, 0, "100"),
      (1_250, 3, "1.250"),
      (0, 2, "0.00"),
      (0, 0, "0"),
      (0, 3, "0.000"),
      (5, 2, "0.05"),
      (5, 3, "0.005"),
      (50, 3, "0.050"),
      (1, 2, "0.01"),
      (100, 2, "1.00"),
      (-5, 2, "-0.05"),
      (-10_240, 2, "-102.40"),
      (100_000_000_000_000, 2, "1000000000000.00"),
      (Int128(Int64.max), 2, "92233720368547758.07"),
      (Int128(Int64.max), 0, "9223372036854775807"),
      (Int128(Int64.max) + 1, 2, "92233720368547758.08"),
      (100_000_000_000_000_000_000, 2, "1000000000000000000.00"),
      (1_000_000_000_000_000_000_000, 3, "1000000000000000000.000"),
      (Int128.max, 2, "1701411834604692317316873037158841057.27"),
      (Int128.max, 0, "170141183460469231731687303715884105727"),
      (Int128.max, 3, "170141183460469231731687303715884105.727"),
    ])
  func formatting(minorUnits: Int128, minorDigits: Int, expected: String) {
    #expect(Money(minorUnits: minorUnits, minorDigits: minorDigits).description == expected)
  }

  @Test("Int128.min formats without trapping")
  func formattingMinimum() {
    #expect(
      Money(minorUnits: .min, minorDigits: 2).description == "-1701411834604692317316873037158841057.28")
    #expect(Money(minorUnits: Int128(Int64.min), minorDigits: 2).description == "-92233720368547758.08")
  }

  @Test("zero has the requested minor digits")
  func zero() {
    let zero = Money.zero(minorDigits: 3)
    #expect(zero.minorUnits == 0)
    #expect(zero.minorDigits == 3)
    #expect(zero.description == "0.000")
  }

  @Test("adding sums minor units")
  func adding() throws {
    let sum = try Fixture.cents(1_999).adding(Fixture.cents(1))
    #expect(sum == Fixture.cents(2_000))
    #expect(sum.description == "20.00")
  }

  @Test("adding past Int64.max is exact now that amounts have 128 bits")
  func addingPast64Bits() throws {
    let sum = try Money(minorUnits: Int128(Int64.max), minorDigits: 2).adding(Fixture.cents(1))
    #expect(sum.minorUnits == Int128(Int64.max) + 1)
    #expect(sum.description == "92233720368547758.08")
  }

  @Test("adding past Int128.max is MoneyOverflow, not a trap")
  func addingOverflow() {
    let big = Money(minorUnits: .max, minorDigits: 2)
    #expect(throws: MoneyOverflow.self) { try big.adding(Fixture.cents(1)) }
    #expect(throws: MoneyOverflow.self) { try big.adding(big) }
    let small = Money(minorUnits: .min, minorDigits: 2)
    #expect(throws: MoneyOverflow.self) { try small.adding(Fixture.cents(-1)) }
    #expect(throws: Never.self) { try big.adding(Fixture.cents(0)) }
    #expect(throws: Never.self) { try big.adding(Fixture.cents(-1)) }
    #expect(throws: Never.self) { try Money(minorUnits: .max - 1, minorDigits: 2).adding(Fixture.cents(1)) }
  }

  @Test("multiplying by a count")
  func multiplying() throws {
    #expect(try Fixture.cents(2_500).multiplied(by: 2) == Fixture.cents(5_000))
    #expect(try Fixture.cents(2_500).multiplied(by: 0) == Fixture.cents(0))
    let millionOfMax = try Money(minorUnits: 1_000_000_000_000, minorDigits: 0).multiplied(by: 1_000_000)
    #expect(millionOfMax.minorUnits == 1_000_000_000_000_000_000)
  }

  @Test("the largest line (10^12 × 1,000,000) fits in every currency")
  func largestLine() throws {
    // The largest unit price (10^12 with 2 digits) times the largest quantity: 10^20 cents.
    let cents = try Money(minorUnits: 100_000_000_000_000, minorDigits: 2).multiplied(by: 1_000_000)
    #expect(cents.minorUnits == 100_000_000_000_000_000_000)
    #expect(cents.description == "1000000000000000000.00")
    // With 3 minor digits: 10^21 fils.
    let fils = try Money(minorUnits: 1_000_000_000_000_000, minorDigits: 3).multiplied(by: 1_000_000)
    #expect(fils.description == "1000000000000000000.000")
    #expect(
      try Money(minorUnits: Int128(Int64.max), minorDigits: 0).multiplied(by: Int64.max).minorUnits
        == Int128(Int64.max) * Int128(Int64.max))
  }

  @Test("multiplying past 128 bits is MoneyOverflow, not a trap")
  func multiplyingOverflow() {
    #expect(throws: MoneyOverflow.self) { try Money(minorUnits: .max, minorDigits: 2).multiplied(by: 2) }
    #expect(throws: MoneyOverflow.self) { try Money(minorUnits: .min, minorDigits: 2).multiplied(by: -1) }
    #expect(throws: MoneyOverflow.self) {
      try Money(minorUnits: .max / 2 + 1, minorDigits: 2).multiplied(by: 2)
    }
    #expect(throws: MoneyOverflow.self) {
      try Money(minorUnits: Int128(Int64.max) * Int128(Int64.max), minorDigits: 2).multiplied(by: 3)
    }
    #expect(throws: Never.self) { try Money(minorUnits: .max / 2, minorDigits: 2).multiplied(by: 2) }
    #expect(throws: Never.self) { try Money(minorUnits: .max, minorDigits: 2).multiplied(by: 1) }
    #expect(throws: Never.self) { try Money(minorUnits: .max, minorDigits: 2).multiplied(by: -1) }
  }

  @Test("subtracting a smaller amount")
  func subtracting() {
    #expect(Fixture.cents(12_800).subtracting(Fixture.cents(2_560)) == Fixture.cents(10_240))
    #expect(Fixture.cents(100).subtracting(Fixture.cents(100)) == Fixture.cents(0))
  }

  @Test("ordering by minor units")
  func ordering() {
    #expect(Fixture.cents(1) < Fixture.cents(2))
    #expect(!(Fixture.cents(2) < Fixture.cents(2)))
    #expect(Fixture.cents(-1) < Fixture.cents(0))
    #expect([Fixture.cents(3), Fixture.cents(1), Fixture.cents(2)].sorted() == [1, 2, 3].map(Fixture.cents))
  }

  @Test(
    "Money from a decimal at the currency's minor digits",
    arguments: [
      ("12.50", 2, Int128?(1_250)),
      ("12.5", 2, 1_250),
      ("12.50", 0, nil),
      ("100", 0, 100),
      ("1.25", 3, 1_250),
      ("0.001", 3, 1),
      ("0.001", 2, nil),
      ("1000000000000", 2, 100_000_000_000_000),
      ("1000000000000", 3, 1_000_000_000_000_000),
      ("0", 2, 0),
    ])
  func fromDecimal(text: String, minorDigits: Int, expected: Int128?) {
    let money = Money(Fixture.decimal(text), minorDigits: minorDigits)
    #expect(money?.minorUnits == expected)
    if expected != nil { #expect(money?.minorDigits == minorDigits) }
  }

  @Test("Money from a decimal that does not fit in 64 bits of minor units is nil")
  func fromDecimalTooLarge() {
    // 10^17 at 3 minor digits is 10^20 minor units.
    #expect(Money(Fixture.decimal("1e17"), minorDigits: 3) == nil)
  }

  @Test("the optional currency's minor digits default to 2")
  func optionalCurrencyDigits() {
    let none: Currency? = nil
    #expect(none.minorDigits == 2)
    #expect(Currency.valid("JPY").minorDigits == 0)
    #expect(Currency.valid("KWD").minorDigits == 3)
  }
}
