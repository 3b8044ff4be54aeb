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
          let minimumMoney = Money(minimum, minorDigits: order.subtotal.minorDigits),
          order.subtotal < minimumMoney
        {
          outcome = .belowMinimum(testedAgainst: order.subtotal, minimum: minimumMoney)
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
  /// One working promotion and its terms.
  struct Candidate: Sendable {
    var promotion: Promotion
    var terms: PromotionTerms
  }

  let minorDigits: Int
  /// Every working promotion, in store order.
  private let working: [Candidate]
  /// Stackable working discounts, by ascending id bytes.
  private let stackableDiscounts: [Candidate]
  /// Stackable working thresholds, by minimum.
  private let stackableThresholds: ThresholdIndex

  init(catalog: Catalog, at instant: Instant, minorDigits: Int) throws(PromoError) {
    self.minorDigits = minorDigits
    var working: [Candidate] = []
    var discounts: [Candidate] = []
    var thresholds: [ThresholdIndex.Entry] = []
    for (position, promotion) in catalog.promotions.enumerated() where promotion.isWorking(at: instant) {
      let terms: PromotionTerms
      do {
        terms = try promotion.terms(minorDigits: minorDigits)
      } catch {
        throw PromoError(
          .invalidData, position: "promotions[\(position)].\(error.field)",
          "the store has no currency and its amounts use 2 decimal places, but the order's currency has "
            + "\(minorDigits); give the store a currency or write whole amounts")
      }
      let candidate = Candidate(promotion: promotion, terms: terms)
      working.append(candidate)
      guard promotion.isStackable else { continue }
      switch promotion.kind {
      case .discount: discounts.append(candidate)
      case .threshold:
        thresholds.append(
          ThresholdIndex.Entry(
            position: position, promotion: promotion, terms: terms, minimum: terms.minimum!))
      }
    }
    self.working = working
    stackableDiscounts = discounts.sorted {
      $0.promotion.id.utf8.lexicographicallyPrecedes($1.promotion.id.utf8)
    }
    stackableThresholds = ThresholdIndex(thresholds)
  }

  /// The best plan for an order with this subtotal.
  func bestPlan(subtotal: Money) -> PricingPlan {
    var best = PricingPlan(applied: [], total: subtotal)
    for candidate in working {
      guard let discount = candidate.terms.discount(on: subtotal) else { continue }
      let plan = PricingPlan(
        applied: [applied(candidate.promotion, discount)], total: subtotal.subtracting(discount))
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
    var chosen: (discount: Candidate, reduction: Money, total: Money)?
    for discount in stackableDiscounts {
      let reduction = discount.terms.reduction(of: subtotal)
      let remaining = subtotal.subtracting(reduction)
      guard let thresholdReduction = stackableThresholds.bestReduction(at: remaining) else { continue }
      let total = remaining.subtracting(thresholdReduction)
      if chosen == nil || total < chosen!.total {
        chosen = (discount, reduction, total)
      }
    }
    guard let chosen else { return nil }
    // The threshold of the best pair: of those reaching that total, the lowest id.
    let remaining = subtotal.subtracting(chosen.reduction)
    var threshold: (entry: ThresholdIndex.Entry, reduction: Money)?
    for entry in stackableThresholds.entries where entry.terms.applies(to: remaining) {
      let reduction = entry.terms.reduction(of: remaining)
      guard remaining.subtracting(reduction) == chosen.total else { continue }
      if threshold == nil
        || entry.promotion.id.utf8.lexicographicallyPrecedes(threshold!.entry.promotion.id.utf8)
      {
        threshold = (entry, reduction)
      }
    }
    guard let threshold else { return nil }  // unreachable: the index found this total
    return PricingPlan(
      applied: [
        applied(chosen.discount.promotion, chosen.reduction),
        applied(threshold.entry.promotion, threshold.reduction),
      ],
      total: chosen.total)
  }

  private func applied(_ promotion: Promotion, _ discount: Money) -> AppliedPromotion {
    AppliedPromotion(id: promotion.id, name: promotion.name, discount: discount)
  }
}
