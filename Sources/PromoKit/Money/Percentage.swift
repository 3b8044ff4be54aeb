/// A percentage with at most four decimal places, such as `20` or `12.5`, held exactly.
///
/// ``discount(on:)`` applies the rounding of the pricing rules: `amount × percent / 100`, rounded
/// half-up (away from zero) to the minor unit, once.
///
///     let twenty = Percentage(DecimalNumber(significand: 20))!
///     twenty.discount(on: Money(minorUnits: 12_800, minorDigits: 2))   // 25.60
public struct Percentage: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number of decimal places a percentage may have.
  public static let maximumDecimalPlaces = 4

  /// The percentage in units of 1/10,000 of a percent (`20` is 200,000).
  public let tenThousandths: Int64

  /// 100%: everything off.
  public static let hundred = Percentage(tenThousandths: 1_000_000)

  private init(tenThousandths: Int64) {
    self.tenThousandths = tenThousandths
  }

  /// Creates a percentage from a decimal greater than 0, at most 100 and with at most
  /// four decimal places, else `nil`.
  public init?(_ decimal: DecimalNumber) {
    guard let units = decimal.units(atScale: Self.maximumDecimalPlaces), units > 0, units <= 1_000_000 else {
      return nil
    }
    tenThousandths = units
  }

  /// The decimal value of the percentage.
  public var decimal: DecimalNumber {
    DecimalNumber(significand: tenThousandths, scale: Self.maximumDecimalPlaces)
  }

  /// Orders percentages by value.
  public static func < (lhs: Percentage, rhs: Percentage) -> Bool { lhs.tenThousandths < rhs.tenThousandths }

  /// `amount × percent / 100`, rounded half-up to the minor unit.
  ///
  /// The amount is split into whole millions and a remainder so that no product can
  /// overflow; for a percentage of at most 100 the result is at most `amount`.
  ///
  /// Complexity: O(1).
  public func discount(on amount: Money) -> Money {
    let magnitude = amount.minorUnits.magnitude
    if let small = UInt64(exactly: magnitude) {
      // The common case, in hardware: a 64 × 64 → 128-bit product, divided by 10^6.
      let product = small.multipliedFullWidth(by: UInt64(tenThousandths))
      if product.high == 0 && product.low <= UInt64.max - 500_000 {
        // In 64 bits: a division by a constant, which needs no divide.
        let rounded = Int128((product.low + 500_000) / 1_000_000)
        return Money(minorUnits: amount.minorUnits < 0 ? -rounded : rounded, minorDigits: amount.minorDigits)
      }
      let (low, carry) = product.low.addingReportingOverflow(500_000)
      let (quotient, _) = UInt64(1_000_000).dividingFullWidth((product.high + (carry ? 1 : 0), low))
      let rounded = Int128(quotient)
      return Money(minorUnits: amount.minorUnits < 0 ? -rounded : rounded, minorDigits: amount.minorDigits)
    }
    // Beyond 64 bits: split the magnitude into whole millions and a remainder, so that no
    // product overflows; the rounded result is at most the magnitude.
    let divisor: UInt128 = 1_000_000  // 100 × 10^4
    let rate = UInt128(tenThousandths)
    let (millions, rest) = magnitude.quotientAndRemainder(dividingBy: divisor)
    let rounded = millions * rate + (rest * rate + divisor / 2) / divisor
    let signed = amount.minorUnits < 0 ? Int128(truncatingIfNeeded: 0 &- rounded) : Int128(rounded)
    return Money(minorUnits: signed, minorDigits: amount.minorDigits)
  }

  /// The percentage as plain decimal text, such as `"12.5"`.
  public var description: String { decimal.description }
}
