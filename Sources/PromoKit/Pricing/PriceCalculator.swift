/// Finds the best plan for an order, divides its discounts over the order's lines, and
/// explains what became of every promotion: the pricing rules of the README and docs/FORMAT.md, exactly.
///
/// The calculator is pure: its input is the catalog, the pricing context (the instant and
/// the codes presented for every order) and each order; its output is a ``Quote``.
///
///     let calculator = try PriceCalculator(catalog: catalog, context: PricingContext(instant: now))
///     let quote = try calculator.quote(for: order)
///     quote.total   // the lowest total the rules allow
///
/// The plans compared are those of the pricing rules: no item promotion and the best order
/// stage; every working item promotion and no order stage; the stackable item promotions
/// then a stackable order stage. Nothing is found by a pass over the promotions: a line
/// looks at the item promotions of its SKU and categories (and the untargeted ones) through
/// an index per benefit kind, and the order stage uses indexes of the discounts and
/// thresholds (see ``OrderRuleSet`` and ``WorkingPromotions``).
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions, once. An order costs
///   O(*L* *g* log *k*) for its *L* lines looking at *g* item groups of at most *k* rules,
///   O(log² *n*) for the best single discount or threshold, and
///   O(min(*d* log *n*, *s* log² *n*)) for the best stacked pair, *d* being the stackable
///   discounts and *s* the minimums of the stackable thresholds where the best of them can
///   jump, up to the amount (see ``WorkingPromotions/bestOrderStage(on:stackableOnly:)``).
///   With `explain`, every promotion of the store is listed, so that is O(*n*).
///   The promotions of a code are prepared apart, so an order presenting a code costs no
///   more than one that does not; an order in a currency of other minor digits than the
///   store's (a store without a currency) uses promotions prepared for those digits by the
///   first such order.
public struct PriceCalculator: Sendable {
  /// The store's promotions.
  public let catalog: Catalog
  /// The instant and the codes presented for every order.
  public let context: PricingContext
  /// The codes of the context, normalized.
  private let contextCodes: Set<String>
  /// The rank of each promotion's id among the store's ids.
  let ranks: [Int32]
  /// The positions of the promotions working at the instant without a code or with one of
  /// the context's codes.
  private let basePositions: [Int]
  /// The positions of the promotions working at the instant with each other code
  /// (normalized).
  private let codePositions: [String: [Int]]
  /// The promotions of `basePositions`, prepared for the store's currency.
  private let prepared: PreparedPromotions
  /// `prepared` alone: the promotions of an order that presents no further code.
  private let preparedOnly: WorkingPromotions
  /// The promotions of each code of `codePositions`, prepared for the store's currency.
  private let preparedByCode: [String: PreparedPromotions]
  /// The promotions prepared for orders of other minor digits, as they come.
  private let preparedByDigits = PreparedByDigits()
  /// Whether the store holds a promotion of format 3, whose orders are priced by the exact
  /// plan search (``ExactPlanSearch``) rather than the indexes.
  let searchesExactly: Bool
  /// For a store that ``searchesExactly``, its working promotions indexed for the search in
  /// the store's minor digits.
  let exactCandidates: ExactCandidates?

  /// Prepares the catalog's promotions for pricing in `context`.
  ///
  /// - Complexity: O(*n* log *n*).
  public init(catalog: Catalog, context: PricingContext) throws(PromoError) {
    try self.init(catalog: catalog, context: context, indexed: true)
  }

