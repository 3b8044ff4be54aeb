/// The best plan for one order of any store, found by trying every plan the pricing
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

    /// Whether this step is preferred to `other` where only one of them can be: it takes
    /// more off, or as much with a lower id (the one tie-break). Any step is preferred to
    /// none.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isPreferred(to other: Step?) -> Bool {
      guard let other else { return true }
      return discount > other.discount || (discount == other.discount && rank < other.rank)
    }
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
    /// The order deals in layer order: a discount or threshold alone, a discount then a
    /// threshold, or (the layered search) more, those after the second in
    /// ``ExactPlanSearch/orderTails``, the last at node `orderTail` (``OrderTails/noTail``
    /// without).
    var firstOrderStep: OrderStep?
    var secondOrderStep: OrderStep?
    var orderTail = OrderTails.noTail
    var orderTailCount: Int8 = 0
    /// The shipping deal.
    var shippingStep: Step?
    /// Whether every promotion of it is stackable (so a stackable shipping deal may join).
    var isAllStackable = true
    /// The total.
    var total: Int128

    /// How many promotions it has.
    var count: Int {
      itemCount + (firstOrderStep == nil ? 0 : 1) + (secondOrderStep == nil ? 0 : 1)
        + Int(orderTailCount) + (shippingStep == nil ? 0 : 1)
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
    /// The number of the tier it took, from 1, for a threshold with tiers.
    var tier: Int?
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

  /// An item stage of the layered search: each line's deal, the plan it starts, and what
  /// the lines have left.
  struct ItemStart {
    var chosen: [Step?]
    var plan: Plan
    var left: [Int128]
  }

  /// The item stage a plan starts with: none (plan kind 1), every working item deal (kind
  /// 2), or those combining with order and shipping deals (kind 3: the stackable ones); in
  /// the layered search also those combining with order deals, or with shipping deals.
  enum ItemStage: Sendable {
    case none, every, stackable, withOrder, withShipping
  }

  /// The terms the deals are named by, and their extras (``OrderDeals/extrasKept``).
  let table: [DealTerms]
  let extrasKept: [DealExtras]
  /// The lines, or `nil` for an order given as an amount.
  let items: [OrderItem]?
  /// The subtotal in minor units.
  let subtotal: Int128
  /// The shipping in minor units (0 without).
  let shipping: Int128
  /// The shipping deal that takes the most off the shipping (ties: the lowest id) of all
  /// the working ones, and of the stackable ones; `nil` when none applies.
  var bestShipping: (any: Step?, stackable: Step?) {
    (
      bestShippingByClasses[PromotionClasses.none.setIndex],
      bestShippingByClasses[PromotionClasses.all.setIndex]
    )
  }
  /// The shipping deal that takes the most off the shipping (ties: the lowest id) of those
  /// combining with every class of each set of classes, by ``PromotionClasses/setIndex``.
  let bestShippingByClasses: [Step?]
  /// The stretches of item deals each line reads in place.
  let linePostings: [LinePostings]
  /// The other item deals, with their lines.
  let itemDeals: [ItemCandidate]
  /// The discounts and thresholds (their places in ``table``) and the lines each acts on,
  /// numbered from 0: the order-deal numbers.
  let orderDeals: [Int32]
  let orderLines: [TargetedLines]
  /// The untargeted order deals with nothing of format 3 about them, asked for the best on
  /// a base instead of being among the deals; `nil` when the order brought them as deals.
  let plain: PlainOrderDeals?
  /// Bounds on what the order deals take.
  let bounds: OrderStageBounds
  /// The order deals in blocks, each with bounds on what its deals take (covering every
  /// order deal), and the bounds they name.
  let blocks: [ExactDealBlock]
  /// The units of the lines each gathered order deal with a minimum of units targets (0
  /// for the other deals, which do not count them), by order-deal number.
  let units: [Int64]
  let stretchBounds: [OrderStageBounds]
  /// The deals for customer groups of the blocks still to be gathered that the customer's
  /// groups admit (``OrderDeals/admittedForGroups``).
  let admittedForGroups: [Int32]
  /// The plain order deals taken from `plain` (``OrderDealNumber/adopted(_:)``), and where
  /// each went, by the rank of its id.
  var adoptedDeals: [DealTerms] = []
  /// The lines of the one adopted deal that is targeted: a required deal not gathered
  /// (``bestTotal(applying:lines:)``); every line for the others.
  var adoptedTargeted: (number: OrderDealNumber, lines: TargetedLines)?
  var adopted: [Int32: OrderDealNumber] = [:]
  /// The item deals of the two item stages that took something off a line, by id.
  var everyItemSteps: [Step] = []
  var stackableItemSteps: [Step] = []
  var withOrderItemSteps: [Step] = []
  var withShippingItemSteps: [Step] = []
  /// The order deals after the second of the plans of the layered search
  /// (``Plan/orderTail``).
  var orderTails = OrderTails()
  /// The item stages of the layered search, and the order deals each may take, worked out
  /// once per order.
  var itemStarts: [ItemStage: ItemStart] = [:]
  /// Each line's item deal in each item stage of the layered search (every, stackable,
  /// with order deals, with shipping deals), looked for once per order; empty before.
  var itemChoices: [[Step?]] = []
  var layeredDeals: [ItemStage: LayeredDeals] = [:]
  /// How many plans of two order deals or more the layered search has tried for this
  /// order (or, once it explains the order, for that); past `planLimit` it stops, and the
  /// order is refused (``isCutShort``).
  var layeredPlansTried = 0
  /// The most plans it may try (``SearchLimits``): to price, then to explain the order.
  var planLimit: Int
  /// Whether the layered search stopped at `planLimit` before trying every plan it had to:
  /// its answer is not the best, and the order must be refused.
  var isCutShort: Bool { layeredPlansTried > planLimit }
  /// Whether a deal of the store needs the layered search.
  let needsLayers: Bool
  /// The promotion every plan offered must apply, when the search looks for the best plan
  /// applying it (``bestTotal(applying:lines:)``); `nil` otherwise.
  var required: RequiredPromotion?
  /// The order's best total once it is explained (``startExplaining(within:bestTotal:)``).
  var bestTotalFound: Int128 = .min
  /// The lowest total before shipping deals of a plan a shipping deal combining with a set
  /// of classes can join (by ``PromotionClasses/setIndex``; `nil` for none), once asked.
  var shippingPartnerTotals: [Int: Int128?] = [:]
  /// The lines that took an item deal in the item stage being searched (or chosen), left
  /// out of the lines of a deal that excludes them; `nil` when none is left out.
  var discountedLines: TargetedLines?
  /// The groups of the order's lines that no order deal spans, once the layered search
  /// asked (``groupsOfLines()``): `nil` before, `.some(nil)` for an order that has none.
  var lineGroups: LineGroupBound.Groups??

  /// A search over the working `deals` of an order of `items` (or of an amount, `nil`),
  /// `subtotal` and `shipping` in minor units.
  ///
  /// - Complexity: O(*s*) for the *s* shipping deals among `deals`.
  init(
    deals: consuming OrderDeals, plain: PlainOrderDeals? = nil, items: [OrderItem]?, subtotal: Int128,
    shipping: Int128, planLimit: Int = SearchLimits.standard.pricing
  ) {
    (self.plain, self.planLimit) = (plain, planLimit)
    needsLayers = deals.needsLayers
    let table = deals.table
    self.table = table
    extrasKept = deals.extrasKept
    linePostings = deals.linePostings
    itemDeals = deals.items
    orderDeals = deals.orders
    orderLines = deals.orderLines
    bounds = deals.bounds
    // (Taken out of `deals`, so that the block added below is added in place.)
    var blocks = deals.blocks
    deals.blocks = []
    let covered = Int32(blocks.last?.end ?? 0)
    if covered < deals.orders.count {
      // Those after the last block: searched deal by deal.
      blocks.append(ExactDealBlock(start: covered, end: Int32(deals.orders.count), bounds: -1, lines: .every))
    }
    self.blocks = blocks
    // (None when no deal counts units: most orders allocate nothing for them.)
    var units: [Int64] = []
    if let items {
      for number in deals.orders.indices where table[Int(deals.orders[number])].hasMinimumQuantity {
        if units.isEmpty { units = [Int64](filled: 0, count: deals.orders.count) }
        deals.orderLines[number].forEach(count: items.count) { units[number] += items[$0].quantity }
      }
    }
    self.units = units
    stretchBounds = deals.stretchBounds
    admittedForGroups = deals.admittedForGroups
    self.items = items
    self.subtotal = subtotal
    self.shipping = shipping
    var shippingByClasses = [Step?](filled: nil, count: PromotionClasses.setCount)
    if shipping > 0 {
      for place in deals.shipping {
        let terms = table[Int(place)]
        let discount = terms.shippingDiscount(shipping: shipping, subtotal: subtotal)
        guard discount > 0 else { continue }
        let step = Step(deal: Int(place), discount: discount, rank: terms.rank)
        for classes in PromotionClasses.allSets where terms.combines.isSuperset(of: classes) {
          if step.isPreferred(to: shippingByClasses[classes.setIndex]) {
            shippingByClasses[classes.setIndex] = step
          }
        }
      }
    }
    bestShippingByClasses = shippingByClasses
  }

  /// The order-deal number of `terms`, a plain order deal from ``plain``, added on first
  /// use (untargeted: every line, no units counted).
  func adopt(_ terms: DealTerms) -> OrderDealNumber {
    if let number = adopted[terms.rank] { return number }
    adoptedDeals.append(terms)
    let number = OrderDealNumber.adopted(Int32(adoptedDeals.count - 1))
    adopted[terms.rank] = number
    return number
  }

  /// The terms of order deal `number`: one gathered for the order, one of a block still to
  /// be gathered, or one taken from ``plain``.
  @inline(__always)
  func orderTerms(_ number: OrderDealNumber) -> DealTerms {
    switch number {
    case .gathered(let index): table[Int(orderDeals[Int(index)])]
    case .pending(_, let place): table[Int(place)]
    case .adopted(let index): adoptedDeals[Int(index)]
    }
  }

  /// The item steps of `stage`.
  func itemSteps(_ stage: ItemStage) -> [Step] {
    switch stage {
    case .none: []
    case .every: everyItemSteps
    case .stackable: stackableItemSteps
    case .withOrder: withOrderItemSteps
    case .withShipping: withShippingItemSteps
    }
  }

  /// The rank of the id of `plan`'s promotion at `position` in application order.
  func rank(of plan: Plan, at position: Int) -> Int32 {
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
    if rest < Int(plan.orderTailCount) {
      return orderTails.step(rest, ofTail: plan.orderTail, count: plan.orderTailCount).rank
    }
    rest -= Int(plan.orderTailCount)
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
  func offer(_ plan: Plan, to best: inout Plan) {
    if let required, !applies(plan, required.storeIndex) { return }
    if plan.total < best.total || (plan.total == best.total && isPreferred(plan, to: best)) { best = plan }
  }

  /// Whether a plan of `count` promotions whose total is at least `lowest` (and what is left
  /// of the shipping) can be preferred to `best`, its shipping deal taking `shippingTaken`.
  /// A search applying a `required` promotion asks for a total alone: not for one that ties
  /// the best so far, nor below the order's best (`bestTotalFound`).
  @inline(__always)
  func canReach(_ lowest: Int128, count: Int, shippingTaken: Int128, best: Plan) -> Bool {
    let lowest = max(lowest, shipping - shippingTaken)
    guard required == nil else { return max(lowest, bestTotalFound) < best.total }
    return lowest < best.total || (lowest == best.total && count <= best.count)
  }

  /// The best plan.
  func best() -> Selection {
    if needsLayers { return bestInLayers() }
    let lines = items ?? []
    let amounts = items.map { $0.map(\.lineAmount.minorUnits) } ?? [subtotal]
    let empty = Plan(total: subtotal + shipping)
    var best = empty
    guard !lines.isEmpty, !linePostings.isEmpty || !itemDeals.isEmpty else {
      // Kind 1 only: no item stage, any order stage (with no item deal, plans of kinds 2
      // and 3 are plans of kind 1).
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
}
