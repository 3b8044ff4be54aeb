/// The minimums a promotion is tested against (for pricing and for `below-minimum`): its own, or, for a
/// threshold with tiers, its first tier's (it applies once that tier is reached).
///
///     promotion.testedMinimumAmount   // 100.00 for "10 off 100, 25 off 200"
///
/// - Complexity: O(1).
extension Promotion {
  /// Its `minimumAmount`, or its first tier's when its tiers count amounts.
  var testedMinimumAmount: DecimalNumber? {
    if let minimumAmount { return minimumAmount }
    guard case .amount(let amount) = benefit.tierLadder?.tiers.first?.minimum else { return nil }
    return amount
  }

  /// Its `minimumQuantity`, or its first tier's when its tiers count units.
  var testedMinimumQuantity: Int64? {
    if let minimumQuantity { return minimumQuantity }
    guard case .quantity(let units) = benefit.tierLadder?.tiers.first?.minimum else { return nil }
    return units
  }
}
