/// What a promotion acts on, for saying which promotions combine (store format 4's
/// `combinesWith`): item deals, order deals (discounts and thresholds) or shipping deals.
///
///     PromotionKind.threshold.promotionClass   // .order
///     PromotionClass(rawValue: "shipping")     // .shipping
public enum PromotionClass: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Item deals (``PromotionKind/item``).
  case item
  /// Order deals (``PromotionKind/discount`` and ``PromotionKind/threshold``).
  case order
  /// Shipping deals (``PromotionKind/shipping``).
  case shipping

  /// Orders the classes as the store writes them: item, order, shipping.
  public static func < (lhs: PromotionClass, rhs: PromotionClass) -> Bool {
    lhs.position < rhs.position
  }

  /// Its place in ``allCases``, from 0.
  var position: Int {
    switch self {
    case .item: 0
    case .order: 1
    case .shipping: 2
    }
  }
}

extension PromotionKind {
  /// The class a promotion of this kind is in; `nil` for a ``gift``, which takes nothing
  /// off and is in no plan.
  public var promotionClass: PromotionClass? {
    switch self {
    case .item: .item
    case .discount, .threshold: .order
    case .shipping: .shipping
    case .gift: nil
    }
  }
}
