/// Finds the best plan for an order and explains it: the contract's section 4, exactly.
///
/// The plans are: no promotion; each working promotion that applies to the subtotal; and
/// each stackable working discount `D` followed by a stackable working threshold `H`, whose
/// minimum is tested against `D`'s result. The best plan has the lowest total; ties go to
/// fewer promotions, then to the lowest ids in application order.
///
/// Pairs are not enumerated: for each stackable discount, the best threshold at the amount
/// it leaves is found with a ``ThresholdIndex`` query, so one order costs O(*n* log *n*) for
/// *n* promotions.
///
///     let calculator = try PriceCalculator(catalog: catalog, at: now)
///     let quote = try calculator.quote(for: order)
///     quote.total   // the lowest total the rules allow
public struct PriceCalculator: Sendable {
  /// The store's promotions.
  public let catalog: Catalog
  /// The instant every date check uses.
  public let instant: Instant
  /// The working promotions prepared for the store's currency.
  private let prepared: PreparedPromotions?

  /// Prepares the catalog's working promotions at `instant` for pricing.
  ///
  /// Complexity: O(*n* log *n*).
  public init(catalog: Catalog, at instant: Instant) throws(PromoError) {
    self.catalog = catalog
    self.instant = instant
    // A store without a currency may still price orders in a currency with other minor
    // digits; those are prepared per order instead (see `promotions(minorDigits:)`).
    prepared = try PreparedPromotions(
      catalog: catalog, at: instant, minorDigits: catalog.currency.minorDigits)
  }

  /// The best plan for `order`.
  ///
  /// Complexity: O(*n* log *n*) for *n* working promotions.
  public func bestPlan(for order: Order) throws(PromoError) -> PricingPlan {
    try promotions(minorDigits: order.subtotal.minorDigits).bestPlan(subtotal: order.subtotal)
  }

  /// The priced order, with every promotion's outcome when `explain` is set.
  public func quote(for order: Order, explain: Bool = false) throws(PromoError) -> Quote {
    let plan = try bestPlan(for: order)
    let considered = explain ? consider(order: order, plan: plan) : nil
    return Quote(
      order: order.name, currency: order.currency, subtotal: order.subtotal, plan: plan, evaluatedAt: instant,
      considered: considered)
  }

  private func promotions(minorDigits: Int) throws(PromoError) -> PreparedPromotions {
    if let prepared, prepared.minorDigits == minorDigits { return prepared }
    return try PreparedPromotions(catalog: catalog, at: instant, minorDigits: minorDigits)
  }

  /// Every promotion of the store, in store order, with what became of it.
  private func consider(order: Order, plan: PricingPlan) -> [Consideration] {
    let appliedDiscounts = Dictionary(
      plan.applied.map { ($0.id, $0.discount) }, uniquingKeysWith: { first, _ in first })
    return catalog.promotions.map { promotion in
      let outcome: PromotionOutcome
      switch promotion.status(at: instant) {
      case .inactive: outcome = .inactive
      case .notStarted: outcome = .notStarted(startsAt: promotion.startsAt!)
      case .ended: outcome = .ended(endsAt: promotion.endsAt!)
      case .working:
        if let discount = appliedDiscounts[promotion.id] {
          outcome = .applied(discount: discount)
        } else if let minimum = promotion.minimumAmount,
          let terms = try? promotion.terms(minorDigits: order.subtotal.minorDigits),
          !terms.applies(to: order.subtotal)
        {
          outcome = .belowMinimum(testedAgainst: order.subtotal, minimum: minimum)
        } else {
          outcome = .notBest(planTotal: plan.total)
        }
      }
      return Consideration(id: promotion.id, outcome: outcome)
    }
  }
}

/// The working promotions of a catalog at one instant, with their terms in one currency's
/// minor units, indexed for plan selection.
struct PreparedPromotions: Sendable {
  let minorDigits: Int
  /// Every working promotion, in store order.
  private let working: [Promotion]
  /// The terms of each working promotion (same positions as `working`). Kept apart so
  /// that the hot loops touch only plain values, never the promotions' strings.
  private let terms: [PromotionTerms]
  /// Positions in `working` of the stackable discounts, by ascending id bytes.
  private let stackableDiscounts: [Int]
  /// Stackable working thresholds, by minimum.
  private let stackableThresholds: ThresholdIndex

