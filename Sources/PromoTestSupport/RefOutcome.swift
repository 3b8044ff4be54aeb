/// What became of one promotion for one order, as `--explain` reports it (the documented
/// rules), decided in the order of the cases below: the outcomes of every store format, so
/// that both references report in one vocabulary (a store of format 1 or 2 never has
/// `customer-not-eligible` or `no-shipping`).
package enum RefOutcome: Equatable {
  /// Switched off.
  case inactive
  /// Its window starts later.
  case notStarted(startsAt: RefInstant)
  /// Its window is over.
  case ended(endsAt: RefInstant)
  /// It has a code the order does not present.
  case codeRequired
  /// It has customer groups and the order's customer is in none of them.
  case customerNotEligible
  /// In the chosen plan, taking off `discount` in all.
  case applied(discount: Int128)
  /// An item promotion that applies to no line; a targeted order deal that targets no line;
  /// a targeted deal or a quantity threshold on an order given by `amount`.
  case noEligibleLine
  /// A shipping promotion on an order without shipping, or with shipping 0.
  case noShipping
  /// A threshold whose minimums its lines at their list prices do not reach, or a shipping
  /// promotion whose minimum the subtotal does not reach.
  case belowMinimum(RefShortfall)
  /// It can apply, but the chosen plan (of this total) is better or equal.
  case notBest(planTotal: Int128)

  /// The outcome's name in the contract.
  package var name: String {
    switch self {
    case .inactive: "inactive"
    case .notStarted: "not-started"
    case .ended: "ended"
    case .codeRequired: "code-required"
    case .customerNotEligible: "customer-not-eligible"
    case .applied: "applied"
    case .noEligibleLine: "no-eligible-line"
    case .noShipping: "no-shipping"
    case .belowMinimum: "below-minimum"
    case .notBest: "not-best"
    }
  }

  /// The amount the outcome carries, in minor units: the discount of `applied`, the
  /// `shortBy` of `below-minimum` (0 when it has none), the `planTotal` of `not-best`;
  /// `nil` for the others.
  package var amount: Int128? {
    switch self {
    case .applied(let discount): discount
    case .belowMinimum(let shortfall): shortfall.shortBy ?? 0
    case .notBest(let total): total
    case .inactive, .notStarted, .ended, .codeRequired, .customerNotEligible, .noEligibleLine, .noShipping:
      nil
    }
  }
}

/// What a `below-minimum` outcome was tested against and how far it fell short.
package struct RefShortfall: Equatable {
  /// The amount the minimum was tested against: the list amounts of the lines it counts
  /// (every line, or those it targets), the order's `amount`, or, for shipping, S.
  package var amount: Int128
  /// The units it counted, for a threshold of an order with lines (`nil` otherwise).
  package var units: Int128?
  /// `minimumAmount` as written, if it has one.
  package var minimumAmount: RefDecimal?
  /// `minimumQuantity`, if it has one.
  package var minimumQuantity: Int128?
  /// The least amount in minor units that added to `amount` reaches `minimumAmount`;
  /// `nil` when it has no such minimum or reaches it.
  package var shortBy: Int128?
  /// The units missing to reach `minimumQuantity`; `nil` when it has no such minimum or
  /// reaches it.
  package var shortByQuantity: Int128?

  /// A shortfall as given.
  package init(
    amount: Int128, units: Int128?, minimumAmount: RefDecimal?, minimumQuantity: Int128?, shortBy: Int128?,
    shortByQuantity: Int128?
  ) {
    self.amount = amount
    self.units = units
    self.minimumAmount = minimumAmount
    self.minimumQuantity = minimumQuantity
    self.shortBy = shortBy
    self.shortByQuantity = shortByQuantity
  }
}
