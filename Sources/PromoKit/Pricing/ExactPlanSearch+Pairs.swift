/// The stacked pairs of the exact search: a stackable discount, then a stackable threshold
/// on what it leaves, tried from the largest discount down and cut off by a bound; the
/// plain deals' best pair asked of their index.
///
/// - Complexity: O(*p* *L*) for the *p* pairs not cut off by the bound.
extension ExactPlanSearch {
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
  func searchPairs(
    on start: Plan, amounts: [Int128], whole: Int128, discounts: [DealTaking],
    thresholds: [DealTaking], plainDiscount: (terms: DealTerms, taken: Int128)?,
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
    let largestBound = thresholds.reduce(plainThresholdBound) { max($0, $1.taken) }
    guard canReach(totalLeft - largestTaken - largestBound) else { return }
    // (Filtered into new lists only when one is left out: the caller keeps the lists.)
    let discounts =
      discounts.allSatisfy { canReach(totalLeft - $0.taken - largestBound) }
      ? discounts : discounts.filter { canReach(totalLeft - $0.taken - largestBound) }
    let thresholds =
      thresholds.allSatisfy { canReach(totalLeft - largestTaken - $0.taken) }
      ? thresholds : thresholds.filter { canReach(totalLeft - largestTaken - $0.taken) }
    var pairing = Pairing(
      start: start, amounts: amounts, whole: whole, thresholds: thresholds, shippingTaken: shippingTaken)
    let gatheredBound = thresholds.reduce(0) { max($0, $1.taken) }
    pairGatheredDiscounts(
      discounts, &pairing, keptBound: max(gatheredBound, plainThresholdBound), best: &best)
    guard let plain, let plainDiscount else { return }
    // The plain discounts with the gathered thresholds, from the largest down (of plain
    // discounts taking the same, only the lowest id can be in the best plan).
    var next: (terms: DealTerms, taken: Int128)? = thresholds.isEmpty ? nil : plainDiscount
    while let (terms, taken) = next, canReach(totalLeft - taken - gatheredBound) {
      tryPairs(adopt(terms), taken: taken, withPlainThreshold: false, &pairing, best: &best)
      next = plain.greatest(in: plain.discounts(.stackable), at: whole, notAbove: taken - 1)
    }
    // A plain discount with a plain threshold: the best such pair, from the index.
    if plainThresholds != nil,
      let pair = plain.bestPair(at: whole, leavingAtMost: best.total - totalLeft + whole)
    {
      let withDiscount = adding(adopt(pair.discount), taken: pair.discountTaken, to: start)
      offer(
        withShipping(adding(adopt(pair.threshold), taken: pair.thresholdTaken, to: withDiscount)), to: &best)
    }
  }

  /// Offers `best` the pairs of each of `discounts` (gathered for the order), from the
  /// largest down, with every threshold, until one whose pair with a threshold taking
  /// `keptBound` cannot beat it.
  private func pairGatheredDiscounts(
    _ discounts: [DealTaking], _ pairing: inout Pairing, keptBound: Int128, best: inout Plan
  ) {
    let floorTotal = shipping - pairing.shippingTaken
    /// Whether no total can be lower than the best's and the best is a pair on the same item
    /// stage (as many promotions): then a discount of a higher id than its discount loses,
    /// whatever it takes, and the order of the rest no longer matters.
    func onlyIdsDecide(_ best: Plan) -> Bool {
      best.total == floorTotal && best.count == pairing.count && best.itemStage == pairing.start.itemStage
        && best.secondOrderStep != nil
    }
    var largestFirst = LargestFirst(discounts)
    while let next = largestFirst.next() {
      let (discount, taken) = (next.deal, next.taken)
      if !pairing.canReach(pairing.totalLeft - taken - keptBound, in: self, best: best) { return }
      guard onlyIdsDecide(best), let bestDiscount = best.firstOrderStep else {
        tryPairs(discount, taken: taken, withPlainThreshold: true, &pairing, best: &best)
        continue
      }
      if orderTerms(discount).rank > bestDiscount.rank { continue }
      // The rest without taking them in order: those of a lower id than the best's.
      tryPairs(discount, taken: taken, withPlainThreshold: true, &pairing, best: &best)
      for kept in largestFirst.remaining
      where pairing.canReach(pairing.totalLeft - kept.taken - keptBound, in: self, best: best)
        && orderTerms(kept.deal).rank < (best.firstOrderStep?.rank ?? .max)
      {
        tryPairs(kept.deal, taken: kept.taken, withPlainThreshold: true, &pairing, best: &best)
      }
      return
    }
  }

