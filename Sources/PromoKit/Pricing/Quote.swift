/// One promotion applied in a plan, with what it took off.
public struct AppliedPromotion: Sendable, Hashable {
  /// The promotion's id.
  public var id: String
  /// The promotion's name, if it has one.
  public var name: String?
  /// What it took off the amount it was applied to.
  public var discount: Money
  /// For a threshold with tiers (store format 4): the number of the tier it took, from 1;
  /// `nil` for every other promotion, and on a line's share.
  public var tier: Int?

  /// Creates an applied promotion.
  public init(id: String, name: String? = nil, discount: Money, tier: Int? = nil) {
    self.id = id
    self.name = name
    self.discount = discount
    self.tier = tier
  }
}

/// The chosen way to price an order: the promotions applied, in application order (item
/// promotions by id, then the order stage's discount, then its threshold, then the shipping
/// deal), and the total.
public struct PricingPlan: Sendable, Hashable {
  /// The promotions in the order they are applied (empty for the plan with none); an item
  /// promotion's discount is its sum over the lines.
  public var applied: [AppliedPromotion]
  /// The amount the order comes to under this plan.
  public var total: Money

  /// Creates a plan.
  public init(applied: [AppliedPromotion], total: Money) {
    self.applied = applied
    self.total = total
  }
}

/// One line of a priced order: what it cost, and each promotion's share of its discount.
public struct LineQuote: Sendable, Hashable {
  /// The line's SKU, if it has one.
  public var sku: String?
  /// The line's name, if it has one.
  public var name: String?
  /// How many units.
  public var quantity: Int64
  /// `unitPrice × quantity`.
  public var subtotal: Money
  /// The promotions with a share above 0 of this line's discount, in application order.
  public var promotions: [AppliedPromotion]

  /// Creates a priced line.
  public init(sku: String?, name: String?, quantity: Int64, subtotal: Money, promotions: [AppliedPromotion]) {
    self.sku = sku
    self.name = name
    self.quantity = quantity
    self.subtotal = subtotal
    self.promotions = promotions
  }

  /// The line's discount: the sum of its shares.
  public var discount: Money {
    promotions.reduce(Money.zero(minorDigits: subtotal.minorDigits)) { $0.adding(unchecked: $1.discount) }
  }

  /// What the line comes to.
  public var total: Money { subtotal.subtracting(discount) }
}

/// What became of one promotion of the store when an order was priced.
public enum PromotionOutcome: Sendable, Hashable {
  /// It is in the chosen plan and took off `discount`.
  case applied(discount: Money)
  /// A gift promotion whose minimums the chosen plan meets: it grants `gift` and takes
  /// nothing off (store format 4). Its name is `applied`, as the contract says, with no
  /// discount.
  case granted(GrantedGift)
  /// The merchant switched it off.
  case inactive
  /// Its window starts later.
  case notStarted(startsAt: Timestamp)
  /// Its window is over.
  case ended(endsAt: Timestamp)
  /// It has a code the order does not present.
  case codeRequired(code: String)
  /// It is for customer groups the order's customer is in none of.
  case customerNotEligible
  /// A shipping deal on an order without shipping (or with shipping 0).
  case noShipping
  /// An item promotion that applies to no line of the order; a targeted order deal that
  /// targets no line; a targeted deal, a quantity threshold, a targeted gift or a gift with
  /// a minimum quantity on an order given by amount; a targeted gift that targets no line.
  case noEligibleLine
  /// A threshold whose minimums its lines at their list prices do not reach, a shipping
  /// deal whose minimum the subtotal does not reach, or a gift whose minimums what the
  /// chosen plan leaves of its lines does not reach.
  case belowMinimum(MinimumShortfall)
  /// It applies, but the chosen plan is better or equal; `planTotal` is that plan's total,
  /// and `bestTotalWith` the lowest total of any plan the rules allow that applies it
  /// (store format 4; `nil` when no allowed plan applies it, or when it is not worked out).
  case notBest(planTotal: Money, bestTotalWith: Money? = nil)

