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
  /// with the largest bound of a partner, can beat the best plan are priced and tried.
  ///
  /// - Complexity: O((*o* + *p*) *L*) for *o* order deals and the *p* pairs not cut off by
  ///   the bound (see ``searchPairs(on:amounts:whole:discounts:thresholds:plainDiscount:plainThresholdBound:best:)``).
  func searchOrderStages(
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
    // Every deal gathered acts on every line (no targeted one): nothing is left to search.
    guard blocks.contains(where: { !$0.isOfEveryLine }) else { return }
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
  func blockBases(amounts: [Int128], whole: Int128) -> [(base: Int128, units: Int64)] {
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
  /// the stackable ones when `stackableOnly`.
  @inline(__always)
  func searchOrderDeal(
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

  /// Offers `best` the plan of `start` and the single order deal `number`, which takes
  /// `taken` off it and lets a shipping deal take `shippingTaken`, when its total can reach
  /// the best one (before dividing anything).
  @inline(__always)
  func offerSingle(
    _ number: Int, taken: Int128, on start: Plan, shippingTaken: Int128, best: inout Plan
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
  func adding(_ number: Int, taken: Int128, to plan: Plan) -> Plan {
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
