/// The goods one gift promotion grants with an order (store format 4): listed in
/// ``Quote/gifts`` and in the `gifts` of the JSON result, `{"id","sku","quantity"}`.
///
/// A gift takes nothing off: it is granted once the best plan is chosen, when what that plan
/// leaves of the lines the gift targets reaches its minimums (docs/FORMAT.md, "Results").
///
///     quote.gifts   // [GrantedGift(id: "cup-over-199", sku: "cup-free", quantity: 1)]
public struct GrantedGift: Sendable, Hashable {
  /// The gift promotion's id.
  public var id: String
  /// The SKU of the goods granted.
  public var sku: String
  /// The units granted.
  public var quantity: Int64

  /// Creates a granted gift.
  public init(id: String, sku: String, quantity: Int64) {
    self.id = id
    self.sku = sku
    self.quantity = quantity
  }

  /// The goods `promotion` grants, when it is a gift promotion; `nil` for any other kind.
  public init?(of promotion: Promotion) {
    guard case .gift(let goods) = promotion.benefit else { return nil }
    self.init(id: promotion.id, sku: goods.sku, quantity: goods.quantity)
  }
}
