import PromoKit
import PromoTestSupport
import Testing

/// Shared helpers for the format-3 pricing tests: promotions and orders built through the
/// public API, and a quote summarised as plain strings so that expectations read like the
/// contract's worked examples.
enum F3 {
  static let now = Fixture.instant("2026-11-22T04:00:00Z")
  static let cny = Currency.valid("CNY")

  /// Money from its decimal text, in `digits` minor digits.
  static func money(_ text: String, digits: Int = 2) -> Money {
    guard let money = Money(Fixture.decimal(text), minorDigits: digits) else {
      fatalError("bad fixture money \(text)")
    }
    return money
  }

  static func percent(_ text: String) -> Benefit { .percentOff(Fixture.percent(text)) }
  static func amount(_ text: String) -> Benefit { .amountOff(Fixture.decimal(text)) }
  static func fixed(_ text: String) -> Benefit { .fixedPrice(Fixture.decimal(text)) }
  static func buyGet(_ buy: Int64, _ get: Int64, percent: String = "100", across: Bool = false) -> Benefit {
    guard
      let terms = try? BuyGet(buy: buy, get: get, percentOff: Fixture.percent(percent), acrossLines: across)
    else {
      fatalError("bad fixture buy/get")
    }
    return .buyGet(terms)
  }

  static func skus(_ skus: String...) throws -> ItemTarget { try ItemTarget(skus: skus) }
  static func categories(_ categories: String...) throws -> ItemTarget {
    try ItemTarget(categories: categories)
  }

  /// One line of an order: `quantity` × `sku` at `price`.
  static func line(_ sku: String, _ price: String, _ quantity: Int64, _ categories: [String] = [])
    -> OrderItem
  {
    OrderItem.valid(sku: sku, categories: categories, unitPrice: money(price), quantity: quantity)
  }

  /// An order of lines in CNY.
  static func order(
    _ lines: [OrderItem], shipping: String? = nil, groups: [String]? = nil, codes: [String] = []
  ) throws -> Order {
    try Order(
      id: "o", currency: cny, codes: codes, items: lines, shipping: shipping.map { money($0) },
      customer: groups.map { Customer(id: "c", groups: $0) })
  }

  /// An order given by amount in CNY.
  static func order(
    amount: String, shipping: String? = nil, groups: [String]? = nil, codes: [String] = []
  ) -> Order {
    Order.valid(
      id: "o", currency: cny, codes: codes, amount: money(amount), shipping: shipping.map { money($0) },
      customer: groups.map { Customer(id: "c", groups: $0) })
  }

  /// The explained quote of `order` with `promotions` in a CNY store, with the groups and
  /// codes of the context (`--customer-group`, `--code`).
  static func quote(
    _ promotions: [Promotion], _ order: Order, groups: [String] = [], codes: [String] = []
  ) throws -> Quote {
    let calculator = try PriceCalculator(
      catalog: try Catalog(currency: cny, promotions: promotions),
      context: PricingContext(instant: now, codes: codes, customerGroups: groups))
    let quote = try calculator.quote(for: order, explain: true)
    // The plan without the explanation is the same plan.
    #expect(try calculator.bestPlan(for: order) == quote.plan)
    #expect(quote.considered?.map(\.id) == promotions.map(\.id))
    return quote
  }

  /// The applied promotions in application order, as `id discount`.
  static func applied(_ quote: Quote) -> [String] { quote.plan.applied.map { "\($0.id) \($0.discount)" } }

  /// Each line's shares, as `id discount` joined by `, ` (empty for a line with none).
  static func lines(_ quote: Quote) -> [String] {
    (quote.lines ?? []).map { $0.promotions.map { "\($0.id) \($0.discount)" }.joined(separator: ", ") }
  }

  /// The shipping of the quote as `amount - discount = total`, or `nil`.
  static func shipping(_ quote: Quote) -> String? {
    quote.shipping.map { "\($0.amount) - \($0.discount) = \($0.total)" }
  }

  /// Each promotion's outcome, by id.
  static func outcomes(_ quote: Quote) -> [String: PromotionOutcome] {
    Dictionary(uniqueKeysWithValues: (quote.considered ?? []).map { ($0.id, $0.outcome) })
  }

  /// The shortfall of a `below-minimum` outcome, or `nil`.
  static func shortfall(_ outcome: PromotionOutcome?) -> MinimumShortfall? {
    if case .belowMinimum(let shortfall) = outcome { return shortfall }
    return nil
  }

  /// A stackable shipping deal the order has no shipping for: it puts a format-3 promotion
  /// in the store (so the store prices as format 3) without taking part in any plan.
  static func idleShipping() throws -> Promotion {
    try Promotion(id: "zz-idle-ship", kind: .shipping, benefit: percent("100"), isStackable: true)
  }

  /// The format-3 store of the contract's worked examples B-1 and B-2.
  static func storeB() throws -> [Promotion] {
    [
      try Promotion(
        id: "tea-3-pieces", name: "Any 3 teas, 20% off them", kind: .threshold, target: categories("tea"),
        benefit: percent("20"), minimumQuantity: 3, isStackable: true),
      try Promotion(
        id: "every100-10", name: "10 off every 100, up to 30", kind: .threshold, benefit: amount("10.00"),
        minimumAmount: Fixture.decimal("100.00"), repeats: true, maximumDiscount: Fixture.decimal("30.00"),
        isStackable: true),
      try Promotion(
        id: "member-5", kind: .discount, customerGroups: CustomerGroups(["member"]), benefit: percent("5"),
        isStackable: true),
      try Promotion(
        id: "mug-19", kind: .item, target: skus("mug-white"), benefit: fixed("19.00"), maximumQuantity: 2),
      try Promotion(
        id: "ship-free-99", kind: .shipping, benefit: percent("100"), minimumAmount: Fixture.decimal("99.00"),
        isStackable: true),
      try Promotion(id: "ship-flat-5", kind: .shipping, benefit: fixed("5.00")),
    ]
  }
}
