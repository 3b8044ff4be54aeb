/// Order deals: what a discount or threshold takes off the base of an order (minimums, caps,
/// repeating steps counted exactly), and bounds on it found with less arithmetic.
///
///     terms.orderDiscount(base: 18_525, units: 4)
///
/// - Complexity: each is O(1).
extension DealTerms {
  /// What a discount or threshold takes off a base of `base` minor units over `units`
  /// units, or 0 when it does not apply there (a minimum not reached, nothing to take).
  func orderDiscount(base: Int128, units: Int64) -> Int128 {
    if base < minimum || units < minimumQuantity { return 0 }
    let taken: Int128
    switch benefit {
    case .percentOff:
      taken = Self.percentageOff(rate, of: base, cap: cap)
    case .amountOff:
      if repeats {
        let steps: Int128 =
          if !hasMinimum {
            Int128(units / minimumQuantity)
          } else if fineStep.isZero {
            base / minimum
          } else {
            Self.steps(of: fineStep, in: base, minorDigits: Int(minorDigits))
          }
        taken = Self.repeatedSumOff(sum, steps: steps, cap: cap, of: base)
      } else {
        taken = Self.sumOff(sum, of: base)
      }
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
    return max(taken, 0)
  }

  /// Adds this discount or threshold to `bound`, which then bounds what it takes too.
  func include(in bound: inout TakenBound) {
    bound.minimum = min(bound.minimum, minimumUnits)
    bound.minimumQuantity = min(bound.minimumQuantity, minimumQuantity)
    switch benefit {
    case .percentOff: bound.rate = max(bound.rate, rate)
    case .amountOff:
      if !repeats {
        bound.sum = max(bound.sum, sumUnits)
      } else if capUnits != .max {
        bound.sum = max(bound.sum, capUnits)
      } else {
        bound.isUnbounded = true
      }
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// Whether ``orderDiscountBound(base:units:)`` is exactly what
  /// ``orderDiscount(base:units:)`` takes: for every discount and threshold but a
  /// repeating sum off (the two compute the same percentage, or the same sum off the base).
  var orderDiscountBoundIsExact: Bool { benefit == .percentOff || !repeats }

  /// At least what ``orderDiscount(base:units:)`` takes, found with less arithmetic: what
  /// it takes, but for a repeating threshold, its cap or the base.
  @inline(__always)
  func orderDiscountBound(base: Int128, units: Int64) -> Int128 {
    if base < minimum || units < minimumQuantity { return 0 }
    switch benefit {
    case .percentOff: return max(Self.percentageOff(rate, of: base, cap: cap), 0)
    case .amountOff: return max(Self.sumOff(repeats ? cap : sum, of: base), 0)
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// `floor(base / step)`, exactly, for `base` in minor units and a step (a repeating
  /// threshold's `minimumAmount`, above 0) that may be finer than the currency; a count
  /// too large for 128 bits is given as the largest one.
  static func steps(of step: DecimalNumber, in base: Int128, minorDigits: Int) -> Int128 {
    if step.scale <= minorDigits { return base / step.unitsRoundedUp(atScale: minorDigits) }
    // base / (significand / 10^(scale - minorDigits)), by long division so that nothing
    // overflows: base = q × significand + r, and (r × 10^k) < significand × 10^18.
    let significand = Int128(step.significand)
    let power = Int128(DecimalNumber.powerOfTen(step.scale - minorDigits))
    let (whole, remainder) = base.quotientAndRemainder(dividingBy: significand)
    let (high, overflow) = whole.multipliedReportingOverflow(by: power)
    if overflow { return .max }
    let (total, carry) = high.addingReportingOverflow(remainder * power / significand)
    return carry ? .max : total
  }
}
