/// One line of an order: what it is, a price and how many.
public struct OrderItem: Sendable, Hashable {
  /// The largest quantity a line may have.
  public static let maximumQuantity: Int64 = 1_000_000
  /// The most categories a line may have.
  public static let maximumCategories = 16

  /// The stock-keeping unit, if given.
  public var sku: String?
  /// A name for people, if given.
  public var name: String?
  /// The categories the line belongs to, which item promotions may target.
  public let categories: [String]
  /// The price of one unit.
  public let unitPrice: Money
  /// How many units: 1 through 1,000,000.
  public let quantity: Int64

  /// Creates a line, or throws the first rule it breaks: a quantity from 1 to
  /// ``maximumQuantity``, a unit price from 0 to ``Order/maximumAmount``, at most
  /// ``maximumCategories`` categories.
  ///
  ///     let mugs = try OrderItem(sku: "mug", unitPrice: Money(minorUnits: 1_900, minorDigits: 2), quantity: 2)
  public init(
    sku: String? = nil, name: String? = nil, categories: [String] = [], unitPrice: Money, quantity: Int64
  ) throws(OrderError) {
    guard (1...Self.maximumQuantity).contains(quantity) else { throw .quantityOutOfRange(quantity) }
    try OrderError.check(unitPrice, "unitPrice")
    guard categories.count <= Self.maximumCategories else { throw .tooManyCategories(categories.count) }
    self.init(valid: sku, name: name, categories: categories, unitPrice: unitPrice, quantity: quantity)
  }

  /// A line whose parts are checked.
  init(valid sku: String?, name: String?, categories: [String], unitPrice: Money, quantity: Int64) {
    self.sku = sku
    self.name = name
    self.categories = categories
    self.unitPrice = unitPrice
    self.quantity = quantity
  }

  /// `unitPrice × quantity` for a line of an ``Order``, whose construction checked that
  /// it fits.
  var lineAmount: Money {
    Money(minorUnits: unitPrice.minorUnits * Int128(quantity), minorDigits: unitPrice.minorDigits)
  }

  /// `unitPrice × quantity`, or ``MoneyOverflow``.
  public func lineTotal() throws(MoneyOverflow) -> Money {
    try unitPrice.multiplied(by: quantity)
  }
}

/// An order to be priced: its lines (or a bare amount), its currency, the coupon codes it
/// presents, and its subtotal.
///
/// An order is a value whose subtotal always matches its lines: the lines are fixed when
/// it is made, and the subtotal is computed then. Its initialisers throw an ``OrderError``
/// for every rule an order file could break (too many lines or codes, a malformed code, a
/// negative amount), so the library and the command line accept the same orders.
///
///     let order = try Order(id: "A-1", currency: nil,
///                           items: [try OrderItem(unitPrice: Money(minorUnits: 2_500, minorDigits: 2), quantity: 2)])
///     order.subtotal   // 50.00
public struct Order: Sendable, Hashable {
  /// The largest amount or unit price an order may name: 10^12.
  public static let maximumAmount = DecimalNumber(significand: 1_000_000_000_000)
  /// The most lines an order may have.
  public static let maximumItems = 10_000
  /// The most codes an order may present.
  public static let maximumCodes = 16

  /// The id results are reported under: the order's `id`, else one made from where it was
  /// read (its file, `stdin`, or its line in a stream).
  public var id: String
  /// The currency amounts are in, if the order or the store names one.
  public var currency: Currency?
  /// The coupon codes the customer presents, as written.
  public let codes: [String]
  /// The lines, or `nil` for an order given as a bare amount.
  public let items: [OrderItem]?
  /// The sum of the lines, or the bare amount.
  public let subtotal: Money
  /// What delivery costs before any deal, if the order says (store format 3). It is not
  /// part of the subtotal; it is part of the total.
  public let shipping: Money?
  /// Who is buying, if the order says: shipping and customer-group deals read it.
  public var customer: Customer?

  /// The order's ``id``, by its former name.
  @available(*, deprecated, renamed: "id")
  public var name: String { id }

  /// Creates an order from its lines; the subtotal is their sum. Throws for more than
  /// ``maximumItems`` lines, more than ``maximumCodes`` codes or a malformed one, or a
  /// negative or too large `shipping`.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  public init(
    id: String, currency: Currency?, codes: [String] = [], items: [OrderItem], shipping: Money? = nil,
    customer: Customer? = nil
  ) throws(OrderError) {
    guard items.count <= Self.maximumItems else { throw .tooManyItems(items.count) }
    try OrderError.check(codes: codes)
    if let shipping { try OrderError.check(shipping, "shipping") }
    // Checked lines cannot overflow: 10,000 lines of at most 10^6 units of at most 10^12.
    var sum = Money.zero(minorDigits: currency.minorDigits)
    for item in items {
      sum = Money(minorUnits: sum.minorUnits + item.lineAmount.minorUnits, minorDigits: sum.minorDigits)
    }
    self.init(
      valid: id, currency: currency, codes: codes, items: items, subtotal: sum, shipping: shipping,
      customer: customer)
  }

  /// Creates an order given as a bare amount: it has no lines, so item promotions never
  /// apply to it. Throws for a negative or too large `amount` or `shipping`, or codes as
  /// ``init(id:currency:codes:items:shipping:customer:)`` does.
  public init(
    id: String, currency: Currency?, codes: [String] = [], amount: Money, shipping: Money? = nil,
    customer: Customer? = nil
  ) throws(OrderError) {
    try OrderError.check(amount, "amount")
    try OrderError.check(codes: codes)
    if let shipping { try OrderError.check(shipping, "shipping") }
    self.init(
      valid: id, currency: currency, codes: codes, items: nil, subtotal: amount, shipping: shipping,
      customer: customer)
  }

  /// An order whose parts are checked, `subtotal` being the sum of `items` when there are
  /// any.
  init(
    valid id: String, currency: Currency?, codes: [String], items: [OrderItem]?, subtotal: Money,
    shipping: Money?, customer: Customer?
  ) {
    self.id = id
    self.currency = currency
    self.codes = codes
    self.items = items
    self.subtotal = subtotal
    self.shipping = shipping
    self.customer = customer
  }

  /// The customer groups the order's customer is in, as the order gives them.
  public var customerGroups: [String] { customer?.groups ?? [] }
}

/// Who is buying: an id for the merchant's records and the customer groups they are in
/// (`member`, `vip`), which customer-group deals read (store format 3).
///
///     let member = Customer(id: "c-17", groups: ["member"])
public struct Customer: Sendable, Hashable {
  /// The most groups a customer may be in.
  public static let maximumGroups = 100

  /// The merchant's id of the customer, if given.
  public var id: String?
  /// The groups the customer is in, distinct, as written.
  public var groups: [String]

  /// Creates a customer.
  public init(id: String? = nil, groups: [String] = []) {
    self.id = id
    self.groups = groups
  }
}
