/// What one promotion cost over the orders of a ``PricingReport``: the orders it was applied
/// to, its total discount, its share of all discount and its average per order.
///
/// `orders` and `discount` are exact sums, which is what merging reports adds up; `share`
/// and `average` are derived from them (and from the report's total discount), so a merged
/// report recomputes them rather than adding rounded figures.
///
///     let cost = report.promotions[0]
///     print(cost.id, cost.orders, cost.discount, "\(cost.share.formatted(minimumFractionDigits: 2))%")
public struct PromotionCost: Sendable, Hashable {
  /// The promotion's id.
  public var id: String
  /// The promotion's name, if it has one.
  public var name: String?
  /// The orders it was applied to.
  public var orders: Int64
  /// What it took off over those orders.
  public var discount: Money
  /// Its discount as a percentage of the report's total discount, with two decimal places,
  /// rounded half-up (0 when nothing was taken off at all). The shares of a report are
  /// rounded one by one, so they may add up to a little more or less than 100.
  public var share: DecimalNumber
  /// Its discount per order applied, rounded half-up to the currency's minor unit.
  public var average: Money

  /// The cost of a promotion applied to `orders` orders for `discount` in all, out of a
  /// report whose discounts add up to `totalDiscount`.
  ///
  ///     let cost = PromotionCost(id: "autumn-20", name: nil, orders: 3, discount: tenYuan, totalDiscount: fortyYuan)
  ///     cost.share     // 25.00
  ///     cost.average   // 3.33
  ///
  /// - Precondition: `orders > 0` and `0 ≤ discount ≤ totalDiscount`.
  /// - Complexity: O(1).
  public init(id: String, name: String?, orders: Int64, discount: Money, totalDiscount: Money) {
    self.id = id
    self.name = name
    self.orders = orders
    self.discount = discount
    share = DecimalNumber(
      significand: Int64(
        Self.roundedQuotient(discount.minorUnits, times: 10_000, over: totalDiscount.minorUnits)),
      scale: 2)
    average = Money(
      minorUnits: Self.roundedQuotient(discount.minorUnits, times: 1, over: Int128(orders)),
      minorDigits: discount.minorDigits)
  }

  /// `value × factor / divisor` rounded half-up (0 for a divisor of 0), for values from 0 to
  /// `divisor` (times any factor that keeps the quotient within 128 bits); the product is
  /// formed at double width, so it cannot overflow.
  ///
  ///     PromotionCost.roundedQuotient(1, times: 10_000, over: 3)   // 3333 (33.33%)
  ///
  /// - Complexity: O(1).
  package static func roundedQuotient(_ value: Int128, times factor: Int128, over divisor: Int128) -> Int128 {
    guard divisor > 0, value > 0 else { return 0 }
    let (quotient, remainder) = divisor.dividingFullWidth(factor.multipliedFullWidth(by: value))
    return remainder >= divisor - remainder ? quotient + 1 : quotient
  }
}
