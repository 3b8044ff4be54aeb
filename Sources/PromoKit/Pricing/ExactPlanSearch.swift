/// The best plan for one order of a format-3 store, found by trying every plan the pricing
/// rules allow: each plan kind's item stage, then no order deal, every single discount or
/// threshold, and every stackable discount then stackable threshold (the threshold's base
/// taken after the discount was divided among the lines), each with the best shipping deal
/// the stacking rule lets join it. The best is the one with the lowest total, then fewer
/// promotions, then the ids in application order.
///
///     let plan = ExactPlanSearch(deals: deals, items: order.items, subtotal: 19_500, shipping: 1_200).best()
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
    /// For each line, the shares of its discount in application order: worked out for the
    /// best plan only, once it is chosen (empty before).
    var lineShares: [[Step]] = []
    /// Which item stage it starts with.
    var itemStage: ItemStage = .none
    /// What the shipping deal took off.
    var shippingDiscount: Int128
    /// The total.
    var total: Int128
  }

  /// The item stage a plan starts with: none (plan kind 1), every working item deal (kind
  /// 2), or the stackable ones (kind 3).
  enum ItemStage: Sendable {
    case none, every, stackable
  }

  /// The working promotions of the order.
  let deals: [DealTerms]
  /// The lines, or `nil` for an order given as an amount.
  let items: [OrderItem]?
  /// The subtotal in minor units.
  let subtotal: Int128
  /// The shipping in minor units (0 without).
  let shipping: Int128
  /// The shipping deal that takes the most off the shipping (ties: the lowest id) of all
  /// the working ones, and of the stackable ones; `nil` when none applies.
  private let bestShipping: (any: Step?, stackable: Step?)

  /// The lines each deal targets.
  private let targets: [TargetedLines]

  /// A search over the working `deals` of an order of `items` (or of an amount, `nil`),
  /// `subtotal` and `shipping` in minor units.
  ///
  /// - Complexity: O(*s*) for the *s* shipping deals among `deals`.
  init(deals orderDeals: [OrderDeal], items: [OrderItem]?, subtotal: Int128, shipping: Int128) {
    let deals = orderDeals.map(\.terms)
    self.deals = deals
    targets = orderDeals.map(\.lines)
    self.items = items
    self.subtotal = subtotal
    self.shipping = shipping
    var any: Step?
    var stackable: Step?
    if shipping > 0 {
      for (index, terms) in deals.enumerated() where terms.kind == .shipping {
        let discount = terms.shippingDiscount(shipping: shipping, subtotal: subtotal)
        guard discount > 0 else { continue }
        let step = Step(deal: index, discount: discount)
        func beats(_ current: Step?) -> Bool {
          guard let current else { return true }
          return discount > current.discount
            || (discount == current.discount && terms.rank < deals[current.deal].rank)
        }
        if beats(any) { any = step }
        if terms.isStackable && beats(stackable) { stackable = step }
      }
    }
    bestShipping = (any, stackable)
  }

  /// Whether `plan` beats `other` (the rule for the best plan).
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
    let empty = Plan(steps: [], shippingDiscount: 0, total: subtotal + shipping)
    var best = empty
    func offer(_ plan: Plan) { if isPreferred(plan, to: best) { best = plan } }
    let targeted = targetedLines()
    // Kind 1: no item stage, any order stage.
    searchOrderStages(on: empty, amounts: amounts, targeted: targeted, stackableOnly: false, best: &best)
    guard !lines.isEmpty else { return best }
    // Each line's item deal: of every working one, and of the stackable ones.
    var everyChosen = [Step?](repeating: nil, count: lines.count)
    var stackableChosen = everyChosen
    for index in deals.indices where deals[index].kind == .item {
      let terms = deals[index]
      func beats(_ discount: Int128, _ current: Step?) -> Bool {
        guard let current else { return true }
        return discount > current.discount
          || (discount == current.discount && terms.rank < deals[current.deal].rank)
      }
      terms.forEachLineDiscount(lines, targeted: targets[index]) { line, discount in
        guard discount > 0 else { return }
        if beats(discount, everyChosen[line]) { everyChosen[line] = Step(deal: index, discount: discount) }
        if terms.isStackable && beats(discount, stackableChosen[line]) {
          stackableChosen[line] = Step(deal: index, discount: discount)
        }
      }
    }
    // Kind 2: every working item deal, no order stage.
    let everyItem = itemStage(everyChosen, amounts: amounts, kind: .every)
    if !everyItem.plan.steps.isEmpty { offer(withShipping(everyItem.plan)) }
    // Kind 3: the stackable item deals, then a stackable order stage.
    let stackable = itemStage(stackableChosen, amounts: amounts, kind: .stackable)
    if !stackable.plan.steps.isEmpty {
      searchOrderStages(
        on: stackable.plan, amounts: stackable.left, targeted: targeted, stackableOnly: true, best: &best)
    }
    // The shares of the chosen plan: its item stage's, then each order deal's division.
    var shares = [[Step]](repeating: [], count: lines.count)
    var left = amounts
    let chosen: [Step?]? =
      switch best.itemStage {
      case .none: nil
      case .every: everyChosen
      case .stackable: stackableChosen
      }
    for line in lines.indices {
      guard let step = chosen?[line] else { continue }
      shares[line].append(step)
      left[line] -= step.discount
    }
    for step in best.steps where deals[step.deal].kind.actsOnOrder {
      let divided = divide(step.discount, of: step.deal, over: left, targeted: targeted)
      for line in lines.indices where divided[line] > 0 {
        shares[line].append(Step(deal: step.deal, discount: divided[line]))
      }
      left = zip(left, divided).map { $0 - $1 }
    }
    best.lineShares = shares
    return best
  }

  /// For each order deal, the lines it acts on (every line for an untargeted one or an
  /// order given as an amount), and their units.
  private func targetedLines() -> [Targeted] {
    deals.indices.map { index in
      guard let items, deals[index].kind.actsOnOrder else {
        return Targeted(lines: .every, units: 0)
      }
      var units: Int64 = 0
      targets[index].forEach(count: items.count) { units += items[$0].quantity }
      return Targeted(lines: targets[index], units: units)
    }
  }

  /// The lines an order deal acts on, and their units.
  private struct Targeted {
    var lines: TargetedLines
    var units: Int64
  }

  /// The item stage in which each line takes the deal chosen for it (the one that takes
  /// the most off it, ties: the lowest id). Returns the plan and what each line has left.
  private func itemStage(_ chosenPerLine: [Step?], amounts: [Int128], kind: ItemStage) -> (
    plan: Plan, left: [Int128]
  ) {
    var left = amounts
    var sums: [Int: Int128] = [:]
    for line in amounts.indices {
      if let chosen = chosenPerLine[line] {
        left[line] -= chosen.discount
        sums[chosen.deal, default: 0] += chosen.discount
      }
    }
    let steps = sums.map { Step(deal: $0.key, discount: $0.value) }.sorted {
      deals[$0.deal].rank < deals[$1.deal].rank
    }
    let total = subtotal - steps.reduce(0) { $0 + $1.discount } + shipping
    return (Plan(steps: steps, itemStage: kind, shippingDiscount: 0, total: total), left)
  }

  /// Offers `best` every order stage on `start` that could beat it: none, each discount or
  /// threshold that applies, and each stackable discount then stackable threshold that
  /// both apply, the threshold's base taken after the discount was divided among the lines.
  ///
  /// A deal takes no more off a smaller base, so what a threshold takes off its base
  /// at `start` bounds what it takes after any discount: the pairs are tried from the
  /// largest discount and the largest such bound down, and a search stops as soon as its
  /// bound cannot reach the best total found.
  ///
  /// - Complexity: O((*o* + *p*) *L*) for *o* order deals and the *p* pairs not cut off by
  ///   the bound, at most *d* × *t* for *d* discounts and *t* thresholds.
  private func searchOrderStages(
    on start: Plan, amounts: [Int128], targeted: [Targeted], stackableOnly: Bool,
    best: inout Plan
  ) {
    func offer(_ plan: Plan) { if isPreferred(plan, to: best) { best = plan } }
    if !stackableOnly || !start.steps.isEmpty { offer(withShipping(start)) }
    let whole = amounts.reduce(0, +)
    // The shipping deal that joins a plan of `start` and one more promotion: the best
    // stackable one when every promotion is stackable, none otherwise (a non-stackable
    // shipping deal stands alone).
    let startStackable = start.steps.allSatisfy { deals[$0.deal].isStackable }
    let stackableShipping = startStackable ? bestShipping.stackable?.discount ?? 0 : 0
    // Each order deal that applies on its own, with what it takes off at `start`.
    var discounts: [(deal: Int, taken: Int128)] = []
    var thresholds: [(deal: Int, bound: Int128)] = []
    for index in deals.indices where deals[index].kind.actsOnOrder {
      let terms = deals[index]
      guard !stackableOnly || terms.isStackable else { continue }
      guard let base = base(of: index, amounts: amounts, whole: whole, targeted: targeted) else { continue }
      let taken = deals[index].orderDiscount(base: base, units: targeted[index].units)
      guard taken > 0 else { continue }
      // A single deal: worth dividing only when its total can reach the best one.
      let shippingTaken = terms.isStackable ? stackableShipping : 0
      if start.total - taken - shippingTaken <= best.total {
        offer(withShipping(adding(index, taken: taken, to: start)))
      }
      guard terms.isStackable else { continue }
      switch terms.kind {
      case .discount: discounts.append((index, taken))
      case .threshold: thresholds.append((index, taken))
      case .item, .shipping: preconditionFailure("only discounts and thresholds act on the order")
      }
    }
    guard !discounts.isEmpty, !thresholds.isEmpty else { return }
    // The pairs: every promotion of one is stackable, so the same shipping deal joins each.
    let totalLeft = start.total - stackableShipping
    discounts.sort { $0.taken > $1.taken }
    thresholds.sort { $0.bound > $1.bound }
    let anyTargeted = thresholds.contains { !targeted[$0.deal].lines.isEvery }
    for (discount, taken) in discounts {
      if totalLeft - taken - thresholds[0].bound > best.total { break }
      let plan = adding(discount, taken: taken, to: start)
      // What the lines have left after the discount: only a targeted threshold needs it
      // (an untargeted one's base is the whole left).
      let left =
        anyTargeted
        ? zip(amounts, divide(taken, of: discount, over: amounts, targeted: targeted)).map { $0 - $1 }
        : amounts
      let wholeLeft = whole - taken
      for (threshold, bound) in thresholds {
        if totalLeft - taken - bound > best.total { break }
        guard let base = base(of: threshold, amounts: left, whole: wholeLeft, targeted: targeted) else {
          continue
        }
        let second = deals[threshold].orderDiscount(base: base, units: targeted[threshold].units)
        guard second > 0, totalLeft - taken - second <= best.total else { continue }
        offer(withShipping(adding(threshold, taken: second, to: plan)))
      }
    }
  }

  /// The base of order deal `index` on what the lines have left (`amounts`, adding up to
  /// `whole`): every line's, or its targeted lines'; `nil` when it cannot apply to an order
  /// given as an amount (it targets lines or counts units).
  private func base(
    of index: Int, amounts: [Int128], whole: Int128, targeted: [Targeted]
  ) -> Int128? {
    guard items != nil else {
      let promotion = deals[index].promotion
      return promotion.target != nil || promotion.minimumQuantity != nil ? nil : whole
    }
    if targeted[index].lines.isEvery { return whole }
    var base: Int128 = 0
    targeted[index].lines.forEach(count: amounts.count) { base += amounts[$0] }
    return base
  }

  /// `plan` with the order deal `index`, which takes `taken` off it.
  private func adding(_ index: Int, taken: Int128, to plan: Plan) -> Plan {
    var next = plan
    next.steps.append(Step(deal: index, discount: taken))
    next.total -= taken
    return next
  }

  /// The shares of `discount`, taken by order deal `index`, of what the lines have left
  /// (`amounts`): divided among the lines it acts on, in proportion to what each has left.
  private func divide(_ discount: Int128, of index: Int, over amounts: [Int128], targeted: [Targeted])
    -> [Int128]
  {
    var weights = amounts
    if items != nil, !targeted[index].lines.isEvery {
      let lines = targeted[index].lines
      weights = Array(repeating: 0, count: amounts.count)
      lines.forEach(count: amounts.count) { weights[$0] = amounts[$0] }
    }
    return Allocation.shares(of: discount, over: weights)
  }

  /// `plan` with the best shipping deal the stacking rule lets join it: any deal when the
  /// plan has no promotion, a stackable one when all its promotions are stackable.
  private func withShipping(_ plan: Plan) -> Plan {
    let joinsAny = plan.steps.isEmpty
    guard joinsAny || plan.steps.allSatisfy({ deals[$0.deal].isStackable }),
      let chosen = joinsAny ? bestShipping.any : bestShipping.stackable
    else { return plan }
    var next = plan
    next.steps.append(chosen)
    next.shippingDiscount = chosen.discount
    next.total -= chosen.discount
    return next
  }
}
