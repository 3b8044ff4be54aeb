/// A percentage with at most four decimal places, such as `20` or `12.5`, held exactly.
///
/// ``discount(on:)`` applies the rounding of the pricing rules: `amount × percent / 100`, rounded
/// half-up (away from zero) to the minor unit, once.
///
///     let twenty = Percentage(DecimalNumber(significand: 20))!
///     twenty.discount(on: Money(minorUnits: 12_800, minorDigits: 2))   // 25.60
public struct Percentage: Sendable, Hashable, BitwiseCopyable, Comparable, CustomStringConvertible {
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
  /// four decimal places; otherwise throws ``PromotionRuleError/percentOutOfRange(field:_:)``
  /// or ``PromotionRuleError/percentTooPrecise(field:_:)`` naming `percentOff`.
  ///
  ///     let half = try Percentage(DecimalNumber(significand: 50))
  public init(_ decimal: DecimalNumber) throws(PromotionRuleError) {
    if decimal.isNegative || decimal.isZero || DecimalNumber(significand: 100) < decimal {
      throw .percentOutOfRange(field: "percentOff", decimal)
    }
    guard let units = decimal.units(atScale: Self.maximumDecimalPlaces) else {
      throw .percentTooPrecise(field: "percentOff", decimal)
    }
    tenThousandths = units
  }

  /// The decimal value of the percentage.
  public var decimal: DecimalNumber {
    DecimalNumber(significand: tenThousandths, scale: Self.maximumDecimalPlaces)
  }

  /// Orders percentages by value.
  public static func < (lhs: Percentage, rhs: Percentage) -> Bool { lhs.tenThousandths < rhs.tenThousandths }

  /// `amount × percent / 100`, rounded half-up (away from zero) to the minor unit.
  ///
  /// - Complexity: O(1).
  public func discount(on amount: Money) -> Money {
    let rounded = Self.rounded(amount.minorUnits.magnitude, tenThousandths: tenThousandths)
    let signed = amount.minorUnits < 0 ? Int128(truncatingIfNeeded: 0 &- rounded) : Int128(rounded)
    return Money(minorUnits: signed, minorDigits: amount.minorDigits)
  }

  /// `amount × rate / 10^6` rounded half-up, for `amount >= 0` in minor units and a rate
  /// in ten-thousandths of a percent: the one rounding of a percentage, which
  /// ``discount(on:)`` and every search and index of the pricing use.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func rounded(_ amount: Int128, tenThousandths rate: Int64) -> Int128 {
    Int128(rounded(amount.magnitude, tenThousandths: rate))
  }

  /// ``rounded(_:tenThousandths:)`` of a magnitude. For a rate of at most 100% the result
  /// is at most `amount`, and no product overflows.
  @inline(__always)
  private static func rounded(_ amount: UInt128, tenThousandths rate: Int64) -> UInt128 {
    if let small = UInt64(exactly: amount) {
      // The common case, in hardware: a 64 × 64 → 128-bit product, divided by 10^6.
      let product = small.multipliedFullWidth(by: UInt64(rate))
      if product.high == 0 && product.low <= UInt64.max - 500_000 {
        // In 64 bits: a division by a constant, which needs no divide.
        return UInt128((product.low + 500_000) / 1_000_000)
      }
      let (low, carry) = product.low.addingReportingOverflow(500_000)
      let (quotient, _) = UInt64(1_000_000).dividingFullWidth((product.high + (carry ? 1 : 0), low))
      return UInt128(quotient)
    }
    // Beyond 64 bits: split the amount into whole millions and a remainder, so that no
    // product overflows.
    let divisor: UInt128 = 1_000_000  // 100 × 10^4
    let (millions, rest) = amount.quotientAndRemainder(dividingBy: divisor)
    return millions * UInt128(rate) + (rest * UInt128(rate) + divisor / 2) / divisor
  }

  /// The percentage as plain decimal text, such as `"12.5"`.
  public var description: String { decimal.description }
}
