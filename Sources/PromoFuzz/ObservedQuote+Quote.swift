import PromoKit
import PromoTestSupport

extension ObservedQuote {
  /// PromoKit's quote in the reference's plain terms.
  init(_ quote: Quote) {
    let shares = { (applied: [AppliedPromotion]) in
      applied.map { (id: $0.id, discount: $0.discount.minorUnits) }
    }
    self.init(
      minorDigits: quote.subtotal.minorDigits, subtotal: quote.subtotal.minorUnits,
      discount: quote.discount.minorUnits, total: quote.total.minorUnits,
      promotions: shares(quote.plan.applied),
      lines: quote.lines?.map {
        Line(
          subtotal: $0.subtotal.minorUnits, discount: $0.discount.minorUnits, total: $0.total.minorUnits,
          promotions: shares($0.promotions))
      },
      outcomes: quote.considered?.map { Outcome(id: $0.id, name: $0.outcome.name, amount: $0.outcome.amount) }
    )
  }
}

extension PromotionOutcome {
  /// The amount the outcome carries, in minor units: the discount of `applied`, the
  /// `shortBy` of `below-minimum`, the `planTotal` of `not-best`; `nil` for the others.
  var amount: Int128? {
    switch self {
    case .applied(let discount): discount.minorUnits
    case .belowMinimum(let shortfall): shortfall.shortBy?.minorUnits ?? 0
    case .notBest(let total): total.minorUnits
    case .inactive, .notStarted, .ended, .codeRequired, .customerNotEligible, .noEligibleLine, .noShipping:
      nil
    }
  }
}
