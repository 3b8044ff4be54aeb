/// The benefit of a repeating threshold (`repeat` with `amountOff`): the sum for every full
/// step of its base (its `minimumAmount`) or of its units (its `minimumQuantity`), at most
/// its cap, never more than the base ("10 off every 100").
///
///     DealTerms.repeatedSumOff(1_000, steps: 3, cap: 2_500, of: 31_000)   // 2_500
///
/// - Complexity: each is O(1).
extension DealTerms {
  /// What this repeating threshold takes off a base of `base` minor units over `units`
  /// units, its minimum reached.
  func repeatedSumOff(base: Int128, units: Int64) -> Int128 {
    let steps: Int128 =
      if !hasMinimum {
        Int128(units / minimumQuantity)
      } else if fineStep.isZero {
        // (In 64 bits when the base fits, as it nearly always does: a 128-bit division is
        // a call of its own.)
        Int64(exactly: base).map { Int128($0 / minimumUnits) } ?? base / minimum
      } else {
        Self.steps(of: fineStep, in: base, minorDigits: Int(minorDigits))
      }
    return Self.repeatedSumOff(sum, steps: steps, cap: cap, of: base)
  }

  /// `sum` for each of `steps` steps, at most `cap`, never more than the base (a product
  /// beyond 128 bits is more than any cap or base).
  @inline(__always)
  static func repeatedSumOff(_ sum: Int128, steps: Int128, cap: Int128, of base: Int128) -> Int128 {
    let (product, overflow) = steps.multipliedReportingOverflow(by: sum)
    return sumOff(min(overflow ? .max : product, cap), of: base)
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

  /// Whether this repeating threshold takes at least what `other`, one too, takes off
  /// every base its minimum lets `other` apply to: counting the same (amount or units),
  /// no longer a step (so at least as many steps: the minimums are compared where deals
  /// are), no smaller a sum and no lower a cap. A step finer than the currency is compared
  /// by none of this: such a deal outdoes no other and none outdoes it.
  func repeatedSumTakesAtLeast(_ other: DealTerms) -> Bool {
    hasMinimum == other.hasMinimum && fineStep.isZero && other.fineStep.isZero
      && minimumUnits <= other.minimumUnits && minimumQuantity <= other.minimumQuantity
      && sumUnits >= other.sumUnits && capUnits >= other.capUnits
  }

  /// Adds this repeating threshold to `bound`: it takes at most its cap, or, without one,
  /// perhaps the whole base.
  func includeRepeatedSum(in bound: inout TakenBound) {
    if capUnits != .max {
      bound.sum = max(bound.sum, capUnits)
    } else {
      bound.isUnbounded = true
    }
  }
}
