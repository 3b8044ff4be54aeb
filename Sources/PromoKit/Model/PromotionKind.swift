/// The five kinds of promotion, in the order their stages apply (a gift comes after the
/// plan is chosen).
public enum PromotionKind: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// Acts on order lines: each line it targets gets its own discount (store format 2).
  case item
  /// Acts on the whole order, or on the lines it targets (the "plain" promotion).
  case discount
  /// Acts on the whole order, or on the lines it targets, only when they reach its
  /// minimum amount or quantity.
  case threshold
  /// Acts on the order's shipping, never on its lines (store format 3).
  case shipping
  /// Grants goods (a SKU and a quantity) when its minimums are met, and takes nothing off
  /// (store format 4).
  case gift

  /// Whether it acts on an amount of the order (``discount`` and ``threshold``): its base is
  /// what the order, or the lines it targets, have left.
  public var actsOnOrder: Bool {
    switch self {
    case .discount, .threshold: true
    case .item, .shipping, .gift: false
    }
  }

  /// The store format version that introduced the kind.
  public var introducedInVersion: Int {
    switch self {
    case .discount, .threshold: 1
    case .item: 2
    case .shipping: 3
    case .gift: 4
    }
  }

  /// The layer of the order stage a promotion of this kind is in when it names none
  /// (store format 4): 1 for a discount, 2 for a threshold, `nil` for the kinds outside
  /// the order stage.
  public var defaultLayer: Int? {
    switch self {
    case .discount: 1
    case .threshold: 2
    case .item, .shipping, .gift: nil
    }
  }
}

/// Where a promotion stands at an instant, as far as the merchant's switch and its window
/// decide (the order's amount and codes are not considered).
public enum PromotionStatus: String, Sendable, Hashable, CaseIterable {
  /// Switched on and inside its window: it can apply.
  case working
  /// Switched off by the merchant.
  case inactive
  /// Its window has not begun (`at < startsAt`).
  case notStarted = "not-started"
  /// Its window is over (`at >= endsAt`).
  case ended
}
