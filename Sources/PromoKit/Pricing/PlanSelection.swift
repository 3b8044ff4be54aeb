/// The contract's plans (4.2) and the choice of the best (4.3), on prepared promotions.
///
/// Three plan kinds are compared: no item stage and the best order stage on the subtotal;
/// every working item promotion and no order stage; the stackable item promotions and
/// then the best order stage of stackable promotions on what they leave. Each kind's best
/// is found exactly (a plan's items are fixed by its kind, so only its order stage is
/// chosen), and the best of the three is the best plan.
extension PreparedPromotions {
  /// One promotion's part in a plan: a position in `itemRules` or `orderRules`, and what
  /// it took off.
  struct Step: Sendable {
    var rule: Int
    var discount: Money
  }

  /// A plan: the item promotion each line takes (if any), the order stage, and the total.
  struct Plan: Sendable {
    /// For each line of the order, the item rule it takes and its discount there.
    var lineItems: [Step?]
    /// The item rules that took something off a line, by ascending id, with their sums.
    var items: [Step]
    /// The order stage: none, one rule, or a stacked discount then threshold.
    var orderSteps: [Step]
    /// The amount the order comes to.
    var total: Money
  }

  /// The best order stage on `amount`: none, one rule, or a stacked pair, using every
  /// working rule or only the stackable ones.
  ///
  /// - Complexity: O(*n* + *d* (log *t* + *c*)) for *n* rules considered, *d* stackable
  ///   discounts, *t* stackable thresholds and *c* capped thresholds among them.
  func bestOrderStage(on amount: Money, stackableOnly: Bool) -> (steps: [Step], total: Money) {
    var best: (steps: [Step], total: Money) = ([], amount)
    // The best single promotion: the largest discount, then the lowest id.
    var single: Step?
    func consider(_ position: Int) {
      guard let discount = orderRules[position].discount(on: amount) else { return }
      if let current = single {
        if discount < current.discount { return }
        if discount == current.discount
          && !orderRules[position].id.utf8.lexicographicallyPrecedes(orderRules[current.rule].id.utf8)
        {
          return
        }
      }
      single = Step(rule: position, discount: discount)
    }
    if stackableOnly {
      for position in stackableOrderRules { consider(position) }
    } else {
      for position in orderRules.indices { consider(position) }
    }
    // Only a positive discount beats no promotion: a tie goes to fewer promotions.
    if let single, single.discount > Money.zero(minorDigits: amount.minorDigits) {
      best = ([single], amount.subtracting(single.discount))
    }
    if let pair = bestPair(on: amount) {
      let total = amount.subtracting(pair[0].discount).subtracting(pair[1].discount)
      // A pair never wins a tie: the best so far has fewer promotions.
      if total < best.total { best = (pair, total) }
    }
    return best
  }

  /// The best stacked pair on `amount` (a stackable discount, then a stackable threshold
  /// whose minimum is tested against what the discount leaves), if any can be formed.
  private func bestPair(on amount: Money) -> [Step]? {
    guard !stackableDiscounts.isEmpty, !stackableThresholds.entries.isEmpty else { return nil }
    // The discount of the best pair: the lowest total, and on ties the lowest id, which is
    // the first met since the discounts are sorted by id.
    var chosen: (position: Int, reduction: Money, total: Money)?
    for position in stackableDiscounts {
      let reduction = orderRules[position].reduction(of: amount)
      let remaining = amount.subtracting(reduction)
      guard let thresholdReduction = stackableThresholds.bestReduction(at: remaining) else { continue }
      let total = remaining.subtracting(thresholdReduction)
      if chosen == nil || total < chosen!.total {
        chosen = (position, reduction, total)
      }
    }
    guard let chosen else { return nil }
    // The threshold of the best pair: of those reaching that total, the lowest id.
    let remaining = amount.subtracting(chosen.reduction)
    var threshold: Step?
    for position in stackableThresholds.entries {
      guard let reduction = orderRules[position].discount(on: remaining),
        remaining.subtracting(reduction) == chosen.total
      else { continue }
      if let current = threshold,
        !orderRules[position].id.utf8.lexicographicallyPrecedes(orderRules[current.rule].id.utf8)
      {
        continue
      }
      threshold = Step(rule: position, discount: reduction)
    }
    guard let threshold else { return nil }  // unreachable: the index found this total
    return [Step(rule: chosen.position, discount: chosen.reduction), threshold]
  }

