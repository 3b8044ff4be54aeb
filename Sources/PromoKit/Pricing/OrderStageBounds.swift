/// Bounds on what the order deals of one order (or some of them) take: of every one, of
/// the stackable discounts, and of the stackable thresholds; and the lowest rank of the
/// stackable discounts.
struct OrderStageBounds: Sendable {
  /// Of every discount and threshold.
  var any = TakenBound()
  /// Of the stackable discounts, and of the stackable thresholds.
  var stackableDiscounts = TakenBound()
  var stackableThresholds = TakenBound()
  /// The lowest rank of the ids of the stackable discounts (`Int32.max` without one).
  var lowestStackableDiscountRank = Int32.max

  /// Adds `terms`, a discount or threshold.
  mutating func include(_ terms: DealTerms) {
    terms.include(in: &any)
    guard terms.isStackable else { return }
    switch terms.kind {
    case .discount:
      terms.include(in: &stackableDiscounts)
      lowestStackableDiscountRank = min(lowestStackableDiscountRank, terms.rank)
    case .threshold: terms.include(in: &stackableThresholds)
    case .item, .shipping, .gift: break
    }
  }

  /// Adds the deals of `other`.
  mutating func formUnion(_ other: OrderStageBounds) {
    any.formUnion(other.any)
    stackableDiscounts.formUnion(other.stackableDiscounts)
    stackableThresholds.formUnion(other.stackableThresholds)
    lowestStackableDiscountRank = min(lowestStackableDiscountRank, other.lowestStackableDiscountRank)
  }
}
