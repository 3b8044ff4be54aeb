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
    case .percentOff: taken = percentageOff(rate, of: base, cap: cap)
    case .amountOff: taken = repeats ? repeatedSumOff(base: base, units: units) : Self.sumOff(sum, of: base)
    case .tiers: taken = tierOff(base: base, units: units)
    case .fixedPrice, .buyGet, .bundle, .gift:
      preconditionFailure("an order deal takes a percentage or a sum")
    }
    return max(taken, 0)
  }

  /// Adds this discount or threshold to `bound`, which then bounds what it takes too.
  func include(in bound: inout TakenBound) {
    bound.minimum = min(bound.minimum, minimumUnits)
    bound.minimumQuantity = min(bound.minimumQuantity, minimumQuantity)
    switch benefit {
    case .percentOff: includePercentage(in: &bound)
    case .amountOff: if repeats { includeRepeatedSum(in: &bound) } else { includeSum(in: &bound) }
    case .tiers: includeTiers(in: &bound)
    case .fixedPrice, .buyGet, .bundle, .gift:
      preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// Whether ``orderDiscountBound(base:units:)`` is exactly what
  /// ``orderDiscount(base:units:)`` takes: for a percentage rounded half up and a sum off,
  /// repeating or not (the two compute the same); not for tiers or a percentage rounded
  /// another way (the bound rounds half up, never less).
  var orderDiscountBoundIsExact: Bool {
    switch benefit {
    case .percentOff: rounding == .halfUp
    case .amountOff: true
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift: false
    }
  }

  /// Whether it never takes more off a smaller base (or fewer units): every discount and
  /// threshold but one with tiers, whose deeper tier may take less than an earlier one.
  var takesLessOnLessBase: Bool { benefit != .tiers }

  /// At least what ``orderDiscount(base:units:)`` takes, found with less arithmetic: what
  /// it takes (a repeating threshold's steps counted too: a bound of its cap or the base
  /// let every one of them through to be priced, and to be kept for the pairs), but for
  /// tiers and a percentage rounded otherwise than half up.
  @inline(__always)
  func orderDiscountBound(base: Int128, units: Int64) -> Int128 {
    if base < minimum || units < minimumQuantity { return 0 }
    switch benefit {
    case .percentOff: return max(Self.percentageOff(rate, of: base, cap: cap), 0)
    case .amountOff:
      return max(repeats ? repeatedSumOff(base: base, units: units) : Self.sumOff(sum, of: base), 0)
    case .tiers: return tierBound(base: base, units: units)
    case .fixedPrice, .buyGet, .bundle, .gift:
      preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// Appends to `pieces` those of ``orderDiscountBound(base:units:)`` for a deal acting on
  /// every line of an order of `units` units, its base the amount the order has left
  /// (``WholeDealBounds``); none when it cannot apply to those units. A repeating
  /// threshold's piece is its cap (or the base): at least what its steps take.
  ///
  /// - Complexity: O(*t*) for *t* tiers.
  func appendWholeBoundPieces(units: Int64, to pieces: inout [WholeDealBounds.Piece]) {
    guard units >= minimumQuantity else { return }
    switch benefit {
    case .percentOff: pieces.append(.init(reach: minimum, rate: rate, cap: cap, sharesLeft: true))
    case .amountOff: pieces.append(.init(reach: minimum, sum: repeats ? cap : sum))
    case .tiers: appendTierBoundPieces(units: units, to: &pieces)
    case .fixedPrice, .buyGet, .bundle, .gift:
      preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// At least what this order deal takes off any base of at most `amount`: a percentage's
  /// share of it (a share rounds the same way on every amount, so never takes more of
  /// less), and for every other benefit the amount itself.
  ///
  /// - Complexity: O(1).
  func mostOff(ofAtMost amount: Int128) -> Int128 {
    benefit == .percentOff ? max(percentageOff(rate, of: amount, cap: cap), 0) : amount
  }

  /// The least an order has left after this order deal applies, when it had at least
  /// `left` before and the deal takes at most `bound`. The deal applies only where its base
  /// reaches its minimum, so the order had at least that much too; and what an order has
  /// left after the deal never grows as what it had before shrinks (``mostOff(ofAtMost:)``
  /// grows by at most what the amount does).
  ///
  /// - Complexity: O(1).
  func leastLeft(after left: Int128, bound: Int128) -> Int128 {
    let reached = max(left, minimum)
    return reached - min(bound, mostOff(ofAtMost: reached))
  }

  /// What a plain discount or threshold (no repeat, no minimum of units) takes off a base,
  /// as the pieces its benefit is made of: what the index of plain deals is fed.
  var amountPieces: (AmountPiece, AmountPiece?) {
    switch benefit {
    case .percentOff: percentagePieces
    case .amountOff: sumPieces
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift:
      preconditionFailure("a plain deal takes a percentage or a sum")
    }
  }
}
