// The order stage of a store of formats 1 and 2 found by a pass over every rule: the
// reference the indexed search is tested against.

extension WorkingPromotions {
  /// The best order stage on `amount` by a pass over every rule: one linear pass for the
  /// single promotions, one threshold lookup per stackable discount for the pairs.
  ///
  /// - Complexity: O(*n* + *d* (log *t* + *c*)) for *n* rules considered, *d* stackable
  ///   discounts, *t* stackable thresholds and *c* capped thresholds among them.
  func bestOrderStageByScan(on amount: Money, stackableOnly: Bool) -> (steps: OrderSteps, total: Money) {
    // The rules of one part are in id order, and taken as they are; those of several are
    // put together, and then ordered by rank where the order matters.
    let rules = parts.count == 1 ? parts[0].orderRules : parts.flatMap(\.orderRules)
    let ranks = parts.count == 1 ? parts[0].orderRanks : parts.flatMap(\.orderRanks)
    func step(_ position: Int, _ discount: Money) -> PlanStep {
      PlanStep(storeIndex: rules[position].storeIndex, rank: ranks[position], discount: discount)
    }
    var best: (steps: OrderSteps, total: Money) = (OrderSteps(), amount)
    // The best single promotion: the largest discount, then the lowest id.
    var single: (position: Int, discount: Money)?
    for position in rules.indices where !stackableOnly || rules[position].isStackable {
      guard let discount = rules[position].discount(on: amount) else { continue }
      if let current = single {
        if discount < current.discount { continue }
        if discount == current.discount && ranks[position] > ranks[current.position] { continue }
      }
      single = (position, discount)
    }
    if let single, single.discount > Money.zero(minorDigits: amount.minorDigits) {
      best = (OrderSteps(step(single.position, single.discount)), amount.subtracting(single.discount))
    }
    // The best pair: for each stackable discount by id, the best threshold at what it
    // leaves, from a binary search over the thresholds sorted by minimum. What a discount
    // leaves is at most `amount`, so thresholds of a higher minimum never apply.
    var discounts = rules.indices.filter { rules[$0].isStackable && rules[$0].minimum == nil }
    if parts.count > 1 { discounts.sort { ranks[$0] < ranks[$1] } }
    let thresholds = ThresholdIndex(
      rules.indices.filter { rules[$0].isStackable && rules[$0].minimum.map { $0 <= amount } ?? false },
      of: rules)
    guard !discounts.isEmpty, !thresholds.entries.isEmpty else { return best }
    var chosen: (position: Int, reduction: Money, total: Money)?
    for position in discounts {
      let reduction = rules[position].reduction(of: amount)
      let remaining = amount.subtracting(reduction)
      guard let thresholdReduction = thresholds.bestReduction(at: remaining) else { continue }
      let total = remaining.subtracting(thresholdReduction)
      if chosen == nil || total < chosen!.total { chosen = (position, reduction, total) }
    }
    guard let chosen, chosen.total < best.total else { return best }
    let remaining = amount.subtracting(chosen.reduction)
    var threshold: (position: Int, discount: Money)?
    for position in thresholds.entries {
      guard let reduction = rules[position].discount(on: remaining),
        remaining.subtracting(reduction) == chosen.total
      else { continue }
      if let current = threshold, ranks[position] > ranks[current.position] { continue }
      threshold = (position, reduction)
    }
    guard let threshold else { preconditionFailure("a threshold reaches the total the index found") }
    return (
      OrderSteps(step(chosen.position, chosen.reduction), step(threshold.position, threshold.discount)),
      chosen.total
    )
  }
}
