/// The four kinds of promotion, in the order their stages apply.
public enum PromotionKind: String, Sendable, Hashable, CaseIterable {
  /// Acts on order lines: each line it targets gets its own discount (store format 2).
  case item
  /// Acts on the whole order, or on the lines it targets (the "plain" promotion).
  case discount
  /// Acts on the whole order, or on the lines it targets, only when they reach its
  /// minimum amount or quantity.
  case threshold
  /// Acts on the order's shipping, never on its lines (store format 3).
  case shipping

  /// Whether it acts on an amount of the order (``discount`` and ``threshold``): its base is
  /// what the order, or the lines it targets, have left.
  public var actsOnOrder: Bool {
    switch self {
    case .discount, .threshold: true
    case .item, .shipping: false
    }
  }

  /// The store format version that introduced the kind.
  public var introducedInVersion: Int {
    switch self {
    case .discount, .threshold: 1
    case .item: 2
    case .shipping: 3
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
