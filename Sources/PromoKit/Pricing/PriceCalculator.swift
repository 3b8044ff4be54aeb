/// Finds the best plan for an order, divides its discounts over the order's lines, and
/// explains what became of every promotion: the contract's section 4, exactly.
///
/// The calculator is pure: its input is the catalog, the pricing context (the instant and
/// the codes presented for every order) and each order; its output is a ``Quote``.
///
///     let calculator = try PriceCalculator(catalog: catalog, context: PricingContext(instant: now))
///     let quote = try calculator.quote(for: order)
///     quote.total   // the lowest total the rules allow
///
/// The plans compared are those of the contract (4.2): no item promotion and the best order
/// stage; every working item promotion and no order stage; the stackable item promotions
/// then a stackable order stage. Pairs of a stackable discount and a stackable threshold
/// are not enumerated: the best threshold at the amount each discount leaves comes from a
/// binary search.
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions, once; an order costs
///   O(*L* × *k* + *m* + *d* log *t*) for *L* lines, *k* item promotions targeting a line,
///   *m* working order promotions, *d* stackable discounts and *t* stackable thresholds.
///   An order that presents a code of the store is prepared for on its own.
public struct PriceCalculator: Sendable {
  /// The store's promotions.
  public let catalog: Catalog
  /// The instant and the codes presented for every order.
  public let context: PricingContext
  /// The codes of the context, normalized.
  private let contextCodes: Set<String>
  /// Every code some promotion of the store has, normalized.
  private let storeCodes: Set<String>
  /// The working promotions for the context's codes, prepared for the store's currency.
  private let prepared: PreparedPromotions

  /// Prepares the catalog's promotions for pricing in `context`.
  ///
  /// - Complexity: O(*n* log *n*).
  public init(catalog: Catalog, context: PricingContext) throws(PromoError) {
    self.catalog = catalog
    self.context = context
    contextCodes = Set(context.codes.map(CouponCode.normalized))
    storeCodes = Set(catalog.promotions.compactMap { $0.code.map(CouponCode.normalized) })
    prepared = try PreparedPromotions(
      catalog: catalog, at: context.instant, codes: contextCodes, minorDigits: catalog.currency.minorDigits)
  }

  /// Prepares the catalog's promotions for pricing at `instant`, with no code presented
  /// but the orders' own.
  public init(catalog: Catalog, at instant: Instant) throws(PromoError) {
    try self.init(catalog: catalog, context: PricingContext(instant: instant))
  }

  /// The instant every date check uses.
  public var instant: Instant { context.instant }

  /// The priced order: the best plan, its allocation over the lines, and, when `explain` is
  /// set, every promotion's outcome.
  public func quote(for order: Order, explain: Bool = false) throws(PromoError) -> Quote {
    let (promotions, codes) = try promotions(for: order)
    let plan = promotions.bestPlan(items: order.items, subtotal: order.subtotal)
    let pricingPlan = pricingPlan(plan, in: promotions)
    let lines = order.items.map { allocate(plan, over: $0, in: promotions) }
    let considered =
      explain ? consider(order: order, codes: codes, plan: pricingPlan, promotions: promotions) : nil
    return Quote(
      order: order.name, currency: order.currency, subtotal: order.subtotal, plan: pricingPlan,
      evaluatedAt: context.instant, considered: considered, lines: lines)
  }

  /// The best plan for `order`, without dividing it over the lines.
  public func bestPlan(for order: Order) throws(PromoError) -> PricingPlan {
    let (promotions, _) = try promotions(for: order)
    return pricingPlan(promotions.bestPlan(items: order.items, subtotal: order.subtotal), in: promotions)
  }

  /// A chosen plan in the public form: the promotions applied, named, in application order.
  private func pricingPlan(_ plan: PreparedPromotions.Plan, in promotions: PreparedPromotions) -> PricingPlan
  {
    PricingPlan(
      applied: plan.items.map { applied(promotions.itemRules[$0.rule].storeIndex, $0.discount) }
        + plan.orderSteps.map { applied(promotions.orderRules[$0.rule].storeIndex, $0.discount) },
      total: plan.total)
  }

  /// The promotions prepared for `order`'s currency and codes, and the codes it presents.
  private func promotions(for order: Order) throws(PromoError) -> (PreparedPromotions, Set<String>) {
    var codes = contextCodes
    var extraCodes = false
    for code in order.codes {
      let normalized = CouponCode.normalized(code)
      if storeCodes.contains(normalized) && codes.insert(normalized).inserted { extraCodes = true }
    }
    let minorDigits = order.subtotal.minorDigits
    if !extraCodes && prepared.minorDigits == minorDigits { return (prepared, codes) }
    return (
      try PreparedPromotions(catalog: catalog, at: context.instant, codes: codes, minorDigits: minorDigits),
      codes
    )
  }

  private func applied(_ storeIndex: Int, _ discount: Money) -> AppliedPromotion {
    let promotion = catalog.promotions[storeIndex]
    return AppliedPromotion(id: promotion.id, name: promotion.name, discount: discount)
  }

  /// The lines of the order with every discount of `plan` divided among them (4.4): an
  /// item promotion's discount belongs to its line; each order-stage discount is divided
  /// in proportion to what the lines have left before it.
  private func allocate(
    _ plan: PreparedPromotions.Plan, over items: [OrderItem], in promotions: PreparedPromotions
  )
    -> [LineQuote]
  {
    let digits = plan.total.minorDigits
    var left: [Int128] = []
    var shares: [[AppliedPromotion]] = []
    left.reserveCapacity(items.count)
    shares.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      var amount = item.lineAmount.minorUnits
      var lineShares: [AppliedPromotion] = []
      if let step = plan.lineItems[index] {
        amount -= step.discount.minorUnits
        lineShares.append(AppliedPromotion(id: promotions.itemRules[step.rule].id, discount: step.discount))
      }
      left.append(amount)
      shares.append(lineShares)
    }
    for step in plan.orderSteps {
      let id = promotions.orderRules[step.rule].id
      let parts = Allocation.shares(of: step.discount.minorUnits, over: left)
      for index in items.indices where parts[index] > 0 {
        left[index] -= parts[index]
        shares[index].append(
          AppliedPromotion(id: id, discount: Money(minorUnits: parts[index], minorDigits: digits)))
      }
    }
    return items.indices.map { index in
      let item = items[index]
      return LineQuote(
        sku: item.sku, name: item.name, quantity: item.quantity,
        subtotal: item.lineAmount,
        promotions: shares[index])
    }
  }
}
