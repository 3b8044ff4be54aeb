/// The working discounts and thresholds of a ``PreparedPromotions``, split by kind and
/// stackability into four ``OrderRuleSet``s, with what the search for the best stacked pair
/// needs: the minimums at which the best stackable threshold can jump.
///
/// The rules are given in id order; a rule's *weight* in the sets is its position in that
/// order, so the lowest weight is the lowest id.
final class OrderStageIndex: Sendable {
  /// The stackable discounts.
  let stackableDiscounts: OrderRuleSet
  /// The stackable thresholds.
  let stackableThresholds: OrderRuleSet
  /// The discounts that are not stackable.
  let otherDiscounts: OrderRuleSet
  /// The thresholds that are not stackable.
  let otherThresholds: OrderRuleSet
  /// The minimums of the stackable thresholds that no stackable threshold with a lower
  /// minimum dominates, ascending, without repeats (see ``pairBreaks(_:)``).
  let pairBreaks: [Int128]
  /// The positions of the stackable discounts (in id order).
  let stackableDiscountPositions: [Int32]

  /// Indexes `rules`, which are in id order.
  ///
  /// - Complexity: O(*n* log *n*) for *n* rules.
  init(_ rules: [OrderRule]) {
    // The positions of each set's rules, counted first so that no list grows; the rules
    // themselves stay where they are.
    func group(of rule: OrderRule) -> Int { (rule.isStackable ? 0 : 2) + (rule.minimum == nil ? 0 : 1) }
    var counts = [0, 0, 0, 0]
    for rule in rules { counts[group(of: rule)] += 1 }
    var groups: [[Int32]] = counts.map { count in
      var positions: [Int32] = []
      positions.reserveCapacity(count)
      return positions
    }
    for position in rules.indices { groups[group(of: rules[position])].append(Int32(position)) }
    func set(_ group: Int) -> OrderRuleSet {
      OrderRuleSet(rules, at: groups[group], weights: groups[group])
    }
    stackableDiscounts = set(0)
    stackableThresholds = set(1)
    otherDiscounts = set(2)
    otherThresholds = set(3)
    pairBreaks = Self.pairBreaks(rules, at: groups[1])
    stackableDiscountPositions = groups[0]
  }

  /// The minimums of `thresholds` at which the best of them can take off more than just
  /// below: those of the thresholds that no threshold with a strictly lower minimum
  /// dominates.
  ///
  /// A threshold *dominates* another when it takes off at least as much on every amount
  /// both apply to: a fixed sum or a cap `c'` dominates a percentage capped at `c <= c'`
  /// (and a fixed sum `f <= c'`), an uncapped percentage `r'` dominates any percentage
  /// `r <= r'` (and, at 100%, every fixed sum). Capped percentages are never counted as
  /// dominating (a safe omission: it only keeps more minimums).
  ///
  /// Between two consecutive minimums of the result, the thresholds that apply take off
  /// no more than those applying at the first of the two, so the cost `R − h(R)` of the
  /// best threshold on an amount `R` never decreases there. This is what lets the pair
  /// search look at one amount per minimum instead of one per discount.
  ///
  /// - Complexity: O(*n* log *n*).
  static func pairBreaks(_ thresholds: [OrderRule]) -> [Int128] {
    pairBreaks(thresholds, at: thresholds.indices.map { Int32($0) })
  }

  /// ``pairBreaks(_:)`` of the rules of `rules` at `positions`, each read where it is.
  ///
  /// - Complexity: O(*n* log *n*).
  static func pairBreaks(_ rules: [OrderRule], at positions: [Int32]) -> [Int128] {
    // Sorted as integers: each minimum (at most 10^12 in at most 4 decimal places, well
    // within 64 bits) above the threshold's position, so that no rule is moved.
    var keys: [UInt128] = []
    keys.reserveCapacity(positions.count)
    for position in positions {
      keys.append(UInt128(UInt64(rules[Int(position)].minimum!.minorUnits)) << 64 | UInt128(position))
    }
    RadixSort.sortByHighWord(&keys)
    let sorted = keys.map { Int(UInt64(truncatingIfNeeded: $0)) }
    var breaks: [Int128] = []
    var largestSum: Int128 = -1  // of the fixed sums with a lower minimum
    var largestRate: Int64 = -1  // of the uncapped percentages with a lower minimum
    var index = 0
    while index < sorted.count {
      let minimum = rules[sorted[index]].minimum!.minorUnits
      var end = index
      var undominated = false
      var groupSum = largestSum
      var groupRate = largestRate
      while end < sorted.count && rules[sorted[end]].minimum!.minorUnits == minimum {
        switch rules[sorted[end]].reduction {
        case .fixed(let sum):
          if sum.minorUnits > largestSum && largestRate < RateArithmetic.hundredPercent { undominated = true }
          groupSum = max(groupSum, sum.minorUnits)
        case .percent(let rate, nil):
          if rate.tenThousandths > largestRate { undominated = true }
          groupRate = max(groupRate, rate.tenThousandths)
        case .percent(let rate, let cap?):
          if rate.tenThousandths > largestRate && cap.minorUnits > largestSum { undominated = true }
        }
        end += 1
      }
      if undominated { breaks.append(minimum) }
      largestSum = groupSum
      largestRate = groupRate
      index = end
    }
    return breaks
  }
}

/// The four rule sets of an ``OrderStageIndex``, the stackable ones first.
enum OrderRuleSetRole: Int, CaseIterable, Sendable {
  case stackableDiscounts, stackableThresholds, otherDiscounts, otherThresholds

  /// The sets of the stackable rules: those a stacked plan may use.
  static let stackable: [OrderRuleSetRole] = [.stackableDiscounts, .stackableThresholds]
}

extension OrderStageIndex {
  /// The set of rules playing `role`.
  @inline(__always)
  func set(_ role: OrderRuleSetRole) -> OrderRuleSet {
    switch role {
    case .stackableDiscounts: stackableDiscounts
    case .stackableThresholds: stackableThresholds
    case .otherDiscounts: otherDiscounts
    case .otherThresholds: otherThresholds
    }
  }
}