  /// Prepares the catalog's promotions for pricing in `context`, with the indexes of a
  /// store of formats 1 and 2 when `indexed` is set. Without them each order costs a pass
  /// over the working promotions, which is cheaper than building them for a few orders
  /// (`promo price` of one order against a large store); the plans chosen are the same,
  /// and so are the errors.
  ///
  /// - Complexity: O(*n* log *n*) with the indexes; O(*n*) and a sort of the ids without.
  package init(catalog: Catalog, context: PricingContext, indexed: Bool) throws(PromoError) {
    self.catalog = catalog
    self.context = context
    // The promotions are read where they are (by position), never copied.
    let promotions = catalog.promotions
    searchesExactly = promotions.indices.contains { promotions[$0].requiredVersion >= 3 }
    let contextCodes = Set(context.codes.map(CouponCode.normalized))
    self.contextCodes = contextCodes
    ranks = idRanks(of: promotions)
    var base: [Int] = []
    var byCode: [String: [Int]] = [:]
    for position in promotions.indices where promotions[position].isWorking(at: context.instant) {
      if let code = promotions[position].code.map(CouponCode.normalized), !contextCodes.contains(code) {
        byCode[code, default: []].append(position)
      } else {
        base.append(position)
      }
    }
    if searchesExactly {
      // The indexes of formats 1 and 2 are not used: the exact search has its own.
      base = []
      byCode = [:]
    }
    basePositions = base
    codePositions = byCode
    let digits = catalog.currency.minorDigits
    prepared = try PreparedPromotions(
      catalog: catalog, positions: base, ranks: ranks, minorDigits: digits, indexed: indexed)
    preparedOnly = WorkingPromotions(parts: [prepared])
    var preparedByCode: [String: PreparedPromotions] = [:]
    for (code, positions) in byCode {
      preparedByCode[code] = try PreparedPromotions(
        catalog: catalog, positions: positions, ranks: ranks, minorDigits: digits, indexed: indexed)
    }
    self.preparedByCode = preparedByCode
    exactCandidates =
      searchesExactly
      ? ExactCandidates(catalog: catalog, instant: context.instant, ranks: ranks, minorDigits: digits) : nil
  }

