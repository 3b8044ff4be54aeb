/// What one promotion takes off an amount, in the minor units of one currency.
///
/// This is the contract's rule 4.1 for a promotion known to be working: a threshold applies
/// only from its minimum; a percentage is rounded half-up once; a fixed sum never takes more
/// than the amount.
///
///     let terms = PromotionTerms(minimum: Money(minorUnits: 10_000, minorDigits: 2),
///                                reduction: .fixed(Money(minorUnits: 1_500, minorDigits: 2)))
///     terms.discount(on: Money(minorUnits: 9_999, minorDigits: 2))   // nil: below minimum
public struct PromotionTerms: Sendable, Hashable {
  /// How the discount is computed.
  public enum Reduction: Sendable, Hashable {
    /// A percentage of the amount.
    case percent(Percentage)
    /// A fixed sum, capped at the amount.
    case fixed(Money)
  }

  /// The least amount it applies to, for a threshold; `nil` for a discount.
  public var minimum: Money?
  /// How much it takes off.
  public var reduction: Reduction

  /// Creates terms from a minimum and a reduction.
  public init(minimum: Money?, reduction: Reduction) {
    self.minimum = minimum
    self.reduction = reduction
  }

  /// Whether it applies to `amount`: always for a discount, from the minimum for a threshold.
  public func applies(to amount: Money) -> Bool {
    guard let minimum else { return true }
    return amount >= minimum
  }

  /// What it takes off `amount` when it applies (ignoring the minimum): never more than
  /// `amount`, so no total is negative.
  ///
  /// Complexity: O(1).
  public func reduction(of amount: Money) -> Money {
    switch reduction {
    case .percent(let percentage): percentage.discount(on: amount)
    case .fixed(let sum): min(sum, amount)
    }
  }

  /// What it takes off `amount`, or `nil` when a threshold's minimum is not reached.
  public func discount(on amount: Money) -> Money? {
    applies(to: amount) ? reduction(of: amount) : nil
  }
}
