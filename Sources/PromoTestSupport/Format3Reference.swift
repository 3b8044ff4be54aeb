import Foundation

/// The format-3 reference pricer: the documented rules by brute force, for stores of
/// version 1, 2 and 3.
///
/// Written from the contract alone and independent of PromoKit (its module does not
/// depend on it): it reads the JSON values Foundation's `JSONSerialization` gives, does all
/// arithmetic in `Int128` minor units, and enumerates every plan (``Ref3PlanSearch``):
/// every single order deal and every stackable pair, each with every allowed shipping
/// promotion. Where the contract leaves a point open, the reading taken is written beside
/// the code that takes it:
///
/// - A deal that takes off 0 does not apply (the documented rules), for shipping promotions too.
/// - `below-minimum` tests a threshold's minimums on its lines at their list prices (every
///   line or those it targets, or the order's `amount`); `shortBy` / `shortByQuantity` are
///   given only for a minimum that is not reached (``RefShortfall``).
/// - A shipping promotion joins a plan only if the plan's other promotions (those that took
///   something off a line, and its order deals) are all stackable and it is too; alone it
///   may be non-stackable.
package enum Format3Reference {
  /// Prices `order` against `store` (both as `JSONSerialization` gives them) at the RFC 3339
  /// instant `at`, with the codes of `--code` and the groups of `--customer-group` added to
  /// the order's own. With `keepPlans`, every plan enumerated is kept in the result.
  /// Decimals must be JSON strings or integers: a fractional JSON number would have passed
  /// through binary floating point.
  package static func price(
    store: Any, order: Any, at: String, codes: [String] = [], groups: [String] = [], name: String = "stdin",
    keepPlans: Bool = false
  ) throws(RefError) -> Ref3Verdict {
    let input = try RefPricingInput(store: store, order: order, at: at)
    if let refusal = input.refusal { return .refused(refusal) }
    let promotions = try input.promotions { (fields) throws(RefError) in try Ref3Promotion(fields) }
    let read = try Ref3Reader.order(
      input.order, digits: input.digits, codes: codes, groups: groups, name: name)
    return .priced(
      price(
        promotions, order: read, at: input.instant, currency: input.currency, digits: input.digits,
        keepPlans: keepPlans))
  }

  /// Prices a read order against read promotions at `instant`.
  package static func price(
    _ promotions: [Ref3Promotion], order: Ref3Order, at instant: RefInstant, currency: String?, digits: Int,
    keepPlans: Bool = false
  ) -> Ref3Pricing {
    let working = promotions.indices.filter { status(promotions[$0], order: order, at: instant) == nil }
    let search = Ref3PlanSearch(promotions, working: working, order: order)
    var best: Ref3Candidate?
    var stats = Ref3PlanStats()
    var plans: [Ref3Plan] = []
    search.forEachPlan { candidate in
      stats.record(candidate)
      if keepPlans { plans.append(search.plan(candidate)) }
      if let current = best, !search.isBetter(candidate, than: current) { return }
      best = candidate
    }
    // The plan without any promotion is always visited.
    let plan = search.plan(best!)

    var applied = plan.items.totals.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    applied += plan.stage.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    if let shipping = plan.shipping { applied.append((promotions[shipping.promotion].id, shipping.discount)) }
    let allocation = order.lines.map { allocate(plan, search: search, lines: $0) }

    let appliedDiscounts = Dictionary(applied.map { ($0.id, $0.discount) }, uniquingKeysWith: { $0 + $1 })
    let considered = promotions.map { promotion -> (id: String, outcome: RefOutcome) in
      if let outcome = status(promotion, order: order, at: instant) { return (promotion.id, outcome) }
      if let discount = appliedDiscounts[promotion.id] { return (promotion.id, .applied(discount: discount)) }
      return (promotion.id, unapplied(promotion, order: order) ?? .notBest(planTotal: plan.total))
    }
    return Ref3Pricing(
      order: order.name, currency: currency, digits: digits, subtotal: order.subtotal,
      shipping: order.shipping,
      evaluatedAt: instant, best: plan, plans: keepPlans ? plans : nil, stats: stats, promotions: applied,
      lines: allocation?.lines, considered: considered,
      hasRemainderShare: allocation?.hasRemainderShare ?? false)
  }

  /// Why a promotion is not working for the order at `instant`, in the documented rules's order
  /// (`inactive`, `not-started`, `ended`, `code-required`, `customer-not-eligible`), or
  /// `nil` when it is working.
  package static func status(_ promotion: Ref3Promotion, order: Ref3Order, at instant: RefInstant)
    -> RefOutcome?
  {
    if !promotion.active { return .inactive }
    if let start = promotion.startsAt, instant < start { return .notStarted(startsAt: start) }
    if let end = promotion.endsAt, !(instant < end) { return .ended(endsAt: end) }
    if let code = promotion.code, !order.codes.contains(RefMath.foldCase(code)) { return .codeRequired }
    if let groups = promotion.customerGroups, groups.isDisjoint(with: order.groups) {
      return .customerNotEligible
    }
    return nil
  }

  /// The outcome of a working promotion the chosen plan does not apply, when it is not
  /// `not-best`: `no-eligible-line`, `no-shipping` or `below-minimum`, in that order.
  package static func unapplied(_ promotion: Ref3Promotion, order: Ref3Order) -> RefOutcome? {
    switch promotion.kind {
    case .item:
      let lines = order.lines ?? []
      return promotion.lineDiscounts(on: lines).contains { $0 > 0 } ? nil : .noEligibleLine
    case .discount, .threshold:
      guard let base = promotion.base(left: order.amounts, order: order) else { return .noEligibleLine }
      if let lines = order.lines, promotion.isTargeted, !lines.contains(where: promotion.targets) {
        return .noEligibleLine
      }
      guard promotion.kind == .threshold else { return nil }
      let shortBy = promotion.minimumAmount.flatMap { $0.units > base.amount ? $0.units - base.amount : nil }
      let shortByQuantity =
        order.lines == nil
        ? nil : promotion.minimumQuantity.flatMap { $0 > base.units ? $0 - base.units : nil }
      guard shortBy != nil || shortByQuantity != nil else { return nil }
      return .belowMinimum(
        RefShortfall(
          amount: base.amount, units: order.lines == nil ? nil : base.units,
          minimumAmount: promotion.minimumAmount?.text, minimumQuantity: promotion.minimumQuantity,
          shortBy: shortBy, shortByQuantity: shortByQuantity))
    case .shipping:
      guard let shipping = order.shipping, shipping > 0 else { return .noShipping }
      guard let minimum = promotion.minimumAmount, order.subtotal < minimum.units else { return nil }
      return .belowMinimum(
        RefShortfall(
          amount: order.subtotal, units: nil, minimumAmount: minimum.text, minimumQuantity: nil,
          shortBy: minimum.units - order.subtotal, shortByQuantity: nil))
    }
  }

  /// the documented rules: item discounts stay on their lines; each order-stage discount is divided
  /// among the lines it acts on in proportion to what they have left (largest remainder,
  /// ties to the earlier line); the shipping discount stays with the shipping.
  package static func allocate(_ plan: Ref3Plan, search: Ref3PlanSearch, lines: [RefLine])
    -> (lines: [RefPricing.Line], hasRemainderShare: Bool)
  {
    let promotions = search.promotions
    var hasRemainderShare = false
    var result = lines.map {
      RefPricing.Line(sku: $0.sku, quantity: $0.quantity, subtotal: $0.amount, discount: 0, promotions: [])
    }
    var left = lines.map(\.amount)
    for (index, take) in plan.items.lineTakes.enumerated() {
      guard let take else { continue }
      result[index].discount += take.discount
      result[index].promotions.append((promotions[take.promotion].id, take.discount))
      left[index] -= take.discount
    }
    for (position, discount) in plan.stage {
      let acts = search.acts[position] ?? []
      let shares = Ref3Allocation.shares(discount, left: left, acts: acts)
      let base = lines.indices.reduce(Int128(0)) { acts[$1] ? $0 + left[$1] : $0 }
      if lines.indices.contains(where: { acts[$0] && discount * left[$0] / base != shares[$0] }) {
        hasRemainderShare = true
      }
      for index in lines.indices {
        left[index] -= shares[index]
        result[index].discount += shares[index]
        if shares[index] > 0 { result[index].promotions.append((promotions[position].id, shares[index])) }
      }
    }
    return (result, hasRemainderShare)
  }
}

/// What the format-3 reference expects of `promo price` for one order.
package enum Ref3Verdict {
  /// The order is refused as a data error (exit 65), for the reason given.
  case refused(String)
  /// The order is priced so.
  case priced(Ref3Pricing)
}
