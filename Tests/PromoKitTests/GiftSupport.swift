import PromoKit

/// Shared helpers for the gift tests (store format 4): gift promotions, and quotes made by
/// hand with the line totals of the contract's worked orders C-1 and C-2, so that granting
/// is tested before the engine prices format 4.
enum Gifts {
  /// A gift promotion granting `quantity` × `sku`, with the minimums, target and conditions
  /// given.
  static func gift(
    _ id: String, sku: String = "cup-free", quantity: Int64 = 1, minimum: String? = nil,
    minimumQuantity: Int64? = nil, target: ItemTarget? = nil, code: String? = nil, groups: [String]? = nil,
    active: Bool = true, endsAt: String? = nil
  ) -> Promotion {
    Fixture.built {
      try Promotion(
        id: id, kind: .gift, code: code, customerGroups: try groups.map(CustomerGroups.init), target: target,
        benefit: .gift(try GiftGoods(sku: sku, quantity: quantity)),
        minimumAmount: minimum.map(Fixture.decimal), minimumQuantity: minimumQuantity,
        endsAt: endsAt.map(Fixture.timestamp), isActive: active)
    }
  }

  /// The contract's cup-over-199: a tea cup when the plan leaves at least 199.00 of the goods.
  static let cup = gift("cup-over-199", minimum: "199.00")

  /// A share of a line's (or the order's) discount: `id`, `discount`.
  static func share(_ id: String, _ discount: String, tier: Int? = nil) -> AppliedPromotion {
    AppliedPromotion(id: id, discount: F3.money(discount), tier: tier)
  }

  /// Order C-1 of the contract (4 teas, a mug, a pot; it presents `shop5`).
  static func orderC1() throws -> Order {
    try F3.order(
      [
        F3.line("tea-green", "24.90", 4, ["tea"]), F3.line("mug-white", "30.00", 1),
        F3.line("pot-iron", "120.00", 1),
      ], codes: ["shop5"])
  }

  /// Order C-2 of the contract (2 pots, 1 tea).
  static func orderC2() throws -> Order {
    try F3.order([F3.line("pot-iron", "120.00", 2), F3.line("tea-green", "24.90", 1, ["tea"])])
  }

  /// C-1's quote as the contract gives it: total 164.26, the tea line left at 67.26, the mug
  /// at 0.00, the pot at 97.00.
  static func quoteC1(_ order: Order) -> Quote {
    let lines = [
      line(order, 0, [share("tea-any-3-50", "24.70"), share("spend-tiers", "4.10"), share("SHOP5", "3.54")]),
      line(order, 1, [share("buy2tea-mug-free", "30.00")]),
      line(order, 2, [share("fresh-10", "12.00"), share("spend-tiers", "5.90"), share("SHOP5", "5.10")]),
    ]
    let applied = [
      share("buy2tea-mug-free", "30.00"), share("tea-any-3-50", "24.70"), share("fresh-10", "12.00"),
      share("spend-tiers", "10.00", tier: 1), share("SHOP5", "8.64"),
    ]
    return quote(order, applied: applied, total: "164.26", lines: lines)
  }

  /// C-2's quote as the contract gives it: total 213.41, the pot line left at 193.35, the
  /// tea at 20.06.
  static func quoteC2(_ order: Order) -> Quote {
    let lines = [
      line(order, 0, [share("fresh-10", "24.00"), share("spend-tiers", "22.65")]),
      line(order, 1, [share("fresh-10", "2.49"), share("spend-tiers", "2.35")]),
    ]
    let applied = [share("fresh-10", "26.49"), share("spend-tiers", "25.00", tier: 2)]
    return quote(order, applied: applied, total: "213.41", lines: lines)
  }

  /// Line `index` of `order` with `shares`.
  static func line(_ order: Order, _ index: Int, _ shares: [AppliedPromotion]) -> LineQuote {
    let item = order.items![index]
    return LineQuote(
      sku: item.sku, name: item.name, quantity: item.quantity,
      subtotal: Money(minorUnits: item.unitPrice.minorUnits * Int128(item.quantity), minorDigits: 2),
      promotions: shares)
  }

  /// A quote of `order` made by hand: the promotions `applied`, the `total`, the `lines`
  /// (for an order with items) and the shipping (amount and discount), at ``F3/now``.
  static func quote(
    _ order: Order, applied: [AppliedPromotion], total: String, lines: [LineQuote]? = nil,
    shipping: (amount: String, discount: String)? = nil
  ) -> Quote {
    Quote(
      order: order.id, currency: order.currency, subtotal: order.subtotal,
      plan: PricingPlan(applied: applied, total: F3.money(total)), evaluatedAt: F3.now, lines: lines,
      shipping: shipping.map { ShippingQuote(amount: F3.money($0.amount), discount: F3.money($0.discount)) })
  }

  /// The gifts of `promotions` decided for `order`, priced as `quote`, with the codes and
  /// groups of the context.
  static func grants(
    _ promotions: [Promotion], _ order: Order, _ quote: Quote, codes: [String] = [], groups: [String] = []
  ) -> GiftGrants {
    GiftGrants(
      promotions: promotions, positions: GiftGrants.positions(in: promotions, at: F3.now),
      context: PricingContext(instant: F3.now, codes: codes, customerGroups: groups), order: order,
      quote: quote)
  }

  /// The outcome of each gift decided, by id.
  static func outcomes(_ grants: GiftGrants, _ promotions: [Promotion]) -> [String: PromotionOutcome] {
    Dictionary(uniqueKeysWithValues: grants.outcomes.map { (promotions[$0.position].id, $0.outcome) })
  }

  /// The shortfall of `below-minimum`, as the explanation gives it.
  static func shortfall(
    _ tested: String, minimum: String? = nil, shortBy: String? = nil, units: Int64? = nil,
    minimumQuantity: Int64? = nil, shortByQuantity: Int64? = nil
  ) -> PromotionOutcome {
    .belowMinimum(
      MinimumShortfall(
        testedAgainst: F3.money(tested), minimumAmount: minimum.map(Fixture.decimal),
        shortBy: shortBy.map { F3.money($0) }, units: units, minimumQuantity: minimumQuantity,
        shortByQuantity: shortByQuantity))
  }
}
