/// Shipping deals: what a shipping promotion takes off the shipping of an order.
///
///     terms.shippingDiscount(shipping: 1_000, subtotal: 18_525)
///
/// - Complexity: O(1).
extension DealTerms {
  /// What a shipping deal takes off shipping of `shipping` minor units on an order whose
  /// subtotal is `subtotal`; 0 when there is no shipping or the minimum is not reached.
  func shippingDiscount(shipping: Int128, subtotal: Int128) -> Int128 {
    guard shipping > 0 else { return 0 }
    if subtotal < minimum { return 0 }
    switch benefit {
    case .percentOff: return percentageOff(rate, of: shipping)
    case .amountOff: return Self.sumOff(sum, of: shipping)
    case .fixedPrice: return Self.fixedPriceOff(sum, unitPrice: shipping, units: 1)
    case .buyGet: preconditionFailure("a shipping deal has no buy/get")
    case .bundle, .tiers, .gift: return 0  // item and order benefits, and gifts: none on shipping
    }
  }
}