  /// The outcome's name in the JSON result: `applied` (a granted gift too), `inactive`,
  /// `not-started`, `ended`, `code-required`, `customer-not-eligible`, `no-eligible-line`,
  /// `no-shipping`, `below-minimum` or `not-best`.
  public var name: String {
    switch self {
    case .applied, .granted: "applied"
    case .inactive: "inactive"
    case .notStarted: "not-started"
    case .ended: "ended"
    case .codeRequired: "code-required"
    case .customerNotEligible: "customer-not-eligible"
    case .noShipping: "no-shipping"
    case .noEligibleLine: "no-eligible-line"
    case .belowMinimum: "below-minimum"
    case .notBest: "not-best"
    }
  }
}

/// What a promotion's minimums were tested against, and how far short the order fell.
public struct MinimumShortfall: Sendable, Hashable {
  /// The amount tested: the list prices of the lines it acts on, or the subtotal (for a
  /// gift: what the chosen plan leaves of the lines it targets, shipping apart).
  public var testedAgainst: Money
  /// The minimum amount, if it has one.
  public var minimumAmount: DecimalNumber?
  /// How much more would reach the minimum amount (0 when reached), if it has one.
  public var shortBy: Money?
  /// The units tested, when it has a minimum quantity.
  public var units: Int64?
  /// The minimum quantity, if it has one.
  public var minimumQuantity: Int64?
  /// How many more units would reach the minimum quantity (0 when reached), if it has one.
  public var shortByQuantity: Int64?

  /// Creates a shortfall.
  public init(
    testedAgainst: Money, minimumAmount: DecimalNumber? = nil, shortBy: Money? = nil, units: Int64? = nil,
    minimumQuantity: Int64? = nil, shortByQuantity: Int64? = nil
  ) {
    self.testedAgainst = testedAgainst
    self.minimumAmount = minimumAmount
    self.shortBy = shortBy
    self.units = units
    self.minimumQuantity = minimumQuantity
    self.shortByQuantity = shortByQuantity
  }
}

/// What became of an order's shipping: its amount, what the shipping deal took off, and
/// what is left to pay.
public struct ShippingQuote: Sendable, Hashable {
  /// The shipping before any deal.
  public var amount: Money
  /// What the shipping deal took off (0 when none applied).
  public var discount: Money

  /// Creates a shipping quote.
  public init(amount: Money, discount: Money) {
    self.amount = amount
    self.discount = discount
  }

  /// What is left to pay for shipping.
  public var total: Money { amount.subtracting(discount) }
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

/// The priced order: its result (docs/FORMAT.md, "Results"), ready for a renderer.
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
  /// The lines with their discounts divided among them, for an order with items; `nil`
  /// for an order given as an amount.
  public var lines: [LineQuote]?
  /// The shipping, for an order that names one.
  public var shipping: ShippingQuote?
  /// The codes the order presents (its own and those given for every order) that no
  /// promotion of the store has, as presented, when an explanation was asked for: a
  /// mistyped code is otherwise silently of no use.
  public var unmatchedCodes: [String]?
  /// The goods granted by gift promotions (store format 4), by promotion id as byte
  /// strings; empty when none is. Gifts never change a total.
  public var gifts: [GrantedGift]

  /// Creates a quote.
  public init(
    order: String, currency: Currency?, subtotal: Money, plan: PricingPlan, evaluatedAt: Instant,
    considered: [Consideration]? = nil, lines: [LineQuote]? = nil, shipping: ShippingQuote? = nil,
    unmatchedCodes: [String]? = nil, gifts: [GrantedGift] = []
  ) {
    self.order = order
    self.currency = currency
    self.subtotal = subtotal
    self.plan = plan
    self.evaluatedAt = evaluatedAt
    self.considered = considered
    self.lines = lines
    self.shipping = shipping
    self.unmatchedCodes = unmatchedCodes
    self.gifts = gifts
  }

  /// The total discount, of the lines and the shipping: subtotal plus shipping less total.
  public var discount: Money {
    guard let shipping else { return subtotal.subtracting(plan.total) }
    return subtotal.adding(unchecked: shipping.amount).subtracting(plan.total)
  }

  /// The final amount: subtotal less discount plus shipping.
  public var total: Money { plan.total }
}
