/// One promotion's part in a plan: which promotion (its position in the store and the rank
/// of its id) and what it took off.
struct PlanStep: Sendable, Hashable {
  /// The promotion's position in the catalog.
  var storeIndex: Int
  /// The rank of its id among the store's ids.
  var rank: Int32
  /// What it took off.
  var discount: Money
}

/// An order stage's promotions: none, one, or a discount then a threshold, kept inline
/// rather than in an array allocated for every order.
struct OrderSteps: Sendable, RandomAccessCollection {
  private var first: PlanStep?
  private var second: PlanStep?

  /// No promotion.
  init() {}

  /// One promotion.
  init(_ single: PlanStep) {
    first = single
  }

  /// A discount, then a threshold.
  init(_ discount: PlanStep, _ threshold: PlanStep) {
    first = discount
    second = threshold
  }

  /// 0.
  var startIndex: Int { 0 }
  /// How many promotions.
  var endIndex: Int { second != nil ? 2 : (first != nil ? 1 : 0) }
  /// The promotion at `position` (0 or 1).
  subscript(position: Int) -> PlanStep { position == 0 ? first! : second! }
}

/// A plan: the item promotion each line takes (if any), the order stage, and the total.
struct SelectedPlan: Sendable {
  /// For each line of the order, the item promotion it takes and its discount there;
  /// empty when no line takes one.
  var lineItems: [PlanStep?]
  /// The item promotions that took something off a line, by ascending id, with their sums.
  var items: [PlanStep]
  /// The order stage: none, one promotion, or a stacked discount then threshold.
  var orderSteps: OrderSteps
  /// The amount the order comes to.
  var total: Money

  /// Whether this plan beats `other` under the rule for the best plan (``PlanPreference``).
  func isPreferred(to other: Self) -> Bool {
    PlanPreference.prefers(
      total: total.minorUnits, count: items.count + orderSteps.count, rank: { rank(at: $0) },
      overTotal: other.total.minorUnits, count: other.items.count + other.orderSteps.count,
      rank: { other.rank(at: $0) })
  }

  /// The rank of the id of its promotion at `position`, in application order.
  private func rank(at position: Int) -> Int32 {
    position < items.count ? items[position].rank : orderSteps[position - items.count].rank
  }
}
