/// The untargeted discounts and thresholds of a store that have nothing of format 3 about
/// them (no code, no customer groups, no quantity minimum, no repeat): the same for every
/// order but for the amount they are applied to. They are indexed by their fixed sums and
/// percentages over the amounts where each applies (``OrderRuleSet``, keyed by the ranks of
/// their ids), so that the exact search (``ExactPlanSearch``) asks for the best of them on an amount instead of
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
    /// The rules, weighted by the ranks of their ids.
    let rules: OrderRuleSet
    /// The terms of each deal, by the rank of its id.
    let terms: [Int32: DealTerms]
    /// The terms of every deal, in no particular order (for a pass over them).
    let list: [DealTerms]

    /// Whether the set has no deal.
    var isEmpty: Bool { terms.isEmpty }
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
  /// customer groups, a quantity minimum or a repeat.
  static func holds(_ promotion: Promotion) -> Bool {
    promotion.kind.actsOnOrder && promotion.target == nil && promotion.code == nil
      && promotion.customerGroups == nil && promotion.minimumQuantity == nil && !promotion.repeats
  }

  /// Indexes `deals`, each with its promotion; `nil` when an amount of one cannot be paid
  /// in `minorDigits`.
  init?(_ deals: [(terms: DealTerms, promotion: Promotion)], minorDigits: Int) {
    var lists: [PromotionKind: [Stacking: [(OrderRule, DealTerms)]]] = [:]
    for (terms, promotion) in deals {
      guard let rule = try? OrderRule(promotion, storeIndex: Int(terms.storeIndex), minorDigits: minorDigits)
      else { return nil }
      lists[promotion.kind, default: [:]][terms.isStackable ? .stackable : .notStackable, default: []]
        .append((rule, terms))
    }
    func sets(_ kind: PromotionKind) -> [DealSet] {
      Stacking.allCases.map { stacking in
        let list = lists[kind]?[stacking] ?? []
        return DealSet(
          rules: OrderRuleSet(list.map(\.0), weights: list.map(\.1.rank)),
          terms: Dictionary(uniqueKeysWithValues: list.map { ($0.1.rank, $0.1) }), list: list.map(\.1))
      }
    }
    discountSets = sets(.discount)
    thresholdSets = sets(.threshold)
    pairBreaks = Self.pairBreaks(lists[.threshold]?[.stackable]?.map(\.0) ?? [])
  }

  /// The deal of `set` that takes the most off a base of `amount` minor units (ties: the
  /// lowest id), and what it takes; `nil` when none takes more than 0.
  func best(in set: DealSet, at amount: Int128) -> (terms: DealTerms, taken: Int128)? {
    guard !set.isEmpty, let taken = set.rules.best(at: amount), taken > 0,
      let rank = set.rules.lowestWeight(at: amount, reaching: taken), let terms = set.terms[rank]
    else { return nil }
    return (terms, taken)
  }

  /// The deal of `set` that takes the most off `amount` without taking more than `bound`
  /// (ties: the lowest id), and what it takes; `nil` when none takes between 1 and `bound`.
  func greatest(in set: DealSet, at amount: Int128, notAbove bound: Int128) -> (
    terms: DealTerms, taken: Int128
  )? {
    guard !set.isEmpty, bound > 0, let taken = set.rules.greatest(at: amount, notAbove: bound),
      taken > 0,
      let rank = set.rules.lowestWeight(at: amount, within: taken, taken), let terms = set.terms[rank]
    else { return nil }
    return (terms, taken)
  }
}
