extension PriceCalculator {
  /// The terms of every promotion working for `order` (switched on, in its window, its code
  /// presented, the customer in one of its groups), in the order's minor digits, and their
  /// extras, which the caller keeps for as long as it uses the terms (``DealTerms/extras``).
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  func workingTerms(for order: Order) throws(PromoError) -> (terms: [DealTerms], extrasKept: [DealExtras]) {
    let codes = context.presentedCodes(for: order)
    let groups = context.customerGroups(for: order)
    let digits = order.subtotal.minorDigits
    var terms: [DealTerms] = []
    var extrasKept: [DealExtras] = []
    var failure: (UnpayableAmount, position: Int)?
    // (Room for every promotion at once: the terms of 100,000 grew 18 times.)
    let promotions = catalog.promotions
    terms.reserveCapacity(promotions.count)
    for position in promotions.indices
    where promotions[position].isWorking(at: context.instant, presenting: codes, groups: groups) {
      do throws(UnpayableAmount) {
        terms.append(
          try DealTerms(
            promotions[position], storeIndex: position, rank: ranks[position], minorDigits: digits,
            rounding: catalog.rounding, keepingExtrasIn: &extrasKept))
      } catch {
        failure = (error, position)
        break
      }
    }
    if let (error, position) = failure {
      throw error.error(position: position, currency: catalog.currency, minorDigits: digits)
    }
    return (terms, extrasKept)
  }

  /// The quote of `order` by the plan search over the promotions that can matter to it:
  /// gathered by `candidates`, or, without them, every working promotion (a pass, which
  /// reports an amount that cannot be paid in the order's digits).
  ///
  /// - Complexity: that of ``ExactCandidates/deals(for:codes:groups:)`` (or O(*n*) without
  ///   candidates) and of ``ExactPlanSearch/best()``.
  func quote(for order: Order, explain: Bool, candidates: ExactCandidates?) throws(PromoError) -> Quote {
    let digits = order.subtotal.minorDigits
    let deals: OrderDeals
    var plain: PlainOrderDeals?
    if let candidates {
      deals = candidates.deals(
        for: order, codes: context.presentedCodes(for: order), groups: context.customerGroups(for: order))
      plain = candidates.plain
    } else {
      let (terms, extrasKept) = try workingTerms(for: order)
      let index = OrderLineIndex(order.items ?? [])
      deals = OrderDeals(terms: terms, extrasKept: extrasKept) {
        index.lines(of: catalog.promotions[Int($0.storeIndex)].target)
      }
    }
    // (Moved, not copied: a copy retains each of its lists once more for this order.)
    let search = ExactPlanSearch(
      deals: consume deals, plain: plain, items: order.items, subtotal: order.subtotal.minorUnits,
      shipping: order.shipping?.minorUnits ?? 0, planLimit: searchLimits.pricing)
    let best = search.best()
    let isPricedWithinLimit = !search.isCutShort
    if explain, isPricedWithinLimit {
      search.startExplaining(within: searchLimits.explaining, bestTotal: best.total)
    }
    func money(_ units: Int128) -> Money { Money(minorUnits: units, minorDigits: digits) }
    let plan = PricingPlan(
      applied: best.applied.map { applied($0.storeIndex, money($0.discount), tier: $0.tier) },
      total: money(best.total))
    let lines = order.items.map { items in
      items.enumerated().map { line, item in
        LineQuote(
          sku: item.sku, name: item.name, quantity: item.quantity, subtotal: item.lineAmount,
          promotions: best.shares[best.shareStarts[line]..<best.shareStarts[line + 1]].map {
            AppliedPromotion(id: catalog.promotions[$0.storeIndex].id, discount: money($0.discount))
          })
      }
    }
    let considered =
      explain
      ? try consider(order: order, plan: plan) { terms in
        let target = catalog.promotions[Int(terms.storeIndex)].target
        let lines = DealTerms.targetedLines(of: order.items ?? [], target: target)
        return search.bestTotal(applying: terms, lines: lines).map(money)
      } : nil
    if search.isCutShort {
      // (The searches of --explain have a limit of their own: past it, the order is
      // priced, but cannot be explained.)
      throw PromoError(
        .invalidData,
        isPricedWithinLimit
          ? "explaining this order would try more than \(searchLimits.explaining) plans of layered "
            + "order deals (a search for each promotion's bestTotalWith); price it without --explain, or explain "
            + "it against a store of the promotions in question"
          : "pricing this order would try more than \(searchLimits.pricing) plans of layered order "
            + "deals; give fewer deals that combine with order deals in each layer, or put them in fewer layers"
      )
    }
    return Quote(
      order: order.id, currency: order.currency, subtotal: order.subtotal, plan: plan,
      evaluatedAt: context.instant, considered: considered,
      lines: lines,
      shipping: order.shipping.map { ShippingQuote(amount: $0, discount: money(best.shippingDiscount)) },
      unmatchedCodes: explain ? unmatchedCodes(for: order) : nil)
  }
}
