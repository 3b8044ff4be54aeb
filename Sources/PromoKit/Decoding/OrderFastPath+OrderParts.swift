extension OrderFastPath {
  /// What an order's members have given so far: its parts, the minor digits its amounts
  /// are read in (the order's currency's once known, else the store's) and where the
  /// amounts read before the order named its currency start (else -1), to read them again
  /// if it has other digits.
  struct OrderParts {
    /// The `id`, if any.
    var id: String?
    /// The `currency`, if any.
    var currency: Currency?
    /// The `codes`.
    var codes: [String] = []
    /// The `customer`, if any.
    var customer: Customer?
    /// The `amount`, if any.
    var amount: Money?
    /// The `items`, if any.
    var items: [OrderItem]?
    /// The `shipping`, if any.
    var shipping: Money?
    /// The minor digits amounts are read in.
    var digits: Int
    /// Where the amount, the items and the shipping read before the currency start.
    var early = (amount: -1, items: -1, shipping: -1)
  }
}
