/// The best stacked pair of plain deals on one amount: a stackable discount, then a
/// stackable threshold on what the discount leaves (untargeted, so exactly the amount less
/// the discount).
///
///     if let pair = plain.bestPair(at: 18_525, leavingAtMost: 15_000) { … }
///
/// For one threshold, what a pair leaves, `R − H(R)`, never decreases as the amount `R`
/// the discount leaves grows, so between two consecutive *breaks* (the minimums where the
/// best threshold can jump, ``PlainOrderDeals/pairBreaks(_:)``) the best pair is reached by
/// the largest discount that still leaves at least the break. The search takes, for each
/// break up to the amount, that discount and the best threshold on what it leaves, and
/// stops at the first break where even the best threshold on the whole amount could not
/// reach the best found. The lowest-id discount reaching the best is then found among the
/// discounts leaving an amount in each break's stretch where it is reached, and the
/// lowest-id threshold on what it leaves. With few discounts (or not many more than the
/// breaks up to the amount), each of them is tried with the best threshold instead.
///
/// No structure answers this in polylogarithmic time for every store: with fixed sums
/// and thresholds whose minimum equals their sum, the best pair is the largest sum of two
/// values at most the amount (3SUM-indexing). The cost grows with the breaks up to the
/// amount: one per tier of a store's tiered thresholds, and few (about the logarithm of
/// their number) for thresholds with unrelated minimums and benefits.
///
/// - Complexity: O(min(*d*, *s* log *n*) log *n* + *e* log *A* log² *n*) for *d* stackable
///   discounts, *s* breaks up to the amount *A*, and *e* of them reaching the best (usually
///   one).
extension PlainOrderDeals {
  /// A stacked pair and what it leaves of the amount.
  struct Pair {
    var discount: DealTerms
    var discountTaken: Int128
    var threshold: DealTerms
    var thresholdTaken: Int128
    /// The amount less both discounts.
    var left: Int128
  }

  /// Up to this many stackable discounts, the pair search tries each of them.
  static let fewDiscounts = 8

  /// The pair leaving the least of `amount` (ties: the lower discount id, then the lower
  /// threshold id), if it leaves at most `bound`.
  func bestPair(at amount: Int128, leavingAtMost bound: Int128) -> Pair? {
    let (discounts, thresholds) = (self.discounts(.stackable), self.thresholds(.stackable))
    guard !discounts.isEmpty, !thresholds.isEmpty, let onWhole = thresholds.rules.best(at: amount) else {
      return nil
    }
    let count = pairBreaks.firstIndex(above: amount)
    if discounts.list.count <= Self.fewDiscounts || discounts.list.count <= 3 * count {
      return bestPairByDiscount(at: amount, leavingAtMost: bound, onWhole: onWhole)
    }
    var bestLeft: Int128?
    var stretches: [(index: Int, remaining: Int128)] = []
    var index = 0
    while index < count {
      defer { index += 1 }
      let limit = min(bestLeft ?? .max, bound)
      if pairBreaks[index] - onWhole > limit { break }
      guard let taken = discounts.rules.greatest(at: amount, notAbove: amount - pairBreaks[index]) else {
        continue
      }
      let remaining = amount - taken
      // Every later break up to `remaining` finds the same discount: only the last of them
      // is a stretch's.
      if index + 1 < count && remaining >= pairBreaks[index + 1] {
        index = pairBreaks.firstIndex(above: remaining, in: (index + 1)..<count) - 1
        if pairBreaks[index] - onWhole > limit { break }
      }
      guard let second = thresholds.rules.best(at: remaining) else { continue }
      let left = remaining - second
      if left > limit { continue }
      if bestLeft == nil || left < bestLeft! {
        bestLeft = left
        stretches = [(index, remaining)]
      } else {
        stretches.append((index, remaining))
      }
    }
    guard let bestLeft else { return nil }
    var discountPlace: Int32?
    for stretch in stretches {
      let end = stretch.index + 1 < count ? min(amount, pairBreaks[stretch.index + 1] - 1) : amount
      let last = lastRemaining(from: stretch.remaining, to: end, leaving: bestLeft)
      if let found = discounts.rules.lowestWeight(
        at: amount, within: amount - last, amount - stretch.remaining),
        discountPlace == nil || found < discountPlace!
      {
        discountPlace = found
      }
    }
    guard let discountPlace else {
      preconditionFailure("the first stretch has a discount reaching the best pair")
    }
    let discount = discounts.list[Int(discountPlace)]
    let taken = discount.orderDiscount(base: amount, units: 0)
    return pair(discount, taken: taken, at: amount, leaving: bestLeft)
  }

