/// Every plan of the documented rules for one order, by brute force: kind 1 (no item stage, any order
/// stage on S), kind 2 (every working item promotion, no order stage), kind 3 (the working
/// stackable item promotions, then any order stage of stackable deals on what is left),
/// each with every shipping stage the stacking rule allows. An order stage is none, every
/// single working deal that applies to its base, or every stackable discount D then
/// stackable threshold H, H's base taken after D's discount was divided among the lines.
///
/// Plans that are the same plan under two kinds are visited once: a kind 2 or 3 whose
/// item stage took nothing (it is the kind-1 plan), and kind 3's plan without an order
/// stage when its item stage is kind 2's.
package struct Ref3PlanSearch {
  /// The store's promotions.
  package let promotions: [Ref3Promotion]
  /// The order.
  package let order: Ref3Order
  /// The item stages of kinds 1, 2 and 3, at those indices (index 0 unused).
  package let itemStages: [Ref3ItemStage]
  /// The working discounts and thresholds, by store position.
  package let orderDeals: [Int]
  /// The working shipping promotions that apply to the order, with what they take off.
  package let shippingOptions: [(promotion: Int, discount: Int128)]
  /// For each order deal, whether it acts on each line (one entry for an amount order).
  package let acts: [Int: [Bool]]

  /// The search over the promotions at `working` (store positions) for `order`.
  package init(_ promotions: [Ref3Promotion], working: [Int], order: Ref3Order) {
    self.promotions = promotions
    self.order = order
    let lines = order.lines ?? []
    let items = working.filter { promotions[$0].kind == .item }
    var table: [Int: [Int128]] = [:]
    for position in items { table[position] = promotions[position].lineDiscounts(on: lines) }
    let none = Ref3ItemStage(promotions, set: [], table: table, lineCount: lines.count)
    itemStages = [
      none, none, Ref3ItemStage(promotions, set: items, table: table, lineCount: lines.count),
      Ref3ItemStage(
        promotions, set: items.filter { promotions[$0].stackable }, table: table, lineCount: lines.count),
    ]
    orderDeals = working.filter { promotions[$0].kind == .discount || promotions[$0].kind == .threshold }
    var options: [(promotion: Int, discount: Int128)] = []
    for position in working where promotions[position].kind == .shipping {
      if let cut = promotions[position].shippingDiscount(
        shipping: order.shipping ?? 0, subtotal: order.subtotal)
      {
        options.append((position, cut))
      }
    }
    shippingOptions = options
    var acts: [Int: [Bool]] = [:]
    for position in orderDeals {
      acts[position] = order.amounts.indices.map { promotions[position].actsOn($0, of: order) }
    }
    self.acts = acts
  }

  /// Visits every plan once, in the order kind 1, 2, 3.
  package func forEachPlan(_ visit: (Ref3Candidate) -> Void) {
    let amounts = order.amounts
    let shipping = order.shipping ?? 0
    func withShipping(_ plan: Ref3Candidate, itemsStackable: Bool) {
      var plan = plan
      plan.total = order.subtotal - itemStages[plan.kind].discount - plan.firstCut - plan.secondCut + shipping
      visit(plan)
      let stackable =
        itemsStackable && (plan.first < 0 || promotions[plan.first].stackable)
        && (plan.second < 0 || promotions[plan.second].stackable)
      for option in shippingOptions
      where plan.count == 0 || (stackable && promotions[option.promotion].stackable) {
        var joined = plan
        joined.shipping = option.promotion
        joined.shippingCut = option.discount
        joined.total -= option.discount
        joined.count += 1
        visit(joined)
      }
    }
    // Kind 1.
    forEachOrderStage(deals: orderDeals, left: amounts, itemCount: 0, kind: 1) {
      withShipping($0, itemsStackable: true)
    }
    // Kind 2.
    let every = itemStages[2]
    if !every.totals.isEmpty {
      var plan = Ref3Candidate(kind: 2)
      plan.count = every.totals.count
      withShipping(plan, itemsStackable: every.allStackable)
    }
    // Kind 3.
    let stackable = itemStages[3]
    if !stackable.totals.isEmpty {
      let skipEmpty = !every.totals.isEmpty && stackable.sameTakes(as: every)
      forEachOrderStage(
        deals: orderDeals.filter { promotions[$0].stackable }, left: stackable.left(amounts),
        itemCount: stackable.totals.count, kind: 3
      ) { plan in
        if skipEmpty && plan.first < 0 { return }
        withShipping(plan, itemsStackable: true)
      }
    }
  }

  /// Every order stage over `deals` on the lines' amounts `left`: none; each deal that
  /// applies to its base; each stackable discount D that applies, then each stackable
  /// threshold H that applies to its base after D's shares were taken off the lines.
  package func forEachOrderStage(
    deals: [Int], left: [Int128], itemCount: Int, kind: Int, _ visit: (Ref3Candidate) -> Void
  ) {
    var plan = Ref3Candidate(kind: kind)
    plan.count = itemCount
    visit(plan)
    var singles: [(position: Int, cut: Int128)] = []
    for position in deals {
      guard let base = promotions[position].base(left: left, order: order),
        let cut = promotions[position].orderDiscount(amount: base.amount, units: base.units)
      else { continue }
      singles.append((position, cut))
      var single = plan
      single.first = position
      single.firstCut = cut
      single.count += 1
      visit(single)
    }
    let thresholds = deals.filter { promotions[$0].kind == .threshold && promotions[$0].stackable }
    for (first, cut) in singles where promotions[first].kind == .discount && promotions[first].stackable {
      let shares = Ref3Allocation.shares(cut, left: left, acts: acts[first] ?? [])
      let after = left.indices.map { left[$0] - shares[$0] }
      for second in thresholds {
        guard let base = promotions[second].base(left: after, order: order),
          let secondCut = promotions[second].orderDiscount(amount: base.amount, units: base.units)
        else { continue }
        var pair = plan
        pair.first = first
        pair.firstCut = cut
        pair.second = second
        pair.secondCut = secondCut
        pair.count += 2
        visit(pair)
      }
    }
  }

  /// The plan a candidate stands for, with its ids in application order.
  package func plan(_ candidate: Ref3Candidate) -> Ref3Plan {
    let items = itemStages[candidate.kind]
    var stage: [(promotion: Int, discount: Int128)] = []
    if candidate.first >= 0 { stage.append((candidate.first, candidate.firstCut)) }
    if candidate.second >= 0 { stage.append((candidate.second, candidate.secondCut)) }
    let shipping = candidate.shipping >= 0 ? (candidate.shipping, candidate.shippingCut) : nil
    var ids = items.ids + stage.map { promotions[$0.promotion].id }
    if let shipping { ids.append(promotions[shipping.0].id) }
    return Ref3Plan(
      kind: candidate.kind, items: items, stage: stage, shipping: shipping, total: candidate.total, ids: ids)
  }

  /// the documented rules on two candidates: a lower total, then fewer promotions, then ids lower as
  /// byte strings (made only when the first two tie).
  package func isBetter(_ lhs: Ref3Candidate, than rhs: Ref3Candidate) -> Bool {
    if lhs.total != rhs.total { return lhs.total < rhs.total }
    if lhs.count != rhs.count { return lhs.count < rhs.count }
    return RefMath.idsPrecede(plan(lhs).ids, plan(rhs).ids)
  }
}
