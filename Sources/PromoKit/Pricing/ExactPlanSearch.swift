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
final class ExactPlanSearch {
  /// One promotion's part in a plan: which (its index in `deals`) and what it took off.
  struct Step: Sendable, Hashable {
    /// The index of its terms in ``ExactPlanSearch/deals``.
    var deal: Int
    /// What it took off, in minor units.
    var discount: Int128
  }

  /// A plan: its promotions in application order, each line's shares, the shipping
  /// discount and the total (the goods left plus the shipping left).
  ///
  /// The item deals are shared by every plan of one item stage; the order and shipping
  /// deals are held apart, so that trying a plan with one more promotion allocates nothing.
  struct Plan: Sendable {
    /// The item deals that took something off a line, by id.
    var itemSteps: [Step] = []
    /// The order deals: a discount or threshold alone, or a discount then a threshold.
    var firstOrderStep: Step?
    var secondOrderStep: Step?
    /// The shipping deal.
    var shippingStep: Step?
    /// Whether every promotion of it is stackable (so a stackable shipping deal may join).
    var isAllStackable = true
    /// For each line, the shares of its discount in application order: worked out for the
    /// best plan only, once it is chosen (empty before).
    var lineShares: [[Step]] = []
    /// Which item stage it starts with.
    var itemStage: ItemStage = .none
    /// The total.
    var total: Int128

    /// How many promotions it has.
    var count: Int {
      itemSteps.count + (firstOrderStep == nil ? 0 : 1) + (secondOrderStep == nil ? 0 : 1)
        + (shippingStep == nil ? 0 : 1)
    }

    /// Whether it has no promotion.
    var isEmpty: Bool { count == 0 }

    /// Its order deals, in application order.
    var orderSteps: [Step] { [firstOrderStep, secondOrderStep].compactMap { $0 } }

    /// Its promotions in application order: item deals by id, the discount, the threshold,
    /// the shipping deal.
    var steps: [Step] { itemSteps + [firstOrderStep, secondOrderStep, shippingStep].compactMap { $0 } }

    /// What the shipping deal took off.
    var shippingDiscount: Int128 { shippingStep?.discount ?? 0 }

    /// Its promotion at `position` in application order.
    func step(at position: Int) -> Step {
      if position < itemSteps.count { return itemSteps[position] }
      var rest = position - itemSteps.count
      for step in [firstOrderStep, secondOrderStep, shippingStep] {
        guard let step else { continue }
        if rest == 0 { return step }
        rest -= 1
      }
      preconditionFailure("a plan has no promotion at \(position)")
    }
  }

  /// The item stage a plan starts with: none (plan kind 1), every working item deal (kind
  /// 2), or the stackable ones (kind 3).
  enum ItemStage: Sendable {
    case none, every, stackable
  }

  /// The working promotions of the order.
  /// The working promotions gathered for the order (the plain order deals the search takes
  /// from ``plain`` follow them, in `adoptedDeals`: see ``terms(_:)``).
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
  /// The units of the lines each order deal with a minimum of units targets (0 for the
  /// other deals, which do not count them).
  private let units: [Int64]
  /// The indexes of the item deals, and of the discounts and thresholds.
  private let itemDeals: [Int]
  private let orderDeals: [Int]
  /// The untargeted order deals with nothing of format 3 about them, asked for the best on
  /// a base instead of being among `deals`; `nil` when the order brought them as deals.
  private let plain: PlainOrderDeals?
  /// The plain order deals taken from `plain`, numbered after `deals`, and where each went,
  /// by the rank of its id. (Kept apart so that `deals`, read in every loop, stays a
  /// constant that needs no exclusive access.)
  private var adoptedDeals: [DealTerms] = []
  private var adopted: [Int32: Int] = [:]

