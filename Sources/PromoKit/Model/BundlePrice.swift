/// "Any `quantity` for `price`" (store format 4's `bundle`): an item deal that puts the
/// dearest units of the lines it targets, across lines, in groups of ``quantity``, each
/// group costing ``price`` together.
///
///     let anyThreeFor50 = try BundlePrice(quantity: 3, price: DecimalNumber(significand: 50))
public struct BundlePrice: Sendable, Hashable {
  /// The values ``quantity`` may take.
  public static let allowedQuantities: ClosedRange<Int64> = 2...100

  /// The units in one group.
  public let quantity: Int64
  /// What one group costs, at least 0 (in the store's currency digits).
  public let price: DecimalNumber

  /// Creates the terms; throws ``PromotionRuleError/bundleQuantityOutOfRange(_:)`` when
  /// `quantity` is outside 2...100, or ``PromotionRuleError/amountTooSmall(field:_:allowsZero:)``
  /// / ``PromotionRuleError/amountTooLarge(field:_:)`` for a price below 0 or above 10^12.
  public init(quantity: Int64, price: DecimalNumber) throws(PromotionRuleError) {
    guard Self.allowedQuantities.contains(quantity) else { throw .bundleQuantityOutOfRange(quantity) }
    if price.isNegative { throw .amountTooSmall(field: "bundle.price", price, allowsZero: true) }
    if Promotion.maximumAmount < price { throw .amountTooLarge(field: "bundle.price", price) }
    self.quantity = quantity
    self.price = price
  }
}
