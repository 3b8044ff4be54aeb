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

  /// One promotion's outcome (the documented rules): its name, and the amount that goes with it, if
  /// any: the discount of `applied`, the `shortBy` of `below-minimum`, the `planTotal` of
  /// `not-best`.
  package struct Outcome: Equatable {
    /// The promotion's id.
    package var id: String
    /// The outcome's name in the contract (`applied`, `not-best`, ...).
    package var name: String
    /// The amount the outcome carries, in minor units, if it carries one.
    package var amount: Int128?

    /// An outcome as observed.
    package init(id: String, name: String, amount: Int128?) {
      self.id = id
      self.name = name
      self.amount = amount
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

  /// The reference's own result, observed: what a pricer that agrees with it reports.
  package init(reference pricing: RefPricing) {
    self.init(
      minorDigits: pricing.digits, subtotal: pricing.subtotal, discount: pricing.discount,
      total: pricing.total,
      promotions: pricing.promotions,
      lines: pricing.lines?.map {
        Line(
          subtotal: $0.subtotal, discount: $0.discount, total: $0.subtotal - $0.discount,
          promotions: $0.promotions)
      },
      outcomes: pricing.considered.map {
        Outcome(id: $0.id, name: $0.outcome.name, amount: $0.outcome.amount)
      })
  }
}

extension RefOutcome {
  /// The amount the outcome carries: the discount of `applied`, the `shortBy` of
  /// `below-minimum`, the `planTotal` of `not-best`; `nil` for the others.
  package var amount: Int128? {
    switch self {
    case .applied(let discount): discount
    case .belowMinimum(_, _, let shortBy): shortBy
    case .notBest(let total): total
    case .inactive, .notStarted, .ended, .codeRequired, .noEligibleLine: nil
    }
  }
}
