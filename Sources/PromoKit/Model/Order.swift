/// One line of an order: a price and how many.
public struct OrderItem: Sendable, Hashable {
  /// The largest quantity a line may have.
  public static let maximumQuantity: Int64 = 1_000_000

  /// The stock-keeping unit, if given.
  public var sku: String?
  /// A name for people, if given.
  public var name: String?
  /// The price of one unit.
  public var unitPrice: Money
  /// How many units: 1 through 1,000,000.
  public var quantity: Int64

  /// Creates a line.
  public init(sku: String? = nil, name: String? = nil, unitPrice: Money, quantity: Int64) {
    self.sku = sku
    self.name = name
    self.unitPrice = unitPrice
    self.quantity = quantity
  }

  /// `unitPrice × quantity`, or ``MoneyOverflow``.
  public func lineTotal() throws(MoneyOverflow) -> Money {
    try unitPrice.multiplied(by: quantity)
  }
}

/// An order to be priced: its lines (or a bare amount), its currency, and its subtotal.
///
/// The subtotal is computed once, when the order is made, with overflow reported as an
/// error rather than a trap.
///
///     let order = try Order(name: "A-1", currency: nil,
///                           items: [OrderItem(unitPrice: Money(minorUnits: 2_500, minorDigits: 2), quantity: 2)])
///     order.subtotal   // 50.00
public struct Order: Sendable, Hashable {
  /// The largest amount or unit price an order may name: 10^12.
  public static let maximumAmount = DecimalNumber(significand: 1_000_000_000_000)

  /// The name results are reported under: the order's `id`, else one made from where it
  /// was read (its file, `stdin`, or its line in a stream).
  public var name: String
  /// The currency amounts are in, if the order or the store names one.
  public var currency: Currency?
  /// The lines, or `nil` for an order given as a bare amount.
  public var items: [OrderItem]?
  /// The sum of the lines, or the bare amount.
  public let subtotal: Money

  /// Creates an order from its lines; the subtotal is their sum.
  public init(name: String, currency: Currency?, items: [OrderItem]) throws(MoneyOverflow) {
    var sum = Money.zero(minorDigits: currency.minorDigits)
    for item in items {
      sum = try sum.adding(item.lineTotal())
    }
    self.name = name
    self.currency = currency
    self.items = items
    self.subtotal = sum
  }

  /// Creates an order given as a bare amount.
  public init(name: String, currency: Currency?, amount: Money) {
    self.name = name
    self.currency = currency
    self.items = nil
    self.subtotal = amount
  }
}
