/// The untargeted discounts and thresholds of a store that have nothing of format 3 about
/// them (no code, no customer groups, no quantity minimum, no repeat): the same for every
/// order but for the amount they are applied to. They are indexed by their fixed sums and
/// percentages over the amounts where each applies (``PlainDealIndex``, weighted by their
/// places in id order), so that the exact search (``ExactPlanSearch``) asks for the best of them on an amount instead of
/// trying each, and a store of many of them costs an order no more than a few.
///
///     if let (terms, taken) = plain.best(in: plain.thresholds(.stackable), at: 18_525) { … }
///
/// Nothing is lost by asking only for the best one: on one base, the deal of such a set
/// that takes the most (ties: the lowest id) beats every other deal of the set in any plan,
/// since every deal of a set joins the same shipping deal and, untargeted, is divided over
/// the lines in the same proportions.
///
/// - Complexity: O(*n* log *n*) to prepare *n* deals; each question is O(log² *n*).
struct PlainOrderDeals: Sendable {
  /// The deals of one kind and one stackability, indexed.
  struct DealSet: Sendable {
    /// The deals, indexed, each weighted by its place in `list`.
    let rules: PlainDealIndex
    /// The terms of every deal, in id order.
    let list: [DealTerms]

    /// Whether the set has no deal.
    var isEmpty: Bool { list.isEmpty }
  }

  /// Which deals of a kind: those that may be combined with other promotions, or the others.
  enum Stacking: Int, CaseIterable, Sendable {
    case stackable, notStackable
  }

  /// From this many plain deals on, a store's are indexed; fewer are cheaper tried one by
  /// one with the other candidates of an order (each question here costs about as much as
  /// trying a few dozen deals).
  static let indexedFrom = 200

  /// The discounts and the thresholds of each stacking, by its raw value.
  private let discountSets: [DealSet]
  private let thresholdSets: [DealSet]
  /// The minimums of the stackable thresholds where the best of them on an amount can
  /// jump, in increasing order (``pairBreaks(_:)``): what the pair search looks at.
  let pairBreaks: [Int128]

  /// The discounts of `stacking`.
  func discounts(_ stacking: Stacking) -> DealSet { discountSets[stacking.rawValue] }

  /// The thresholds of `stacking`.
  func thresholds(_ stacking: Stacking) -> DealSet { thresholdSets[stacking.rawValue] }

  /// Whether `promotion` is one of them: an untargeted discount or threshold without a code,
  /// customer groups, a quantity minimum or a repeat, a single percentage (rounded half up:
  /// the index's rule) or sum, in its kind's own layer, combining with every class or none,
  /// on every line (format 3's order deals, whose best pair the index answers).
  static func holds(_ promotion: Promotion, rounding: PercentageRounding) -> Bool {
    guard promotion.kind.actsOnOrder, promotion.target == nil, promotion.code == nil,
      promotion.customerGroups == nil, promotion.minimumQuantity == nil, !promotion.repeats,
      promotion.writtenLayer == nil || promotion.writtenLayer == promotion.kind.defaultLayer,
      !promotion.excludesDiscountedLines,
      promotion.combinesWith == .all || promotion.combinesWith == .none
    else { return false }
    switch promotion.benefit {
    case .percentOff: return rounding == .halfUp
    case .amountOff: return true
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift: return false
    }
  }

  /// Indexes `deals` (each ``holds(_:)`` its promotion).
  ///
  /// - Complexity: O(*n* log *n*) for *n* deals.
  init(_ deals: [DealTerms]) {
    var lists = Lists()
    for deal in deals { lists.append(deal) }
    self.init(lists)
  }

  /// Indexes the deals of `lists`, which it sorts in id order in place (no copy of them is
  /// made: a store of 100,000 plain deals holds their terms once).
  ///
  /// - Complexity: O(*n* log *n*) for *n* deals.
  init(_ lists: consuming Lists) {
    /// The sets of `kind`, by stacking.
    func sets(_ lists: inout [[DealTerms]]) -> [DealSet] {
      Stacking.allCases.map { stacking in
        // (A store's ids are usually in order already: then nothing is moved, nor a sort's
        // buffer allocated.)
        let inIdOrder = lists[stacking.rawValue].indices.dropFirst().allSatisfy {
          lists[stacking.rawValue][$0 - 1].rank < lists[stacking.rawValue][$0].rank
        }
        if !inIdOrder { lists[stacking.rawValue].sort { $0.rank < $1.rank } }
        let list = lists[stacking.rawValue]
        lists[stacking.rawValue] = []
        return DealSet(rules: PlainDealIndex(list, weights: list.indices.map { Int32($0) }), list: list)
      }
    }
    discountSets = sets(&lists.discounts)
    thresholdSets = sets(&lists.thresholds)
    pairBreaks = Self.pairBreaks(thresholdSets[Stacking.stackable.rawValue].list)
  }

  /// The deal of `set` that takes the most off a base of `amount` minor units (ties: the
  /// lowest id), and what it takes; `nil` when none takes more than 0.
  func best(in set: DealSet, at amount: Int128) -> (terms: DealTerms, taken: Int128)? {
    guard !set.isEmpty, let taken = set.rules.best(at: amount), taken > 0,
      let place = set.rules.lowestWeight(at: amount, reaching: taken)
    else { return nil }
    return (set.list[Int(place)], taken)
  }

  /// The deal of `set` that takes the most off `amount` without taking more than `bound`
  /// (ties: the lowest id), and what it takes; `nil` when none takes between 1 and `bound`.
  func greatest(in set: DealSet, at amount: Int128, notAbove bound: Int128) -> (
    terms: DealTerms, taken: Int128
  )? {
    guard !set.isEmpty, bound > 0, let taken = set.rules.greatest(at: amount, notAbove: bound),
      taken > 0,
      let place = set.rules.lowestWeight(at: amount, within: taken, taken)
    else { return nil }
    return (set.list[Int(place)], taken)
  }
}

extension PlainOrderDeals {
  /// Plain deals gathered for an index, by kind and stacking, as they come.
  struct Lists {
    /// The discounts and the thresholds of each stacking, by its raw value.
    fileprivate(set) var discounts: [[DealTerms]] = [[], []]
    fileprivate(set) var thresholds: [[DealTerms]] = [[], []]
    /// How many deals they hold.
    private(set) var count = 0

    /// Adds `deal`, a plain discount or threshold (``PlainOrderDeals/holds(_:rounding:)``).
    ///
    /// - Complexity: O(1) amortized.
    mutating func append(_ deal: DealTerms) {
      let stacking = deal.isStackable ? Stacking.stackable : .notStackable
      if deal.kind == .discount {
        discounts[stacking.rawValue].append(deal)
      } else {
        thresholds[stacking.rawValue].append(deal)
      }
      count += 1
    }

    /// Every deal held, by store position: the order a pass over the store meets them in.
    ///
    /// - Complexity: O(*n* log *n*) for *n* deals.
    var inStoreOrder: [DealTerms] {
      (discounts + thresholds).joined().sorted { $0.storeIndex < $1.storeIndex }
    }
  }
}
