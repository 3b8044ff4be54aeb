/// The order stage of the exact search: no order deal, each single discount or threshold
/// that could beat the best plan, searched block by block under bounds, and the plans they
/// make with the shipping deal the stacking rule lets join.
///
/// - Complexity: O((*o* + *p*) *L*) for *o* order deals and *p* pairs not cut off.
extension ExactPlanSearch {
  /// Offers `best` every order stage on `start` that could beat it: none, each discount or
  /// threshold that applies (only the stackable ones when `stackableOnly`), and each
  /// stackable discount then stackable threshold that both apply, the threshold's base
  /// taken after the discount was divided among the lines.
  ///
  /// What each deal takes is bounded first, with less arithmetic
  /// (``DealTerms/orderDiscountBound(base:units:)``): only the deals whose bound, alone or
  /// with the largest bound of a partner, can beat the best plan are priced and tried. The
  /// blocks of every line come first (the untargeted deals, those of codes, those whose
  /// minimum the subtotal reaches: those that take the most), and their pairs, so that the
  /// best plan is as good as can be soonest; then the targeted blocks
  /// (``searchTargetedBlocks(_:best:)``).
  ///
  /// - Complexity: O((*o* + *p*) *L*) for *o* order deals and the *p* pairs not cut off by
  ///   the bound (see ``searchPairs(on:amounts:whole:discounts:thresholds:plainDiscount:plainThresholdBound:best:)``).
  func searchOrderStages(
    on start: Plan, amounts: [Int128], stackableOnly: Bool, best: inout Plan
  ) {
    if !stackableOnly || !start.isEmpty { offer(withShipping(start), to: &best) }
    var stage = OrderStage(
      start: start, amounts: amounts, stackableOnly: stackableOnly,
      stackableShipping: start.isAllStackable ? bestShipping.stackable?.discount ?? 0 : 0)
    offerPlainSingles(&stage, best: &best)
    // No deal takes more than the bounds of the order's deals on the whole: when neither
    // one deal nor a pair so bounded can beat the best plan, none is tried.
    let whole = stage.whole
    stage.largestDiscount = max(bounds.stackableDiscounts.bound(upTo: whole), stage.plainDiscount?.taken ?? 0)
    stage.largestThreshold = max(bounds.stackableThresholds.bound(upTo: whole), stage.plainThresholdBound)
    let largestAlone = max(
      stackableOnly ? max(stage.largestDiscount, stage.largestThreshold) : bounds.any.bound(upTo: whole),
      stage.plainDiscount?.taken ?? 0, stage.plainThresholdBound)
    guard
      plain != nil || stage.canReach(stage.start.total - largestAlone, count: 1, in: self, best: best)
        || stage.canReach(
          stage.start.total - stage.largestDiscount - stage.largestThreshold, count: 2, in: self, best: best)
    else { return }
    for index in blocks.indices where blocks[index].isOfEveryLine {
      search(block: index, in: &stage, best: &best)
    }
    searchPairs(of: stage, discounts: stage.discounts, plainDiscount: stage.plainDiscount, best: &best)
    // Every deal gathered acts on every line (no targeted one): nothing is left to search.
    guard blocks.contains(where: { !$0.isOfEveryLine }) else { return }
    searchTargetedBlocks(&stage, best: &best)
  }

  /// Offers `best` the best plain order deal of each kind and stackability alone on the
  /// whole (from their index), and keeps in `stage` the best plain stackable discount and
  /// what the best plain stackable threshold takes there.
  private func offerPlainSingles(_ stage: inout OrderStage, best: inout Plan) {
    guard let plain else { return }
    /// Offers `best` the deal of `deals` that takes the most on the whole, alone.
    func offerBest(of deals: PlainOrderDeals.DealSet, stacking: PlainOrderDeals.Stacking) {
      guard let (terms, taken) = plain.best(in: deals, at: stage.whole) else { return }
      offerSingle(
        adopt(terms), taken: taken, on: stage.start,
        shippingTaken: stacking == .stackable ? stage.stackableShipping : 0, best: &best)
    }
    // (Each set named, not listed: a list of them would be an allocation per order.)
    offerBest(of: plain.discounts(.stackable), stacking: .stackable)
    offerBest(of: plain.thresholds(.stackable), stacking: .stackable)
    if !stage.stackableOnly {
      offerBest(of: plain.discounts(.notStackable), stacking: .notStackable)
      offerBest(of: plain.thresholds(.notStackable), stacking: .notStackable)
    }
    stage.plainDiscount = plain.best(in: plain.discounts(.stackable), at: stage.whole)
    stage.plainThresholdBound = plain.best(in: plain.thresholds(.stackable), at: stage.whole)?.taken ?? 0
  }

