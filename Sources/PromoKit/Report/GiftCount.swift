/// What one gift promotion gave over the orders of a ``PricingReport`` (store format 4):
/// the orders it was granted with and the units it granted in all.
///
/// Both are exact sums, which is what merging reports adds up.
///
///     report.gifts.first   // GiftCount(id: "cup-over-199", orders: 3, quantity: 3)
public struct GiftCount: Sendable, Hashable {
  /// The gift promotion's id.
  public var id: String
  /// The orders it was granted with.
  public var orders: Int64
  /// The units it granted over those orders.
  public var quantity: Int64

  /// The count of a gift promotion granted with `orders` orders, `quantity` units in all.
  public init(id: String, orders: Int64, quantity: Int64) {
    self.id = id
    self.orders = orders
    self.quantity = quantity
  }
}