  init(catalog: Catalog, at instant: Instant, minorDigits: Int) throws(PromoError) {
    self.minorDigits = minorDigits
    var working: [Promotion] = []
    var terms: [PromotionTerms] = []
    var discounts: [Int] = []
    var thresholds: [ThresholdIndex.Entry] = []
    for (position, promotion) in catalog.promotions.enumerated() where promotion.isWorking(at: instant) {
      let promotionTerms: PromotionTerms
      do {
        promotionTerms = try promotion.terms(minorDigits: minorDigits)
      } catch {
        throw PromoError(
          .invalidData, position: "promotions[\(position)].\(error.field)",
          "the store has no currency and its amounts use 2 decimal places, but the order's currency has "
            + "\(minorDigits); give the store a currency or write whole amounts")
      }
      if promotion.isStackable {
        switch promotion.kind {
        case .discount: discounts.append(working.count)
        case .threshold:
          thresholds.append(
            ThresholdIndex.Entry(
              promotion: promotion, terms: promotionTerms, minimum: promotionTerms.minimum!))
        }
      }
      working.append(promotion)
      terms.append(promotionTerms)
    }
    self.working = working
    self.terms = terms
    stackableDiscounts = discounts.sorted {
      working[$0].id.utf8.lexicographicallyPrecedes(working[$1].id.utf8)
    }
    stackableThresholds = ThresholdIndex(thresholds)
  }

  /// The best plan for an order with this subtotal.
  ///
  /// Complexity: O(*n* + *d* log *t*) for *n* working promotions, *d* stackable discounts
  /// and *t* stackable thresholds.
  func bestPlan(subtotal: Money) -> PricingPlan {
    // The best single promotion: the largest discount, then the lowest id. A plan is
    // built only for the winner.
    var single: (position: Int, discount: Money)?
    for position in terms.indices {
      guard let discount = terms[position].discount(on: subtotal) else { continue }
      if let current = single {
        if discount < current.discount { continue }
        if discount == current.discount
          && !working[position].id.utf8.lexicographicallyPrecedes(working[current.position].id.utf8)
        {
          continue
        }
      }
      single = (position, discount)
    }
    var best = PricingPlan(applied: [], total: subtotal)
    if let single {
      let plan = PricingPlan(
        applied: [applied(working[single.position], single.discount)],
        total: subtotal.subtracting(single.discount))
      if plan.isPreferred(to: best) { best = plan }
    }
    if let pair = bestPair(subtotal: subtotal), pair.isPreferred(to: best) {
      best = pair
    }
    return best
  }

  /// The best stacked pair, if any pair can be formed.
  private func bestPair(subtotal: Money) -> PricingPlan? {
    guard !stackableDiscounts.isEmpty, !stackableThresholds.entries.isEmpty else { return nil }
    // The discount of the best pair: the lowest total, and on ties the lowest id, which is
    // the first met since the discounts are sorted by id.
    var chosen: (position: Int, reduction: Money, total: Money)?
    for position in stackableDiscounts {
      let reduction = terms[position].reduction(of: subtotal)
      let remaining = subtotal.subtracting(reduction)
      guard let thresholdReduction = stackableThresholds.bestReduction(at: remaining) else { continue }
      let total = remaining.subtracting(thresholdReduction)
      if chosen == nil || total < chosen!.total {
        chosen = (position, reduction, total)
      }
    }
    guard let chosen else { return nil }
    // The threshold of the best pair: of those reaching that total, the lowest id.
    let remaining = subtotal.subtracting(chosen.reduction)
    let entries = stackableThresholds.entries
    var threshold: (index: Int, reduction: Money)?
    for index in entries.indices where entries[index].terms.applies(to: remaining) {
      let reduction = entries[index].terms.reduction(of: remaining)
      guard remaining.subtracting(reduction) == chosen.total else { continue }
      if let current = threshold,
        !entries[index].promotion.id.utf8.lexicographicallyPrecedes(entries[current.index].promotion.id.utf8)
      {
        continue
      }
      threshold = (index, reduction)
    }
    guard let threshold else { return nil }  // unreachable: the index found this total
    return PricingPlan(
      applied: [
        applied(working[chosen.position], chosen.reduction),
        applied(entries[threshold.index].promotion, threshold.reduction),
      ],
      total: chosen.total)
  }

  private func applied(_ promotion: Promotion, _ discount: Money) -> AppliedPromotion {
    AppliedPromotion(id: promotion.id, name: promotion.name, discount: discount)
  }
}
