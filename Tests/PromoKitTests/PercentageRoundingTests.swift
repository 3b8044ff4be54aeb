import Testing

@testable import PromoKit

@Suite("Percentage discounts round half-up once; fixed sums are capped")
struct PercentageRoundingTests {
  @Test(
    "half-up rounding to the minor unit",
    arguments: [
      // (percent, minor units, minor digits, expected discount in minor units)
      ("20", Int64(12_800), 2, Int64(2_560)),  // 128.00 × 20% = 25.60
      ("50", 1, 2, 1),  // 0.005 rounds up to 0.01
      ("50", 1, 0, 1),  // 0.5 yen rounds up to 1
      ("50", 1, 3, 1),  // 0.0005 KWD rounds up to 0.001
      ("50", 3, 0, 2),  // 1.5 → 2
      ("50", 5, 0, 3),  // 2.5 → 3 (not banker's rounding to 2)
      ("49.99", 1, 2, 0),  // 0.4999 of a cent rounds down
      ("49.99", 1, 0, 0),  // 0.4999 yen rounds down
      ("49.99", 1, 3, 0),  // 0.4999 of a fils rounds down
      ("49.9999", 1, 2, 0),
      ("50.0001", 1, 2, 1),
      ("10", 5, 2, 1),  // 0.5 → 1
      ("10", 4, 2, 0),  // 0.4 → 0
      ("10", 15, 0, 2),  // 1.5 → 2
      ("10", 14, 0, 1),  // 1.4 → 1
      ("12.5", 1_999, 2, 250),  // 249.875 → 250
      ("12.5", 1_996, 2, 250),  // 249.5 → 250
      ("12.5", 1_995, 2, 249),  // 249.375 → 249
      ("33.3333", 10_000, 3, 3_333),  // 3333.33 → 3333
      ("66.6667", 10_000, 3, 6_667),  // 6666.67 → 6667
      ("0.0001", 5_000, 2, 0),  // 0.5 × 10^-2 ... 5000 × 0.000001 = 0.005 → 0
      ("0.0001", 5_000_000, 2, 5),  // 5
      ("0.0001", 15_000, 2, 0),  // 0.015 → 0
      ("0.0001", 500_000, 2, 1),  // 0.5 → 1
      ("0.0001", 499_999, 2, 0),  // 0.499999 → 0
      ("100", 12_345, 2, 12_345),
      ("100", 0, 2, 0),
      ("20", 0, 0, 0),
    ])
  func halfUp(percent: String, minorUnits: Int64, minorDigits: Int, expected: Int64) {
    // The arguments are Int64: a parameterized test whose (String, Int128, Int, Int128)
    // arguments crashes the Swift 6.3.1 test runner on Linux before any case runs.
    let amount = Money(minorUnits: Int128(minorUnits), minorDigits: minorDigits)
    let discount = Fixture.percent(percent).discount(on: amount)
    #expect(discount.minorUnits == Int128(expected))
    #expect(discount.minorDigits == minorDigits)
  }

  @Test("a percentage of the largest amounts does not overflow and never exceeds the amount")
  func largeAmounts() {
    let largest = Money(minorUnits: .max, minorDigits: 2)
    #expect(Fixture.percent("100").discount(on: largest) == largest)
    #expect(Fixture.percent("99.9999").discount(on: largest) <= largest)
    let store = Money(minorUnits: 100_000_000_000_000, minorDigits: 2)  // 10^12.00
    #expect(Fixture.percent("33.3333").discount(on: store).minorUnits == 33_333_300_000_000)
  }

