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
    // Each line's best item promotion of all, and of the stackable ones. The lines are
    // read where they are, never copied (a copy retains a line's strings and categories).
    // (Filled by appends: `Array(repeating:count:)` of this type goes through the
    // unspecialized generic allocation, several hundred instructions a call.)
    var everyItem: [PlanStep?] = []
    var stackableItems: [PlanStep?] = []
    everyItem.reserveCapacity(items.count)
    stackableItems.reserveCapacity(items.count)
    for _ in 0..<items.count {
      everyItem.append(nil)
      stackableItems.append(nil)
    }
    items.withUnsafeBufferPointer { lines in
      everyItem.withUnsafeMutableBufferPointer { every in
        stackableItems.withUnsafeMutableBufferPointer { stackable in
          guard let first = lines.baseAddress else { return }
          if byScan {
            for index in lines.indices {
              (every[index], stackable[index]) = bestItemsByScan(for: lines[index])
            }
          } else {
            for part in parts where !part.itemRules.isEmpty {
              for index in lines.indices {
                bestItems(of: part, for: first + index, all: &every[index], stackable: &stackable[index])
              }
            }
          }
        }
      }
    }
    // What each item stage leaves of the subtotal.
    var itemTotal = subtotal
    var stackableTotal = subtotal
    var hasStackable = false
    for index in 0..<items.count {
      if let step = everyItem[index] { itemTotal.minorUnits -= step.discount.minorUnits }
      if let step = stackableItems[index] {
        stackableTotal.minorUnits -= step.discount.minorUnits
        hasStackable = true
      }
    }
    // Plan kind 2: every item promotion, no order stage. Plan kind 3: the stackable item
    // promotions, then a stackable order stage. The lowest total wins, so only a plan
    // reaching it can be chosen; only such a plan's promotions are laid out and compared
    // (when totals tie). The outcome is that of comparing the three kinds in turn.
    let stage: (steps: OrderSteps, total: Money)? =
      !hasStackable
      ? nil
      : byScan
        ? bestOrderStageByScan(on: stackableTotal, stackableOnly: true)
        : bestOrderStage(on: stackableTotal, stackableOnly: true)
    let lowest = min(best.total.minorUnits, itemTotal.minorUnits, stage?.total.minorUnits ?? .max)
    if itemTotal.minorUnits == lowest {
      let itemPlan = itemStage(everyItem, total: itemTotal)
      if itemPlan.isPreferred(to: best) { best = itemPlan }
    }
    if let stage, stage.total.minorUnits == lowest {
      var stacked = itemStage(stackableItems, total: stage.total)
      stacked.orderSteps = stage.steps
      if stacked.isPreferred(to: best) { best = stacked }
    }
    return best
  }

  /// Offers `line`'s best item promotions of all and of the stackable ones in `part`, from
  /// the item groups of its SKU, its categories and the untargeted promotions, to `all` and
  /// `stackable`: each keeps the promotion taking the most off, and among equals the lowest
  /// rank. The line is read where it is.
  ///
  /// - Complexity: O(*g* log *k*) for *g* groups of at most *k* rules.
  @inline(__always)
  private func bestItems(
    of part: PreparedPromotions, for line: UnsafePointer<OrderItem>, all: inout PlanStep?,
    stackable: inout PlanStep?
  ) {
    let unitPrice = line.pointee.unitPrice.minorUnits
    let minorDigits = line.pointee.unitPrice.minorDigits
    let quantity = line.pointee.quantity
    let lineAmount = unitPrice * Int128(quantity)
    @inline(__always)
    func offer(_ found: ItemPick?, to best: inout PlanStep?) {
      guard let found else { return }
      if let current = best,
        found.discount < current.discount.minorUnits
          || (found.discount == current.discount.minorUnits && found.rank >= current.rank)
      {
        return
      }
      best = PlanStep(
        storeIndex: found.storeIndex, rank: found.rank,
        discount: Money(minorUnits: found.discount, minorDigits: minorDigits))
    }
    part.forEachItemGroup(targeting: line.pointee.sku, categories: line.pointee.categories) { target in
      let found = part.best(in: target, unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
      offer(found.all, to: &all)
      offer(found.stackable, to: &stackable)
    }
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

  /// The plan of an item stage alone, with its total: the lines' choices and the
  /// promotions that took something, by rank (id order), each with its lines' discounts
  /// summed.
  ///
  /// The lines' steps are ordered by rank as integers (the rank above the line's position),
  /// by insertion into a buffer on the stack: an order has a few lines.
  ///
  /// - Complexity: O(*L*²) comparisons of integers for *L* lines, at worst.
  private func itemStage(_ lineItems: [PlanStep?], total: Money) -> SelectedPlan {
    var items: [PlanStep] = []
    lineItems.withUnsafeBufferPointer { lines in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: lines.count) { keys in
        var count = 0
        for index in lines.indices {
          guard let rank = lines[index]?.rank else { continue }
          let key = UInt64(UInt32(bitPattern: rank)) << 32 | UInt64(index)
          var place = count
          while place > 0 && keys[place - 1] > key {
            keys[place] = keys[place - 1]
            place -= 1
          }
          keys[place] = key
          count += 1
        }
        // One step per promotion, with its lines' discounts summed.
        items.reserveCapacity(count)
        var position = 0
        while position < count {
          var step = lines[Int(truncatingIfNeeded: keys[position] & 0xffff_ffff)]!
          let rank = keys[position] >> 32
          position += 1
          while position < count && keys[position] >> 32 == rank {
            step.discount.minorUnits +=
              lines[Int(truncatingIfNeeded: keys[position] & 0xffff_ffff)]!.discount
              .minorUnits
            position += 1
          }
          items.append(step)
        }
      }
    }
    return SelectedPlan(lineItems: lineItems, items: items, orderSteps: OrderSteps(), total: total)
  }
}
