/// What both references read before pricing: the store and the order as objects, the
/// evaluation instant, and the currency (the order's, else the store's) with its minor
/// digits, or why the order is refused (its currency is not the store's).
package struct RefPricingInput {
  /// The store's object.
  package var store: [String: Any]
  /// The order's object.
  package var order: [String: Any]
  /// The evaluation instant.
  package var instant: RefInstant
  /// The currency of the result, if the order or the store names one.
  package var currency: String?
  /// The number of minor digits amounts are in.
  package var digits: Int
  /// Why the order is refused as a data error, or `nil`.
  package var refusal: String?

  /// Reads `store` and `order` (as `JSONSerialization` gives them) and the RFC 3339
  /// instant `at`.
  package init(store: Any, order: Any, at: String) throws(RefError) {
    guard let store = store as? [String: Any], let order = order as? [String: Any] else {
      throw RefError("the store and the order must be objects")
    }
    self.store = store
    self.order = order
    instant = try RefInstant(rfc3339: at)
    let storeCurrency = store["currency"] as? String
    let orderCurrency = order["currency"] as? String
    if let storeCurrency, let orderCurrency, storeCurrency != orderCurrency {
      refusal = "the order is in \(orderCurrency) but the store is in \(storeCurrency)"
    }
    currency = orderCurrency ?? storeCurrency
    digits = RefCurrency.minorDigits(currency)
  }

  /// The store's promotions, each built by `build` from its fields.
  package func promotions<Promotion>(
    _ build: (RefPromotionFields) throws(RefError) -> Promotion
  ) throws(RefError) -> [Promotion] {
    try (store["promotions"] as? [Any] ?? []).map { (value) throws(RefError) in
      try build(RefReader.promotion(value, digits: digits))
    }
  }
}
