extension ExactPlanSearch {
  /// One order stage being searched: the plan it starts from, what its lines have left,
  /// and what the search keeps as it goes (the best plain deals on the whole, the
  /// discounts and thresholds that could be in a pair, the largest each could take).
  struct OrderStage {
    /// The plan of the item stage the order stage starts from.
    let start: Plan
    /// What each line has left (or the amount, for an order given as one), and their sum.
    let amounts: [Int128]
    let whole: Int128
    /// Whether only stackable deals may be tried (after an item stage).
    let stackableOnly: Bool
    /// What the shipping deal that joins a plan of `start` and one more promotion takes:
    /// the best stackable one when every promotion is stackable, none otherwise.
    let stackableShipping: Int128
    /// The best plain stackable discount on the whole, and what the best plain stackable
    /// threshold takes there.
    var plainDiscount: (terms: DealTerms, taken: Int128)?
    var plainThresholdBound: Int128 = 0
    /// The discounts and thresholds kept for the pairs, with what each takes (a
    /// threshold's before any discount: a bound on what it takes after one).
    var discounts: [DealTaking] = []
    var thresholds: [DealTaking] = []
    /// The most a stackable discount, and a stackable threshold, could take.
    var largestDiscount: Int128 = 0
    var largestThreshold: Int128 = 0

    init(start: Plan, amounts: [Int128], stackableOnly: Bool, stackableShipping: Int128) {
      self.start = start
      self.amounts = amounts
      whole = amounts.reduce(0, +)
      self.stackableOnly = stackableOnly
      self.stackableShipping = stackableShipping
    }

    /// 1 when a shipping deal joins a plan of `start` and more promotions, else 0.
    var joining: Int { stackableShipping > 0 ? 1 : 0 }

    /// Whether a plan of `start` and `count` more order deals whose goods come to at least
    /// `lowest` (before the shipping deal) can beat `best`.
    func canReach(_ lowest: Int128, count: Int, in search: ExactPlanSearch, best: Plan) -> Bool {
      search.canReach(
        lowest - stackableShipping, count: start.count + count, shippingTaken: stackableShipping, best: best)
    }

    /// Whether a pair whose deals take at most `taken` off `start` can beat `best`.
    func pairCanReach(_ taken: Int128, in search: ExactPlanSearch, best: Plan) -> Bool {
      search.canReach(
        start.total - stackableShipping - taken, count: start.count + 2 + joining,
        shippingTaken: stackableShipping, best: best)
    }
  }

  /// The parts the deals of a block can play in a plan that beats the best one, by its
  /// bounds: alone (any deal), the discount of a pair, the threshold of a pair (a stackable
  /// deal). A deal that can play none is passed over.
  struct DealRoles {
    var alone: Bool
    var pairDiscount: Bool
    var pairThreshold: Bool

    /// Every part: nothing is known to rule one out.
    static let all = DealRoles(alone: true, pairDiscount: true, pairThreshold: true)
    /// Only the discount of a pair.
    static let pairDiscount = DealRoles(alone: false, pairDiscount: true, pairThreshold: false)

    /// Whether the deal of `terms` can play one of these parts.
    @inline(__always)
    func admits(_ terms: DealTerms) -> Bool {
      alone || (terms.isStackable && (terms.kind == .discount ? pairDiscount : pairThreshold))
    }
  }

  /// What some lines have left, and their units: the base of every deal that acts on them.
  struct LinesBase {
    var base: Int128
    var units: Int64
  }

  /// The bases of the blocks and the bounds on what each block's deals take there, worked
  /// out for a block the first time they are asked for.
  struct BlockBounds {
    /// What the lines of each block have left, and their units.
    let bases: [LinesBase]
    /// The bounds worked out so far.
    private var known: [(any: Int128, discounts: Int128, thresholds: Int128)?]

    init(bases: [LinesBase], count: Int) {
      self.bases = bases
      known = Array(filled: nil, count: count)
    }

    /// The bounds of block `index` of `search`.
    mutating func of(block index: Int, in search: ExactPlanSearch) -> (
      any: Int128, discounts: Int128, thresholds: Int128
    ) {
      if let bound = known[index] { return bound }
      let bound = search.blockBound(index, base: bases[index].base, units: bases[index].units)
      known[index] = bound
      return bound
    }
  }
}
