extension Benefit {
  /// The kinds of benefit, without their amounts: the one list of them.
  ///
  /// The pricing stores a benefit as its kind and its numbers apart (``DealTerms``), and
  /// every switch over a kind names each case, with no `default:`: a new kind of benefit is
  /// a compile error in every place that must price it. The raw values are the order of
  /// the cases, from 0.
  ///
  ///     Benefit.percentOff(twenty).kind            // .percentOff
  ///     Benefit.Kind.allCases.count                // 7
  ///     Benefit.Kind(rawValue: 3)                  // .buyGet
  public enum Kind: UInt8, Sendable, Hashable, BitwiseCopyable, CaseIterable {
    /// A percentage off (``Benefit/percentOff(_:)``).
    case percentOff
    /// A fixed sum off (``Benefit/amountOff(_:)``).
    case amountOff
    /// A fixed price (``Benefit/fixedPrice(_:)``).
    case fixedPrice
    /// Buy some units, get some discounted (``Benefit/buyGet(_:)``).
    case buyGet
    /// Any N of the targeted units for a price (``Benefit/bundle(_:)``; store format 4).
    case bundle
    /// The tiers of a threshold (``Benefit/tiers(_:)``; store format 4).
    case tiers
    /// Goods granted, nothing taken off (``Benefit/gift(_:)``; store format 4).
    case gift
  }

  /// Its kind, without its amounts.
  ///
  ///     Benefit.amountOff(fiveYuan).kind   // .amountOff
  public var kind: Kind {
    switch self {
    case .percentOff: .percentOff
    case .amountOff: .amountOff
    case .fixedPrice: .fixedPrice
    case .buyGet: .buyGet
    case .bundle: .bundle
    case .tiers: .tiers
    case .gift: .gift
    }
  }
}
