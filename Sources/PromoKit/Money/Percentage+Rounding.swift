// A percentage rounded by a store's rule (store format 4's `rounding`).

extension Percentage {
  /// `amount × percent / 100`, rounded to the minor unit by `rule`.
  ///
  ///     let five = try Percentage(DecimalNumber(significand: 5))
  ///     five.discount(on: Money(minorUnits: 17_290, minorDigits: 2), rounding: .halfEven)   // 8.64
  ///
  /// - Complexity: O(1).
  public func discount(on amount: Money, rounding rule: PercentageRounding) -> Money {
    let rounded = Self.rounded(amount.minorUnits.magnitude, tenThousandths: tenThousandths, rounding: rule)
    let signed = amount.minorUnits < 0 ? 0 - Int128(rounded) : Int128(rounded)
    return Money(minorUnits: signed, minorDigits: amount.minorDigits)
  }

  /// `amount × rate / 10^6` rounded by `rule`, for `amount >= 0` in minor units and a rate
  /// in ten-thousandths of a percent: ``rounded(_:tenThousandths:)`` for
  /// ``PercentageRounding/halfUp``, and the one definition of the other rules.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func rounded(_ amount: Int128, tenThousandths rate: Int64, rounding rule: PercentageRounding)
    -> Int128
  {
    Int128(rounded(amount.magnitude, tenThousandths: rate, rounding: rule))
  }

  /// ``rounded(_:tenThousandths:rounding:)`` of a magnitude. For a rate of at most 100% the
  /// result is at most `amount`, and no product overflows.
  private static func rounded(
    _ amount: UInt128, tenThousandths rate: Int64, rounding rule: PercentageRounding
  )
    -> UInt128
  {
    if rule == .halfUp { return UInt128(rounded(Int128(amount), tenThousandths: rate)) }
    // Split the amount into whole millions and a remainder, so that no product overflows:
    // amount × rate = millions × rate × 10^6 + rest × rate.
    let divisor: UInt128 = 1_000_000  // 100 × 10^4
    let (millions, rest) = amount.quotientAndRemainder(dividingBy: divisor)
    let (quotient, remainder) = (rest * UInt128(rate)).quotientAndRemainder(dividingBy: divisor)
    let whole = millions * UInt128(rate) + quotient
    switch rule {
    case .down: return whole
    case .halfEven:
      let twice = remainder * 2
      if twice > divisor || (twice == divisor && whole % 2 == 1) { return whole + 1 }
      return whole
    case .halfUp: return remainder * 2 >= divisor ? whole + 1 : whole
    }
  }
}
