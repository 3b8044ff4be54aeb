/// The points the layered search has extended a chain of order deals from, each with the
/// best chain that got there, when every deal of the later layers acts on every line: a
/// chain that reaches a point another reached first, and is no better, need not be
/// extended again (a transposition table).
///
/// What a chain can still add depends only on where it stands: the next layer, what its
/// lines have left, and the classes its deals combine with (which shipping deal may join).
/// When every deal of the later layers acts on every line, what the lines have left counts
/// only by its sum: what such a deal takes depends on that sum alone, and leaves a sum
/// smaller by what it took. Every plan made by adding the same deals to two chains keeps
/// their order: the more taken so far, then the fewer promotions, then the lower ids (the
/// rule for the best plan, ``PlanPreference``, as the chains' deals come first in
/// application order). So when the chain found first is at least as good, each plan of the
/// later one is at most as good as that plan of the first, which the search either offered
/// or cut off as unable to beat the best plan found by then (and the best plan only gets
/// better).
///
/// Chains of different deals leave the same sum often when shop-wide deals take round
/// sums: 10.00 then 20.00, or 20.00 then 10.00, or 30.00 in one layer and none in the
/// other. Chains of targeted deals are not looked up: what each line has left seldom
/// repeats, and hashing it costs more than the chains it would spare.
///
///     var visited = VisitedChains()
///     if visited.isWorthExtending(plan, from: point, in: search) { ... }
///
/// - Complexity: O(*n*) a look-up, for chains of *n* promotions; at most
///   ``remembersAtMost`` points are kept.
struct VisitedChains {
  /// Where a chain stands: the index of the next layer it may take a deal from, the
  /// classes its deals all combine with (``PromotionClasses/setIndex``), and the sum of
  /// what its lines have left.
  struct Point: Hashable {
    var nextLayer: Int
    var combines: Int
    var whole: Int128
  }

  /// Past this many points, no more are kept: the search stays right, and its memory
  /// bounded.
  static let remembersAtMost = 250_000
  private var bestChain: [Point: ExactPlanSearch.Plan] = [:]

  /// Whether the chain `plan`, standing at `point`, can lead to a plan no chain found
  /// there before leads to as well: no chain reached `point` before, or every one that did
  /// is worse. Then `plan` is kept as the best chain there.
  ///
  /// - Complexity: O(*n*) for plans of *n* promotions.
  mutating func isWorthExtending(_ plan: ExactPlanSearch.Plan, from point: Point, in search: ExactPlanSearch)
    -> Bool
  {
    if let found = bestChain[point] {
      guard search.isPreferred(plan, to: found) else { return false }
      bestChain[point] = plan
    } else if bestChain.count < Self.remembersAtMost {
      bestChain[point] = plan
    }
    return true
  }
}
