extension PriceCalculator {
  /// Every promotion of the store, in store order, with what became of it, decided
  /// in this order: inactive, not started, ended, code required, customer not eligible,
  /// applied, no eligible line, no shipping, below its minimum, not the best. A working
  /// gift's outcome is decided later, on the allocated lines (``GiftGrants``). A promotion
  /// that is not the best names `bestTotalWith` of its terms: the lowest total of a plan
  /// applying it (``ExactPlanSearch/bestTotal(applying:)``).
  ///
  /// - Complexity: O(*n* × *L*) for *n* promotions and *L* lines, and a search for each
  ///   that is not the best.
  func consider(
    order: Order, plan: PricingPlan, bestTotalWith: (DealTerms) -> Money? = { _ in nil }
  ) throws(PromoError) -> [Consideration] {
    let appliedDiscounts = Dictionary(
      plan.applied.map { ($0.id, $0.discount) }, uniquingKeysWith: { first, _ in first })
    var terms: [Int: DealTerms] = [:]
    let working = try workingTerms(for: order)
    for deal in working.terms { terms[Int(deal.storeIndex)] = deal }
    let codes = context.presentedCodes(for: order)
    let groups = context.customerGroups(for: order)
    // (The terms' extras are kept until every promotion is considered.)
    defer { withExtendedLifetime(working.extrasKept) {} }
    return catalog.promotions.enumerated().map { position, promotion in
      let outcome: PromotionOutcome
      switch promotion.status(at: context.instant) {
      case .inactive: outcome = .inactive
      case .notStarted: outcome = .notStarted(startsAt: promotion.startsAt!)
      case .ended: outcome = .ended(endsAt: promotion.endsAt!)
      case .working:
        if !promotion.isPresented(by: codes), let code = promotion.code {
          outcome = .codeRequired(code: code)
        } else if !promotion.admitsCustomer(in: groups) {
          outcome = .customerNotEligible
        } else if let discount = appliedDiscounts[promotion.id] {
          outcome = .applied(discount: discount)
        } else {
          outcome = unapplied(
            terms[position]!, of: promotion, order: order, planTotal: plan.total, bestTotalWith: bestTotalWith
          )
        }
      }
      return Consideration(id: promotion.id, outcome: outcome)
    }
  }

  /// The codes `order` presents (the context's, then its own, each once) that no promotion
  /// of the store has, as presented.
  ///
  /// - Complexity: O(*n* + *c*) for *n* promotions and *c* codes.
  func unmatchedCodes(for order: Order) -> [String] {
    let known = Set(catalog.promotions.compactMap { $0.code.map(CouponCode.normalized) })
    var seen: Set<String> = []
    return (context.codes + order.codes).filter { code in
      let normalized = CouponCode.normalized(code)
      return seen.insert(normalized).inserted && !known.contains(normalized)
    }
  }

  /// Why a working promotion that the chosen plan left out was left out (when it is not
  /// the best, with `bestTotalWith` of its terms).
  private func unapplied(
    _ deal: DealTerms, of promotion: Promotion, order: Order, planTotal: Money,
    bestTotalWith: (DealTerms) -> Money?
  ) -> PromotionOutcome {
    let items = order.items
    func targets(_ item: OrderItem) -> Bool {
      promotion.target?.matches(sku: item.sku, categories: item.categories) ?? true
    }
    switch promotion.kind {
    case .item:
      guard let items, deal.lineDiscounts(items, target: promotion.target).contains(where: { $0 > 0 }) else {
        return .noEligibleLine
      }
    case .discount, .threshold:
      // An order given by amount has no lines to target or count; an empty order has no
      // line a targeted deal targets, but an untargeted quantity minimum is tested (0 units).
      let counts = promotion.target != nil || promotion.testedMinimumQuantity != nil
      if counts && items == nil { return .noEligibleLine }
      if promotion.target != nil, let items, !items.contains(where: targets) { return .noEligibleLine }
      if promotion.kind == .threshold {
        var tested = order.subtotal
        var units: Int64?
        if let items {
          let lines = items.filter(targets)
          tested = Money(
            minorUnits: lines.reduce(0) { $0 + $1.lineAmount.minorUnits }, minorDigits: tested.minorDigits)
          units = lines.reduce(0) { $0 + $1.quantity }
        }
        if let shortfall = shortfall(of: deal, promotion, testedAgainst: tested, units: units) {
          return .belowMinimum(shortfall)
        }
      }
    case .shipping:
      guard let shipping = order.shipping, shipping.minorUnits > 0 else { return .noShipping }
      if let shortfall = shortfall(of: deal, promotion, testedAgainst: order.subtotal, units: nil) {
        return .belowMinimum(shortfall)
      }
    case .gift:
      // A gift is decided on what the chosen plan leaves of its lines, once the plan's
      // discounts are divided among them: quote(for:explain:) puts the outcome of
      // GiftGrants here. Until then it is said to have no line, never to be `not-best`.
      return .noEligibleLine
    }
    return .notBest(planTotal: planTotal, bestTotalWith: bestTotalWith(deal))
  }

  /// How far `tested` (and `units`) fall short of the minimums of `deal`, the terms of
  /// `promotion`; `nil` when they reach them.
  private func shortfall(
    of deal: DealTerms, _ promotion: Promotion, testedAgainst tested: Money, units: Int64?
  ) -> MinimumShortfall? {
    var shortfall = MinimumShortfall(testedAgainst: tested)
    var short = false
    if let minimumAmount = promotion.testedMinimumAmount {
      shortfall.minimumAmount = minimumAmount
      let missing = max(deal.minimum - tested.minorUnits, 0)
      shortfall.shortBy = Money(minorUnits: missing, minorDigits: tested.minorDigits)
      short = short || missing > 0
    }
    if let least = promotion.testedMinimumQuantity {
      let counted = units ?? 0
      shortfall.units = counted
      shortfall.minimumQuantity = least
      shortfall.shortByQuantity = max(least - counted, 0)
      short = short || counted < least
    }
    return short ? shortfall : nil
  }
}
