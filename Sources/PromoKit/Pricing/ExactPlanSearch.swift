/// The best plan for one order of a format-3 store, found by trying every plan the contract
/// allows (4.2): each plan kind's item stage, then no order deal, every single discount or
/// threshold, and every stackable discount then stackable threshold (the threshold's base
/// taken after the discount was divided among the lines), each with the best shipping deal
/// the stacking rule lets join it. The best is chosen by 4.3: the lowest total, then fewer
/// promotions, then the ids in application order.
///
///     let plan = ExactPlanSearch(deals: terms, items: order.items, subtotal: 19_500, shipping: 1_200).best()
///
/// - Complexity: O(*k* *L* + (*o* + *d* *t*) *L*) for *L* lines, *k* item deals, *o* order
///   deals, *d* stackable discounts and *t* stackable thresholds working for the order.
struct ExactPlanSearch {
  /// One promotion's part in a plan: which (its index in `deals`) and what it took off.
  struct Step: Sendable, Hashable {
    /// The index of its terms in ``ExactPlanSearch/deals``.
    var deal: Int
    /// What it took off, in minor units.
    var discount: Int128
  }

  /// A plan: its promotions in application order, each line's shares, the shipping
  /// discount and the total (the goods left plus the shipping left).
  struct Plan: Sendable {
    /// The promotions in application order: item deals by id, the discount, the threshold,
    /// the shipping deal.
    var steps: [Step]
    /// For each line, the shares of its discount in application order.
    var lineShares: [[Step]]
    /// What the shipping deal took off.
    var shippingDiscount: Int128
    /// The total.
    var total: Int128
  }

  /// The working promotions of the order.
  let deals: [DealTerms]
  /// The lines, or `nil` for an order given as an amount.
  let items: [OrderItem]?
  /// The subtotal in minor units.
  let subtotal: Int128
  /// The shipping in minor units (0 without).
  let shipping: Int128

  /// Whether `plan` beats `other` (4.3).
  func isPreferred(_ plan: Plan, to other: Plan) -> Bool {
    if plan.total != other.total { return plan.total < other.total }
    if plan.steps.count != other.steps.count { return plan.steps.count < other.steps.count }
    for (mine, theirs) in zip(plan.steps, other.steps) where deals[mine.deal].rank != deals[theirs.deal].rank
    {
      return deals[mine.deal].rank < deals[theirs.deal].rank
    }
    return false
  }

  /// The best plan.
  func best() -> Plan {
    let lines = items ?? []
    let amounts = items.map { $0.map(\.lineAmount.minorUnits) } ?? [subtotal]
    let empty = Plan(
      steps: [], lineShares: Array(repeating: [], count: lines.count), shippingDiscount: 0,
      total: subtotal + shipping)
    var best = empty
    func offer(_ plan: Plan) { if isPreferred(plan, to: best) { best = plan } }
    // Kind 1: no item stage, any order stage.
    for stage in orderStages(on: empty, amounts: amounts, stackableOnly: false) { offer(withShipping(stage)) }
    guard !lines.isEmpty else { return best }
    let itemDiscounts = deals.indices.map { index in
      deals[index].promotion.kind == .item ? deals[index].lineDiscounts(lines) : []
    }
    // Kind 2: every working item deal, no order stage.
    let everyItem = itemStage(itemDiscounts, stackableOnly: false, amounts: amounts)
    if !everyItem.plan.steps.isEmpty { offer(withShipping(everyItem.plan)) }
    // Kind 3: the stackable item deals, then a stackable order stage.
    let stackable = itemStage(itemDiscounts, stackableOnly: true, amounts: amounts)
    if !stackable.plan.steps.isEmpty {
      for stage in orderStages(on: stackable.plan, amounts: stackable.left, stackableOnly: true) {
        offer(withShipping(stage))
      }
    }
    return best
  }