  /// The best plan for an order with these lines (or none, for an order given as an
  /// amount) and this subtotal.
  ///
  /// - Complexity: O(*L* × *k* + the order stage's cost) for *L* lines and *k* item rules
  ///   targeting a line.
  func bestPlan(items: [OrderItem]?, subtotal: Money) -> Plan {
    let zero = Money.zero(minorDigits: subtotal.minorDigits)
    let orderOnly = bestOrderStage(on: subtotal, stackableOnly: false)
    var best = Plan(
      lineItems: Array(repeating: nil, count: items?.count ?? 0), items: [], orderSteps: orderOnly.steps,
      total: orderOnly.total)
    guard let items, !itemRules.isEmpty else { return best }
    // Each line's best item promotion of all, and of the stackable ones.
    var everyItem: [Step?] = []
    var stackableItems: [Step?] = []
    everyItem.reserveCapacity(items.count)
    stackableItems.reserveCapacity(items.count)
    for item in items {
      let lineAmount = item.lineAmount
      var all: Step?
      var stackable: Step?
      forEachItemRule(targeting: item.sku, categories: item.categories) { position in
        let rule = itemRules[position]
        let discount = rule.discount(
          unitPrice: item.unitPrice, quantity: item.quantity, lineAmount: lineAmount)
        guard discount > zero else { return }
        if isBetter(discount, position, than: all) { all = Step(rule: position, discount: discount) }
        if rule.isStackable && isBetter(discount, position, than: stackable) {
          stackable = Step(rule: position, discount: discount)
        }
      }
      everyItem.append(all)
      stackableItems.append(stackable)
    }
    // Plan kind 2: every item promotion, no order stage.
    let itemPlan = itemStage(everyItem, subtotal: subtotal)
    if itemPlan.isPreferred(to: best, in: self) { best = itemPlan }
    // Plan kind 3: the stackable item promotions, then a stackable order stage.
    var stacked = itemStage(stackableItems, subtotal: subtotal)
    if !stacked.items.isEmpty {
      let stage = bestOrderStage(on: stacked.total, stackableOnly: true)
      stacked.orderSteps = stage.steps
      stacked.total = stage.total
      if stacked.isPreferred(to: best, in: self) { best = stacked }
    }
    return best
  }

  /// Whether `discount` by rule `position` beats `current` on a line: more off, then the
  /// lower id.
  private func isBetter(_ discount: Money, _ position: Int, than current: Step?) -> Bool {
    guard let current else { return true }
    if discount != current.discount { return discount > current.discount }
    return itemRules[position].id.utf8.lexicographicallyPrecedes(itemRules[current.rule].id.utf8)
  }

  /// The plan of an item stage alone: the lines' choices, the promotions that took
  /// something (by id, with their sums) and the amount left.
  private func itemStage(_ lineItems: [Step?], subtotal: Money) -> Plan {
    var sums: [Int: Money] = [:]
    var total = subtotal
    for case let step? in lineItems {
      sums[step.rule] = (sums[step.rule] ?? Money.zero(minorDigits: subtotal.minorDigits)).adding(
        unchecked: step.discount)
      total = total.subtracting(step.discount)
    }
    let items = sums.map { Step(rule: $0.key, discount: $0.value) }.sorted {
      itemRules[$0.rule].id.utf8.lexicographicallyPrecedes(itemRules[$1.rule].id.utf8)
    }
    return Plan(lineItems: lineItems, items: items, orderSteps: [], total: total)
  }

  /// The ids of a plan's promotions in application order: items by id, then the order
  /// stage.
  func ids(of plan: Plan) -> [String] {
    plan.items.map { itemRules[$0.rule].id } + plan.orderSteps.map { orderRules[$0.rule].id }
  }
}

extension PreparedPromotions.Plan {
  /// Whether this plan beats `other` under the contract's rule 4.3: a lower total, then
  /// fewer promotions, then promotion ids (in application order) lower as byte strings.
  func isPreferred(to other: Self, in promotions: PreparedPromotions) -> Bool {
    if total != other.total { return total < other.total }
    let count = items.count + orderSteps.count
    let otherCount = other.items.count + other.orderSteps.count
    if count != otherCount { return count < otherCount }
    return precedes(promotions.ids(of: self), promotions.ids(of: other))
  }
}

/// Whether the id sequence `lhs` is lower than `rhs`: compared id by id as byte strings.
func precedes(_ lhs: [String], _ rhs: [String]) -> Bool {
  for (mine, theirs) in zip(lhs, rhs) where mine != theirs {
    return mine.utf8.lexicographicallyPrecedes(theirs.utf8)
  }
  return lhs.count < rhs.count
}
