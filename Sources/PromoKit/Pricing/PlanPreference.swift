/// The rule for the best plan, defined once for the search (``ExactPlanSearch``) and the
/// index of the plain order deals (``PlainOrderDeals``): the lower total wins; at equal totals, the plan with fewer
/// promotions; then the one whose promotion ids, in application order, are lower as byte
/// strings, which their ranks among the store's ids compare.
///
///     PlanPreference.prefers(
///       total: 8_900, count: 1, rank: { _ in 4 }, overTotal: 8_900, count: 2, rank: { _ in 0 })
///     // true: the same total with fewer promotions
///
/// - Complexity: O(*p*) for plans of *p* promotions.
package enum PlanPreference {
  /// Whether a plan beats another, each seen as the rule sees it: its total in minor
  /// units, how many promotions it applies, and the rank of the id of its promotion at each
  /// position in application order.
  @inline(__always)
  package static func prefers(
    total: Int128, count: Int, rank: (Int) -> Int32,
    overTotal otherTotal: Int128, count otherCount: Int, rank otherRank: (Int) -> Int32
  ) -> Bool {
    if total != otherTotal { return total < otherTotal }
    if count != otherCount { return count < otherCount }
    for position in 0..<count {
      let (mine, theirs) = (rank(position), otherRank(position))
      if mine != theirs { return mine < theirs }
    }
    return false
  }
}
