/// One promotion applied in a plan, with what it took off.
public struct AppliedPromotion: Sendable, Hashable {
  /// The promotion's id.
  public var id: String
  /// The promotion's name, if it has one.
  public var name: String?
  /// What it took off the amount it was applied to.
  public var discount: Money

  /// Creates an applied promotion.
  public init(id: String, name: String? = nil, discount: Money) {
    self.id = id
    self.name = name
    self.discount = discount
  }
}

/// A way to price an order: no promotion, one, or a stacked discount and threshold, with
/// the total it leads to.
public struct PricingPlan: Sendable, Hashable {
  /// The promotions in the order they are applied (empty for the plan with none).
  public var applied: [AppliedPromotion]
  /// The amount the order comes to under this plan.
  public var total: Money

  /// Creates a plan.
  public init(applied: [AppliedPromotion], total: Money) {
    self.applied = applied
    self.total = total
  }

  /// Whether this plan beats `other` under the contract's rule 4.3: a lower total, then
  /// fewer promotions, then promotion ids (in application order) lower as byte strings.
  public func isPreferred(to other: PricingPlan) -> Bool {
    if total != other.total { return total < other.total }
    if applied.count != other.applied.count { return applied.count < other.applied.count }
    for (mine, theirs) in zip(applied, other.applied) where mine.id != theirs.id {
      return mine.id.utf8.lexicographicallyPrecedes(theirs.id.utf8)
    }
    return false
  }
}

/// What became of one promotion of the store when an order was priced.
public enum PromotionOutcome: Sendable, Hashable {
  /// It is in the chosen plan and took off `discount`.
  case applied(discount: Money)
  /// The merchant switched it off.
  case inactive
  /// Its window starts later.
  case notStarted(startsAt: Timestamp)
  /// Its window is over.
  case ended(endsAt: Timestamp)
  /// A threshold whose minimum the amount it was tested against does not reach.
  case belowMinimum(testedAgainst: Money, minimum: DecimalNumber)
  /// It applies, but the chosen plan is better or equal; `planTotal` is that plan's total.
  case notBest(planTotal: Money)

  /// The outcome's name in the contract: `applied`, `inactive`, `not-started`, `ended`,
  /// `below-minimum` or `not-best`.
  public var name: String {
    switch self {
    case .applied: "applied"
    case .inactive: "inactive"
    case .notStarted: "not-started"
    case .ended: "ended"
    case .belowMinimum: "below-minimum"
    case .notBest: "not-best"
    }
  }
}

/// One promotion of the store and what became of it for an order.
public struct Consideration: Sendable, Hashable {
  /// The promotion's id.
  public var id: String
  /// What became of it.
  public var outcome: PromotionOutcome

  /// Creates a consideration.
  public init(id: String, outcome: PromotionOutcome) {
    self.id = id
    self.outcome = outcome
  }
}

/// The priced order: the contract's result (section 4.4), ready for a renderer.
public struct Quote: Sendable, Hashable {
  /// The order's name (its id, or where it was read from).
  public var order: String
  /// The currency, if the order or the store names one.
  public var currency: Currency?
  /// The order's subtotal.
  public var subtotal: Money
  /// The best plan.
  public var plan: PricingPlan
  /// The instant every date check used.
  public var evaluatedAt: Instant
  /// Every promotion of the store with its outcome, when an explanation was asked for.
  public var considered: [Consideration]?

  /// Creates a quote.
  public init(
    order: String, currency: Currency?, subtotal: Money, plan: PricingPlan, evaluatedAt: Instant,
    considered: [Consideration]? = nil
  ) {
    self.order = order
    self.currency = currency
    self.subtotal = subtotal
    self.plan = plan
    self.evaluatedAt = evaluatedAt
    self.considered = considered
  }

  /// The total discount: subtotal less total.
  public var discount: Money { subtotal.subtracting(plan.total) }

  /// The final amount.
  public var total: Money { plan.total }
}