  /// The item stage with the item deals (or the stackable ones): each line takes the deal
  /// that takes the most off it (ties: the lowest id). Returns the plan and what each line
  /// has left.
  private func itemStage(_ discounts: [[Int128]], stackableOnly: Bool, amounts: [Int128]) -> (
    plan: Plan, left: [Int128]
  ) {
    var left = amounts
    var shares: [[Step]] = Array(repeating: [], count: amounts.count)
    var sums: [Int: Int128] = [:]
    for line in amounts.indices {
      var chosen: Step?
      for (index, lineDiscounts) in discounts.enumerated() where !lineDiscounts.isEmpty {
        guard !stackableOnly || deals[index].promotion.isStackable else { continue }
        let discount = lineDiscounts[line]
        guard discount > 0 else { continue }
        if let current = chosen,
          discount < current.discount
            || (discount == current.discount && deals[index].rank >= deals[current.deal].rank)
        {
          continue
        }
        chosen = Step(deal: index, discount: discount)
      }
      if let chosen {
        shares[line].append(chosen)
        left[line] -= chosen.discount
        sums[chosen.deal, default: 0] += chosen.discount
      }
    }
    let steps = sums.map { Step(deal: $0.key, discount: $0.value) }.sorted {
      deals[$0.deal].rank < deals[$1.deal].rank
    }
    let total = subtotal - steps.reduce(0) { $0 + $1.discount } + shipping
    return (Plan(steps: steps, lineShares: shares, shippingDiscount: 0, total: total), left)
  }

  /// Every order stage on `start`: none, each discount or threshold that applies, and each
  /// stackable discount then stackable threshold that both apply.
  private func orderStages(on start: Plan, amounts: [Int128], stackableOnly: Bool) -> [Plan] {
    var stages = [start]
    let candidates = deals.indices.filter {
      deals[$0].promotion.kind.actsOnOrder && (!stackableOnly || deals[$0].promotion.isStackable)
    }
    for first in candidates {
      guard let (plan, left) = apply(first, to: start, amounts: amounts) else { continue }
      stages.append(plan)
      guard deals[first].promotion.kind == .discount, deals[first].promotion.isStackable else { continue }
      for second in candidates
      where deals[second].promotion.kind == .threshold && deals[second].promotion.isStackable {
        if let (pair, _) = apply(second, to: plan, amounts: left) { stages.append(pair) }
      }
    }
    return stages
  }

  /// `plan` with the order deal `index` applied to what the lines have left (`amounts`), its
  /// discount divided among the lines it acts on; `nil` when it does not apply.
  private func apply(_ index: Int, to plan: Plan, amounts: [Int128]) -> (Plan, [Int128])? {
    let terms = deals[index]
    var weights = amounts
    var units: Int64 = 0
    if let items {
      for (line, item) in items.enumerated() {
        if terms.targets(item) { units += item.quantity } else { weights[line] = 0 }
      }
    } else if terms.promotion.target != nil || terms.promotion.minimumQuantity != nil {
      return nil  // an order given as an amount has no lines to target or count
    }
    let base = weights.reduce(0, +)
    let discount = terms.orderDiscount(base: base, units: units)
    guard discount > 0 else { return nil }
    var next = plan
    next.steps.append(Step(deal: index, discount: discount))
    next.total -= discount
    var left = amounts
    let shares = Allocation.shares(of: discount, over: weights)
    for line in shares.indices where shares[line] > 0 {
      left[line] -= shares[line]
      if items != nil { next.lineShares[line].append(Step(deal: index, discount: shares[line])) }
    }
    return (next, left)
  }

  /// `plan` with the best shipping deal the stacking rule lets join it: any deal when the
  /// plan has no promotion, a stackable one when all its promotions are stackable.
  private func withShipping(_ plan: Plan) -> Plan {
    guard shipping > 0 else { return plan }
    let joinsAny = plan.steps.isEmpty
    guard joinsAny || plan.steps.allSatisfy({ deals[$0.deal].promotion.isStackable }) else { return plan }
    var chosen: Step?
    for (index, terms) in deals.enumerated() where terms.promotion.kind == .shipping {
      guard joinsAny || terms.promotion.isStackable else { continue }
      let discount = terms.shippingDiscount(shipping: shipping, subtotal: subtotal)
      guard discount > 0 else { continue }
      if let current = chosen,
        discount < current.discount
          || (discount == current.discount && terms.rank >= deals[current.deal].rank)
      {
        continue
      }
      chosen = Step(deal: index, discount: discount)
    }
    guard let chosen else { return plan }
    var next = plan
    next.steps.append(chosen)
    next.shippingDiscount = chosen.discount
    next.total -= chosen.discount
    return next
  }
}