  @Test(
    "half-up rounding stays exact on amounts far beyond 64 bits",
    arguments: [
      // (percent, minor units, expected discount in minor units), all exact; the comment
      // above a case gives the fraction of a minor unit the exact discount ends in.
      // …0.5 rounds up
      (
        "10", Int128(1_000_000_000_000_000_000_000_000_000_005),
        Int128(100_000_000_000_000_000_000_000_000_001)
      ),
      // …0.4 rounds down
      ("10", 1_000_000_000_000_000_000_000_000_000_004, 100_000_000_000_000_000_000_000_000_000),
      // …99.5 rounds up and carries
      ("10", 999_999_999_999_999_999_999_999_999_995, 100_000_000_000_000_000_000_000_000_000),
      // …0.999999 rounds up
      ("0.0001", 1_000_000_000_000_000_000_000_999_999, 1_000_000_000_000_000_000_001),
      // …0.5 rounds up
      ("0.0001", 1_000_000_000_000_000_000_000_500_000, 1_000_000_000_000_000_000_001),
      // …0.499999 rounds down
      ("0.0001", 1_000_000_000_000_000_000_000_499_999, 1_000_000_000_000_000_000_000),
      // ….25 rounds down
      ("12.5", 123_456_789_012_345_678_901_234_567_890, 15_432_098_626_543_209_862_654_320_986),
      ("33.3333", 1_000_000_000_000_000_000_000_000_000_000, 333_333_000_000_000_000_000_000_000_000),
      // ….333333 rounds down
      ("66.6667", 999_999_999_999_999_999_999_999_999_999, 666_666_999_999_999_999_999_999_999_999),
      // ….5 rounds up
      ("50", Int128.max, 85_070_591_730_234_615_865_843_651_857_942_052_864),
      ("99.9999", Int128.max, 170_141_013_319_285_771_262_455_572_028_580_389_843),
      ("0.0001", Int128.max, 170_141_183_460_469_231_731_687_303_715_884),
      ("100", Int128.max, Int128.max),
    ])
  func halfUpOnHugeAmounts(percent: String, minorUnits: Int128, expected: Int128) {
    let discount = Fixture.percent(percent).discount(on: Money(minorUnits: minorUnits, minorDigits: 2))
    #expect(discount.minorUnits == expected)
    #expect(discount.minorDigits == 2)
    #expect(discount.minorUnits <= minorUnits)
  }

  @Test("rounding is half away from zero for a negative amount too")
  func negativeAmounts() {
    let amount = Money(minorUnits: -1_000_000_000_000_000_000_000_000_000_005, minorDigits: 2)
    #expect(Fixture.percent("10").discount(on: amount).minorUnits == -100_000_000_000_000_000_000_000_000_001)
    #expect(Fixture.percent("50").discount(on: Money(minorUnits: -5, minorDigits: 0)).minorUnits == -3)
    #expect(Fixture.percent("49.99").discount(on: Money(minorUnits: -1, minorDigits: 0)).minorUnits == 0)
  }

