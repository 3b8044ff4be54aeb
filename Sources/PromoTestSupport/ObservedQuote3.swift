/// What a pricer under test made of one order of store format 3, in plain minor units and
/// ids: ``ObservedQuote`` with the order's shipping, so that it can be held against the
/// format-3 reference (``Reference3Check``).
package struct ObservedQuote3 {
  /// The order's shipping: what it cost, its discount, what is left.
  package struct Shipping: Equatable {
    /// The order's `shipping`.
    package var amount: Int128
    /// What the shipping promotion took off it.
    package var discount: Int128
    /// What is left of it.
    package var total: Int128

    /// A shipping as observed.
    package init(amount: Int128, discount: Int128, total: Int128) {
      self.amount = amount
      self.discount = discount
      self.total = total
    }
  }

  /// One promotion's outcome: the same for every store format.
  package typealias Outcome = ObservedQuote.Outcome

  /// The result without shipping, as for formats 1 and 2 (its `discount` is the order's
  /// whole discount, shipping discount included).
  package var quote: ObservedQuote
  /// `nil` for an order without `shipping`.
  package var shipping: Shipping?

  /// Every promotion's outcome in store order, when the pricer explained them.
  package var outcomes: [Outcome]? {
    get { quote.outcomes }
    set { quote.outcomes = newValue }
  }

  /// A quote as observed.
  package init(_ quote: ObservedQuote, shipping: Shipping?, outcomes: [Outcome]?) {
    self.quote = quote
    self.shipping = shipping
    self.quote.outcomes = outcomes
  }

  /// A reference's own result, observed: what a pricer that agrees with it reports.
  package init(reference pricing: some RefPricedOrder) {
    quote = ObservedQuote(reference: pricing)
    shipping = pricing.shipping.map {
      Shipping(amount: $0, discount: pricing.shippingDiscount, total: $0 - pricing.shippingDiscount)
    }
  }
}
