extension PriceCalculator {
  /// Every promotion of the store, in store order, with what became of it (4.5), decided
  /// in this order: inactive, not started, ended, code required, applied, no eligible
  /// line, below its minimum, not the best.
  ///
  /// - Complexity: O(*n* + *i* × *L*) for *n* promotions, *i* working item promotions and
  ///   *L* lines.
  func consider(order: Order, codes: Set<String>, plan: PricingPlan, promotions: WorkingPromotions)
    -> [Consideration]
  {
    let appliedDiscounts = Dictionary(
      plan.applied.map { ($0.id, $0.discount) }, uniquingKeysWith: { first, _ in first })
    var itemRuleAt: [Int: ItemRule] = [:]
    for part in promotions.parts {
      for rule in part.itemRules { itemRuleAt[rule.storeIndex] = rule }
    }
    let subtotal = order.subtotal
    return catalog.promotions.enumerated().map { position, promotion in
      let outcome: PromotionOutcome
      switch promotion.status(at: context.instant) {
      case .inactive: outcome = .inactive
      case .notStarted: outcome = .notStarted(startsAt: promotion.startsAt!)
      case .ended: outcome = .ended(endsAt: promotion.endsAt!)
      case .working:
        if let code = promotion.code, !codes.contains(CouponCode.normalized(code)) {
          outcome = .codeRequired(code: code)
        } else if let discount = appliedDiscounts[promotion.id] {
          outcome = .applied(discount: discount)
        } else if promotion.kind == .item
          && !(itemRuleAt[position].map { appliesToSomeLine($0, order.items ?? []) } ?? false)
        {
          outcome = .noEligibleLine
        } else if let minimum = promotion.minimumAmount,
          case let units = minimum.unitsRoundedUp(atScale: subtotal.minorDigits),
          units > subtotal.minorUnits
        {
          outcome = .belowMinimum(
            testedAgainst: subtotal, minimum: minimum,
            shortBy: Money(minorUnits: units - subtotal.minorUnits, minorDigits: subtotal.minorDigits))
        } else {
          outcome = .notBest(planTotal: plan.total)
        }
      }
      return Consideration(id: promotion.id, outcome: outcome)
    }
  }

  /// Whether an item rule targets some line of `items` and takes more than 0 off it.
  private func appliesToSomeLine(_ rule: ItemRule, _ items: [OrderItem]) -> Bool {
    let promotion = catalog.promotions[rule.storeIndex]
    return items.contains { item in
      guard promotion.target?.matches(sku: item.sku, categories: item.categories) ?? true else {
        return false
      }
      let discount = rule.discount(
        unitPrice: item.unitPrice, quantity: item.quantity, lineAmount: item.lineAmount)
      return discount.minorUnits > 0
    }
  }
}
