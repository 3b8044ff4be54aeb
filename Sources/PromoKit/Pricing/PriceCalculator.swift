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
/// Every store, of every format, is priced the same way: the promotions that can matter to
/// the order are gathered (``ExactCandidates``: those targeted at its lines' SKUs and
/// categories, the untargeted ones no other outdoes, those of the codes it presents and of
/// its customer's groups), and one exact search (``ExactPlanSearch``) finds the best plan
/// of the pricing rules among them, with the one tie-break (``PlanPreference``).
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions, once. An order costs what
///   gathering its candidates and searching them costs (``ExactCandidates`` and
///   ``ExactPlanSearch``), which grows with the promotions that can matter to its lines
///   and amount, not with the store. With `explain`, every promotion of the store is
///   listed, so that is O(*n*). An order in a currency of other minor digits than the
///   store's (a store without a currency) uses candidates prepared for those digits by the
///   first such order.
public struct PriceCalculator: Sendable {
  /// The store's promotions.
  public let catalog: Catalog
  /// The most plans of layered order deals an order's search may try, and its explaining.
  package var searchLimits = SearchLimits.standard
  /// The instant and the codes presented for every order.
  public let context: PricingContext
  /// The rank of each promotion's id among the store's ids.
  let ranks: [Int32]
  /// The working promotions prepared for the search in the store's minor digits; `nil`
  /// when the calculator prices by a pass over the promotions (not `indexed`), or when an
  /// amount of a promotion cannot be paid in those digits (each order then reports it).
  let candidates: ExactCandidates?
  /// Whether candidates are prepared (for the store's digits, and for others as they come).
  private let isIndexed: Bool
  /// The candidates prepared for orders of other minor digits, as they come.
  private let candidatesByDigits = CandidatesByDigits()
  /// The store positions of the gift promotions switched on and in their window at the
  /// instant (``GiftGrants/positions(in:at:)``): usually none, and then an order pays
  /// nothing for gifts.
  private let giftPositions: [Int]

  /// Prepares the catalog's promotions for pricing in `context`.
  ///
  /// - Complexity: O(*n* log *n*).
  public init(catalog: Catalog, context: PricingContext) throws(PromoError) {
    try self.init(catalog: catalog, context: context, indexed: true)
  }

  /// Prepares the catalog's promotions for pricing in `context`, gathering each order's
  /// candidates from prepared indexes when `indexed` is set. Without them each order costs
  /// a pass over the working promotions, which is cheaper than preparing them for a few
  /// orders (`promo price` of one order against a large store); the plans chosen are the
  /// same, and so are the errors. The searches that stop at a limit (``SearchLimits``) are
  /// always given the prepared candidates, so that where they stop does not depend on how
  /// many orders came with the one: a store that needs the layered search is prepared
  /// whatever `indexed` says, and an order explained is given candidates prepared on first
  /// use.
  ///
  /// - Complexity: O(*n* log *n*) with the indexes; O(*n*) and a sort of the ids without.
  package init(catalog: Catalog, context: PricingContext, indexed: Bool) throws(PromoError) {
    self.catalog = catalog
    self.context = context
    let ranks = idRanks(of: catalog.promotions)
    self.ranks = ranks
    let instant = context.instant
    let indexed =
      indexed || catalog.promotions.contains { $0.needsLayeredSearch && $0.isWorking(at: instant) }
    isIndexed = indexed
    giftPositions = GiftGrants.positions(in: catalog.promotions, at: context.instant)
    candidates =
      indexed
      ? ExactCandidates(
        catalog: catalog, instant: context.instant, ranks: ranks, minorDigits: catalog.currency.minorDigits)
      : nil
  }

  /// Prepares the catalog's promotions for pricing at `instant`, with no code presented
  /// but the orders' own.
  public init(catalog: Catalog, at instant: Instant) throws(PromoError) {
    try self.init(catalog: catalog, context: PricingContext(instant: instant))
  }

  /// The instant every date check uses.
  public var instant: Instant { context.instant }

  /// The priced order: the best plan, its allocation over the lines, the gifts it earns,
  /// and, when `explain` is set, every promotion's outcome.
  public func quote(for order: Order, explain: Bool = false) throws(PromoError) -> Quote {
    try checkCurrency(of: order)
    var quote = try quote(for: order, explain: explain, candidates: candidates(for: order, explain: explain))
    grantGifts(in: &quote, for: order)
    return quote
  }

  /// Sets the gifts `quote`, the chosen plan of `order`, earns (``GiftGrants``), and puts
  /// each working gift's outcome into its explanation, if it has one: a gift is decided on
  /// what the plan leaves of the lines, once its discounts are divided among them.
  ///
  /// - Complexity: O(*g* × *L*) for *g* gift promotions and *L* lines; O(1) for a store
  ///   without gifts.
  private func grantGifts(in quote: inout Quote, for order: Order) {
    guard !giftPositions.isEmpty else { return }
    let grants = GiftGrants(
      promotions: catalog.promotions, positions: giftPositions, context: context, order: order, quote: quote)
    quote.gifts = grants.granted
    if quote.considered != nil { grants.explain(&quote.considered!) }
  }

  /// The best plan for `order`, without dividing it over the lines.
  public func bestPlan(for order: Order) throws(PromoError) -> PricingPlan {
    try quote(for: order).plan
  }

  /// The best plan for `order` found by the same search over every working promotion,
  /// without the candidates' indexes or that of the plain deals: the reference the tests
  /// hold ``bestPlan(for:)`` against.
  package func bestPlanByScan(for order: Order) throws(PromoError) -> PricingPlan {
    try quoteByScan(for: order).plan
  }

  /// The quote of `order` by the same search over every working promotion, without the
  /// candidates' indexes or that of the plain deals: the reference the tests hold
  /// ``quote(for:explain:)`` against.
  package func quoteByScan(for order: Order) throws(PromoError) -> Quote {
    try checkCurrency(of: order)
    return try quote(for: order, explain: false, candidates: nil, indexingPlainDeals: false)
  }

  /// The candidates prepared for the minor digits of `order`, or `nil` when it is priced by
  /// a pass over the promotions: never when it is explained (each promotion's
  /// `bestTotalWith` is a search that stops at a limit, ``SearchLimits/explaining``).
  private func candidates(for order: Order, explain: Bool) -> ExactCandidates? {
    guard isIndexed || explain else { return nil }
    let digits = order.subtotal.minorDigits
    if isIndexed, digits == catalog.currency.minorDigits { return candidates }
    let (catalog, instant, ranks) = (self.catalog, context.instant, self.ranks)
    return candidatesByDigits.candidates(minorDigits: digits) {
      ExactCandidates(catalog: catalog, instant: instant, ranks: ranks, minorDigits: digits)
    }
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

  /// The promotion at `storeIndex` applied with `discount` (and the number of the tier it
  /// took, for a threshold with tiers), named.
  func applied(_ storeIndex: Int, _ discount: Money, tier: Int? = nil) -> AppliedPromotion {
    AppliedPromotion(
      id: catalog.promotions[storeIndex].id, name: catalog.promotions[storeIndex].name, discount: discount,
      tier: tier)
  }
}
