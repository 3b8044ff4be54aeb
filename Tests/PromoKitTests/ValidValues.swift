import PromoKit

// Values the tests of PromoKit write out by hand and know to be valid: the throwing initialisers of
// PromoKit without a `try` at every use (a wrong one stops the test with what it was).

extension Currency {
  /// The currency of `code`, which the test knows to be valid.
  static func valid(_ code: String) -> Currency {
    do {
      return try Currency(code: code)
    } catch {
      preconditionFailure("a test's currency: \(error)")
    }
  }
}

extension Percentage {
  /// The percentage `decimal`, which the test knows to be valid.
  static func valid(_ decimal: DecimalNumber) -> Percentage {
    do {
      return try Percentage(decimal)
    } catch {
      preconditionFailure("a test's percentage: \(error)")
    }
  }
}

extension BuyGet {
  /// The buy/get terms, which the test knows to be valid.
  static func valid(
    buy: Int64, get: Int64, percentOff: Percentage = .hundred, acrossLines: Bool = false
  ) -> BuyGet {
    do {
      return try BuyGet(buy: buy, get: get, percentOff: percentOff, acrossLines: acrossLines)
    } catch {
      preconditionFailure("a test's buy/get: \(error)")
    }
  }
}

extension OrderItem {
  /// The line, which the test knows to be valid.
  static func valid(
    sku: String? = nil, name: String? = nil, categories: [String] = [], unitPrice: Money, quantity: Int64
  ) -> OrderItem {
    do {
      return try OrderItem(
        sku: sku, name: name, categories: categories, unitPrice: unitPrice, quantity: quantity)
    } catch {
      preconditionFailure("a test's order line: \(error)")
    }
  }
}

extension Order {
  /// The order of lines, which the test knows to be valid.
  static func valid(
    id: String, currency: Currency?, codes: [String] = [], items: [OrderItem], shipping: Money? = nil,
    customer: Customer? = nil
  ) -> Order {
    do {
      return try Order(
        id: id, currency: currency, codes: codes, items: items, shipping: shipping, customer: customer)
    } catch {
      preconditionFailure("a test's order: \(error)")
    }
  }

  /// The order of a bare amount, which the test knows to be valid.
  static func valid(
    id: String, currency: Currency?, codes: [String] = [], amount: Money, shipping: Money? = nil,
    customer: Customer? = nil
  ) -> Order {
    do {
      return try Order(
        id: id, currency: currency, codes: codes, amount: amount, shipping: shipping, customer: customer)
    } catch {
      preconditionFailure("a test's order: \(error)")
    }
  }
}
