/// The two kinds of promotion.
public enum PromotionKind: String, Sendable, Hashable, CaseIterable {
  /// Applies to any order (the "plain" promotion).
  case discount
  /// Applies only when the amount it is applied to is at least its minimum.
  case threshold
}

/// What a promotion takes off: a percentage of the amount or a fixed sum.
public enum Benefit: Sendable, Hashable {
  /// A percentage of the amount, rounded half-up to the minor unit.
  case percentOff(Percentage)
  /// A fixed sum, never more than the amount itself.
  case amountOff(DecimalNumber)
}

/// Where a promotion stands at an instant, as far as the merchant's switch and its window
/// decide (the order's amount is not considered).
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