  /// Tries each deal of block `index` alone, and keeps in `stage` those that could be in a
  /// pair with a partner taking at most its largest discount or threshold: those of the
  /// `roles` its bounds leave it (the others are passed over before their bases are
  /// worked out).
  private func search(
    block index: Int, roles: DealRoles = .all, in stage: inout OrderStage, best: inout Plan
  ) {
    let block = blocks[index]
    let partners = (discount: stage.largestDiscount, threshold: stage.largestThreshold)
    if block.isPending {
      // Every deal of a block still to be gathered acts on the block's lines, all of them:
      // one base for all (an order given as an amount has none, and they never apply).
      let known = items == nil ? nil : linesBase(block.lines, amounts: stage.amounts)
      for place in Int(block.pendingStart)..<Int(block.pendingEnd) where isAdmitted(place) {
        searchOrderDeal(
          .pending(block: Int32(index), place: Int32(place)), on: stage.start, amounts: stage.amounts,
          whole: stage.whole, knownBase: known, stackableOnly: stage.stackableOnly, roles: roles,
          partners: partners, discounts: &stage.discounts, thresholds: &stage.thresholds, best: &best)
      }
    } else {
      for index in block.start..<block.end {
        searchOrderDeal(
          .gathered(index), on: stage.start, amounts: stage.amounts, whole: stage.whole,
          stackableOnly: stage.stackableOnly, roles: roles, partners: partners, discounts: &stage.discounts,
          thresholds: &stage.thresholds, best: &best)
      }
    }
  }

  /// The pairs of the deals `stage` kept, `discounts` of them (all, or those kept since
  /// the pairs were last tried), and of the plain discounts when `plainDiscount` is given.
  private func searchPairs(
    of stage: OrderStage, discounts: [DealTaking],
    plainDiscount: (terms: DealTerms, taken: Int128)?, best: inout Plan
  ) {
    searchPairs(
      on: stage.start, amounts: stage.amounts, whole: stage.whole, discounts: discounts,
      thresholds: stage.thresholds, plainDiscount: plainDiscount,
      plainThresholdBound: stage.plainThresholdBound, best: &best)
  }

  /// Searches the blocks not of every line, each bounded as a block: no deal of one takes
  /// more than its bounds on what the block's lines have left (the deal's base is what its
  /// lines have left, and each of its lines is one of the block's). The largest partner of
  /// a pair is now the largest of those bounds, of what the deals kept so far take, and of
  /// the best plain deal (a deal left out so far cannot be in a pair that beats the best
  /// plan). A block is looked into when one of its deals could beat the best plan alone or
  /// as the threshold of a pair (with the largest discount); one whose deals could only as
  /// the discount of a pair is put off until the pairs of the others were tried
  /// (``searchDeferredBlocks(_:_:bounds:best:)``); the others are left out. (The bounds are
  /// checked against the best plan found so far, which only gets better.)
  private func searchTargetedBlocks(_ stage: inout OrderStage, best: inout Plan) {
    var bounds = BlockBounds(
      bases: blockBases(amounts: stage.amounts, whole: stage.whole), count: blocks.count)
    stage.largestDiscount = stage.discounts.reduce(stage.plainDiscount?.taken ?? 0) { max($0, $1.taken) }
    stage.largestThreshold = stage.thresholds.reduce(stage.plainThresholdBound) { max($0, $1.taken) }
    for index in blocks.indices where !blocks[index].isOfEveryLine {
      // (No deal of a block takes more than what its lines have left: its bounds are
      // worked out only for a block that what its lines have left does not rule out.)
      guard bounds.bases[index].base > min(stage.largestDiscount, stage.largestThreshold) else { continue }
      let bound = bounds.of(block: index, in: self)
      stage.largestDiscount = max(stage.largestDiscount, bound.discounts)
      stage.largestThreshold = max(stage.largestThreshold, bound.thresholds)
    }
    // (The discounts kept from here on follow those tried in the same list: no copy of it.)
    let tried = (discounts: stage.discounts.count, thresholds: stage.thresholds.count)
    var deferred: [Int] = []
    for index in blocks.indices where !blocks[index].isOfEveryLine {
      let base = bounds.bases[index].base
      guard
        stage.canReach(stage.start.total - base, count: 1, in: self, best: best)
          || stage.pairCanReach(
            base + max(stage.largestDiscount, stage.largestThreshold), in: self, best: best)
      else { continue }
      let bound = bounds.of(block: index, in: self)
      let roles = DealRoles(
        alone: stage.canReach(
          stage.start.total - (stage.stackableOnly ? max(bound.discounts, bound.thresholds) : bound.any),
          count: 1, in: self, best: best),
        pairDiscount: stage.pairCanReach(bound.discounts + stage.largestThreshold, in: self, best: best),
        pairThreshold: stage.pairCanReach(bound.thresholds + stage.largestDiscount, in: self, best: best))
      if roles.alone || roles.pairThreshold {
        search(block: index, roles: roles, in: &stage, best: &best)
      } else if roles.pairDiscount {
        deferred.append(index)
      }
    }
    if stage.thresholds.count > tried.thresholds {
      // New thresholds: every pair again (those tried already change nothing).
      searchPairs(of: stage, discounts: stage.discounts, plainDiscount: stage.plainDiscount, best: &best)
    } else if stage.discounts.count > tried.discounts {
      searchPairs(
        of: stage, discounts: Array(stage.discounts[tried.discounts...]), plainDiscount: nil, best: &best)
    }
    guard stage.start.isAllStackable, !deferred.isEmpty else { return }
    searchDeferredBlocks(deferred, &stage, bounds: &bounds, best: &best)
  }

