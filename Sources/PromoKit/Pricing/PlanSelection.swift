/// The promotions working for one order: those prepared for the command's codes, and those
/// of each further code the order presents, all in the order's minor digits.
///
/// The plans of the pricing rules and the choice of the best are computed on it. Three
/// plan kinds are compared: no item stage and the best order stage on the subtotal; every
/// working item promotion and no order stage; the stackable item promotions and then the
/// best order stage of stackable promotions on what they leave. Each kind's best is found
/// exactly (a plan's items are fixed by its kind, so only its order stage is chosen), and
/// the best of the three is the best plan.
///
/// Two searches give the same plans: the indexed one (``bestPlan(items:subtotal:)``), and
/// the linear one (``bestPlanByScan(items:subtotal:)``), a pass over every promotion that
/// the tests hold the indexed one against.
struct WorkingPromotions: Sendable {
  /// The prepared parts; the first holds the promotions without a code.
  let parts: [PreparedPromotions]
  /// Whether there are at most ``fewOrderRules`` order rules in all, for the order stage
  /// to try each rule and each pair directly.
  let hasFewOrderRules: Bool

  /// Up to this many order rules in all, the order stage tries every rule and pair.
  static let fewOrderRules = 8

  /// The promotions of `parts`.
  init(parts: [PreparedPromotions]) {
    self.parts = parts
    hasFewOrderRules = parts.reduce(0) { $0 + $1.orderRules.count } <= Self.fewOrderRules
  }

  /// The minor digits every amount is in.
  var minorDigits: Int { parts[0].minorDigits }
}

/// One promotion's part in a plan: which promotion (its position in the store and the rank
/// of its id) and what it took off.
struct PlanStep: Sendable, Hashable {
  /// The promotion's position in the catalog.
  var storeIndex: Int
  /// The rank of its id among the store's ids.
  var rank: Int32
  /// What it took off.
  var discount: Money
}

/// An order stage's promotions: none, one, or a discount then a threshold, kept inline
/// rather than in an array allocated for every order.
struct OrderSteps: Sendable, RandomAccessCollection {
  private var first: PlanStep?
  private var second: PlanStep?

  /// No promotion.
  init() {}

  /// One promotion.
  init(_ single: PlanStep) {
    first = single
  }

  /// A discount, then a threshold.
  init(_ discount: PlanStep, _ threshold: PlanStep) {
    first = discount
    second = threshold
  }

  /// 0.
  var startIndex: Int { 0 }
  /// How many promotions.
  var endIndex: Int { second != nil ? 2 : (first != nil ? 1 : 0) }
  /// The promotion at `position` (0 or 1).
  subscript(position: Int) -> PlanStep { position == 0 ? first! : second! }
}

/// A plan: the item promotion each line takes (if any), the order stage, and the total.
struct SelectedPlan: Sendable {
  /// For each line of the order, the item promotion it takes and its discount there;
  /// empty when no line takes one.
  var lineItems: [PlanStep?]
  /// The item promotions that took something off a line, by ascending id, with their sums.
  var items: [PlanStep]
  /// The order stage: none, one promotion, or a stacked discount then threshold.
  var orderSteps: OrderSteps
  /// The amount the order comes to.
  var total: Money

  /// Whether this plan beats `other` under the rule for the best plan: a lower total, then
  /// fewer promotions, then promotion ids (in application order) lower as byte strings,
  /// which the ids' ranks compare.
  func isPreferred(to other: Self) -> Bool {
    if total != other.total { return total < other.total }
    let count = items.count + orderSteps.count
    let otherCount = other.items.count + other.orderSteps.count
    if count != otherCount { return count < otherCount }
    // The ranks in application order, compared one by one (the counts are equal here).
    func rank(_ plan: Self, _ position: Int) -> Int32 {
      position < plan.items.count
        ? plan.items[position].rank : plan.orderSteps[position - plan.items.count].rank
    }
    for position in 0..<count where rank(self, position) != rank(other, position) {
      return rank(self, position) < rank(other, position)
    }
    return false
  }
}

