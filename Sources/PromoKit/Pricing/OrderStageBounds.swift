/// Bounds on what the order deals of one order (or some of them) take: of every one, of
/// the stackable discounts, and of the stackable thresholds; the lowest rank of the
/// stackable discounts; and the layers they stand in.
struct OrderStageBounds: Sendable {
  /// Of every discount and threshold.
  var any = TakenBound()
  /// Of the stackable discounts, and of the stackable thresholds.
  var stackableDiscounts = TakenBound()
  var stackableThresholds = TakenBound()
  /// The lowest rank of the ids of the stackable discounts (`Int32.max` without one).
  var lowestStackableDiscountRank = Int32.max
  /// The lowest and the highest layer of them (an empty range of `1..<1` without one).
  var layers: Range<Int8> = 1..<1

  /// Adds `terms`, a discount or threshold.
  mutating func include(_ terms: DealTerms) {
    terms.include(in: &any)
    widenLayers(to: terms.layer..<(terms.layer + 1))
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
    widenLayers(to: other.layers)
  }

  /// Widens ``layers`` to hold `more` too.
  private mutating func widenLayers(to more: Range<Int8>) {
    guard !more.isEmpty else { return }
    layers =
      layers.isEmpty
      ? more : min(layers.lowerBound, more.lowerBound)..<max(layers.upperBound, more.upperBound)
  }
}