  /// A search over the working `deals` of an order of `items` (or of an amount, `nil`),
  /// `subtotal` and `shipping` in minor units.
  ///
  /// - Complexity: O(*s*) for the *s* shipping deals among `deals`.
  init(
    deals orderDeals: OrderDeals, plain: PlainOrderDeals? = nil, items: [OrderItem]?, subtotal: Int128,
    shipping: Int128
  ) {
    self.plain = plain
    let deals = orderDeals.terms
    self.deals = deals
    targets = orderDeals.lines
    var units = [Int64](repeating: 0, count: deals.count)
    var itemDeals: [Int] = []
    var actingOnOrder: [Int] = []
    var shippingDeals: [Int] = []
    itemDeals.reserveCapacity(deals.count)
    actingOnOrder.reserveCapacity(deals.count)
    for (index, terms) in deals.enumerated() {
      switch terms.kind {
      case .item: itemDeals.append(index)
      case .discount, .threshold:
        actingOnOrder.append(index)
        if terms.hasMinimumQuantity, let items {
          orderDeals.lines[index].forEach(count: items.count) { units[index] += items[$0].quantity }
        }
      case .shipping: shippingDeals.append(index)
      }
    }
    self.units = units
    self.itemDeals = itemDeals
    self.orderDeals = actingOnOrder
    self.items = items
    self.subtotal = subtotal
    self.shipping = shipping
    var any: Step?
    var stackable: Step?
    if shipping > 0 {
      for index in shippingDeals {
        let terms = deals[index]
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

  /// The place in ``deals`` of `terms`, a plain order deal from ``plain``, added on first
  /// use (untargeted: every line, no units counted).
  private func adopt(_ terms: DealTerms) -> Int {
    if let index = adopted[terms.rank] { return index }
    adoptedDeals.append(terms)
    adopted[terms.rank] = deals.count + adoptedDeals.count - 1
    return deals.count + adoptedDeals.count - 1
  }

  /// The terms of deal `index`: one gathered for the order, or one taken from ``plain``.
  @inline(__always)
  func terms(_ index: Int) -> DealTerms {
    index < deals.count ? deals[index] : adoptedDeals[index - deals.count]
  }

  /// The lines deal `index` acts on: every line for a plain deal.
  @inline(__always)
  private func lines(_ index: Int) -> TargetedLines {
    index < targets.count ? targets[index] : .every
  }

  /// Whether `plan` beats `other` (``PlanPreference``, the rule for the best plan).
  func isPreferred(_ plan: Plan, to other: Plan) -> Bool {
    PlanPreference.prefers(
      total: plan.total, count: plan.count, rank: { terms(plan.step(at: $0).deal).rank },
      overTotal: other.total, count: other.count, rank: { terms(other.step(at: $0).deal).rank })
  }

  /// Makes `plan` the `best` one if it is preferred to it.
  private func offer(_ plan: Plan, to best: inout Plan) {
    if isPreferred(plan, to: best) { best = plan }
  }

  /// The best plan.
  func best() -> Plan {
    let lines = items ?? []
    let amounts = items.map { $0.map(\.lineAmount.minorUnits) } ?? [subtotal]
    let empty = Plan(total: subtotal + shipping)
    var best = empty
    // Kind 1: no item stage, any order stage.
    searchOrderStages(on: empty, amounts: amounts, stackableOnly: false, best: &best)
    guard !lines.isEmpty else { return best }
    // Each line's item deal: of every working one, and of the stackable ones.
    let cheapestFirst = DealTerms.cheapestFirst(lines)
    var everyChosen = [Step?](repeating: nil, count: lines.count)
    var stackableChosen = everyChosen
    for index in itemDeals {
      let terms = deals[index]
      func beats(_ discount: Int128, _ current: Step?) -> Bool {
        guard let current else { return true }
        return discount > current.discount
          || (discount == current.discount && terms.rank < deals[current.deal].rank)
      }
      terms.forEachLineDiscount(lines, targeted: targets[index], cheapestFirst: cheapestFirst) {
        line, discount in
        guard discount > 0 else { return }
        if beats(discount, everyChosen[line]) { everyChosen[line] = Step(deal: index, discount: discount) }
        if terms.isStackable && beats(discount, stackableChosen[line]) {
          stackableChosen[line] = Step(deal: index, discount: discount)
        }
      }
    }
    // Kind 2: every working item deal, no order stage.
    let everyItem = itemStage(everyChosen, amounts: amounts, kind: .every)
    if !everyItem.plan.isEmpty { offer(withShipping(everyItem.plan), to: &best) }
    // Kind 3: the stackable item deals, then a stackable order stage.
    let stackable = itemStage(stackableChosen, amounts: amounts, kind: .stackable)
    if !stackable.plan.isEmpty {
      searchOrderStages(
        on: stackable.plan, amounts: stackable.left, stackableOnly: true, best: &best)
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
    for step in best.orderSteps {
      let divided = divide(step.discount, of: step.deal, over: left)
      for line in lines.indices where divided[line] > 0 {
        shares[line].append(Step(deal: step.deal, discount: divided[line]))
      }
      left = zip(left, divided).map { $0 - $1 }
    }
    best.lineShares = shares
    return best
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
    let plan = Plan(
      itemSteps: steps, isAllStackable: steps.allSatisfy { deals[$0.deal].isStackable }, itemStage: kind,
      total: total)
    return (plan, left)
  }

  /// Offers `best` every order stage on `start` that could beat it: none, each discount or
  /// threshold that applies, and each stackable discount then stackable threshold that
  /// both apply, the threshold's base taken after the discount was divided among the lines.
  ///
  /// A deal takes no more off a smaller base, so what a threshold takes off its base
  /// at `start` bounds what it takes after any discount: the discounts are tried from the
  /// largest down (``LargestFirst``), each with the thresholds whose bound can still reach
  /// the best total found, and the search stops at the first discount that cannot. A
  /// threshold that shares no line with the discount takes what it took at `start`.
  ///
  /// - Complexity: O((*o* + *p*) *L*) for *o* order deals and the *p* pairs not cut off by
  ///   the bound, at most *d* × *t* for *d* discounts and *t* thresholds, plus
  ///   O(*t*) comparisons for each discount tried.
  private func searchOrderStages(
    on start: Plan, amounts: [Int128], stackableOnly: Bool,
    best: inout Plan
  ) {
    if !stackableOnly || !start.isEmpty { offer(withShipping(start), to: &best) }
    let whole = amounts.reduce(0, +)
    // The shipping deal that joins a plan of `start` and one more promotion: the best
    // stackable one when every promotion is stackable, none otherwise (a non-stackable
    // shipping deal stands alone).
    let startStackable = start.isAllStackable
    let stackableShipping = startStackable ? bestShipping.stackable?.discount ?? 0 : 0
    // Each order deal that applies on its own, with what it takes off at `start`.
    var discounts: [(deal: Int, taken: Int128)] = []
    var thresholds: [(deal: Int, bound: Int128)] = []
    discounts.reserveCapacity(orderDeals.count)
    thresholds.reserveCapacity(orderDeals.count)
    for index in orderDeals {
      let terms = deals[index]
      guard !stackableOnly || terms.isStackable else { continue }
      guard let base = base(of: index, amounts: amounts, whole: whole) else { continue }
      let taken = deals[index].orderDiscount(base: base, units: units[index])
      guard taken > 0 else { continue }
      offerSingle(index, taken: taken, on: start, stackableShipping: stackableShipping, best: &best)
      guard terms.isStackable else { continue }
      switch terms.kind {
      case .discount: discounts.append((index, taken))
      case .threshold: thresholds.append((index, taken))
      case .item, .shipping: preconditionFailure("only discounts and thresholds act on the order")
      }
    }
    // The plain order deals (untargeted, nothing of format 3): the best of each set on the
    // whole, from the index.
    var plainDiscount: (terms: DealTerms, taken: Int128)?
    var plainThresholdBound: Int128 = 0
    if let plain {
      for stacking in PlainOrderDeals.Stacking.allCases where !stackableOnly || stacking == .stackable {
        for kind in [plain.discounts(stacking), plain.thresholds(stacking)] {
          guard let (terms, taken) = plain.best(in: kind, at: whole) else { continue }
          offerSingle(
            adopt(terms), taken: taken, on: start, stackableShipping: stackableShipping, best: &best)
        }
      }
      plainDiscount = plain.best(in: plain.discounts(.stackable), at: whole)
      plainThresholdBound = plain.best(in: plain.thresholds(.stackable), at: whole)?.taken ?? 0
    }
    let plainThresholds = plain.map { $0.thresholds(.stackable) }.flatMap { $0.isEmpty ? nil : $0 }
    guard !discounts.isEmpty || plainDiscount != nil, !thresholds.isEmpty || plainThresholds != nil else {
      return
    }
    // The pairs: every promotion of one is stackable, so the same shipping deal joins each.
    let totalLeft = start.total - stackableShipping
    // A pair reaches the best total only if its discount and its threshold's bound do
    // together: only the discounts and thresholds that can be in such a pair are kept, then
    // tried from the largest down. A threshold takes no more off a smaller base, so what it
    // takes at `start` bounds what it takes after any discount.
    let largestTaken = discounts.reduce(plainDiscount?.taken ?? 0) { max($0, $1.taken) }
    let largestBound = thresholds.reduce(plainThresholdBound) { max($0, $1.bound) }
    discounts.removeAll { totalLeft - $0.taken - largestBound > best.total }
    thresholds.removeAll { totalLeft - largestTaken - $0.bound > best.total }
    var largestFirst = LargestFirst(discounts)
    let keptBound = thresholds.reduce(plainThresholdBound) { max($0, $1.bound) }
    var left = amounts
    var shares = amounts
    while let (discount, taken) = nextDiscount(&largestFirst, &plainDiscount, whole: whole) {
      if totalLeft - taken - keptBound > best.total { break }
      let plan = adding(discount, taken: taken, to: start)
      // What the lines have left after the discount, worked out when a threshold shares a
      // line with it (on other lines, the threshold's base is what it was).
      var leftIsWorkedOut = false
      let wholeLeft = whole - taken
      for (threshold, bound) in thresholds {
        if totalLeft - taken - bound > best.total { continue }
        let second: Int128
        if lines(discount).isDisjoint(with: targets[threshold]) {
          second = bound
        } else {
          if !leftIsWorkedOut {
            subtractShares(of: taken, by: discount, from: amounts, into: &left, shares: &shares)
            leftIsWorkedOut = true
          }
          guard let base = base(of: threshold, amounts: left, whole: wholeLeft) else { continue }
          second = deals[threshold].orderDiscount(base: base, units: units[threshold])
        }
        guard second > 0, totalLeft - taken - second <= best.total else { continue }
        offer(withShipping(adding(threshold, taken: second, to: plan)), to: &best)
      }
      // The best plain threshold on what the whole order has left (it is untargeted).
      if let plain, let plainThresholds, let (terms, second) = plain.best(in: plainThresholds, at: wholeLeft),
        totalLeft - taken - second <= best.total
      {
        offer(withShipping(adding(adopt(terms), taken: second, to: plan)), to: &best)
      }
    }
  }

  /// Offers `best` the plan of `start` and the single order deal `index`, which takes
  /// `taken` off it, when its total can reach the best one (before dividing anything).
  private func offerSingle(
    _ index: Int, taken: Int128, on start: Plan, stackableShipping: Int128, best: inout Plan
  ) {
    let shippingTaken = terms(index).isStackable ? stackableShipping : 0
    if start.total - taken - shippingTaken <= best.total {
      offer(withShipping(adding(index, taken: taken, to: start)), to: &best)
    }
  }

  /// The next stackable discount for the pairs, from the largest down: the larger of the
  /// queue's first and `plainNext` (a plain discount on `whole`, the next of which, taking
  /// less, is then asked of the index: of plain discounts taking the same, only the lowest
  /// id can be in the best plan).
  private func nextDiscount(
    _ queue: inout LargestFirst, _ plainNext: inout (terms: DealTerms, taken: Int128)?, whole: Int128
  ) -> (deal: Int, taken: Int128)? {
    if let next = plainNext, let plain, next.taken > queue.first?.taken ?? 0 {
      plainNext = plain.greatest(in: plain.discounts(.stackable), at: whole, notAbove: next.taken - 1)
      return (adopt(next.terms), next.taken)
    }
    return queue.next()
  }

  /// Sets `left` to what the lines have left of `amounts` once order deal `index` took
  /// `discount` off them, divided as the allocation rule divides it; `shares` is room for
  /// as many shares as lines.
  ///
  /// - Complexity: O(*L*) for *L* lines, allocating nothing.
  private func subtractShares(
    of discount: Int128, by index: Int, from amounts: [Int128], into left: inout [Int128],
    shares: inout [Int128]
  ) {
    // The weights: what each line it acts on has left, 0 for the others.
    if items != nil, !lines(index).isEvery {
      for line in left.indices { left[line] = 0 }
      lines(index).forEach(count: amounts.count) { left[$0] = amounts[$0] }
    } else {
      for line in left.indices { left[line] = amounts[line] }
    }
    left.withUnsafeBufferPointer { weights in
      shares.withUnsafeMutableBufferPointer { Allocation.divide(discount, over: weights, into: $0) }
    }
    for line in left.indices { left[line] = amounts[line] - shares[line] }
  }

  /// The base of order deal `index` on what the lines have left (`amounts`, adding up to
  /// `whole`): every line's, or its targeted lines'; `nil` when it cannot apply to an order
  /// given as an amount (it targets lines or counts units).
  private func base(
    of index: Int, amounts: [Int128], whole: Int128
  ) -> Int128? {
    guard items != nil else {
      return deals[index].isTargeted || deals[index].hasMinimumQuantity ? nil : whole
    }
    if targets[index].isEvery { return whole }
    var base: Int128 = 0
    targets[index].forEach(count: amounts.count) { base += amounts[$0] }
    return base
  }

  /// `plan` with the order deal `index`, which takes `taken` off it.
  private func adding(_ index: Int, taken: Int128, to plan: Plan) -> Plan {
    var next = plan
    let step = Step(deal: index, discount: taken)
    if next.firstOrderStep == nil { next.firstOrderStep = step } else { next.secondOrderStep = step }
    next.isAllStackable = next.isAllStackable && terms(index).isStackable
    next.total -= taken
    return next
  }

  /// The shares of `discount`, taken by order deal `index`, of what the lines have left
  /// (`amounts`): divided among the lines it acts on, in proportion to what each has left.
  private func divide(_ discount: Int128, of index: Int, over amounts: [Int128]) -> [Int128] {
    var weights = amounts
    if items != nil, !lines(index).isEvery {
      let targeted = lines(index)
      weights = Array(repeating: 0, count: amounts.count)
      targeted.forEach(count: amounts.count) { weights[$0] = amounts[$0] }
    }
    return Allocation.shares(of: discount, over: weights)
  }

  /// `plan` with the best shipping deal the stacking rule lets join it: any deal when the
  /// plan has no promotion, a stackable one when all its promotions are stackable.
  private func withShipping(_ plan: Plan) -> Plan {
    let joinsAny = plan.isEmpty
    guard joinsAny || plan.isAllStackable,
      let chosen = joinsAny ? bestShipping.any : bestShipping.stackable
    else { return plan }
    var next = plan
    next.shippingStep = chosen
    next.total -= chosen.discount
    return next
  }
}
