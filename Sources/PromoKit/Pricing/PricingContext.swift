/// What pricing needs besides the order: the instant every date check uses, the coupon
/// codes presented for every order (`promo price --code`) and the customer groups every
/// order's customer is in (`promo price --customer-group`).
///
/// An order's own `codes` and `customer.groups` count too, for that order alone.
///
///     let context = PricingContext(instant: now, codes: ["VIP10"], customerGroups: ["member"])
public struct PricingContext: Sendable, Hashable {
  /// The evaluation time.
  public var instant: Instant
  /// Codes presented for every order, as written.
  public var codes: [String]
  /// Customer groups every order's customer is in (compared exactly).
  public var customerGroups: [String]

  /// Creates a context.
  public init(instant: Instant, codes: [String] = [], customerGroups: [String] = []) {
    self.instant = instant
    self.codes = codes
    self.customerGroups = customerGroups
  }

  /// The customer groups of `order`'s customer: these and its own.
  ///
  /// - Complexity: O(*g*) for *g* groups.
  public func customerGroups(for order: Order) -> Set<String> {
    Set(customerGroups + order.customerGroups)
  }

  /// The codes presented for `order` (these and its own), normalized for comparison.
  ///
  /// - Complexity: O(*c*) for *c* codes.
  public func presentedCodes(for order: Order) -> Set<String> {
    Set((codes + order.codes).map(CouponCode.normalized))
  }
}
