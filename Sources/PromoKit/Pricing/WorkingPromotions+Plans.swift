// The plans of a store of formats 1 and 2 for one order: the item stage of each plan kind,
// then its order stage, and the best of them.

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
