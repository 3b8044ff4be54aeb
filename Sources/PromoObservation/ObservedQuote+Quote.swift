/// PromoKit's quotes seen in the brute-force reference's plain terms, so that the tests and
/// the pricing fuzz target hold the engine against the reference the same way: one
/// conversion per store format (``ObservedQuote``, ``ObservedQuote3``, ``ObservedQuote4``).
/// A module of its own because it joins the two sides: PromoTestSupport must use none of
/// PromoKit (the reference stays independent of what it checks).
///
///     let observed = ObservedQuote4(try calculator.quote(for: order, explain: true))
///     Reference4Check.problems(observed, against: pricing)   // [] when they agree
import PromoKit
import PromoTestSupport

extension ObservedQuote {
  /// PromoKit's quote in the reference's plain terms.
  public init(_ quote: Quote) {
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

extension ObservedQuote3 {
  /// PromoKit's quote of store format 3 in the reference's plain terms: with its shipping,
  /// and the units of each `below-minimum` outcome.
  public init(_ quote: Quote) {
    self.init(
      ObservedQuote(quote),
      shipping: quote.shipping.map {
        Shipping(amount: $0.amount.minorUnits, discount: $0.discount.minorUnits, total: $0.total.minorUnits)
      },
      outcomes: quote.considered?.map { consideration in
        var outcome = Outcome(
          id: consideration.id, name: consideration.outcome.name, amount: consideration.outcome.amount)
        if case .belowMinimum(let shortfall) = consideration.outcome, shortfall.minimumQuantity != nil {
          outcome.units = shortfall.units.map { Int128($0) } ?? 0
          outcome.shortByQuantity = shortfall.shortByQuantity.map { Int128($0) } ?? 0
        }
        return outcome
      })
  }
}

extension PromotionOutcome {
  /// The amount the outcome carries, in minor units: the discount of `applied`, the
  /// `shortBy` of `below-minimum` (0 when it has none), the `planTotal` of `not-best`;
  /// `nil` for the others (a granted gift, `applied` with no discount, among them).
  public var amount: Int128? {
    switch self {
    case .applied(let discount): discount.minorUnits
    case .belowMinimum(let shortfall): shortfall.shortBy?.minorUnits ?? 0
    case .notBest(let total, _): total.minorUnits
    case .granted, .inactive, .notStarted, .ended, .codeRequired, .customerNotEligible, .noShipping,
      .noEligibleLine:
      nil
    }
  }
}

extension ObservedQuote4 {
  /// PromoKit's quote of store format 4 in the reference's plain terms: with the tier
  /// each threshold took, the gifts granted, and each `not-best` promotion's
  /// `bestTotalWith`.
  public init(_ quote: Quote) {
    var tiers: [String: Int] = [:]
    for applied in quote.plan.applied { if let tier = applied.tier { tiers[applied.id] = tier } }
    var totals: [String: Int128?] = [:]
    for consideration in quote.considered ?? [] {
      if case .notBest(_, let with) = consideration.outcome {
        totals[consideration.id] = .some(with?.minorUnits)
      }
    }
    self.init(
      ObservedQuote3(quote), tiers: tiers,
      gifts: quote.gifts.map { Ref4GrantedGift(id: $0.id, sku: $0.sku, quantity: Int128($0.quantity)) },
      bestTotalsWith: totals)
  }
}
