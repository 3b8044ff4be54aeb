// The order stage of a store of formats 1 and 2, found with the indexes: the best single
// discount or threshold from the rule sets, and the best stacked pair.

extension WorkingPromotions {
  /// The best order stage on `amount`: none, one rule, or a stacked pair, using every
  /// working rule or only the stackable ones.
  ///
  /// The best single promotion comes from the ``OrderRuleSet``s: the most any set takes
  /// off (O(log *n*) each), then the lowest id among the sets that take that much
  /// (O(log² *n*)). The best stacked pair comes from ``bestPair(on:below:)``.
  ///
  /// - Complexity: O(log² *n*) for the single promotion, plus the pair search's
  ///   O(min(*d* log *n*, *s* log² *n*) + *e* log *A* log *n*) (see ``bestPair(on:below:)``).
  func bestOrderStage(on amount: Money, stackableOnly: Bool) -> (steps: OrderSteps, total: Money) {
    if hasFewOrderRules { return bestOrderStageOfFew(on: amount, stackableOnly: stackableOnly) }
    let units = amount.minorUnits
    let roles = stackableOnly ? OrderRuleSetRole.stackable : OrderRuleSetRole.allCases
    var largest: Int128 = 0
    // The most each set takes off, kept for the tie-break (the first part's, in place).
    var values = SetValues()
    for (index, part) in parts.enumerated() {
      for role in roles {
        let value = part.orderIndex.set(role).best(at: units) ?? -1
        if index == 0 { values[role] = value }
        if value > largest { largest = value }
      }
    }
    var best: (steps: OrderSteps, total: Money) = (OrderSteps(), amount)
    // Only a positive discount beats no promotion: a tie goes to fewer promotions.
    if largest > 0 {
      var chosen: PlanStep?
      for (index, part) in parts.enumerated() {
        for role in roles {
          let rules = part.orderIndex.set(role)
          let value = index == 0 ? values[role] : rules.best(at: units) ?? -1
          guard value == largest, let weight = rules.lowestWeight(at: units, reaching: largest) else {
            continue
          }
          let rank = part.orderRanks[Int(weight)]
          if chosen == nil || rank < chosen!.rank {
            chosen = PlanStep(
              storeIndex: part.orderRules[Int(weight)].storeIndex, rank: rank,
              discount: Money(minorUnits: largest, minorDigits: amount.minorDigits))
          }
        }
      }
      best = (OrderSteps(chosen!), amount.subtracting(chosen!.discount))
    }
    // A pair never wins a tie: the best so far has fewer promotions.
    if let pair = bestPair(on: amount, below: best.total) { best = pair }
    return best
  }

  /// ``bestOrderStage(on:stackableOnly:)`` over at most ``fewOrderRules`` rules: each rule
  /// alone, and each stackable discount with each stackable threshold on what it leaves,
  /// without the sets' machinery.
  ///
  /// - Complexity: O(*n* + *d* *t*) for *n* ≤ ``fewOrderRules`` rules, *d* stackable
  ///   discounts and *t* stackable thresholds among them.
  private func bestOrderStageOfFew(on amount: Money, stackableOnly: Bool) -> (steps: OrderSteps, total: Money)
  {
    let units = amount.minorUnits
    let digits = amount.minorDigits
    // Each rule found is kept as its storeIndex and rank, never copied whole.
    func step(_ found: (storeIndex: Int, rank: Int32), _ value: Int128) -> PlanStep {
      PlanStep(
        storeIndex: found.storeIndex, rank: found.rank,
        discount: Money(minorUnits: value, minorDigits: digits))
    }
    // The best single promotion: the most taken off, then the lowest id.
    var single: (storeIndex: Int, rank: Int32, value: Int128) = (0, 0, 0)
    // The best pair: the lowest total, then the lowest discount id, then the lowest
    // threshold id.
    var pair:
      (
        discount: (storeIndex: Int, rank: Int32), reduction: Int128,
        threshold: (storeIndex: Int, rank: Int32), value: Int128, total: Int128
      )?
    for part in parts {
      part.compactOrderRules.withUnsafeBufferPointer { rules in
        for index in rules.indices where !stackableOnly || rules[index].isStackable {
          guard let value = rules[index].value(at: units), value > 0 else { continue }
          if value > single.value || (value == single.value && rules[index].rank < single.rank) {
            single = (rules[index].storeIndex, rules[index].rank, value)
          }
        }
      }
    }
    for part in parts {
      part.compactOrderRules.withUnsafeBufferPointer { discounts in
        for index in discounts.indices where discounts[index].isStackable && !discounts[index].isThreshold {
          let reduction = discounts[index].value(at: units)!
          let remaining = units - reduction
          let rank = discounts[index].rank
          for other in parts {
            other.compactOrderRules.withUnsafeBufferPointer { thresholds in
              for position in thresholds.indices
              where thresholds[position].isStackable && thresholds[position].isThreshold {
                guard let value = thresholds[position].value(at: remaining) else { continue }
                let total = remaining - value
                let thresholdRank = thresholds[position].rank
                if let current = pair,
                  total > current.total
                    || (total == current.total
                      && (rank > current.discount.rank
                        || (rank == current.discount.rank && thresholdRank > current.threshold.rank)))
                {
                  continue
                }
                pair = (
                  (discounts[index].storeIndex, rank), reduction,
                  (thresholds[position].storeIndex, thresholdRank),
                  value, total
                )
              }
            }
          }
        }
      }
    }
    var best: (steps: OrderSteps, total: Money) = (OrderSteps(), amount)
    if single.value > 0 {
      best = (
        OrderSteps(step((single.storeIndex, single.rank), single.value)),
        Money(minorUnits: units - single.value, minorDigits: digits)
      )
    }
    // A pair must leave less than the best single: a tie goes to fewer promotions.
    if let pair, pair.total < best.total.minorUnits {
      best = (
        OrderSteps(step(pair.discount, pair.reduction), step(pair.threshold, pair.value)),
        Money(minorUnits: pair.total, minorDigits: digits)
      )
    }
    return best
  }

