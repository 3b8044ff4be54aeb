/// Why an ``Order`` or ``OrderItem`` cannot be made: each rule an order file must keep, so
/// that an order built in code is held to the same rules as one read from a file.
public enum OrderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A line's quantity is not from 1 to ``OrderItem/maximumQuantity``.
  case quantityOutOfRange(Int64)
  /// An amount (`unitPrice`, `amount` or `shipping`, named by `field`) is negative or above
  /// ``Order/maximumAmount``.
  case amountOutOfRange(field: String, Money)
  /// A line has more than ``OrderItem/maximumCategories`` categories.
  case tooManyCategories(Int)
  /// An order has more than ``Order/maximumItems`` lines.
  case tooManyItems(Int)
  /// An order presents more than ``Order/maximumCodes`` codes.
  case tooManyCodes(Int)
  /// A code is not 1 to ``CouponCode/maximumLength`` characters of `A–Z a–z 0–9 _ -`.
  case invalidCode(String)

  /// What is wrong, in the words of the order file's messages.
  public var description: String {
    switch self {
    case .quantityOutOfRange(let quantity):
      "quantity must be an integer from 1 to \(OrderItem.maximumQuantity), not \(quantity)"
    case .amountOutOfRange(let field, let amount):
      "\(field) must be a decimal of at least 0 and at most 10^12, not \(amount)"
    case .tooManyCategories(let count):
      "an item has at most \(OrderItem.maximumCategories) categories, not \(count)"
    case .tooManyItems(let count):
      "an order has at most \(Order.maximumItems) items, not \(count); split it into several orders"
    case .tooManyCodes(let count):
      "codes has \(count) entries; an order presents at most \(Order.maximumCodes)"
    case .invalidCode(let code):
      "code \"\(code)\" must be 1 to \(CouponCode.maximumLength) characters of A-Z a-z 0-9 _ -"
    }
  }

  /// Throws ``amountOutOfRange(field:_:)`` unless `amount` is from 0 to
  /// ``Order/maximumAmount``.
  static func check(_ amount: Money, _ field: String) throws(OrderError) {
    let most = Money(Order.maximumAmount, minorDigits: amount.minorDigits)
    guard amount.minorUnits >= 0, most.map({ amount <= $0 }) ?? true else {
      throw .amountOutOfRange(field: field, amount)
    }
  }

  /// Throws for more than ``Order/maximumCodes`` codes or a malformed one.
  static func check(codes: [String]) throws(OrderError) {
    guard codes.count <= Order.maximumCodes else { throw .tooManyCodes(codes.count) }
    for code in codes where !CouponCode.isValid(code) { throw .invalidCode(code) }
  }
}
