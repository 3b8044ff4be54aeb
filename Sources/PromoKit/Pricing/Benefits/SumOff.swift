/// The benefit `amountOff`, taken once: a fixed sum off an order deal's base or off the
/// shipping, never more than it (so no total is negative); on a line, the sum off each unit
/// the deal covers, never more than the unit price. (Taken for each step of a repeating
/// threshold, it is ``repeatedSumOff(_:steps:cap:of:)``.)
///
///     DealTerms.sumOff(1_500, of: 1_200)   // 1_200: the whole base
///
/// - Complexity: each is O(1).
extension DealTerms {
  /// `amountOff` on an amount (an order's base, the shipping, one unit of a line): never
  /// more than the amount.
  @inline(__always)
  static func sumOff(_ sum: Int128, of base: Int128) -> Int128 {
    min(sum, base)
  }

  /// `amountOff` on a line: `sum` off each of `units` units, never more than the unit price.
  @inline(__always)
  static func perUnitOff(_ sum: Int128, unitPrice: Int128, units: Int64) -> Int128 {
    RateArithmetic.product(sumOff(sum, of: unitPrice), units)
  }

  /// Whether this sum takes at least what `other`, a sum taken once too, takes off every
  /// amount (or every unit): at least its sum.
  func sumTakesAtLeast(_ other: DealTerms) -> Bool {
    sumUnits >= other.sumUnits
  }

  /// Adds this sum to `bound`: none of the deals it bounds takes more than the largest sum.
  func includeSum(in bound: inout TakenBound) {
    bound.sum = max(bound.sum, sumUnits)
  }

  /// This sum, taken once, as the piece of what it takes off a base: from its minimum up.
  var sumPieces: (AmountPiece, AmountPiece?) {
    (.sum(sum, from: minimumUnits > 0 ? minimum : nil), nil)
  }
}