  /// The best stacked pair on `amount` (a stackable discount `D`, then a stackable
  /// threshold `H` whose minimum is tested against what `D` leaves), if one leaves less
  /// than `limit`; ties go to the lower id of `D`, then of `H`.
  ///
  /// For one threshold, the total `R − H(R)` never decreases as the amount `R` left by the
  /// discount grows, so between two consecutive *breaks* (the minimums where the best
  /// threshold can jump, ``OrderStageIndex/pairBreaks(_:)``) the best total of a pair is
  /// reached by the largest discount that still leaves at least the break. The search
  /// takes, for each break `c <= amount`, that discount (O(log² *n*)) and the best threshold
  /// on what it leaves (O(log *n*)), and stops at the first break where even the best
  /// threshold on the whole amount could not reach the best total found (`c − H(A)`).
  /// The lowest-id discount of the best total is then found among the discounts leaving
  /// an amount in each break's stretch where that total is reached (a binary search over
  /// the amounts, then a range query on the discounts), and the lowest-id threshold on
  /// what it leaves.
  ///
  /// When there are few stackable discounts (at most ``fewDiscounts``, or at most three
  /// times the breaks up to the amount), trying each of them with the best threshold on
  /// what it leaves (O(log *n*) each) is cheaper, and is done instead.
  ///
  /// No structure answers this in polylogarithmic time for every store: with fixed
  /// discounts and thresholds whose minimum equals their sum, the best pair on `A` is the
  /// largest sum of two values at most `A`, the 3SUM-indexing problem, believed to need
  /// nearly quadratic space for fast queries. The cost grows with *s*, the breaks up to
  /// the amount: one per tier of a store's tiered thresholds, and few (about the logarithm
  /// of their number) for thresholds with unrelated minimums and benefits.
  ///
  /// - Complexity: O(min(*d* log *n*, *s* log² *n*) + *e* (log *A*) log *n*) for *d*
  ///   stackable discounts, *s* breaks up to the amount and *e* of them reaching the best
  ///   total (usually one).
  private func bestPair(on amount: Money, below limit: Money) -> (steps: OrderSteps, total: Money)? {
    let units = amount.minorUnits
    guard parts.contains(where: { !$0.orderIndex.stackableDiscounts.isEmpty }),
      let onWhole = bestThreshold(at: units)
    else { return nil }
    let discountCount = parts.reduce(0) { $0 + $1.orderIndex.stackableDiscountPositions.count }
    if discountCount <= Self.fewDiscounts {
      return bestPairByDiscount(on: amount, below: limit, onWhole: onWhole)
    }
    let breaks =
      parts.count == 1
      ? parts[0].orderIndex.pairBreaks
      : Array(Set(parts.flatMap(\.orderIndex.pairBreaks))).sorted()
    let count = breaks.firstIndex(above: units)
    // A step per discount costs about a third of a step per break: take the fewer steps.
    if discountCount <= 3 * count {
      return bestPairByDiscount(on: amount, below: limit, onWhole: onWhole)
    }
    var bestTotal: Int128?
    var stretches: [(index: Int, remaining: Int128)] = []
    var index = 0
    while index < count {
      defer { index += 1 }
      let bound = min(bestTotal ?? Int128.max, limit.minorUnits - 1)
      if breaks[index] - onWhole > bound { break }
      guard let reduction = greatestDiscount(at: units, notAbove: units - breaks[index]) else { continue }
      let remaining = units - reduction
      // Every later break up to `remaining` finds the same discount (it leaves at least that
      // break, and a later break allows no more): only the last of them is a stretch's.
      if index + 1 < count && remaining >= breaks[index + 1] {
        index = breaks.firstIndex(above: remaining, in: (index + 1)..<count) - 1
        if breaks[index] - onWhole > bound { break }
      }
      let total = remaining - bestThreshold(at: remaining)!
      if total > bound { continue }
      if bestTotal == nil || total < bestTotal! {
        bestTotal = total
        stretches = [(index, remaining)]
      } else {
        stretches.append((index, remaining))
      }
    }
    guard let bestTotal else { return nil }
    // The discount: the lowest id among those leaving an amount where the best total is
    // reached. In each stretch the totals never decrease, so those amounts run from the
    // first one found to the last whose total is still the best.
    var discount: RuleReference?
    for stretch in stretches {
      // The last amount of the stretch whose total is still the best: galloping up from the
      // first, then a binary search (the stretch where the total stays is usually short).
      var low = stretch.remaining
      let end = stretch.index + 1 < breaks.count ? min(units, breaks[stretch.index + 1] - 1) : units
      var step: Int128 = 1
      var high = low
      while high < end {
        let probe = min(end, low + step)
        if probe - bestThreshold(at: probe)! > bestTotal {
          high = probe - 1
          break
        }
        low = probe
        high = probe
        step *= 2
      }
      while low < high {
        let middle = low + (high - low + 1) / 2
        if middle - bestThreshold(at: middle)! <= bestTotal { low = middle } else { high = middle - 1 }
      }
      if let found = lowestDiscount(at: units, within: units - low, units - stretch.remaining),
        discount == nil || found.rank < discount!.rank
      {
        discount = found
      }
    }
    guard let discount else {
      preconditionFailure("the first stretch has a discount reaching the best total")
    }
    let discountRule = parts[discount.part].orderRules[Int(discount.weight)]
    let reduction = discountRule.reduction(of: amount)
    let remaining = units - reduction.minorUnits
    let thresholdReduction = bestThreshold(at: remaining)!
    guard let threshold = lowestThreshold(at: remaining, reaching: thresholdReduction) else { return nil }
    let thresholdRule = parts[threshold.part].orderRules[Int(threshold.weight)]
    return (
      OrderSteps(
        PlanStep(storeIndex: discountRule.storeIndex, rank: discount.rank, discount: reduction),
        PlanStep(
          storeIndex: thresholdRule.storeIndex, rank: threshold.rank,
          discount: Money(minorUnits: thresholdReduction, minorDigits: amount.minorDigits))),
      Money(minorUnits: bestTotal, minorDigits: amount.minorDigits)
    )
  }