extension WorkingPromotions {
  /// The best plan for an order with these lines (or none, for an order given as an
  /// amount) and this subtotal, found with the indexes.
  ///
  /// - Complexity: O(*L* (*g* log *k*) + the order stages' cost) for *L* lines, each
  ///   looking at *g* item groups (its SKU's, its categories', the untargeted one) of at
  ///   most *k* rules; see ``bestOrderStage(on:stackableOnly:)``.
  func bestPlan(items: [OrderItem]?, subtotal: Money) -> SelectedPlan {
    plan(items: items, subtotal: subtotal, byScan: false)
  }

  /// The best plan found by a pass over every working promotion: the reference the indexed
  /// search is tested against.
  ///
  /// - Complexity: O(*L* × *k* + *m* + *d* log *t*) for *L* lines, *k* item promotions
  ///   targeting a line, *m* order promotions, *d* stackable discounts and *t* stackable
  ///   thresholds.
  func bestPlanByScan(items: [OrderItem]?, subtotal: Money) -> SelectedPlan {
    plan(items: items, subtotal: subtotal, byScan: true)
  }

  private func plan(items: [OrderItem]?, subtotal: Money, byScan: Bool) -> SelectedPlan {
    let orderOnly =
      byScan
      ? bestOrderStageByScan(on: subtotal, stackableOnly: false)
      : bestOrderStage(on: subtotal, stackableOnly: false)
    var best = SelectedPlan(
      lineItems: [], items: [], orderSteps: orderOnly.steps,
      total: orderOnly.total)
    guard let items, parts.contains(where: { !$0.itemRules.isEmpty }) else { return best }
    // Each line's best item promotion of all, and of the stackable ones.
    var everyItem: [PlanStep?] = []
    var stackableItems: [PlanStep?] = []
    everyItem.reserveCapacity(items.count)
    stackableItems.reserveCapacity(items.count)
    for item in items {
      let choice = byScan ? bestItemsByScan(for: item) : bestItems(for: item)
      everyItem.append(choice.all)
      stackableItems.append(choice.stackable)
    }
    // Plan kind 2: every item promotion, no order stage.
    let itemPlan = itemStage(everyItem, subtotal: subtotal)
    if itemPlan.isPreferred(to: best) { best = itemPlan }
    // Plan kind 3: the stackable item promotions, then a stackable order stage.
    var stacked = itemStage(stackableItems, subtotal: subtotal)
    if !stacked.items.isEmpty {
      let stage =
        byScan
        ? bestOrderStageByScan(on: stacked.total, stackableOnly: true)
        : bestOrderStage(on: stacked.total, stackableOnly: true)
      stacked.orderSteps = stage.steps
      stacked.total = stage.total
      if stacked.isPreferred(to: best) { best = stacked }
    }
    return best
  }

  /// A line's best item promotion of all and of the stackable ones, from the item groups
  /// of its SKU, its categories and the untargeted promotions.
  ///
  /// - Complexity: O(*g* log *k*) for *g* groups of at most *k* rules.
  private func bestItems(for item: OrderItem) -> (all: PlanStep?, stackable: PlanStep?) {
    let unitPrice = item.unitPrice.minorUnits
    let lineAmount = item.lineAmount.minorUnits
    var all: ItemPick?
    var stackable: ItemPick?
    func offer(_ found: ItemPick?, to best: inout ItemPick?) {
      guard let found else { return }
      if let current = best,
        found.discount < current.discount
          || (found.discount == current.discount && found.rank >= current.rank)
      {
        return
      }
      best = found
    }
    for part in parts where !part.itemRules.isEmpty {
      part.forEachItemGroup(targeting: item.sku, categories: item.categories) { target in
        let found = part.best(
          in: target, unitPrice: unitPrice, quantity: item.quantity, lineAmount: lineAmount)
        offer(found.all, to: &all)
        offer(found.stackable, to: &stackable)
      }
    }
    func step(_ pick: ItemPick) -> PlanStep {
      PlanStep(
        storeIndex: pick.storeIndex, rank: pick.rank,
        discount: Money(minorUnits: pick.discount, minorDigits: item.unitPrice.minorDigits))
    }
    return (all.map(step), stackable.map(step))
  }

