/// What pricing needs besides the order: the instant every date check uses and the coupon
/// codes presented for every order (`promo price --code`).
///
/// An order's own `codes` are presented too, for that order alone.
///
///     let context = PricingContext(instant: now, codes: ["VIP10"])
public struct PricingContext: Sendable, Hashable {
  /// The evaluation time.
  public var instant: Instant
  /// Codes presented for every order, as written.
  public var codes: [String]

  /// Creates a context.
  public init(instant: Instant, codes: [String] = []) {
    self.instant = instant
    self.codes = codes
  }

  /// The codes presented for `order` (these and its own), normalized for comparison.
  ///
  /// Complexity: O(*c*) for *c* codes.
  public func presentedCodes(for order: Order) -> Set<String> {
    Set((codes + order.codes).map(CouponCode.normalized))
  }
}
