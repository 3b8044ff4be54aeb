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
