import PromoTestSupport
import Testing

@testable import PromoKit

/// ``DecimalNumber/plainText(minimumFractionDigits:)`` writes the digits itself; it must
/// give the characters of ``DecimalNumber/formatted(minimumFractionDigits:)``.
@Suite("Decimal text written digit by digit agrees with formatted")
struct DecimalTextTests {
  @Test("random significands, scales and minimum digits, with the extremes")
  func randomValues() {
    for value in Self.sampleValues(seed: 2020) {
      for minimum in 0...6 {
        // A value whose digits do not fit 64 bits at that many places traps in both.
        let places = max(value.scale, minimum)
        let shift = UInt64(DecimalNumber.powerOfTen(places - value.scale))
        if value.significand.magnitude.multipliedReportingOverflow(by: shift).overflow { continue }
        #expect(
          value.plainText(minimumFractionDigits: minimum) == value.formatted(minimumFractionDigits: minimum),
          "\(value.significand)e-\(value.scale), \(minimum) digits")
      }
    }
  }

  /// The extremes and 20,000 random decimals of up to 18 digits at scales 0 to 18, a
  /// quarter of them short: the values the decimal writers are held to `formatted` on.
  static func sampleValues(seed: UInt64) -> [DecimalNumber] {
    var random = SplitMix64(seed: seed)
    var values: [DecimalNumber] = [
      DecimalNumber(significand: 0), DecimalNumber(significand: 1), DecimalNumber(significand: -1),
      DecimalNumber(significand: Int64.max), DecimalNumber(significand: Int64.min + 1),
      DecimalNumber(significand: 1, scale: 18), DecimalNumber(significand: -5, scale: 3),
    ]
    for _ in 0..<20_000 {
      let digits = Int(random.next() % 19)
      var significand = Int64(bitPattern: random.next()) % DecimalNumber.powerOfTen(digits)
      if random.next() % 4 == 0 { significand = significand % 100_000 }
      values.append(DecimalNumber(significand: significand, scale: Int(random.next() % 19)))
    }
    return values
  }
}
