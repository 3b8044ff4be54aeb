/// The benefit `tiers` of a threshold: the deepest tier its base (or its units) reaches
/// takes its own percentage or sum, at most the threshold's cap and never more than the
/// base. A deeper tier may take less than an earlier one (the merchant's ladder as
/// written), so what it takes is not monotone in the base; its bound is: the most any tier
/// reached at or below the base would take there.
///
///     terms.tierOff(base: 23_841, units: 3)   // 2_500: the second tier, 25.00 off
///
/// - Complexity: each is O(*t*) for *t* tiers (at most 20).
extension DealTerms {
  /// The number of the tier a base of `base` minor units over `units` units reaches, from 0;
  /// `nil` below the first.
  func tierReached(base: Int128, units: Int64) -> Int? {
    withExtras { extras in
      let reached = Self.tiersReached(extras, base: base, units: units)
      return reached > 0 ? reached - 1 : nil
    } ?? nil
  }

  /// How many tiers of `extras`, from the first, a base of `base` minor units over `units`
  /// units reaches: the one rule of when a tier applies.
  private static func tiersReached(_ extras: DealExtras, base: Int128, units: Int64) -> Int {
    let measured = extras.rungsCountUnits ? Int128(units) : base
    var reached = 0
    while reached < extras.rungs.count, measured >= Int128(extras.rungs[reached].minimum) { reached += 1 }
    return reached
  }

  /// What the tier `rung` takes off `base`, at most the cap and the base, its percentage
  /// rounded by `rounding`.
  private func rungOff(_ rung: DealExtras.Rung, base: Int128, rounding: PercentageRounding) -> Int128 {
    let taken =
      rung.rate > 0
      ? Self.percentageOff(rung.rate, of: base, cap: cap, rounding: rounding) : min(Int128(rung.sum), cap)
    return max(min(taken, base), 0)
  }

  /// What the threshold with tiers takes off `base` over `units` units: its deepest tier
  /// reached's benefit; 0 below the first tier.
  func tierOff(base: Int128, units: Int64) -> Int128 {
    guard let reached = tierReached(base: base, units: units) else { return 0 }
    return withExtras { rungOff($0.rungs[reached], base: base, rounding: rounding) } ?? 0
  }

  /// At least what it takes off any base up to `base` (and units up to `units`): the most
  /// a tier reached there takes off `base`, rounded half up (no rounding takes more).
  func tierBound(base: Int128, units: Int64) -> Int128 {
    // (The tiers read in place; a loop, not `reduce`.)
    withExtras { extras in
      var most: Int128 = 0
      for index in 0..<Self.tiersReached(extras, base: base, units: units) {
        most = max(most, rungOff(extras.rungs[index], base: base, rounding: .halfUp))
      }
      return most
    } ?? 0
  }

  /// Appends to `pieces` those of ``tierBound(base:units:)`` on the whole of an order of
  /// `units` units: each tier, reached from its minimum amount on (or, counting units,
  /// reached by `units`), takes at most its rate and the cap, or its sum and the cap.
  func appendTierBoundPieces(units: Int64, to pieces: inout [WholeDealBounds.Piece]) {
    guard let extras else { return }
    for rung in extras.rungs {
      var reach = minimum
      if extras.rungsCountUnits {
        guard units >= rung.minimum else { break }
      } else {
        reach = max(reach, Int128(rung.minimum))
      }
      pieces.append(
        rung.rate > 0
          ? .init(reach: reach, rate: rung.rate, cap: cap)
          : .init(reach: reach, sum: min(Int128(rung.sum), cap)))
    }
  }

  /// Adds the tiers to `bound`: none takes more than the highest rate or sum among them.
  func includeTiers(in bound: inout TakenBound) {
    guard let extras else { return }
    for rung in extras.rungs {
      bound.rate = max(bound.rate, rung.rate)
      bound.sum = max(bound.sum, rung.sum)
    }
  }
}
