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
  /// One promotion's part in a plan: which and what it took off. An item or shipping
  /// deal is named by its place in ``table``, a discount or threshold by its number among
  /// the order deals (see ``orderTerms(_:)``).
  struct Step: Sendable, Hashable {
    /// The deal: its place in ``ExactPlanSearch/table``, or its order-deal number.
    var deal: Int
    /// What it took off, in minor units.
    var discount: Int128
    /// The rank of its id among the store's ids.
    var rank: Int32
  }

  /// A plan while it is searched: its item stage (whose steps the search keeps), its order
  /// and shipping deals, and its total (the goods left plus the shipping left). A plain
  /// value with no reference in it, so that trying a plan with one more promotion costs a
  /// copy of a few words.
  struct Plan: Sendable {
    /// Which item stage it starts with.
    var itemStage: ItemStage = .none
    /// How many item deals took something off a line in that stage.
    var itemCount = 0
    /// The order deals: a discount or threshold alone, or a discount then a threshold.
    var firstOrderStep: Step?
    var secondOrderStep: Step?
    /// The shipping deal.
    var shippingStep: Step?
    /// Whether every promotion of it is stackable (so a stackable shipping deal may join).
    var isAllStackable = true
    /// The total.
    var total: Int128

    /// How many promotions it has.
    var count: Int {
      itemCount + (firstOrderStep == nil ? 0 : 1) + (secondOrderStep == nil ? 0 : 1)
        + (shippingStep == nil ? 0 : 1)
    }

    /// Whether it has no promotion.
    var isEmpty: Bool { count == 0 }

  }

  /// One promotion of the chosen plan: its position in the store and what it took off.
  struct Applied: Sendable, Hashable {
    /// Its position in the store.
    var storeIndex: Int
    /// What it took off, in minor units.
    var discount: Int128
  }

  /// The plan chosen, as the quote tells it.
  struct Selection: Sendable {
    /// Its promotions in application order: item deals by id, the discount, the
    /// threshold, the shipping deal.
    var applied: [Applied]
    /// The shares of each line's discount in application order, line after line: those of
    /// line `l` from `shareStarts[l]` up to `shareStarts[l + 1]` (two arrays for every
    /// line, instead of one for each).
    var shares: [Applied]
    var shareStarts: [Int]
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

  /// The terms the deals are named by.
  let table: [DealTerms]
  /// The lines, or `nil` for an order given as an amount.
  let items: [OrderItem]?
  /// The subtotal in minor units.
  let subtotal: Int128
  /// The shipping in minor units (0 without).
  let shipping: Int128
  /// The shipping deal that takes the most off the shipping (ties: the lowest id) of all
  /// the working ones, and of the stackable ones; `nil` when none applies.
  private let bestShipping: (any: Step?, stackable: Step?)
  /// The stretches of item deals each line reads in place.
  private let linePostings: [LinePostings]
  /// The other item deals, with their lines.
  private let itemDeals: [ItemCandidate]
  /// The discounts and thresholds (their places in ``table``) and the lines each acts on,
  /// numbered from 0: the order-deal numbers.
  private let orderDeals: [Int32]
  private let orderLines: [TargetedLines]
  /// The untargeted order deals with nothing of format 3 about them, asked for the best on
  /// a base instead of being among the deals; `nil` when the order brought them as deals.
  private let plain: PlainOrderDeals?
  /// Bounds on what the order deals take.
  private let bounds: OrderStageBounds
  /// The order deals in blocks, each with bounds on what its deals take (covering every
  /// order deal), and the bounds they name.
  private let blocks: [ExactDealBlock]
  /// The units of the lines each gathered order deal with a minimum of units targets (0
  /// for the other deals, which do not count them), by order-deal number.
  private let units: [Int64]
  private let stretchBounds: [OrderStageBounds]
  /// The deals for customer groups of the blocks still to be gathered that the customer's
  /// groups admit (``OrderDeals/admittedForGroups``).
  private let admittedForGroups: [Int32]
  /// The plain order deals taken from `plain`, numbered from ``adoptedBase``, and where
  /// each went, by the rank of its id.
  private var adoptedDeals: [DealTerms] = []
  private var adopted: [Int32: Int] = [:]
  /// The item deals of the two item stages that took something off a line, by id.
  private var everyItemSteps: [Step] = []
  private var stackableItemSteps: [Step] = []

  /// A search over the working `deals` of an order of `items` (or of an amount, `nil`),
  /// `subtotal` and `shipping` in minor units.
  ///
  /// - Complexity: O(*s*) for the *s* shipping deals among `deals`.
  init(
    deals: OrderDeals, plain: PlainOrderDeals? = nil, items: [OrderItem]?, subtotal: Int128,
    shipping: Int128
  ) {
    self.plain = plain
    let table = deals.table
    self.table = table
    linePostings = deals.linePostings
    itemDeals = deals.items
    orderDeals = deals.orders
    orderLines = deals.orderLines
    bounds = deals.bounds
    var blocks = deals.blocks
    let covered = Int32(blocks.last?.end ?? 0)
    if covered < deals.orders.count {
      // Those after the last block: searched deal by deal.
      blocks.append(ExactDealBlock(start: covered, end: Int32(deals.orders.count), bounds: -1, lines: .every))
    }
    self.blocks = blocks
    var units = [Int64](repeating: 0, count: deals.orders.count)
    if let items {
      for number in deals.orders.indices where table[Int(deals.orders[number])].hasMinimumQuantity {
        deals.orderLines[number].forEach(count: items.count) { units[number] += items[$0].quantity }
      }
    }
    self.units = units
    stretchBounds = deals.stretchBounds
    admittedForGroups = deals.admittedForGroups
    self.items = items
    self.subtotal = subtotal
    self.shipping = shipping
    var any: Step?
    var stackable: Step?
    if shipping > 0 {
      for place in deals.shipping {
        let index = Int(place)
        let terms = table[index]
        let discount = terms.shippingDiscount(shipping: shipping, subtotal: subtotal)
        guard discount > 0 else { continue }
        let step = Step(deal: index, discount: discount, rank: terms.rank)
        /// Whether this deal's discount is preferred to `current`'s.
        func beats(_ current: Step?) -> Bool {
          guard let current else { return true }
          return discount > current.discount || (discount == current.discount && terms.rank < current.rank)
        }
        if beats(any) { any = step }
        if terms.isStackable && beats(stackable) { stackable = step }
      }
    }
    bestShipping = (any, stackable)
  }

  /// The first order-deal number of the plain order deals taken from ``plain``.
  private static let adoptedBase = 1 << 62
  /// The first order-deal number of the deals of blocks still to be gathered: the deal at
  /// place `p` of ``table`` in block `b` is numbered `pendingBase + b << 32 + p`.
  private static let pendingBase = 1 << 61

  /// The number of the deal at `place` of ``table`` in block `block`, still to be gathered.
  @inline(__always)
  private static func pending(block: Int, place: Int) -> Int { pendingBase + block << 32 + place }

  /// The block of `number`, a deal of a block still to be gathered.
  @inline(__always)
  private static func pendingBlock(_ number: Int) -> Int { (number - pendingBase) >> 32 }

  /// The units of the lines order deal `number` counts (0 for a deal without a minimum of
  /// units, which does not count them, but for one of a block still to be gathered).
  @inline(__always)
  private func units(of number: Int) -> Int64 {
    if number < Self.pendingBase { return units[number] }
    // A deal of a block still to be gathered: the units of the block's lines, all its own.
    guard let items else { return 0 }
    var counted: Int64 = 0
    blocks[Self.pendingBlock(number)].lines.forEach(count: items.count) { counted += items[$0].quantity }
    return counted
  }

  /// The order-deal number of `terms`, a plain order deal from ``plain``, added on first
  /// use (untargeted: every line, no units counted).
  private func adopt(_ terms: DealTerms) -> Int {
    if let number = adopted[terms.rank] { return number }
    adoptedDeals.append(terms)
    adopted[terms.rank] = Self.adoptedBase + adoptedDeals.count - 1
    return Self.adoptedBase + adoptedDeals.count - 1
  }

  /// The terms of order deal `number`: one gathered for the order, or one taken from
  /// ``plain``.
  @inline(__always)
  private func orderTerms(_ number: Int) -> DealTerms {
    if number < Self.pendingBase { return table[Int(orderDeals[number])] }
    if number < Self.adoptedBase { return table[(number - Self.pendingBase) & 0xFFFF_FFFF] }
    return adoptedDeals[number - Self.adoptedBase]
  }

  /// The lines order deal `number` acts on: every line for a plain deal.
  @inline(__always)
  private func lines(_ number: Int) -> TargetedLines {
    if number < Self.pendingBase { return orderLines[number] }
    return number < Self.adoptedBase ? blocks[Self.pendingBlock(number)].lines : .every
  }

  /// The item steps of `stage`.
  private func itemSteps(_ stage: ItemStage) -> [Step] {
    switch stage {
    case .none: []
    case .every: everyItemSteps
    case .stackable: stackableItemSteps
    }
  }

  /// The rank of the id of `plan`'s promotion at `position` in application order.
  private func rank(of plan: Plan, at position: Int) -> Int32 {
    if position < plan.itemCount { return itemSteps(plan.itemStage)[position].rank }
    var rest = position - plan.itemCount
    if let step = plan.firstOrderStep {
      if rest == 0 { return step.rank }
      rest -= 1
    }
    if let step = plan.secondOrderStep {
      if rest == 0 { return step.rank }
      rest -= 1
    }
    if let step = plan.shippingStep, rest == 0 { return step.rank }
    preconditionFailure("a plan has no promotion at \(position)")
  }

  /// Whether `plan` beats `other` (``PlanPreference``, the rule for the best plan).
  func isPreferred(_ plan: Plan, to other: Plan) -> Bool {
    // Of one item stage, the item deals are the same: the order deals and the shipping
    // deal decide.
    let skipped = plan.itemStage == other.itemStage ? plan.itemCount : 0
    return PlanPreference.prefers(
      total: plan.total, count: plan.count - skipped, rank: { rank(of: plan, at: $0 + skipped) },
      overTotal: other.total, count: other.count - skipped, rank: { rank(of: other, at: $0 + skipped) })
  }

  /// Makes `plan` the `best` one if it is preferred to it.
  @inline(__always)
  private func offer(_ plan: Plan, to best: inout Plan) {
    if plan.total < best.total || (plan.total == best.total && isPreferred(plan, to: best)) { best = plan }
  }

  /// Whether a plan of `count` promotions whose total is at least `lowest` can be preferred
  /// to `best`, its shipping deal taking `shippingTaken` (the total is never below what is
  /// left of the shipping).
  @inline(__always)
  private func canReach(_ lowest: Int128, count: Int, shippingTaken: Int128, best: Plan) -> Bool {
    let lowest = max(lowest, shipping - shippingTaken)
    return lowest < best.total || (lowest == best.total && count <= best.count)
  }

  /// The best plan.
  func best() -> Selection {
    let lines = items ?? []
    let amounts = items.map { $0.map(\.lineAmount.minorUnits) } ?? [subtotal]
    let empty = Plan(total: subtotal + shipping)
    var best = empty
    guard !lines.isEmpty else {
      // Kind 1 only: no item stage, any order stage.
      searchOrderStages(on: empty, amounts: amounts, stackableOnly: false, best: &best)
      return selection(best, chosen: [], amounts: amounts)
    }
    // The plans are tried in the order that finds a good one soonest (the best one does
    // not depend on it), so that more of the others are cut off.
    // Each line's item deal: of every working one, and of the stackable ones.
    let (everyChosen, stackableChosen) = chosenItemDeals(lines)
    // Kind 2: every working item deal, no order stage.
    let everyItem = itemStage(everyChosen, amounts: amounts, kind: .every)
    if everyItem.plan.itemCount > 0 { offer(withShipping(everyItem.plan), to: &best) }
    // Kind 3: the stackable item deals, then a stackable order stage.
    let stackable = itemStage(stackableChosen, amounts: amounts, kind: .stackable)
    if stackable.plan.itemCount > 0 {
      searchOrderStages(
        on: stackable.plan, amounts: stackable.left, stackableOnly: true, best: &best)
    }
    // Kind 1: no item stage, any order stage.
    searchOrderStages(on: empty, amounts: amounts, stackableOnly: false, best: &best)
    return selection(best, chosen: best.itemStage == .every ? everyChosen : stackableChosen, amounts: amounts)
  }

  /// Each line's item deal that takes the most off it (ties: the lowest id), of every
  /// working one and of the stackable ones.
  ///
  /// - Complexity: O(*k* *L*) for *k* item deals, without allocating but the two answers.
  private func chosenItemDeals(_ lines: [OrderItem]) -> (every: [Step?], stackable: [Step?]) {
    var everyChosen = [Step?](repeating: nil, count: lines.count)
    var stackableChosen = everyChosen
    everyChosen.withUnsafeMutableBufferPointer { every in
      stackableChosen.withUnsafeMutableBufferPointer { stackable in
        chooseItemDeals(lines, every: every, stackable: stackable)
      }
    }
    return (everyChosen, stackableChosen)
  }

  /// ``chosenItemDeals(_:)`` into `every` and `stackable` (one per line, `nil` at first):
  /// through buffers, so that the closures that fill them need no exclusive access.
  private func chooseItemDeals(
    _ lines: [OrderItem], every: UnsafeMutableBufferPointer<Step?>,
    stackable: UnsafeMutableBufferPointer<Step?>
  ) {
    @inline(__always)
    func consider(_ index: Int, _ terms: DealTerms, line: Int, discount: Int128) {
      guard discount > 0 else { return }
      /// Whether this deal's discount is preferred to `current`'s.
      func beats(_ current: Step?) -> Bool {
        guard let current else { return true }
        return discount > current.discount || (discount == current.discount && terms.rank < current.rank)
      }
      let step = Step(deal: index, discount: discount, rank: terms.rank)
      if beats(every[line]) { every[line] = step }
      if terms.isStackable && beats(stackable[line]) { stackable[line] = step }
    }
    // (The lists read through buffers: no reference counting for each deal read.)
    table.withUnsafeBufferPointer { table in
      linePostings.withUnsafeBufferPointer { linePostings in
        for posting in linePostings {
          let line = Int(posting.line)
          let (price, quantity) = (lines[line].unitPrice.minorUnits, lines[line].quantity)
          for index in Int(posting.start)..<Int(posting.end) {
            let terms = table[index]
            consider(
              index, terms, line: line, discount: terms.lineDiscount(unitPrice: price, quantity: quantity))
          }
        }
      }
      itemDeals.withUnsafeBufferPointer { itemDeals in
        // The lines from the cheapest, for the buy/gets across lines, worked out once when one
        // is among the deals.
        let cheapestFirst =
          itemDeals.contains { !table[Int($0.deal)].isPricedLineByLine }
          ? DealTerms.cheapestFirst(lines) : nil
        for candidate in itemDeals {
          let index = Int(candidate.deal)
          let terms = table[index]
          terms.forEachLineDiscount(lines, targeted: candidate.lines, cheapestFirst: cheapestFirst) {
            consider(index, terms, line: $0, discount: $1)
          }
        }
      }
    }
  }

  /// The item stage in which each line takes the deal chosen for it (the one that takes
  /// the most off it, ties: the lowest id); its steps, one per deal by id, are kept for
  /// `kind`. Returns the plan and what each line has left.
  private func itemStage(_ chosenPerLine: [Step?], amounts: [Int128], kind: ItemStage) -> (
    plan: Plan, left: [Int128]
  ) {
    var left = amounts
    // A deal chosen for several lines (found through several SKUs and categories, so
    // perhaps at several places of the table) is one step: merged by rank.
    var steps: [Step] = []
    for line in amounts.indices {
      guard let chosen = chosenPerLine[line] else { continue }
      left[line] -= chosen.discount
      if let same = steps.firstIndex(where: { $0.rank == chosen.rank }) {
        steps[same].discount += chosen.discount
      } else {
        // (Room for a step per line at the first: the list never grows.)
        if steps.isEmpty { steps.reserveCapacity(amounts.count) }
        steps.append(chosen)
      }
    }
    steps.sort { $0.rank < $1.rank }
    let total = subtotal - steps.reduce(0) { $0 + $1.discount } + shipping
    let plan = Plan(
      itemStage: kind, itemCount: steps.count,
      isAllStackable: steps.allSatisfy { table[$0.deal].isStackable },
      total: total)
    switch kind {
    case .none: break
    case .every: everyItemSteps = steps
    case .stackable: stackableItemSteps = steps
    }
    return (plan, left)
  }

  /// The plan `best` as the quote tells it: its promotions and each line's shares (its
  /// item stage's, `chosen` per line, then each order deal's division).
  ///
  /// - Complexity: O(*L*) for *L* lines, in a few allocations whatever *L*.
  private func selection(_ best: Plan, chosen: [Step?], amounts: [Int128]) -> Selection {
    let lineCount = items?.count ?? 0
    let itemShares = best.itemStage != .none && lineCount > 0
    var applied: [Applied] = []
    for step in itemSteps(best.itemStage) {
      applied.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
    }
    // What each line has left after the item stage, then each order deal's shares of it,
    // line after line for each deal.
    var left = amounts
    if itemShares {
      for line in 0..<lineCount { if let step = chosen[line] { left[line] -= step.discount } }
    }
    /// The order deal `index` (0 or 1) applies in application order, if any.
    func orderStep(_ index: Int) -> Step? { index == 0 ? best.firstOrderStep : best.secondOrderStep }
    let stepCount = best.secondOrderStep != nil ? 2 : best.firstOrderStep != nil ? 1 : 0
    var divided: [Int128] = []
    if lineCount > 0 && stepCount > 0 {
      divided = [Int128](repeating: 0, count: lineCount * stepCount)
      var weights = [Int128](repeating: 0, count: lineCount)
      var shares = weights
      for index in 0..<stepCount {
        guard let step = orderStep(index) else { continue }
        subtractShares(of: step.discount, by: step.deal, from: left, into: &weights, shares: &shares)
        for line in 0..<lineCount { divided[index * lineCount + line] = shares[line] }
        swap(&left, &weights)
      }
    }
    for index in 0..<stepCount {
      guard let step = orderStep(index) else { continue }
      applied.append(Applied(storeIndex: Int(orderTerms(step.deal).storeIndex), discount: step.discount))
    }
    if let step = best.shippingStep {
      applied.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
    }
    // Each line's shares: counted, then laid out.
    var shareStarts = [Int](repeating: 0, count: lineCount + 1)
    for line in 0..<lineCount {
      var count = itemShares && chosen[line] != nil ? 1 : 0
      for index in 0..<stepCount where divided[index * lineCount + line] > 0 { count += 1 }
      shareStarts[line + 1] = shareStarts[line] + count
    }
    var lineShares: [Applied] = []
    lineShares.reserveCapacity(shareStarts[lineCount])
    for line in 0..<lineCount {
      if itemShares, let step = chosen[line] {
        lineShares.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
      }
      for index in 0..<stepCount where divided[index * lineCount + line] > 0 {
        if let step = orderStep(index) {
          lineShares.append(
            Applied(
              storeIndex: Int(orderTerms(step.deal).storeIndex), discount: divided[index * lineCount + line]))
        }
      }
    }
    return Selection(
      applied: applied, shares: lineShares, shareStarts: shareStarts,
      shippingDiscount: best.shippingStep?.discount ?? 0, total: best.total)
  }

  /// Offers `best` every order stage on `start` that could beat it: none, each discount or
  /// threshold that applies (only the stackable ones when `stackableOnly`), and each
  /// stackable discount then stackable threshold that both apply, the threshold's base
  /// taken after the discount was divided among the lines.
  ///
  /// What each deal takes is bounded first, with less arithmetic
  /// (``DealTerms/orderDiscountBound(base:units:)``): only the deals whose bound, alone or
  /// with the largest bound of a partner, can beat the best plan are priced and tried.
  ///
  /// - Complexity: O((*o* + *p*) *L*) for *o* order deals and the *p* pairs not cut off by
  ///   the bound (see ``searchPairs(on:amounts:whole:discounts:thresholds:plainDiscount:plainThresholdBound:best:)``).
  private func searchOrderStages(
    on start: Plan, amounts: [Int128], stackableOnly: Bool, best: inout Plan
  ) {
    if !stackableOnly || !start.isEmpty { offer(withShipping(start), to: &best) }
    let whole = amounts.reduce(0, +)
    // The shipping deal that joins a plan of `start` and one more promotion: the best
    // stackable one when every promotion is stackable, none otherwise.
    let stackableShipping = start.isAllStackable ? bestShipping.stackable?.discount ?? 0 : 0
    let joining = stackableShipping > 0 ? 1 : 0
    // The plain order deals (untargeted, nothing of format 3): the best of each set on the
    // whole, from the index.
    var plainDiscount: (terms: DealTerms, taken: Int128)?
    var plainThresholdBound: Int128 = 0
    if let plain {
      for stacking in PlainOrderDeals.Stacking.allCases where !stackableOnly || stacking == .stackable {
        for kind in [plain.discounts(stacking), plain.thresholds(stacking)] {
          guard let (terms, taken) = plain.best(in: kind, at: whole) else { continue }
          offerSingle(
            adopt(terms), taken: taken, on: start,
            shippingTaken: stacking == .stackable ? stackableShipping : 0, best: &best)
        }
      }
      plainDiscount = plain.best(in: plain.discounts(.stackable), at: whole)
      plainThresholdBound = plain.best(in: plain.thresholds(.stackable), at: whole)?.taken ?? 0
    }
    // No deal takes more than the bounds of the order's deals on the whole: when neither
    // one deal nor a pair so bounded can beat the best plan, none is tried.
    var largestDiscount = max(bounds.stackableDiscounts.bound(upTo: whole), plainDiscount?.taken ?? 0)
    var largestThreshold = max(bounds.stackableThresholds.bound(upTo: whole), plainThresholdBound)
    let largestAlone = max(
      stackableOnly ? max(largestDiscount, largestThreshold) : bounds.any.bound(upTo: whole),
      plainDiscount?.taken ?? 0, plainThresholdBound)
    guard
      plain != nil
        || canReach(
          start.total - largestAlone - stackableShipping, count: start.count + 1,
          shippingTaken: stackableShipping, best: best)
        || canReach(
          start.total - largestDiscount - largestThreshold - stackableShipping, count: start.count + 2,
          shippingTaken: stackableShipping, best: best)
    else { return }
    var discounts: [(deal: Int, taken: Int128)] = []
    var thresholds: [(deal: Int, bound: Int128)] = []
    /// Tries each deal of block `index` alone, and keeps those that could be in a pair with
    /// a partner taking at most `partners`.
    func search(block index: Int, partners: (discount: Int128, threshold: Int128)) {
      let block = blocks[index]
      if block.isPending {
        for place in Int(block.pendingStart)..<Int(block.pendingEnd)
        where !table[place].isForCustomerGroups || admittedForGroups.contains(Int32(place)) {
          searchOrderDeal(
            Self.pending(block: index, place: place), on: start, amounts: amounts, whole: whole,
            stackableOnly: stackableOnly, partners: partners, discounts: &discounts, thresholds: &thresholds,
            best: &best)
        }
      } else {
        for number in Int(block.start)..<Int(block.end) {
          searchOrderDeal(
            number, on: start, amounts: amounts, whole: whole, stackableOnly: stackableOnly,
            partners: partners, discounts: &discounts, thresholds: &thresholds, best: &best)
        }
      }
    }
    /// Whether a pair whose deals take at most `taken` off `start` can beat `best`.
    func pairCanReach(_ taken: Int128) -> Bool {
      canReach(
        start.total - stackableShipping - taken, count: start.count + 2 + joining,
        shippingTaken: stackableShipping, best: best)
    }
    // The blocks of every line first (the untargeted deals, those of codes, those whose
    // minimum the subtotal reaches: those that take the most), and their pairs, so that the
    // best plan is as good as can be soonest.
    for index in blocks.indices where blocks[index].isOfEveryLine {
      search(block: index, partners: (largestDiscount, largestThreshold))
    }
    searchPairs(
      on: start, amounts: amounts, whole: whole, discounts: discounts,
      thresholds: thresholds, plainDiscount: plainDiscount, plainThresholdBound: plainThresholdBound,
      best: &best)
    // Then the others, each bounded as a block: no deal of one takes more than its bounds
    // on what the block's lines have left (the deal's base is what its lines have left, and
    // each of its lines is one of the block's). The largest partner of a pair is now the
    // largest of those bounds, of what the deals kept so far take, and of the best plain
    // deal (a deal left out so far cannot be in a pair that beats the best plan).
    // (No deal of a block takes more than what its lines have left: its bounds are worked
    // out only for a block that what its lines have left does not rule out.)
    let blockBases = self.blockBases(amounts: amounts, whole: whole)
    var blockBounds = [(any: Int128, discounts: Int128, thresholds: Int128)?](
      repeating: nil, count: blocks.count)
    /// The bounds of block `index`.
    func boundsOf(block index: Int) -> (any: Int128, discounts: Int128, thresholds: Int128) {
      if let bound = blockBounds[index] { return bound }
      let bound = blockBound(index, base: blockBases[index].base, units: blockBases[index].units)
      blockBounds[index] = bound
      return bound
    }
    largestDiscount = discounts.reduce(plainDiscount?.taken ?? 0) { max($0, $1.taken) }
    largestThreshold = thresholds.reduce(plainThresholdBound) { max($0, $1.bound) }
    for index in blocks.indices where !blocks[index].isOfEveryLine {
      guard blockBases[index].base > min(largestDiscount, largestThreshold) else { continue }
      let bound = boundsOf(block: index)
      largestDiscount = max(largestDiscount, bound.discounts)
      largestThreshold = max(largestThreshold, bound.thresholds)
    }
    // A block is looked into when one of its deals could beat the best plan alone or as the
    // threshold of a pair (with the largest discount); one whose deals could only as the
    // discount of a pair is put off until the pairs of the others were tried; the others are
    // left out. (The bounds are checked against the best plan found so far, which only gets
    // better.)
    // (The discounts kept from here on follow those tried in the same list: no copy of it.)
    let tried = (discounts: discounts.count, thresholds: thresholds.count)
    var deferred: [Int] = []
    for index in blocks.indices where !blocks[index].isOfEveryLine {
      let base = blockBases[index].base
      guard
        canReach(
          start.total - base - stackableShipping, count: start.count + 1, shippingTaken: stackableShipping,
          best: best) || pairCanReach(base + max(largestDiscount, largestThreshold))
      else { continue }
      let bound = boundsOf(block: index)
      let alone = canReach(
        start.total - (stackableOnly ? max(bound.discounts, bound.thresholds) : bound.any)
          - stackableShipping,
        count: start.count + 1, shippingTaken: stackableShipping, best: best)
      if alone || pairCanReach(bound.thresholds + largestDiscount) {
        search(block: index, partners: (largestDiscount, largestThreshold))
      } else if pairCanReach(bound.discounts + largestThreshold) {
        deferred.append(index)
      }
    }
    if thresholds.count > tried.thresholds {
      // New thresholds: every pair again (those tried already change nothing).
      searchPairs(
        on: start, amounts: amounts, whole: whole, discounts: discounts,
        thresholds: thresholds, plainDiscount: plainDiscount, plainThresholdBound: plainThresholdBound,
        best: &best)
    } else if discounts.count > tried.discounts {
      searchPairs(
        on: start, amounts: amounts, whole: whole, discounts: Array(discounts[tried.discounts...]),
        thresholds: thresholds, plainDiscount: nil, plainThresholdBound: plainThresholdBound, best: &best)
    }
    guard start.isAllStackable, !deferred.isEmpty else { return }
    // The blocks put off, those with the discount of the lowest id first: their discounts
    // pair with the thresholds kept (a threshold of a block left out or put off cannot be in
    // a pair that beats the best plan: the largest discount bounds its partner).
    let keptThreshold = thresholds.reduce(plainThresholdBound) { max($0, $1.bound) }
    /// The lowest rank of the stackable discounts of block `index`.
    func lowestRank(_ index: Int) -> Int32 {
      stretchBounds[Int(blocks[index].bounds)].lowestStackableDiscountRank
    }
    deferred.sort { lowestRank($0) < lowestRank($1) }
    let floorTotal = shipping - stackableShipping
    for index in deferred {
      guard pairCanReach(boundsOf(block: index).discounts + keptThreshold) else { continue }
      // When no total can be lower than the best's and the best is a pair on the same item
      // stage (as many promotions), a pair whose discount has a higher id than the best's
      // loses: a block whose discounts all do is left out.
      if best.total == floorTotal && best.count == start.count + 2 + joining
        && best.itemStage == start.itemStage
        && best.secondOrderStep != nil, let bestDiscount = best.firstOrderStep,
        lowestRank(index) > bestDiscount.rank
      {
        continue
      }
      discounts.removeAll(keepingCapacity: true)
      search(block: index, partners: (largestDiscount, largestThreshold))
      searchPairs(
        on: start, amounts: amounts, whole: whole, discounts: discounts,
        thresholds: thresholds, plainDiscount: nil, plainThresholdBound: plainThresholdBound, best: &best)
    }
  }

  /// What `amounts` (adding up to `whole`) leave the lines of each block, and their units
  /// (unlimited for an order given as an amount); nothing for a block of every line, which
  /// is searched deal by deal.
  ///
  /// - Complexity: O(*b*) for *b* blocks on an order of at most 64 lines.
  private func blockBases(amounts: [Int128], whole: Int128) -> [(base: Int128, units: Int64)] {
    var bases: [(base: Int128, units: Int64)] = []
    bases.reserveCapacity(blocks.count)
    for block in blocks {
      guard !block.isOfEveryLine else {
        bases.append((0, 0))
        continue
      }
      guard let items else {
        bases.append((whole, .max))
        continue
      }
      var (base, units): (Int128, Int64) = (0, 0)
      block.lines.forEach(count: amounts.count) {
        base += amounts[$0]
        units += items[$0].quantity
      }
      bases.append((base, units))
    }
    return bases
  }

  /// Bounds on what the order deals of block `index` take off a base of at most `base` over
  /// at most `units` units, by its ``OrderStageBounds``: of any one, of a stackable
  /// discount, of a stackable threshold. None is above `base`.
  private func blockBound(_ index: Int, base: Int128, units: Int64) -> (
    any: Int128, discounts: Int128, thresholds: Int128
  ) {
    let stretch = stretchBounds[Int(blocks[index].bounds)]
    return (
      stretch.any.bound(upTo: base, units: units),
      stretch.stackableDiscounts.bound(upTo: base, units: units),
      stretch.stackableThresholds.bound(upTo: base, units: units)
    )
  }

  /// Offers `best` order deal `number` alone on `start` when it could beat it, and keeps it
  /// among `discounts` or `thresholds` (with what it takes) when it could be in a pair that
  /// does, the largest partner taking at most `partners` (a discount, a threshold); only
  /// the stackable ones when `stackableOnly`.
  @inline(__always)
  private func searchOrderDeal(
    _ number: Int, on start: Plan, amounts: [Int128], whole: Int128, stackableOnly: Bool,
    partners: (discount: Int128, threshold: Int128), discounts: inout [(deal: Int, taken: Int128)],
    thresholds: inout [(deal: Int, bound: Int128)], best: inout Plan
  ) {
    let stackableShipping = start.isAllStackable ? bestShipping.stackable?.discount ?? 0 : 0
    let joining = stackableShipping > 0 ? 1 : 0
    let terms = orderTerms(number)
    guard !stackableOnly || terms.isStackable else { return }
    guard let base = base(of: number, terms, amounts: amounts, whole: whole) else { return }
    let bound = terms.orderDiscountBound(base: base, units: self.units(of: number))
    guard bound > 0 else { return }
    let shippingTaken = terms.isStackable ? stackableShipping : 0
    let alone = canReach(
      start.total - bound - shippingTaken, count: start.count + 1 + (shippingTaken > 0 ? 1 : 0),
      shippingTaken: shippingTaken, best: best)
    let partner = terms.kind == .discount ? partners.threshold : partners.discount
    let paired =
      terms.isStackable
      && canReach(
        start.total - stackableShipping - bound - partner, count: start.count + 2 + joining,
        shippingTaken: stackableShipping, best: best)
    guard alone || paired else { return }
    let taken =
      terms.orderDiscountBoundIsExact ? bound : terms.orderDiscount(base: base, units: self.units(of: number))
    guard taken > 0 else { return }
    if alone { offerSingle(number, taken: taken, on: start, shippingTaken: shippingTaken, best: &best) }
    guard paired else { return }
    switch terms.kind {
    case .discount: discounts.append((number, taken))
    case .threshold: thresholds.append((number, taken))
    case .item, .shipping: preconditionFailure("only discounts and thresholds act on the order")
    }
  }

  /// Offers `best` each stackable discount then stackable threshold on `start` that could
  /// beat it: of `discounts` (each with what it takes off `amounts`, adding up to `whole`)
  /// and `plainDiscount`, and of `thresholds` (each with what it takes there, which bounds
  /// what it takes after a discount) and the plain thresholds (the best of which takes
  /// `plainThresholdBound` there).
  ///
  /// A deal takes no more off a smaller base, so what a threshold takes off its base
  /// at `start` bounds what it takes after any discount: the discounts are tried from the
  /// largest down (``LargestFirst``), each with the thresholds whose bound can still reach
  /// the best total found, and the search stops at the first discount that cannot. A
  /// threshold that shares no line with the discount takes what it took at `start`.
  ///
  /// - Complexity: O(*p* *L*) for the *p* pairs not cut off by the bound, at most *d* × *t*
  ///   for *d* discounts and *t* thresholds, plus O(*t*) comparisons for each discount tried.
  private func searchPairs(
    on start: Plan, amounts: [Int128], whole: Int128, discounts: [(deal: Int, taken: Int128)],
    thresholds: [(deal: Int, bound: Int128)], plainDiscount: (terms: DealTerms, taken: Int128)?,
    plainThresholdBound: Int128, best: inout Plan
  ) {
    guard start.isAllStackable else { return }
    let plainThresholds = plain.map { $0.thresholds(.stackable) }.flatMap { $0.isEmpty ? nil : $0 }
    guard !discounts.isEmpty || plainDiscount != nil, !thresholds.isEmpty || plainThresholds != nil else {
      return
    }
    // The pairs: every promotion of one is stackable, so the same shipping deal joins each,
    // and each has as many promotions.
    let shippingTaken = bestShipping.stackable?.discount ?? 0
    let totalLeft = start.total - shippingTaken
    let count = start.count + 2 + (shippingTaken > 0 ? 1 : 0)
    /// Whether a pair whose total is at least `lowest` can be preferred to `best`.
    func canReach(_ lowest: Int128) -> Bool {
      self.canReach(lowest, count: count, shippingTaken: shippingTaken, best: best)
    }
    // A pair can beat the best plan only if its discount and its threshold's bound can
    // together: only the discounts and thresholds that can be in such a pair are kept, then
    // tried from the largest down.
    let largestTaken = discounts.reduce(plainDiscount?.taken ?? 0) { max($0, $1.taken) }
    let largestBound = thresholds.reduce(plainThresholdBound) { max($0, $1.bound) }
    guard canReach(totalLeft - largestTaken - largestBound) else { return }
    // (Filtered into new lists only when one is left out: the caller keeps the lists.)
    let discounts =
      discounts.allSatisfy { canReach(totalLeft - $0.taken - largestBound) }
      ? discounts : discounts.filter { canReach(totalLeft - $0.taken - largestBound) }
    let thresholds =
      thresholds.allSatisfy { canReach(totalLeft - largestTaken - $0.bound) }
      ? thresholds : thresholds.filter { canReach(totalLeft - largestTaken - $0.bound) }
    let gatheredBound = thresholds.reduce(0) { max($0, $1.bound) }
    let keptBound = max(gatheredBound, plainThresholdBound)
    var left = amounts
    var shares = amounts
    let floorTotal = shipping - shippingTaken
    /// Whether no total can be lower than the best's and the best is a pair on the same item
    /// stage (as many promotions): then a discount of a higher id than its discount loses,
    /// whatever it takes, and the order of the rest no longer matters.
    func onlyIdsDecide() -> Bool {
      best.total == floorTotal && best.count == count && best.itemStage == start.itemStage
        && best.secondOrderStep != nil
    }
    // The gathered discounts, from the largest down, each with every threshold.
    var largestFirst = LargestFirst(discounts)
    pairing: while let (discount, taken) = largestFirst.next() {
      if !canReach(totalLeft - taken - keptBound) { break }
      if onlyIdsDecide(), let bestDiscount = best.firstOrderStep {
        if orderTerms(discount).rank > bestDiscount.rank { continue }
        // The rest without taking them in order: those of a lower id than the best's.
        tryPairs(discount, taken: taken, withPlainThreshold: true)
        for (discount, taken) in largestFirst.remaining
        where canReach(totalLeft - taken - keptBound)
          && orderTerms(discount).rank < (best.firstOrderStep?.rank ?? .max)
        {
          tryPairs(discount, taken: taken, withPlainThreshold: true)
        }
        break pairing
      }
      tryPairs(discount, taken: taken, withPlainThreshold: true)
    }
    if let plain, let plainDiscount {
      // The plain discounts with the gathered thresholds, from the largest down (of plain
      // discounts taking the same, only the lowest id can be in the best plan).
      var next: (terms: DealTerms, taken: Int128)? = thresholds.isEmpty ? nil : plainDiscount
      while let (terms, taken) = next, canReach(totalLeft - taken - gatheredBound) {
        tryPairs(adopt(terms), taken: taken, withPlainThreshold: false)
        next = plain.greatest(in: plain.discounts(.stackable), at: whole, notAbove: taken - 1)
      }
      // A plain discount with a plain threshold: the best such pair, from the index.
      if plainThresholds != nil,
        let pair = plain.bestPair(at: whole, leavingAtMost: best.total - totalLeft + whole)
      {
        let withDiscount = adding(adopt(pair.discount), taken: pair.discountTaken, to: start)
        offer(
          withShipping(adding(adopt(pair.threshold), taken: pair.thresholdTaken, to: withDiscount)), to: &best
        )
      }
    }

    /// Offers `best` the pairs of `discount`, which takes `taken`, and each gathered
    /// threshold, and the best plain threshold when `withPlainThreshold`.
    func tryPairs(_ discount: Int, taken: Int128, withPlainThreshold: Bool) {
      let plan = adding(discount, taken: taken, to: start)
      // What the lines have left after the discount, worked out when a threshold shares a
      // line with it (on other lines, the threshold's base is what it was).
      var leftIsWorkedOut = false
      let wholeLeft = whole - taken
      for (threshold, bound) in thresholds {
        if !canReach(totalLeft - taken - bound) { continue }
        let second: Int128
        let thresholdLines = self.lines(threshold)
        if lines(discount).isDisjoint(with: thresholdLines) {
          second = bound
        } else if thresholdLines.isKnownSuperset(of: lines(discount)) {
          // Every share of the discount is on the threshold's lines: its base lost all of it.
          let terms = orderTerms(threshold)
          guard let base = base(of: threshold, terms, amounts: amounts, whole: whole) else { continue }
          second = terms.orderDiscount(base: base - taken, units: self.units(of: threshold))
        } else {
          if !leftIsWorkedOut {
            subtractShares(of: taken, by: discount, from: amounts, into: &left, shares: &shares)
            leftIsWorkedOut = true
          }
          let terms = orderTerms(threshold)
          guard let base = base(of: threshold, terms, amounts: left, whole: wholeLeft) else { continue }
          second = terms.orderDiscount(base: base, units: self.units(of: threshold))
        }
        guard second > 0, canReach(totalLeft - taken - second) else { continue }
        offer(withShipping(adding(threshold, taken: second, to: plan)), to: &best)
      }
      // The best plain threshold on what the whole order has left (it is untargeted).
      if withPlainThreshold, let plain, let plainThresholds,
        let (terms, second) = plain.best(in: plainThresholds, at: wholeLeft),
        canReach(totalLeft - taken - second)
      {
        offer(withShipping(adding(adopt(terms), taken: second, to: plan)), to: &best)
      }
    }
  }

  /// Offers `best` the plan of `start` and the single order deal `number`, which takes
  /// `taken` off it and lets a shipping deal take `shippingTaken`, when its total can reach
  /// the best one (before dividing anything).
  @inline(__always)
  private func offerSingle(
    _ number: Int, taken: Int128, on start: Plan, shippingTaken: Int128, best: inout Plan
  ) {
    let count = start.count + 1 + (shippingTaken > 0 ? 1 : 0)
    if canReach(start.total - taken - shippingTaken, count: count, shippingTaken: shippingTaken, best: best) {
      offer(withShipping(adding(number, taken: taken, to: start)), to: &best)
    }
  }

  /// Sets `left` to what the lines have left of `amounts` once order deal `number` took
  /// `discount` off them, divided as the allocation rule divides it; `shares` is room for
  /// as many shares as lines.
  ///
  /// - Complexity: O(*L*) for *L* lines, allocating nothing.
  private func subtractShares(
    of discount: Int128, by number: Int, from amounts: [Int128], into left: inout [Int128],
    shares: inout [Int128]
  ) {
    // The weights: what each line it acts on has left, 0 for the others.
    if items != nil, !lines(number).isEvery {
      for line in left.indices { left[line] = 0 }
      lines(number).forEach(count: amounts.count) { left[$0] = amounts[$0] }
    } else {
      for line in left.indices { left[line] = amounts[line] }
    }
    left.withUnsafeBufferPointer { weights in
      shares.withUnsafeMutableBufferPointer { Allocation.divide(discount, over: weights, into: $0) }
    }
    for line in left.indices { left[line] = amounts[line] - shares[line] }
  }

  /// The base of order deal `number` (of `terms`) on what the lines have left (`amounts`,
  /// adding up to `whole`): every line's, or its targeted lines'; `nil` when it cannot
  /// apply to an order given as an amount (it targets lines or counts units).
  @inline(__always)
  private func base(
    of number: Int, _ terms: DealTerms, amounts: [Int128], whole: Int128
  ) -> Int128? {
    guard items != nil else {
      return terms.isTargeted || terms.hasMinimumQuantity ? nil : whole
    }
    let targeted = lines(number)
    if targeted.isEvery { return whole }
    var base: Int128 = 0
    targeted.forEach(count: amounts.count) { base += amounts[$0] }
    return base
  }

  /// `plan` with the order deal `number`, which takes `taken` off it.
  @inline(__always)
  private func adding(_ number: Int, taken: Int128, to plan: Plan) -> Plan {
    var next = plan
    let step = Step(deal: number, discount: taken, rank: orderTerms(number).rank)
    if next.firstOrderStep == nil { next.firstOrderStep = step } else { next.secondOrderStep = step }
    next.isAllStackable = next.isAllStackable && orderTerms(number).isStackable
    next.total -= taken
    return next
  }

  /// `plan` with the best shipping deal the stacking rule lets join it: any deal when the
  /// plan has no promotion, a stackable one when all its promotions are stackable.
  @inline(__always)
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