  /// Offers `best` the pairs of `discount`, which takes `taken`, and each threshold of
  /// `pairing`, and the best plain threshold when `withPlainThreshold`.
  private func tryPairs(
    _ discount: OrderDealNumber, taken: Int128, withPlainThreshold: Bool, _ pairing: inout Pairing,
    best: inout Plan
  ) {
    let (amounts, whole, totalLeft) = (pairing.amounts, pairing.whole, pairing.totalLeft)
    let plan = adding(discount, taken: taken, to: pairing.start)
    // What the lines have left after the discount, worked out when a threshold shares a
    // line with it (on other lines, the threshold's base is what it was).
    var leftIsWorkedOut = false
    let wholeLeft = whole - taken
    for kept in pairing.thresholds {
      let (threshold, bound) = (kept.deal, kept.taken)
      if !pairing.canReach(totalLeft - taken - bound, in: self, best: best) { continue }
      let second: Int128
      let thresholdLines = self.lines(threshold)
      let terms = orderTerms(threshold)
      if lines(discount).isDisjoint(with: thresholdLines) {
        // Its base is what it was: it takes what it took (a tier ladder, kept with its
        // bound, is worked out).
        if terms.takesLessOnLessBase {
          second = bound
        } else {
          guard let base = base(of: threshold, terms, amounts: amounts, whole: whole) else { continue }
          second = terms.orderDiscount(base: base, units: self.units(of: threshold))
        }
      } else if thresholdLines.isKnownSuperset(of: lines(discount)) {
        // Every share of the discount is on the threshold's lines: its base lost all of it.
        guard let base = base(of: threshold, terms, amounts: amounts, whole: whole) else { continue }
        second = terms.orderDiscount(base: base - taken, units: self.units(of: threshold))
      } else {
        if !leftIsWorkedOut {
          subtractShares(of: taken, by: discount, from: amounts, into: &pairing.left, shares: &pairing.shares)
          leftIsWorkedOut = true
        }
        guard let base = base(of: threshold, terms, amounts: pairing.left, whole: wholeLeft) else { continue }
        second = terms.orderDiscount(base: base, units: self.units(of: threshold))
      }
      guard second > 0, pairing.canReach(totalLeft - taken - second, in: self, best: best) else { continue }
      offer(withShipping(adding(threshold, taken: second, to: plan)), to: &best)
    }
    // The best plain threshold on what the whole order has left (it is untargeted).
    if withPlainThreshold, let plain, !plain.thresholds(.stackable).isEmpty,
      let (terms, second) = plain.best(in: plain.thresholds(.stackable), at: wholeLeft),
      pairing.canReach(totalLeft - taken - second, in: self, best: best)
    {
      offer(withShipping(adding(adopt(terms), taken: second, to: plan)), to: &best)
    }
  }

  /// The pairs on one plan being searched: the plan they start from, what its lines have
  /// left, the thresholds they may take, the shipping deal that joins each (every promotion
  /// of a pair is stackable), and room for what the lines have left after a discount.
  struct Pairing {
    let start: Plan
    let amounts: [Int128]
    let whole: Int128
    let thresholds: [DealTaking]
    let shippingTaken: Int128
    /// The total of `start` less the shipping deal.
    let totalLeft: Int128
    /// How many promotions a pair's plan has.
    let count: Int
    /// What the lines have left after a discount, and its shares (room, reused).
    var left: [Int128]
    var shares: [Int128]

    init(
      start: Plan, amounts: [Int128], whole: Int128, thresholds: [DealTaking],
      shippingTaken: Int128
    ) {
      (self.start, self.amounts, self.whole, self.thresholds) = (start, amounts, whole, thresholds)
      self.shippingTaken = shippingTaken
      totalLeft = start.total - shippingTaken
      count = start.count + 2 + (shippingTaken > 0 ? 1 : 0)
      (left, shares) = (amounts, amounts)
    }

    /// Whether a pair whose total is at least `lowest` can be preferred to `best`.
    func canReach(_ lowest: Int128, in search: ExactPlanSearch, best: Plan) -> Bool {
      search.canReach(lowest, count: count, shippingTaken: shippingTaken, best: best)
    }
  }
}
