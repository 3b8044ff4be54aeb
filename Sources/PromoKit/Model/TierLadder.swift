/// The tiers of a threshold (store format 4's `tiers`): "10 off 100, 25 off 200". The
/// threshold applies once its base (or its units) reaches the first tier, and takes the
/// benefit of the last tier reached, capped by the promotion's `maximumDiscount`.
///
/// Every tier has the same kind of minimum (``Measure``), strictly increasing; each has
/// its own `percentOff` or `amountOff`.
///
///     let ladder = try TierLadder([
///       Tier(minimum: .amount(hundred), benefit: .amountOff(ten)),
///       Tier(minimum: .amount(twoHundred), benefit: .amountOff(twentyFive)),
///     ])
///     ladder.reached(amount: twoHundredFifty)   // 1, the second tier (from 0)
public struct TierLadder: Sendable, Hashable {
  /// The number of tiers a ladder may have.
  public static let allowedCounts: ClosedRange<Int> = 2...20

  /// What every tier of a ladder measures.
  public enum Measure: Sendable, Hashable {
    /// An amount: the base the threshold acts on (`minimumAmount`).
    case amount
    /// Units: those of the lines it acts on (`minimumQuantity`).
    case quantity
  }

  /// The tiers, lowest first.
  public let tiers: [Tier]

  /// Creates a ladder, or throws the first rule the tiers break: 2 to 20 of them, each
  /// with a `percentOff` or `amountOff`, all of one ``Measure``, strictly increasing.
  public init(_ tiers: [Tier]) throws(PromotionRuleError) {
    guard Self.allowedCounts.contains(tiers.count) else { throw .tierCountOutOfRange(tiers.count) }
    for (index, tier) in tiers.enumerated() {
      switch tier.benefit {
      case .percentOff, .amountOff: break
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: throw .tierNeedsOneBenefit(index: index)
      }
      guard index > 0 else { continue }
      let previous = tiers[index - 1].minimum
      guard tier.minimum.measure == previous.measure else {
        throw .tierMinimumsMixed(index: index, expected: previous.key)
      }
      guard previous < tier.minimum else { throw .tierNotIncreasing(index: index, field: tier.minimum.key) }
    }
    self.tiers = tiers
  }

  /// What every tier measures.
  public var measure: Measure { tiers[0].minimum.measure }

  /// The index of the last tier an `amount` reaches (an amount ladder), or `nil` below the
  /// first.
  ///
  /// - Complexity: O(*t*) for *t* tiers (at most 20).
  public func reached(amount: DecimalNumber) -> Int? {
    tiers.lastIndex { tier in
      if case .amount(let minimum) = tier.minimum { return !(amount < minimum) }
      return false
    }
  }

  /// The index of the last tier `units` reach (a quantity ladder), or `nil` below the
  /// first.
  ///
  /// - Complexity: O(*t*) for *t* tiers (at most 20).
  public func reached(units: Int64) -> Int? {
    tiers.lastIndex { tier in
      if case .quantity(let minimum) = tier.minimum { return units >= minimum }
      return false
    }
  }
}

/// One rung of a ``TierLadder``: a minimum and what is taken off once it is reached.
public struct Tier: Sendable, Hashable {
  /// The least base (or units) that reaches the tier.
  public let minimum: TierMinimum
  /// What the tier takes off: ``Benefit/percentOff(_:)`` or ``Benefit/amountOff(_:)``.
  public let benefit: Benefit

  /// Creates a tier (its ladder checks it).
  public init(minimum: TierMinimum, benefit: Benefit) {
    self.minimum = minimum
    self.benefit = benefit
  }
}

/// The minimum of a ``Tier``: an amount above 0, or 1 to 1,000,000 units.
public enum TierMinimum: Sendable, Hashable, Comparable {
  /// The base must be at least this amount (`minimumAmount`).
  case amount(DecimalNumber)
  /// The lines must have at least this many units (`minimumQuantity`).
  case quantity(Int64)

  /// What it measures.
  public var measure: TierLadder.Measure {
    switch self {
    case .amount: .amount
    case .quantity: .quantity
    }
  }

  /// Its store key: `minimumAmount` or `minimumQuantity`.
  public var key: String {
    switch self {
    case .amount: "minimumAmount"
    case .quantity: "minimumQuantity"
    }
  }

  /// Orders minimums of one measure by value (an amount comes before any quantity).
  public static func < (lhs: TierMinimum, rhs: TierMinimum) -> Bool {
    switch (lhs, rhs) {
    case (.amount(let left), .amount(let right)): left < right
    case (.quantity(let left), .quantity(let right)): left < right
    case (.amount, .quantity): true
    case (.quantity, .amount): false
    }
  }
}
