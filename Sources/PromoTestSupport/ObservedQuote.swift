/// What a pricer under test made of one order, in plain minor units and ids, so that it can
/// be held against the reference (``ReferenceCheck``) without the reference knowing the
/// pricer's own types.
package struct ObservedQuote {
  /// One line of the result.
  package struct Line {
    /// `unitPrice × quantity`.
    package var subtotal: Int128
    /// The line's discount as the pricer reports it.
    package var discount: Int128
    /// The line's total as the pricer reports it.
    package var total: Int128
    /// Each promotion's share of the line, in application order.
    package var promotions: [(id: String, discount: Int128)]

    /// A line as observed.
    package init(
      subtotal: Int128, discount: Int128, total: Int128, promotions: [(id: String, discount: Int128)]
    ) {
      self.subtotal = subtotal
      self.discount = discount
      self.total = total
      self.promotions = promotions
    }
  }

  /// One promotion's outcome (the documented rules): its name, and the numbers that go
  /// with it, if any.
  package struct Outcome: Equatable {
    /// The promotion's id.
    package var id: String
    /// The outcome's name in the contract (`applied`, `not-best`, ...).
    package var name: String
    /// The amount the outcome carries, in minor units: the discount of `applied`, the
    /// `shortBy` of `below-minimum` (0 when it has none), the `planTotal` of `not-best`;
    /// `nil` for the others.
    package var amount: Int128?
    /// For a `below-minimum` with a `minimumQuantity` (store format 3): the units counted
    /// and the units missing (0 when it has none); `nil` when the outcome does not give them.
    package var units: Int128?
    /// See ``units``.
    package var shortByQuantity: Int128?

    /// An outcome as observed.
    package init(
      id: String, name: String, amount: Int128?, units: Int128? = nil, shortByQuantity: Int128? = nil
    ) {
      self.id = id
      self.name = name
      self.amount = amount
      self.units = units
      self.shortByQuantity = shortByQuantity
    }

    /// A reference's outcome, observed.
    package init(id: String, _ outcome: RefOutcome) {
      self.init(id: id, name: outcome.name, amount: outcome.amount)
      if case .belowMinimum(let shortfall) = outcome, shortfall.minimumQuantity != nil {
        units = shortfall.units ?? 0
        shortByQuantity = shortfall.shortByQuantity ?? 0
      }
    }
  }

  /// The number of minor digits the amounts are in.
  package var minorDigits: Int
  /// The order's subtotal.
  package var subtotal: Int128
  /// The order's discount as the pricer reports it.
  package var discount: Int128
  /// The order's total as the pricer reports it.
  package var total: Int128
  /// The promotions applied, in application order, each with its discount.
  package var promotions: [(id: String, discount: Int128)]
  /// The lines, or `nil` for an order given by `amount`.
  package var lines: [Line]?
  /// Every promotion's outcome in store order, when the pricer explained them.
  package var outcomes: [Outcome]?

  /// A quote as observed.
  package init(
    minorDigits: Int, subtotal: Int128, discount: Int128, total: Int128,
    promotions: [(id: String, discount: Int128)], lines: [Line]?, outcomes: [Outcome]?
  ) {
    self.minorDigits = minorDigits
    self.subtotal = subtotal
    self.discount = discount
    self.total = total
    self.promotions = promotions
    self.lines = lines
    self.outcomes = outcomes
  }

  /// A reference's own result, observed: what a pricer that agrees with it reports (the
  /// shipping aside: ``ObservedQuote3``).
  package init(reference pricing: some RefPricedOrder) {
    self.init(
      minorDigits: pricing.digits, subtotal: pricing.subtotal, discount: pricing.discount,
      total: pricing.total,
      promotions: pricing.promotions,
      lines: pricing.lines?.map {
        Line(
          subtotal: $0.subtotal, discount: $0.discount, total: $0.subtotal - $0.discount,
          promotions: $0.promotions)
      },
      outcomes: pricing.considered.map { Outcome(id: $0.id, $0.outcome) })
  }
}
