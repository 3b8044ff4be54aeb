/// The benefit `percentOff`: a percentage of what it is applied to, rounded once to the
/// minor unit (``Percentage/rounded(_:tenThousandths:)``), at most a cap where the deal has
/// one. On a line it is taken of the units the deal covers, on an order deal of its base,
/// on a shipping deal of the shipping; a buy/get takes its percentage of the units it gets.
///
///     DealTerms.percentageOff(200_000, of: 18_250, cap: 5_000)   // 3_650: 20% of 182.50
///
/// - Complexity: each is O(1).
extension DealTerms {
  /// `percentOff` (a rate in ten-thousandths of a percent) of `amount` minor units, at
  /// most `cap` (a `maximumDiscount`).
  /// Rounded half up, or by `rounding` (a store's rule).
  @inline(__always)
  static func percentageOff(
    _ rate: Int64, of amount: Int128, cap: Int128 = .max, rounding: PercentageRounding = .halfUp
  ) -> Int128 {
    let rounded =
      rounding == .halfUp
      ? Percentage.rounded(amount, tenThousandths: rate)
      : Percentage.rounded(amount, tenThousandths: rate, rounding: rounding)
    return min(rounded, cap)
  }

  /// This deal's percentage `rate` of `amount`, at most `cap`, rounded by its store's rule.
  @inline(__always)
  func percentageOff(_ rate: Int64, of amount: Int128, cap: Int128 = .max) -> Int128 {
    Self.percentageOff(rate, of: amount, cap: cap, rounding: rounding)
  }

  /// What this percentage takes off `units` units of a line at `unitPrice` minor units.
  @inline(__always)
  func percentageOff(unitPrice: Int128, units: Int64) -> Int128 {
    percentageOff(rate, of: RateArithmetic.product(unitPrice, units))
  }

  /// Whether this percentage takes at least what `other`, a percentage too, takes off
  /// every amount: at least its rate, at most as low a cap (a percentage rounds the same
  /// way on the same amount, so a higher rate never takes less).
  func percentageTakesAtLeast(_ other: DealTerms) -> Bool {
    rate >= other.rate && capUnits >= other.capUnits
  }

  /// Adds this percentage to `bound`: none of the deals it bounds takes more than the
  /// highest rate among them (their caps only lower what they take).
  func includePercentage(in bound: inout TakenBound) {
    bound.rate = max(bound.rate, rate)
  }

  /// This percentage as the pieces of what it takes off a base, from `minimum` up (every
  /// base when `nil`): uncapped, one piece; capped, the cap from the base where the rate
  /// reaches it (its breakpoint, or the minimum when that is later), and the rate below
  /// the breakpoint when the minimum is lower.
  var percentagePieces: (AmountPiece, AmountPiece?) {
    let minimum = minimumUnits > 0 ? minimum : nil
    guard capUnits != .max else { return (.rate(rate, from: minimum), nil) }
    let breakpoint = RateArithmetic.breakpoint(rate: rate, cap: cap)
    let capped = AmountPiece.sum(cap, from: max(breakpoint, minimum ?? 0))
    guard (minimum ?? 0) < breakpoint else { return (capped, nil) }
    return (capped, .rateBelow(rate, from: minimum, below: breakpoint))
  }
}
