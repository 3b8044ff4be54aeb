/// One bucket of the spread of orders by discount rate: the orders whose rate is in
/// `from`–`to` percent.
///
/// An order's *rate* is its discount over what it would have cost without any promotion,
/// its subtotal plus its shipping: `discount / (subtotal + shipping)`, between 0 and 100%.
/// The buckets are 0% exactly (no discount), then 5-point steps, each open below and
/// closed above: (0, 5], (5, 10], ... (95, 100]. So an order with 5% off is in the bucket
/// `from: 0, to: 5`, one with 5.01% in `from: 5, to: 10`, and one given away in
/// `from: 95, to: 100`. The bucket of exactly 0% has `from` and `to` both 0.
///
///     DiscountRateBucket.index(
///       discount: Money(minorUnits: 500, minorDigits: 2),
///       base: Money(minorUnits: 10_000, minorDigits: 2))   // 1: (0, 5]
public struct DiscountRateBucket: Sendable, Hashable {
  /// The lower bound in percent (excluded, except for the bucket of exactly 0).
  public var from: Int
  /// The upper bound in percent (included).
  public var to: Int
  /// The orders whose rate falls in the bucket.
  public var orders: Int64

  /// Creates a bucket.
  public init(from: Int, to: Int, orders: Int64) {
    self.from = from
    self.to = to
    self.orders = orders
  }

  /// The width of every bucket but the first, in percentage points.
  public static let step = 5

  /// How many buckets there are: 0% exactly, then 20 steps of 5 points up to 100%.
  public static let count = 100 / step + 1

  /// The bounds of bucket `index`: `(0, 0)` for the first, then `(5(i−1), 5i)`.
  ///
  ///     DiscountRateBucket.bounds(ofIndex: 2)   // (from: 5, to: 10)
  public static func bounds(ofIndex index: Int) -> (from: Int, to: Int) {
    index == 0 ? (0, 0) : ((index - 1) * step, index * step)
  }

  /// The bucket of an order whose discount is `discount` out of `base` (its subtotal plus
  /// its shipping): 0 when nothing was taken off (or the base is 0), else the least `i`
  /// with `discount / base ≤ 5i / 100`, worked out exactly on minor units.
  ///
  /// - Precondition: `0 ≤ discount ≤ base`, in the same minor digits.
  /// - Complexity: O(1).
  public static func index(discount: Money, base: Money) -> Int {
    let taken = discount.minorUnits
    let whole = base.minorUnits
    guard taken > 0, whole > 0 else { return 0 }
    // The least i with taken × 20 ≤ i × whole is ceil(taken × 20 / whole); the product is
    // formed at double width, so no amount can overflow it.
    let steps = Int128(100 / step)
    let product = steps.multipliedFullWidth(by: taken)
    let (quotient, remainder) = whole.dividingFullWidth(product)
    let index = Int(quotient) + (remainder > 0 ? 1 : 0)
    return min(max(index, 1), count - 1)
  }
}