  @Test("the percentage discount is formatted with the currency's digits")
  func formattedDiscount() {
    #expect(Fixture.percent("20").discount(on: Fixture.cents(12_800)).description == "25.60")
    #expect(
      Fixture.percent("25").discount(on: Money(minorUnits: 5_000, minorDigits: 3)).description == "1.250")
    #expect(Fixture.percent("50").discount(on: Money(minorUnits: 201, minorDigits: 0)).description == "101")
  }

  @Test(
    "percentages accepted: greater than 0, at most 100, at most 4 places",
    arguments: [
      ("20", Int64?(200_000)), ("12.5", 125_000), ("100", 1_000_000), ("100.0000", 1_000_000),
      ("0.0001", 1), ("99.9999", 999_999), ("0", nil), ("-5", nil), ("100.0001", nil), ("0.00001", nil),
      ("12.34567", nil), ("101", nil), ("1e2", 1_000_000), ("1e3", nil),
    ])
  func percentageRange(text: String, expected: Int64?) {
    #expect((try? Percentage(Fixture.decimal(text)))?.tenThousandths == expected)
  }

  @Test("a refused percentage says why: out of range, or too precise")
  func percentageErrors() {
    #expect(throws: PromotionRuleError.percentOutOfRange(field: "percentOff", Fixture.decimal("0"))) {
      try Percentage(Fixture.decimal("0"))
    }
    #expect(throws: PromotionRuleError.percentOutOfRange(field: "percentOff", Fixture.decimal("100.5"))) {
      try Percentage(Fixture.decimal("100.5"))
    }
    #expect(throws: PromotionRuleError.percentTooPrecise(field: "percentOff", Fixture.decimal("12.34567"))) {
      try Percentage(Fixture.decimal("12.34567"))
    }
  }

  @Test("a percentage prints as its plain decimal")
  func percentageDescription() {
    #expect(Fixture.percent("12.50").description == "12.5")
    #expect(Fixture.percent("20").description == "20")
    #expect(Fixture.percent("0.0001").description == "0.0001")
    #expect(Fixture.percent("12.5").decimal == Fixture.decimal("12.5"))
    #expect(Fixture.percent("10") < Fixture.percent("12.5"))
  }

  /// The terms of `promotion` in `minorDigits` (a promotion with no extras to keep: no
  /// tiers, get target or fine step).
  private func terms(_ promotion: Promotion, minorDigits: Int = 2) throws(UnpayableAmount) -> DealTerms {
    var extrasKept: [DealExtras] = []
    let terms = try DealTerms(
      promotion, storeIndex: 0, rank: 0, minorDigits: minorDigits, keepingExtrasIn: &extrasKept)
    precondition(extrasKept.isEmpty, "these terms would outlive their extras")
    return terms
  }

  @Test("amountOff takes off min(amountOff, amount)")
  func fixedCapped() throws {
    let terms = try terms(Fixture.discount("x", amount: "15.00"))
    #expect(terms.orderDiscount(base: 10_000, units: 1) == 1_500)
    #expect(terms.orderDiscount(base: 1_500, units: 1) == 1_500)
    #expect(terms.orderDiscount(base: 1_000, units: 1) == 1_000)
    #expect(terms.orderDiscount(base: 0, units: 1) == 0)
    #expect(terms.orderDiscount(base: 999, units: 1) == 999)
  }

  @Test("a threshold's terms apply from its minimum, inclusive")
  func thresholdTerms() throws {
    let terms = try terms(Fixture.threshold("x", minimum: "100.00", amount: "15.00"))
    #expect(terms.orderDiscount(base: 9_999, units: 1) == 0)
    #expect(terms.orderDiscount(base: 10_000, units: 1) == 1_500)
    let percent = try self.terms(Fixture.threshold("x", minimum: "0", percent: "10"))
    #expect(percent.orderDiscount(base: 0, units: 1) == 0)
    #expect(percent.orderDiscount(base: 105, units: 1) == 11)
  }

  @Test("promotion terms convert amounts to the order's minor digits")
  func promotionTerms() throws {
    let threshold = Fixture.threshold("t", minimum: "100.5", amount: "15.25")
    let cents = try terms(threshold)
    #expect(cents.minimum == 10_050)
    #expect(cents.sum == 1_525)
    let fils = try terms(threshold, minorDigits: 3)
    #expect(fils.minimum == 100_500)
    #expect(fils.sum == 15_250)
    // 15.25 cannot be taken off in yen; only amounts taken off can fail.
    #expect(throws: UnpayableAmount(field: "amountOff")) { try terms(threshold, minorDigits: 0) }
    let discount = Fixture.discount("d", amount: "0.5")
    #expect(throws: UnpayableAmount(field: "amountOff")) { try terms(discount, minorDigits: 0) }
    let percent = try terms(Fixture.discount("p", percent: "12.5"), minorDigits: 0)
    #expect(percent.benefit == .percentOff && percent.rate == 125_000)
    #expect(try !terms(Fixture.discount("p", percent: "12.5")).hasMinimum)
  }

  @Test("a minimum with more places than the currency is rounded up to the minor unit, never refused")
  func minimumRoundedUp() throws {
    // 100.5 in yen: 100 yen is below it, 101 is the least amount that is not.
    let yen = try terms(Fixture.threshold("t", minimum: "100.5", amount: "15"), minorDigits: 0)
    #expect(yen.minimum == 101)
    #expect(yen.sum == 15)
    #expect(yen.orderDiscount(base: 100, units: 1) == 0)
    #expect(yen.orderDiscount(base: 101, units: 1) == 15)
    // 99.995 in CNY: 99.99 does not qualify, 100.00 does.
    let cny = try terms(Fixture.threshold("t", minimum: "99.995", amount: "10"))
    #expect(cny.minimum == 10_000)
    #expect(cny.orderDiscount(base: 9_999, units: 1) == 0)
    #expect(cny.orderDiscount(base: 10_000, units: 1) == 1_000)
    // In KWD the same minimum is exact.
    let kwd = try terms(Fixture.threshold("t", minimum: "99.995", amount: "10"), minorDigits: 3)
    #expect(kwd.minimum == 99_995)
    #expect(kwd.orderDiscount(base: 99_994, units: 1) == 0)
    #expect(kwd.orderDiscount(base: 99_995, units: 1) == 10_000)
    // Tiny fractions round up to one minor unit; zero and whole minimums are unchanged.
    let tiny = try terms(Fixture.threshold("t", minimum: "0.000000000000000001", percent: "5"))
    #expect(tiny.minimum == 1)
    #expect(tiny.orderDiscount(base: 0, units: 1) == 0)
    #expect(try terms(Fixture.threshold("t", minimum: "0", percent: "5"), minorDigits: 0).minimum == 0)
    #expect(try terms(Fixture.threshold("t", minimum: "100.000", percent: "5")).minimum == 10_000)
    #expect(
      try terms(Fixture.threshold("t", minimum: "1000000000000", percent: "5"), minorDigits: 3).minimum
        == 1_000_000_000_000_000)
  }
}