  /// A line's best item promotion of all and of the stackable ones, by a pass over every
  /// rule targeting it.
  private func bestItemsByScan(for item: OrderItem) -> (all: PlanStep?, stackable: PlanStep?) {
    let lineAmount = item.lineAmount
    let zero = Money.zero(minorDigits: lineAmount.minorDigits)
    var all: PlanStep?
    var stackable: PlanStep?
    func isBetter(_ discount: Money, _ id: String, than current: PlanStep?) -> Bool {
      guard let current else { return true }
      if discount != current.discount { return discount > current.discount }
      return id.utf8.lexicographicallyPrecedes(itemID(current).utf8)
    }
    for part in parts {
      part.forEachItemRule(targeting: item.sku, categories: item.categories) { position in
        let rule = part.itemRules[position]
        let discount = rule.discount(
          unitPrice: item.unitPrice, quantity: item.quantity, lineAmount: lineAmount)
        guard discount > zero else { return }
        let step = PlanStep(storeIndex: rule.storeIndex, rank: part.itemRanks[position], discount: discount)
        if isBetter(discount, rule.id, than: all) { all = step }
        if rule.isStackable && isBetter(discount, rule.id, than: stackable) { stackable = step }
      }
    }
    return (all, stackable)
  }

  /// The id of the item promotion of `step`.
  private func itemID(_ step: PlanStep) -> String {
    for part in parts {
      if let rule = part.itemRules.first(where: { $0.storeIndex == step.storeIndex }) { return rule.id }
    }
    return ""
  }

  /// The plan of an item stage alone: the lines' choices, the promotions that took
  /// something (by id, with their sums) and the amount left.
  private func itemStage(_ lineItems: [PlanStep?], subtotal: Money) -> SelectedPlan {
    var steps: [PlanStep] = []
    steps.reserveCapacity(lineItems.count)
    var total = subtotal
    for case let step? in lineItems {
      steps.append(step)
      total = total.subtracting(step.discount)
    }
    steps.sort { $0.rank < $1.rank }
    // One step per promotion, with its lines' discounts summed.
    var items: [PlanStep] = []
    items.reserveCapacity(steps.count)
    for step in steps {
      if let last = items.last, last.rank == step.rank {
        items[items.count - 1].discount = last.discount.adding(unchecked: step.discount)
      } else {
        items.append(step)
      }
    }
    return SelectedPlan(lineItems: lineItems, items: items, orderSteps: OrderSteps(), total: total)
  }
}

