/// A bound on what some discounts and thresholds take off any base up to an amount,
/// gathered without an amount: the largest sum (or cap of a repeating threshold) and the
/// largest percentage among them, and the smallest minimums (amount and units) among them.
///
///     var bound = TakenBound()
///     terms.include(in: &bound)
///     bound.bound(upTo: 18_525)   // none of them takes more off a base of at most 185.25
///
/// - Complexity: O(1) for each question.
struct TakenBound: Sendable {
  /// The largest sum off, or cap of a repeating threshold, in minor units.
  var sum: Int64 = 0
  /// The largest percentage off, in ten-thousandths of a percent.
  var rate: Int64 = 0
  /// Whether one is a repeating threshold without a cap (which may take the whole base).
  var isUnbounded = false
  /// The smallest minimum amount among them, in minor units (0 when one has none;
  /// `Int64.max` when there is none of them).
  var minimum: Int64 = .max
  /// The smallest minimum of units among them (0 when one has none; `Int64.max` when
  /// there is none of them).
  var minimumQuantity: Int64 = .max

  /// Adds the deals of `other`.
  mutating func formUnion(_ other: TakenBound) {
    sum = max(sum, other.sum)
    rate = max(rate, other.rate)
    isUnbounded = isUnbounded || other.isUnbounded
    minimum = min(minimum, other.minimum)
    minimumQuantity = min(minimumQuantity, other.minimumQuantity)
  }

  /// At least what any of them takes off a base of at most `amount` minor units.
  func bound(upTo amount: Int128) -> Int128 {
    bound(upTo: amount, units: .max)
  }

  /// At least what any of them takes off a base of at most `amount` minor units over at
  /// most `units` units: nothing when the amount is below every one's minimum amount, or
  /// the units below every one's minimum of units (a deal takes nothing below either of
  /// its minimums, ``DealTerms/orderDiscount(base:units:)``).
  func bound(upTo amount: Int128, units: Int64) -> Int128 {
    if amount < Int128(minimum) || units < minimumQuantity { return 0 }
    if isUnbounded { return amount }
    return min(amount, max(Int128(sum), DealTerms.percentageOff(rate, of: amount)))
  }
}
