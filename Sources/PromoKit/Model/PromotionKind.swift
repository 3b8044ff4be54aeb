/// The three kinds of promotion, in the order their stages apply.
public enum PromotionKind: String, Sendable, Hashable, CaseIterable {
  /// Acts on order lines: each line it targets gets its own discount (store format 2).
  case item
  /// Acts on the whole order (the "plain" promotion).
  case discount
  /// Acts on the whole order, only when the amount it is applied to reaches its minimum.
  case threshold

  /// Whether it acts on the whole order (``discount`` and ``threshold``).
  public var actsOnOrder: Bool { self != .item }
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