  /// Up to this many stackable discounts, the pair search tries each of them.
  static let fewDiscounts = 8

  /// ``bestPair(on:below:)`` for few stackable discounts (few, or not many more than the
  /// breaks up to the amount): each of them with the best threshold on what it leaves.
  ///
  /// The best threshold on an amount never decreases as the amount grows, so a discount
  /// taking off `D` leaves a pair total of at least `A − D − onWhole` (`onWhole`, the most a
  /// stackable threshold takes off the whole amount `A`). The discount taking off the most
  /// is paired first; a discount whose bound is above that pair's total (or not below
  /// `limit`) cannot win and is not paired: only what each discount takes off is computed.
  ///
  /// - Complexity: O(*d* + *p* log² *n*) for *d* stackable discounts, *p* of them paired.
  private func bestPairByDiscount(on amount: Money, below limit: Money, onWhole: Int128)
    -> (steps: OrderSteps, total: Money)?
  {
    let units = amount.minorUnits
    // The most a stackable discount takes off.
    var largest: Int128 = -1
    for part in parts {
      for position in part.orderIndex.stackableDiscountPositions {
        largest = max(largest, part.orderRules[Int(position)].reduction(of: amount).minorUnits)
      }
    }
    guard largest >= 0 else { return nil }
    // The highest total worth pairing for: below `limit`, and no higher than the pair of
    // the largest discount.
    var bound = limit.minorUnits - 1
    if let threshold = bestThreshold(at: units - largest) { bound = min(bound, units - largest - threshold) }
    var best: (rank: Int32, part: Int, position: Int32, reduction: Money, total: Int128)?
    for (index, part) in parts.enumerated() {
      for position in part.orderIndex.stackableDiscountPositions {
        let reduction = part.orderRules[Int(position)].reduction(of: amount)
        let remaining = units - reduction.minorUnits
        guard remaining - onWhole <= bound, let threshold = bestThreshold(at: remaining) else { continue }
        let total = remaining - threshold
        let rank = part.orderRanks[Int(position)]
        guard total <= bound else { continue }
        if best == nil || total < best!.total || (total == best!.total && rank < best!.rank) {
          best = (rank, index, position, reduction, total)
        }
      }
    }
    guard let best else { return nil }
    let discountRule = parts[best.part].orderRules[Int(best.position)]
    let remaining = units - best.reduction.minorUnits
    let thresholdReduction = remaining - best.total
    guard let threshold = lowestThreshold(at: remaining, reaching: thresholdReduction) else { return nil }
    let thresholdRule = parts[threshold.part].orderRules[Int(threshold.weight)]
    return (
      OrderSteps(
        PlanStep(storeIndex: discountRule.storeIndex, rank: best.rank, discount: best.reduction),
        PlanStep(
          storeIndex: thresholdRule.storeIndex, rank: threshold.rank,
          discount: Money(minorUnits: thresholdReduction, minorDigits: amount.minorDigits))),
      Money(minorUnits: best.total, minorDigits: amount.minorDigits)
    )
  }

