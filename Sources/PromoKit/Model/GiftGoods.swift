/// The goods a ``PromotionKind/gift`` promotion grants (store format 4's `gift`): a SKU, a
/// quantity and, for people, a name.
///
///     let cup = try GiftGoods(sku: "cup-free", quantity: 1, name: "Tea cup")
public struct GiftGoods: Sendable, Hashable {
  /// The longest SKU accepted.
  public static let maximumSKULength = 64
  /// The values ``quantity`` may take.
  public static let allowedQuantities: ClosedRange<Int64> = 1...1_000

  /// The SKU granted: 1 to 64 characters.
  public let sku: String
  /// The units granted.
  public let quantity: Int64
  /// What the goods are called, for people.
  public let name: String?

  /// Creates the goods; throws ``PromotionRuleError/invalidGiftSKU(_:)`` or
  /// ``PromotionRuleError/giftQuantityOutOfRange(_:)``.
  public init(sku: String, quantity: Int64 = 1, name: String? = nil) throws(PromotionRuleError) {
    guard Self.isValidSKU(sku) else { throw .invalidGiftSKU(sku) }
    guard Self.allowedQuantities.contains(quantity) else { throw .giftQuantityOutOfRange(quantity) }
    self.sku = sku
    self.quantity = quantity
    self.name = name
  }

  /// Whether `sku` is 1 to 64 characters.
  public static func isValidSKU(_ sku: String) -> Bool {
    !sku.isEmpty && sku.count <= maximumSKULength
  }
}