// MARK: - The order stage, indexed

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
    let setCount = stackableOnly ? 2 : 4
    var largest: Int128 = 0
    // The most each set takes off, kept for the tie-break (the first part's, in place).
    var values: (Int128, Int128, Int128, Int128) = (-1, -1, -1, -1)
    for (index, part) in parts.enumerated() {
      for set in 0..<setCount {
        let value = part.orderIndex.set(set).best(at: units) ?? -1
        if index == 0 {
          switch set {
          case 0: values.0 = value
          case 1: values.1 = value
          case 2: values.2 = value
          default: values.3 = value
          }
        }
        if value > largest { largest = value }
      }
    }
    var best: (steps: OrderSteps, total: Money) = (OrderSteps(), amount)
    // Only a positive discount beats no promotion: a tie goes to fewer promotions.
    if largest > 0 {
      var chosen: PlanStep?
      for (index, part) in parts.enumerated() {
        for set in 0..<setCount {
          let rules = part.orderIndex.set(set)
          let value: Int128
          if index == 0 {
            switch set {
            case 0: value = values.0
            case 1: value = values.1
            case 2: value = values.2
            default: value = values.3
            }
          } else {
            value = rules.best(at: units) ?? -1
          }
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
    var count = 0
    var high = breaks.count
    while count < high {
      let middle = (count + high) >> 1
      if breaks[middle] <= units { count = middle + 1 } else { high = middle }
    }
    // A step per discount costs about a third of a step per break: take the fewer steps.
    if discountCount <= 3 * count {
      return bestPairByDiscount(on: amount, below: limit, onWhole: onWhole)
    }
    var bestTotal: Int128?
    var stretches: [(index: Int, remaining: Int128)] = []
    for index in 0..<count {
      let floor = breaks[index]
      let bound = min(bestTotal ?? Int128.max, limit.minorUnits - 1)
      if floor - onWhole > bound { break }
      guard let reduction = greatestDiscount(at: units, notAbove: units - floor) else { continue }
      let remaining = units - reduction
      if index + 1 < breaks.count && remaining >= breaks[index + 1] { continue }
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
    var discount: (rank: Int32, part: Int, weight: Int32)?
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
    guard let discount else { return nil }  // unreachable: the first stretch has its discount
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
    -> (rank: Int32, part: Int, weight: Int32)?
  {
    var best: (rank: Int32, part: Int, weight: Int32)?
    for (index, part) in parts.enumerated() {
      if let weight = part.orderIndex.stackableDiscounts.lowestWeight(at: amount, within: low, high) {
        let rank = part.orderRanks[Int(weight)]
        if best == nil || rank < best!.rank { best = (rank, index, weight) }
      }
    }
    return best
  }

  /// The lowest-id stackable threshold taking at least `value` off `amount`.
  private func lowestThreshold(at amount: Int128, reaching value: Int128) -> (
    rank: Int32, part: Int, weight: Int32
  )? {
    var best: (rank: Int32, part: Int, weight: Int32)?
    for (index, part) in parts.enumerated() {
      if let weight = part.orderIndex.stackableThresholds.lowestWeight(at: amount, reaching: value) {
        let rank = part.orderRanks[Int(weight)]
        if best == nil || rank < best!.rank { best = (rank, index, weight) }
      }
    }
    return best
  }
}

extension OrderStageIndex {
  /// The sets by number: 0 stackable discounts, 1 stackable thresholds, 2 other
  /// discounts, 3 other thresholds (the stackable ones first, so that `0..<2` is them).
  @inline(__always)
  func set(_ number: Int) -> OrderRuleSet {
    switch number {
    case 0: stackableDiscounts
    case 1: stackableThresholds
    case 2: otherDiscounts
    default: otherThresholds
    }
  }
}

// MARK: - The order stage, by a linear pass

extension WorkingPromotions {
  /// The best order stage on `amount` by a pass over every rule: one linear pass for the
  /// single promotions, one threshold lookup per stackable discount for the pairs.
  ///
  /// - Complexity: O(*n* + *d* (log *t* + *c*)) for *n* rules considered, *d* stackable
  ///   discounts, *t* stackable thresholds and *c* capped thresholds among them.
  func bestOrderStageByScan(on amount: Money, stackableOnly: Bool) -> (steps: OrderSteps, total: Money) {
    var rules: [OrderRule] = []
    var ranks: [Int32] = []
    for part in parts {
      for (rule, rank) in zip(part.orderRules, part.orderRanks) where !stackableOnly || rule.isStackable {
        rules.append(rule)
        ranks.append(rank)
      }
    }
    func step(_ position: Int, _ discount: Money) -> PlanStep {
      PlanStep(storeIndex: rules[position].storeIndex, rank: ranks[position], discount: discount)
    }
    var best: (steps: OrderSteps, total: Money) = (OrderSteps(), amount)
    // The best single promotion: the largest discount, then the lowest id.
    var single: (position: Int, discount: Money)?
    for position in rules.indices {
      guard let discount = rules[position].discount(on: amount) else { continue }
      if let current = single {
        if discount < current.discount { continue }
        if discount == current.discount
          && !rules[position].id.utf8.lexicographicallyPrecedes(rules[current.position].id.utf8)
        {
          continue
        }
      }
      single = (position, discount)
    }
    if let single, single.discount > Money.zero(minorDigits: amount.minorDigits) {
      best = (OrderSteps(step(single.position, single.discount)), amount.subtracting(single.discount))
    }
    // The best pair: for each stackable discount by id, the best threshold at what it
    // leaves, from a binary search over the thresholds sorted by minimum.
    let discounts = rules.indices.filter { rules[$0].isStackable && rules[$0].minimum == nil }.sorted {
      rules[$0].id.utf8.lexicographicallyPrecedes(rules[$1].id.utf8)
    }
    let thresholds = ThresholdIndex(
      rules.indices.filter { rules[$0].isStackable && rules[$0].minimum != nil }, of: rules)
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
      if let current = threshold,
        !rules[position].id.utf8.lexicographicallyPrecedes(rules[current.position].id.utf8)
      {
        continue
      }
      threshold = (position, reduction)
    }
    guard let threshold else { return best }  // unreachable: the index found this total
    return (
      OrderSteps(step(chosen.position, chosen.reduction), step(threshold.position, threshold.discount)),
      chosen.total
    )
  }
}
