/// The format-4 reference pricer: the contract (store format 4, every rule marked *(4)*)
/// by brute force, for stores of every version.
///
/// Written from the contract alone and independent of PromoKit: it reads the JSON values
/// Foundation's `JSONSerialization` gives, does all arithmetic in `Int128` minor units, and
/// enumerates every plan the rules allow (``Ref4PlanSearch``). Where the contract leaves a
/// point open, the reading taken is written beside the code that takes it; in short:
///
/// - Everything the format-3 reference reads (``Format3Reference``) is read alike here.
/// - A bundle's last group of fewer than N units is no group; a `getTarget` deal's get lines
///   need not be targeted by `target` (``Ref4WholeOrderDeals``).
/// - A threshold with tiers of `minimumQuantity` counts units, so on an order given by
///   `amount` it never applies and is `no-eligible-line`, as a quantity threshold is.
/// - With `excludeDiscountedLines`, a deal left with no line does not apply.
/// - `gifts` is ordered by promotion id as byte strings (the contract: "by promotion id").
/// - `bestTotalWith` is the lowest total of the plans in which the promotion took something
///   (a plan's promotions, SPEC 4.2); it is left out when it is in none.
/// - A gift's `below-minimum` gives `testedAgainst` (what the chosen plan left of its lines),
///   `units` on an order with lines, and `shortBy` / `shortByQuantity` for the minimums not
///   reached, as a threshold's does; a granted gift is `applied` with no `discount` key.
/// - The plan set is ``Ref4PlanSearch``'s reading of SPEC 4.2's "Precisely:" paragraph
///   (with no order deal and no shipping promotion, E is every working item deal; every
///   order deal of a choice must apply where it stands).
/// - `considered` entries use the key names of the project's docs (`testedAgainst`,
///   `minimumAmount` with at least the currency's decimals, `units`, `planTotal`, …).
/// - An item deal that applies to some line but takes no line in any plan (another deal
///   always takes more) is `not-best` with no `bestTotalWith`.
package enum Format4Reference {
  /// Prices `order` against `store` (both as `JSONSerialization` gives them) at the RFC 3339
  /// instant `at`, with the codes of `--code` and the groups of `--customer-group` added to
  /// the order's own. With `keepPlans`, every plan enumerated is kept in the result.
  package static func price(
    store: Any, order: Any, at: String, codes: [String] = [], groups: [String] = [], name: String = "stdin",
    keepPlans: Bool = false
  ) throws(RefError) -> Ref4Verdict {
    let input = try RefPricingInput(store: store, order: order, at: at)
    if let refusal = input.refusal { return .refused(refusal) }
    let promotions = try (input.store["promotions"] as? [Any] ?? []).map { (value) throws(RefError) in
      try Ref4Reader.promotion(value, digits: input.digits)
    }
    let read = try Ref3Reader.order(
      input.order, digits: input.digits, codes: codes, groups: groups, name: name)
    return .priced(
      price(
        promotions, order: read, at: input.instant, currency: input.currency, digits: input.digits,
        rounding: try Ref4Reader.rounding(input.store), keepPlans: keepPlans))
  }

  /// Prices a read order against read promotions at `instant`.
  package static func price(
    _ promotions: [Ref4Promotion], order: Ref3Order, at instant: RefInstant, currency: String?, digits: Int,
    rounding: Ref4Rounding, keepPlans: Bool = false
  ) -> Ref4Pricing {
    let working = promotions.indices.filter {
      Ref4Explanation.status(promotions[$0], order: order, at: instant) == nil
    }
    let search = Ref4PlanSearch(promotions, working: working, order: order, rounding: rounding)
    var best: Ref4Plan?
    var lowestWith: [Int: Int128] = [:]
    var plans: [Ref4Plan] = []
    var count = 0
    search.forEachPlan { plan in
      count += 1
      if keepPlans { plans.append(plan) }
      for position in plan.positions where lowestWith[position].map({ plan.total < $0 }) ?? true {
        lowestWith[position] = plan.total
      }
      if let current = best, !plan.isBetter(than: current) { return }
      best = plan
    }
    // The plan without any promotion is always visited.
    let plan = best!
    var applied = plan.items.totals.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    applied += plan.stage.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    if let shipping = plan.shipping { applied.append((promotions[shipping.promotion].id, shipping.discount)) }
    var tiers: [String: Int] = [:]
    for entry in plan.stage { if let tier = entry.tier { tiers[promotions[entry.promotion].id] = tier } }
    let allocation = order.lines.map { allocate(plan, promotions: promotions, lines: $0) }
    let explanation = Ref4Explanation(
      promotions: promotions, order: order, instant: instant, search: search, plan: plan,
      lowestWith: lowestWith)
    return Ref4Pricing(
      order: order.name, currency: currency, digits: digits, subtotal: order.subtotal,
      shipping: order.shipping,
      evaluatedAt: instant, best: plan, plans: keepPlans ? plans : nil, planCount: count, promotions: applied,
      tiers: tiers, gifts: explanation.gifts, lines: allocation?.lines, outcomes: explanation.outcomes,
      hasRemainderShare: allocation?.hasRemainderShare ?? false)
  }

  /// SPEC 4.4: item discounts stay on their lines (a bundle's shares were divided when it
  /// was worked out); each order deal's shares, worked out in the search, go to the lines
  /// in layer order; the shipping discount stays with the shipping.
  package static func allocate(_ plan: Ref4Plan, promotions: [Ref4Promotion], lines: [RefLine])
    -> (lines: [RefPricing.Line], hasRemainderShare: Bool)
  {
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
    for entry in plan.stage {
      let base = lines.indices.reduce(Int128(0)) { entry.acts[$1] ? $0 + left[$1] : $0 }
      if lines.indices.contains(where: {
        entry.acts[$0] && entry.discount * left[$0] / base != entry.shares[$0]
      }) {
        hasRemainderShare = true
      }
      for index in lines.indices {
        left[index] -= entry.shares[index]
        result[index].discount += entry.shares[index]
        if entry.shares[index] > 0 {
          result[index].promotions.append((promotions[entry.promotion].id, entry.shares[index]))
        }
      }
    }
    return (result, hasRemainderShare)
  }
}
