/// A percentage with at most four decimal places, such as `20` or `12.5`, held exactly.
///
/// ``discount(on:)`` applies the contract's rounding: `amount × percent / 100`, rounded
/// half-up (away from zero) to the minor unit, once.
///
///     let twenty = Percentage(DecimalNumber(significand: 20))!
///     twenty.discount(on: Money(minorUnits: 12_800, minorDigits: 2))   // 25.60
public struct Percentage: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number of decimal places a percentage may have.
  public static let maximumDecimalPlaces = 4

  /// The percentage in units of 1/10,000 of a percent (`20` is 200,000).
  public let tenThousandths: Int64

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
  /// The product is taken in 128 bits, so it cannot overflow; for a percentage of at most
  /// 100 the result is at most `amount`.
  ///
  /// Complexity: O(1).
  public func discount(on amount: Money) -> Money {
    let scaled = Int128(amount.minorUnits) * Int128(tenThousandths)
    let divisor: Int128 = 1_000_000  // 100 × 10^4
    let half = divisor / 2
    let rounded = scaled >= 0 ? (scaled + half) / divisor : -((-scaled + half) / divisor)
    return Money(minorUnits: Int64(rounded), minorDigits: amount.minorDigits)  // |rounded| <= |amount|
  }

  /// The percentage as plain decimal text, such as `"12.5"`.
  public var description: String { decimal.description }
}
