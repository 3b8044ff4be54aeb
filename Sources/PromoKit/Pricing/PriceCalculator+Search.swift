extension PriceCalculator {
  /// The terms of every promotion working for `order` (switched on, in its window, its code
  /// presented, the customer in one of its groups), in the order's minor digits, and their
  /// extras, which the caller keeps for as long as it uses the terms (``DealTerms/extras``).
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  func workingTerms(for order: Order) throws(PromoError) -> (terms: [DealTerms], extrasKept: [DealExtras]) {
    var plain: PlainOrderDeals.Lists?
    return try workingTerms(for: order, plain: &plain)
  }

  /// The terms of every promotion working for `order`, as ``workingTerms(for:)``, but for
  /// the plain order deals (``PlainOrderDeals/holds(_:rounding:)``), which go in `plain`
  /// instead when it is not `nil` (a deal's terms are made once, in the list they stay
  /// in); of those, a threshold whose minimum the order's subtotal does not reach is left
  /// out, as it never applies.
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  func workingTerms(
    for order: Order, plain: inout PlainOrderDeals.Lists?
  ) throws(PromoError) -> (terms: [DealTerms], extrasKept: [DealExtras]) {
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
        let deal = try DealTerms(
          promotions[position], storeIndex: position, rank: ranks[position], minorDigits: digits,
          rounding: catalog.rounding, keepingExtrasIn: &extrasKept)
        // (The terms' own fields first: most deals of a big store are item deals or targeted.)
        if plain != nil, deal.kind.actsOnOrder, !deal.isTargeted,
          PlainOrderDeals.holds(promotions[position], rounding: catalog.rounding)
        {
          // (A plain threshold is tested on what the order's lines have left, never more
          // than its subtotal: one whose minimum is above it never applies to the order.)
          if deal.kind != .threshold || deal.minimum <= order.subtotal.minorUnits { plain!.append(deal) }
        } else {
          terms.append(deal)
        }
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

  /// The deals of `order` gathered by a pass over the working promotions: every one, but
  /// for the plain order deals when there are ``PlainOrderDeals/indexedFrom`` of them or
  /// more and `indexingPlainDeals` is set, which are indexed instead, as the candidates
  /// index them (the search asks the index for the best of them: a pass over 100,000 of
  /// them would try their pairs).
  ///
  /// - Complexity: O(*n*) for *n* promotions, and O(*p* log *p*) for *p* plain deals
  ///   indexed.
  private func dealsByPass(
    for order: Order, indexingPlainDeals: Bool
  ) throws(PromoError) -> (OrderDeals, PlainOrderDeals?) {
    var lists = indexingPlainDeals ? PlainOrderDeals.Lists() : nil
    var (terms, extrasKept) = try workingTerms(for: order, plain: &lists)
    var plain: PlainOrderDeals?
    if let found = lists.take() {
      if found.count >= PlainOrderDeals.indexedFrom {
        plain = PlainOrderDeals(found)
      } else {
        terms += found.inStoreOrder
      }
    }
    let index = OrderLineIndex(order.items ?? [])
    let deals = OrderDeals(terms: terms, extrasKept: extrasKept) {
      index.lines(of: catalog.promotions[Int($0.storeIndex)].target)
    }
    return (deals, plain)
  }

  /// The quote of `order` by the plan search over the promotions that can matter to it:
  /// gathered by `candidates`, or, without them, every working promotion (a pass, which
  /// reports an amount that cannot be paid in the order's digits), its plain order deals
  /// indexed when there are many unless `indexingPlainDeals` is off
  /// (``dealsByPass(for:indexingPlainDeals:)``).
  ///
  /// - Complexity: that of ``ExactCandidates/deals(for:codes:groups:)`` (or
  ///   O(*n* + *p* log *p*) without candidates) and of ``ExactPlanSearch/best()``.
  func quote(
    for order: Order, explain: Bool, candidates: ExactCandidates?, indexingPlainDeals: Bool = true
  ) throws(PromoError) -> Quote {
    let digits = order.subtotal.minorDigits
    let deals: OrderDeals
    var plain: PlainOrderDeals?
    if let candidates {
      deals = candidates.deals(
        for: order, codes: context.presentedCodes(for: order), groups: context.customerGroups(for: order))
      plain = candidates.plain
    } else {
      (deals, plain) = try dealsByPass(for: order, indexingPlainDeals: indexingPlainDeals)
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