  /// The largest amount in `start...end` (a break's stretch, where what a pair leaves
  /// never decreases) at which the best threshold still leaves at most `left`: galloping
  /// up from `start`, then a binary search (the stretch is usually short).
  private func lastRemaining(from start: Int128, to end: Int128, leaving left: Int128) -> Int128 {
    let thresholds = self.thresholds(.stackable)
    func leaves(_ amount: Int128) -> Int128 { amount - (thresholds.rules.best(at: amount) ?? 0) }
    var (low, high, step) = (start, start, Int128(1))
    while high < end {
      let probe = min(end, low + step)
      if leaves(probe) > left {
        high = probe - 1
        break
      }
      (low, high) = (probe, probe)
      step *= 2
    }
    while low < high {
      let middle = low + (high - low + 1) / 2
      if leaves(middle) <= left { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// ``bestPair(at:leavingAtMost:)`` by trying each stackable discount with the best
  /// threshold on what it leaves (`onWhole`, the most one takes off the whole amount,
  /// bounds what a discount's pair can leave).
  ///
  /// - Complexity: O(*d* + *p* log² *n*) for *d* discounts, *p* of them paired.
  private func bestPairByDiscount(at amount: Int128, leavingAtMost bound: Int128, onWhole: Int128) -> Pair? {
    let thresholds = self.thresholds(.stackable)
    var best: (discount: DealTerms, taken: Int128, left: Int128)?
    for discount in discounts(.stackable).list {
      let taken = discount.orderDiscount(base: amount, units: 0)
      let remaining = amount - taken
      guard remaining - onWhole <= min(bound, best?.left ?? .max),
        let second = thresholds.rules.best(at: remaining)
      else { continue }
      let left = remaining - second
      guard left <= bound else { continue }
      if best == nil || left < best!.left || (left == best!.left && discount.rank < best!.discount.rank) {
        best = (discount, taken, left)
      }
    }
    guard let best else { return nil }
    return pair(best.discount, taken: best.taken, at: amount, leaving: best.left)
  }

  /// The pair of `discount`, taking `taken` off `amount`, and the lowest-id threshold that
  /// leaves `left` of what it leaves.
  private func pair(_ discount: DealTerms, taken: Int128, at amount: Int128, leaving left: Int128) -> Pair? {
    let thresholds = self.thresholds(.stackable)
    let remaining = amount - taken
    guard let place = thresholds.rules.lowestWeight(at: remaining, reaching: remaining - left) else {
      return nil
    }
    let threshold = thresholds.list[Int(place)]
    return Pair(
      discount: discount, discountTaken: taken, threshold: threshold, thresholdTaken: remaining - left,
      left: left)
  }

  /// The minimums of the stackable thresholds `rules` where the best of them can jump:
  /// those where a threshold appears that no threshold of a lower minimum outdoes at every
  /// amount (a larger sum, a higher uncapped rate, a capped rate above both). Between two
  /// breaks, the best threshold on an amount `R` never takes off more than `R` grows, so
  /// what a pair leaves never decreases there.
  ///
  /// - Complexity: O(*n* log *n*).
  static func pairBreaks(_ thresholds: [DealTerms]) -> [Int128] {
    // (Their places sorted, not a copy of their terms: a store's plain thresholds may be
    // 50,000.)
    let sorted = thresholds.indices.sorted { thresholds[$0].minimum < thresholds[$1].minimum }
    var breaks: [Int128] = []
    var largestSum: Int128 = -1  // of the fixed sums with a lower minimum
    var largestRate: Int64 = -1  // of the uncapped percentages with a lower minimum
    var index = 0
    while index < sorted.count {
      let minimum = thresholds[sorted[index]].minimum
      var end = index
      var undominated = false
      var (groupSum, groupRate) = (largestSum, largestRate)
      while end < sorted.count && thresholds[sorted[end]].minimum == minimum {
        let threshold = thresholds[sorted[end]]
        switch threshold.amountPieces {
        case (.sum(let sum, _), nil):
          if sum > largestSum && largestRate < RateArithmetic.hundredPercent { undominated = true }
          groupSum = max(groupSum, sum)
        case (.rate(let rate, _), _):
          if rate > largestRate { undominated = true }
          groupRate = max(groupRate, rate)
        default:
          // A capped percentage.
          if threshold.rate > largestRate && threshold.cap > largestSum { undominated = true }
        }
        end += 1
      }
      if undominated { breaks.append(minimum) }
      (largestSum, largestRate) = (groupSum, groupRate)
      index = end
    }
    return breaks
  }
}
