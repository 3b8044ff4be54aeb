/// A promotion amount that the minor units of the order's currency cannot hold (a store
/// without a currency, written with 2 decimal places, priced against a JPY order).
package struct UnpayableAmount: Error, Sendable, Hashable {
  /// The store key of the amount: `amountOff`, `fixedPrice` or `maximumDiscount`.
  package var field: String

  /// Creates the error for the amount under `field`.
  package init(field: String) {
    self.field = field
  }

  /// The data error for this amount of the promotion at `position` of a catalog in
  /// `currency`, priced for an order whose amounts have `minorDigits` digits: a store
  /// without a currency priced in a currency of fewer digits, or a promotion built in code
  /// with more decimal places than its catalog's currency has.
  package func error(position: Int, currency: Currency?, minorDigits: Int) -> PromoError {
    let message =
      if let currency {
        "\(field) has more decimal places than \(currency.code) has (\(currency.minorDigits)); "
          + "write it in whole minor units of the currency"
      } else {
        "the store has no currency and its amounts use 2 decimal places, but the order's currency has "
          + "\(minorDigits); give the store a currency or write whole amounts"
      }
    return PromoError(.invalidData, position: "promotions[\(position)].\(field)", message)
  }
}