  /// Searches the blocks put off, those with the discount of the lowest id first: their
  /// discounts pair with the thresholds kept (a threshold of a block left out or put off
  /// cannot be in a pair that beats the best plan: the largest discount bounds its partner).
  private func searchDeferredBlocks(
    _ deferred: [Int], _ stage: inout OrderStage, bounds: inout BlockBounds, best: inout Plan
  ) {
    let keptThreshold = stage.thresholds.reduce(stage.plainThresholdBound) { max($0, $1.taken) }
    /// The lowest rank of the stackable discounts of block `index`.
    func lowestRank(_ index: Int) -> Int32 {
      stretchBounds[Int(blocks[index].bounds)].lowestStackableDiscountRank
    }
    let floorTotal = shipping - stage.stackableShipping
    for index in deferred.sorted(by: { lowestRank($0) < lowestRank($1) }) {
      guard
        stage.pairCanReach(bounds.of(block: index, in: self).discounts + keptThreshold, in: self, best: best)
      else { continue }
      // When no total can be lower than the best's and the best is a pair on the same item
      // stage (as many promotions), a pair whose discount has a higher id than the best's
      // loses: a block whose discounts all do is left out.
      if best.total == floorTotal && best.count == stage.start.count + 2 + stage.joining
        && best.itemStage == stage.start.itemStage
        && best.secondOrderStep != nil, let bestDiscount = best.firstOrderStep,
        lowestRank(index) > bestDiscount.rank
      {
        continue
      }
      stage.discounts.removeAll(keepingCapacity: true)
      search(block: index, roles: .pairDiscount, in: &stage, best: &best)
      searchPairs(of: stage, discounts: stage.discounts, plainDiscount: nil, best: &best)
    }
  }

  /// What `amounts` (adding up to `whole`) leave the lines of each block, and their units
  /// (unlimited for an order given as an amount); nothing for a block of every line, which
  /// is searched deal by deal.
  ///
  /// - Complexity: O(*b*) for *b* blocks on an order of at most 64 lines.
  func blockBases(amounts: [Int128], whole: Int128) -> [LinesBase] {
    var bases: [LinesBase] = []
    bases.reserveCapacity(blocks.count)
    for block in blocks {
      guard !block.isOfEveryLine else {
        bases.append(LinesBase(base: 0, units: 0))
        continue
      }
      guard items != nil else {
        bases.append(LinesBase(base: whole, units: .max))
        continue
      }
      bases.append(linesBase(block.lines, amounts: amounts))
    }
    return bases
  }

  /// What `lines` have left of `amounts`, and their units (an order of items).
  ///
  /// - Complexity: O(*L*) for *L* lines.
  func linesBase(_ lines: TargetedLines, amounts: [Int128]) -> LinesBase {
    var found = LinesBase(base: 0, units: 0)
    guard let items else { return found }
    lines.forEach(count: amounts.count) {
      found.base += amounts[$0]
      found.units += items[$0].quantity
    }
    return found
  }

