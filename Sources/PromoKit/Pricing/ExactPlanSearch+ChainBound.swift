/// Whether a chain of the layered search can go on: a plan made by adding order deals of
/// later layers, and a shipping deal, to it can be preferred to the best plan found so far
/// by the rule for the best plan (the lowest total, then fewer promotions, then lower ids in
/// application order).
///
/// Below the best total, the bound on what the later layers could take decides alone. At
/// it, a plan can at best tie, and then its promotions decide: it has at least as many as
/// the fewest later deals that could take what is left to reach that total, and its first
/// ones are the chain's.
extension ExactPlanSearch {
  /// Whether a plan made by adding order deals of later layers, and a shipping deal, to
  /// `plan` can be preferred to `best`, when those layers could take at most
  /// `later.amount` together and `later.sum` each on its own, `later.layers` of them
  /// something, the shipping deal at most `shippingTaken`, and at least
  /// `fewestLaterDeals(amount)` of them would be needed to take `amount`.
  ///
  /// On a tie with `best` at the most they could take, when that is the sum of each
  /// layer's most, only a plan taking the most of each of those layers, and of the
  /// shipping, reaches it: its count is known. Otherwise it has at least the fewest later
  /// deals that could take what is left to reach `best`'s total. Its first promotions are
  /// `plan`'s: with as many promotions as `best`, their ids decide. A search for a total
  /// alone (a `required` promotion's) wants no tie.
  ///
  /// - Complexity: O(*n*) for the *n* promotions of `plan`, and that of `fewestLaterDeals`
  ///   when the plan could tie.
  func chainCanBeat(
    _ plan: Plan, later: (amount: Int128, sum: Int128, layers: Int), shippingTaken: Int128, best: Plan,
    fewestLaterDeals: (Int128) -> Int
  ) -> Bool {
    let lowest = plan.total - later.amount - shippingTaken
    // (Never below what is left of the shipping.)
    guard required == nil, max(lowest, shipping - shippingTaken) == best.total else {
      return canReach(lowest, count: plan.count + 1, shippingTaken: shippingTaken, best: best)
    }
    let count: Int
    if lowest == best.total, later.amount == later.sum {
      count = plan.count + later.layers + (shippingTaken > 0 ? 1 : 0)
    } else {
      let needed = fewestLaterDeals(plan.total - shippingTaken - best.total)
      guard needed < .max else { return false }
      count = plan.count + max(needed, 1)
    }
    guard count == best.count else { return count < best.count }
    for position in 0..<plan.count {
      let (mine, theirs) = (rank(of: plan, at: position), rank(of: best, at: position))
      if mine != theirs { return mine < theirs }
    }
    return true
  }

  /// Whether the chain of `plan`, whose deal of layer index `layer` leaves the lines
  /// `left`, can go on: by what the later layers of `layers` could take there
  /// (``LayeredDeals/mostFrom(_:amounts:whole:in:)``) and the most a shipping deal takes
  /// (`mostShipping`), a plan it makes can be preferred to `best`
  /// (``chainCanBeat(_:later:shippingTaken:best:fewestLaterDeals:)``), and the required
  /// deal, when it is of a later layer, could still apply.
  ///
  /// - Complexity: that of `mostFrom`, for the deals it looks at.
  func canGoOn(
    _ plan: Plan, leaving left: [Int128], after layer: Int, layers: LayeredDeals, mostShipping: Int128,
    best: Plan
  ) -> Bool {
    let leftWhole = left.reduce(0, +)
    var most = layers.mostFrom(layer + 1, amounts: left, whole: leftWhole, in: self)
    /// Whether a plan can beat `best` when the later layers could take `most`.
    func canBeat() -> Bool {
      chainCanBeat(
        plan, later: most, shippingTaken: mostShipping, best: best,
        fewestLaterDeals: {
          layers.fewestDeals(from: layer + 1, taking: $0, amounts: left, whole: leftWhole, in: self)
        })
    }
    guard canBeat() else { return false }
    // What the groups of lines could take is worked out only for a chain that the layers'
    // own bounds let go on, and only when it could be too little to reach `best`.
    if let grouped = layers.groupBound?.most(
      from: layer + 1, amounts: left, unlessReaching: plan.total - mostShipping - best.total),
      grouped < most.amount
    {
      most.amount = grouped
      guard canBeat() else { return false }
    }
    return requiredCanTake(after: layer, amounts: left, whole: leftWhole, layers: layers)
  }
}