  /// The most a stackable threshold takes off `amount`, or `nil` when none applies.
  private func bestThreshold(at amount: Int128) -> Int128? {
    var best: Int128?
    for part in parts {
      if let value = part.orderIndex.stackableThresholds.best(at: amount), best == nil || value > best! {
        best = value
      }
    }
    return best
  }

  /// The most a stackable discount takes off `amount` without taking off more than `bound`.
  private func greatestDiscount(at amount: Int128, notAbove bound: Int128) -> Int128? {
    var best: Int128?
    for part in parts {
      if let value = part.orderIndex.stackableDiscounts.greatest(at: amount, notAbove: bound),
        best == nil || value > best!
      {
        best = value
      }
    }
    return best
  }

  /// The lowest-id stackable discount taking off `amount` a sum in `low...high`.
  private func lowestDiscount(at amount: Int128, within low: Int128, _ high: Int128)
    -> RuleReference?
  {
    var best: RuleReference?
    for (index, part) in parts.enumerated() {
      if let weight = part.orderIndex.stackableDiscounts.lowestWeight(at: amount, within: low, high) {
        let rank = part.orderRanks[Int(weight)]
        if best == nil || rank < best!.rank { best = RuleReference(rank: rank, part: index, weight: weight) }
      }
    }
    return best
  }

  /// The lowest-id stackable threshold taking at least `value` off `amount`.
  private func lowestThreshold(at amount: Int128, reaching value: Int128) -> RuleReference? {
    var best: RuleReference?
    for (index, part) in parts.enumerated() {
      if let weight = part.orderIndex.stackableThresholds.lowestWeight(at: amount, reaching: value) {
        let rank = part.orderRanks[Int(weight)]
        if best == nil || rank < best!.rank { best = RuleReference(rank: rank, part: index, weight: weight) }
      }
    }
    return best
  }
}

/// One order rule of ``WorkingPromotions``, found by an index: the part that holds it, its
/// weight there (its position among the part's order rules), and the rank of its id.
struct RuleReference: Sendable, Hashable {
  /// The rank of its id among the store's ids.
  var rank: Int32
  /// The index of its part in ``WorkingPromotions/parts``.
  var part: Int
  /// Its position among the part's order rules.
  var weight: Int32
}

/// What each of the four rule sets takes off one amount, kept inline (no array per order).
private struct SetValues {
  private var values: (Int128, Int128, Int128, Int128) = (-1, -1, -1, -1)

  /// The value of the set playing `role`.
  subscript(role: OrderRuleSetRole) -> Int128 {
    get {
      switch role {
      case .stackableDiscounts: values.0
      case .stackableThresholds: values.1
      case .otherDiscounts: values.2
      case .otherThresholds: values.3
      }
    }
    set {
      switch role {
      case .stackableDiscounts: values.0 = newValue
      case .stackableThresholds: values.1 = newValue
      case .otherDiscounts: values.2 = newValue
      case .otherThresholds: values.3 = newValue
      }
    }
  }
}