  /// Bounds on what the order deals of block `index` take off a base of at most `base` over
  /// at most `units` units, by its ``OrderStageBounds``: of any one, of a stackable
  /// discount, of a stackable threshold. None is above `base`.
  func blockBound(_ index: Int, base: Int128, units: Int64) -> (
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
  /// the stackable ones when `stackableOnly`, and only those that can play one of `roles`.
  /// `knownBase` is the deal's base and units when the caller has them (the deals of one
  /// block still to be gathered share them).
  @inline(__always)
  func searchOrderDeal(
    _ number: OrderDealNumber, on start: Plan, amounts: [Int128], whole: Int128, knownBase: LinesBase? = nil,
    stackableOnly: Bool, roles: DealRoles = .all, partners: (discount: Int128, threshold: Int128),
    discounts: inout [DealTaking],
    thresholds: inout [DealTaking], best: inout Plan
  ) {
    let stackableShipping = start.isAllStackable ? bestShipping.stackable?.discount ?? 0 : 0
    let joining = stackableShipping > 0 ? 1 : 0
    let terms = orderTerms(number)
    guard !stackableOnly || terms.isStackable, roles.admits(terms) else { return }
    let base: Int128
    let units: Int64
    if let knownBase {
      (base, units) = (knownBase.base, knownBase.units)
    } else {
      guard let found = self.base(of: number, terms, amounts: amounts, whole: whole) else { return }
      (base, units) = (found, self.units(of: number))
    }
    let bound = terms.orderDiscountBound(base: base, units: units)
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
      terms.orderDiscountBoundIsExact ? bound : terms.orderDiscount(base: base, units: units)
    if alone && taken > 0 {
      offerSingle(number, taken: taken, on: start, shippingTaken: shippingTaken, best: &best)
    }
    // Kept with what it takes, a bound on what it takes after a discount too; but a deal
    // that may take more on less (a tier ladder) is kept with its bound.
    let kept = terms.takesLessOnLessBase ? taken : bound
    guard paired, kept > 0 else { return }
    // (Room for 16 at the first: a list grown from one was reallocated about 19 times an
    // order of the bench's format-3 store.)
    switch terms.kind {
    case .discount:
      if discounts.isEmpty { discounts.reserveCapacity(16) }
      discounts.append(DealTaking(deal: number, taken: kept))
    case .threshold:
      if thresholds.isEmpty { thresholds.reserveCapacity(16) }
      thresholds.append(DealTaking(deal: number, taken: kept))
    case .item, .shipping, .gift: preconditionFailure("only discounts and thresholds act on the order")
    }
  }

  /// Offers `best` the plan of `start` and the single order deal `number`, which takes
  /// `taken` off it and lets a shipping deal take `shippingTaken`, when its total can reach
  /// the best one (before dividing anything).
  @inline(__always)
  func offerSingle(
    _ number: OrderDealNumber, taken: Int128, on start: Plan, shippingTaken: Int128, best: inout Plan
  ) {
    let count = start.count + 1 + (shippingTaken > 0 ? 1 : 0)
    if canReach(start.total - taken - shippingTaken, count: count, shippingTaken: shippingTaken, best: best) {
      offer(withShipping(adding(number, taken: taken, to: start)), to: &best)
    }
  }

  /// The base of order deal `number` (of `terms`) on what the lines have left (`amounts`,
  /// adding up to `whole`): every line's, or its targeted lines'; `nil` when it cannot
  /// apply to an order given as an amount (it targets lines or counts units).
  @inline(__always)
  func base(
    of number: OrderDealNumber, _ terms: DealTerms, amounts: [Int128], whole: Int128
  ) -> Int128? {
    guard items != nil else {
      return terms.isTargeted || terms.hasMinimumQuantity ? nil : whole
    }
    let targeted = lines(number, terms)
    if targeted.isEvery { return whole }
    var base: Int128 = 0
    targeted.forEach(count: amounts.count) { base += amounts[$0] }
    return base
  }

  /// `plan` with the order deal `number`, which takes `taken` off it, after its other order
  /// deals (the pair search's second at most; the layered search's, one a layer).
  @inline(__always)
  func adding(_ number: OrderDealNumber, taken: Int128, to plan: Plan) -> Plan {
    var next = plan
    let terms = orderTerms(number)
    let (rank, isStackable) = (terms.rank, terms.isStackable)
    let step = OrderStep(deal: number, discount: taken, rank: rank)
    next.total -= taken
    next.isAllStackable = next.isAllStackable && isStackable
    if next.firstOrderStep == nil {
      next.firstOrderStep = step
    } else if next.secondOrderStep == nil {
      next.secondOrderStep = step
    } else {
      next.orderTail = orderTails.appending(step, after: plan.orderTail)
      next.orderTailCount += 1
    }
    return next
  }

  /// `plan` with the best shipping deal the stacking rule lets join it: any deal when the
  /// plan has no promotion, a stackable one when all its promotions are stackable.
  @inline(__always)
  func withShipping(_ plan: Plan) -> Plan {
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