  /// From this many orders on, building the indexes costs less than a pass over the
  /// promotions for each order (measured on stores of 100,000 promotions: the indexes take
  /// about as long as 30 passes).
  package static let ordersWorthIndexing = 8

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
    try checkCurrency(of: order)
    if searchesExactly { return try exactQuote(for: order, explain: explain) }
    let (promotions, _) = try promotions(for: order)
    let plan = selectPlan(promotions, for: order)
    let pricingPlan = pricingPlan(plan, shipping: order.shipping)
    let lines = order.items.map { allocate(plan, over: $0) }
    let considered = explain ? try consider(order: order, plan: pricingPlan) : nil
    return Quote(
      order: order.id, currency: order.currency, subtotal: order.subtotal, plan: pricingPlan,
      evaluatedAt: context.instant, considered: considered, lines: lines,
      shipping: order.shipping.map {
        ShippingQuote(amount: $0, discount: .zero(minorDigits: $0.minorDigits))
      },
      unmatchedCodes: explain ? unmatchedCodes(for: order) : nil)
  }

  /// The best plan for `order`, without dividing it over the lines.
  public func bestPlan(for order: Order) throws(PromoError) -> PricingPlan {
    try checkCurrency(of: order)
    if searchesExactly { return try exactQuote(for: order, explain: false).plan }
    let (promotions, _) = try promotions(for: order)
    return pricingPlan(selectPlan(promotions, for: order), shipping: order.shipping)
  }

  /// Refuses an order in another currency than the catalog's, or whose amounts have other
  /// minor digits than the catalog's currency (an order built in code: the decoders refuse
  /// both with the place in the file).
  private func checkCurrency(of order: Order) throws(PromoError) {
    guard let currency = catalog.currency else { return }
    if let own = order.currency, own != currency {
      throw PromoError(
        .invalidData,
        "the order is in \(own.code) but the store is in \(currency.code); price it against a \(own.code) store"
      )
    }
    if order.subtotal.minorDigits != currency.minorDigits {
      throw PromoError(
        .invalidData,
        "the order's amounts have \(order.subtotal.minorDigits) decimal places but \(currency.code) has "
          + "\(currency.minorDigits); give them in \(currency.code)'s minor units")
    }
  }

  /// The best plan of `order` over `promotions`: by the indexes when they were built, else
  /// by a pass over the promotions.
  private func selectPlan(_ promotions: WorkingPromotions, for order: Order) -> SelectedPlan {
    prepared.isIndexed
      ? promotions.bestPlan(items: order.items, subtotal: order.subtotal)
      : promotions.bestPlanByScan(items: order.items, subtotal: order.subtotal)
  }

  /// The best plan for `order` found by a pass over every working promotion instead of the
  /// indexes: the reference the tests hold ``bestPlan(for:)`` against.
  package func bestPlanByScan(for order: Order) throws(PromoError) -> PricingPlan {
    let (promotions, _) = try promotions(for: order)
    return pricingPlan(promotions.bestPlanByScan(items: order.items, subtotal: order.subtotal), shipping: nil)
  }

  /// A chosen plan in the public form: the promotions applied, named, in application order;
  /// its total includes the order's `shipping` (a store without shipping deals takes
  /// nothing off it).
  private func pricingPlan(_ plan: SelectedPlan, shipping: Money?) -> PricingPlan {
    var steps: [AppliedPromotion] = []
    steps.reserveCapacity(plan.items.count + plan.orderSteps.count)
    for step in plan.items { steps.append(applied(step.storeIndex, step.discount)) }
    for step in plan.orderSteps { steps.append(applied(step.storeIndex, step.discount)) }
    return PricingPlan(applied: steps, total: shipping.map { plan.total.adding(unchecked: $0) } ?? plan.total)
  }

  /// The promotions working for `order` in its currency, and the codes it presents: the
  /// prepared ones, plus those of each further code of the store the order presents.
  private func promotions(for order: Order) throws(PromoError) -> (WorkingPromotions, Set<String>) {
    var codes = contextCodes
    var extraCodes: [String] = []
    for code in order.codes {
      let normalized = CouponCode.normalized(code)
      if codePositions[normalized] != nil && codes.insert(normalized).inserted {
        extraCodes.append(normalized)
      }
    }
    let minorDigits = order.subtotal.minorDigits
    if prepared.minorDigits == minorDigits {
      if extraCodes.isEmpty { return (preparedOnly, codes) }
      return (WorkingPromotions(parts: [prepared] + extraCodes.map { preparedByCode[$0]! }), codes)
    }
    // An order in a currency of other minor digits than the store's (a store without a
    // currency): its promotions are prepared for those digits by the first such order.
    let catalog = self.catalog
    let ranks = self.ranks
    let indexed = prepared.isIndexed
    func preparedForDigits(_ code: String?, _ positions: [Int]) throws(PromoError) -> PreparedPromotions {
      try preparedByDigits.promotions(minorDigits: minorDigits, code: code) { () throws(PromoError) in
        try PreparedPromotions(
          catalog: catalog, positions: positions, ranks: ranks, minorDigits: minorDigits,
          indexed: indexed)
      }
    }
    var parts = [try preparedForDigits(nil, basePositions)]
    for code in extraCodes { parts.append(try preparedForDigits(code, codePositions[code]!)) }
    return (WorkingPromotions(parts: parts), codes)
  }

  func applied(_ storeIndex: Int, _ discount: Money) -> AppliedPromotion {
    AppliedPromotion(
      id: catalog.promotions[storeIndex].id, name: catalog.promotions[storeIndex].name, discount: discount)
  }

  /// The lines of the order with every discount of `plan` divided among them (the allocation rule): an
  /// item promotion's discount belongs to its line; each order-stage discount is divided
  /// in proportion to what the lines have left before it.
  private func allocate(_ plan: SelectedPlan, over items: [OrderItem]) -> [LineQuote] {
    let digits = plan.total.minorDigits
    var lines: [LineQuote] = []
    lines.reserveCapacity(items.count)
    let sharesPerLine = (plan.lineItems.isEmpty ? 0 : 1) + plan.orderSteps.count
    for (index, item) in items.enumerated() {
      var promotions: [AppliedPromotion] = []
      if sharesPerLine > 0 { promotions.reserveCapacity(sharesPerLine) }
      if index < plan.lineItems.count, let step = plan.lineItems[index] {
        promotions.append(
          AppliedPromotion(id: catalog.promotions[step.storeIndex].id, discount: step.discount))
      }
      lines.append(
        LineQuote(
          sku: item.sku, name: item.name, quantity: item.quantity, subtotal: item.lineAmount,
          promotions: promotions))
    }
    guard !plan.orderSteps.isEmpty, !items.isEmpty else { return lines }
    withUnsafeTemporaryAllocation(of: Int128.self, capacity: 2 * items.count) { memory in
      let left = UnsafeMutableBufferPointer(rebasing: memory[0..<items.count])
      let parts = UnsafeMutableBufferPointer(rebasing: memory[items.count...])
      for (index, item) in items.enumerated() {
        left[index] = item.lineAmount.minorUnits
        if index < plan.lineItems.count, let step = plan.lineItems[index] {
          left[index] -= step.discount.minorUnits
        }
      }
      for step in plan.orderSteps {
        let id = catalog.promotions[step.storeIndex].id
        Allocation.divide(step.discount.minorUnits, over: UnsafeBufferPointer(left), into: parts)
        for index in 0..<items.count where parts[index] > 0 {
          left[index] -= parts[index]
          lines[index].promotions.append(
            AppliedPromotion(id: id, discount: Money(minorUnits: parts[index], minorDigits: digits)))
        }
      }
    }
    return lines
  }
}
