/// How a store rounds a percentage of an amount to the minor unit (store format 4's
/// `rounding`): half up (the default, and every earlier format's rule), half to even, or
/// down.
///
///     PercentageRounding(rawValue: "half-even")   // .halfEven
///     PercentageRounding.halfUp.rawValue          // "half-up"
public enum PercentageRounding: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// A half minor unit or more rounds up (away from zero): 8.645 is 8.65.
  case halfUp = "half-up"
  /// A half minor unit rounds to the even neighbour, more than half up: 8.645 is 8.64,
  /// 8.655 is 8.66.
  case halfEven = "half-even"
  /// Any fraction of a minor unit is dropped: 8.649 is 8.64.
  case down

  /// The rounding of a store that names none, and of every store before format 4.
  public static let `default` = PercentageRounding.halfUp

  /// The store format version that can hold the rule: 1 for the default, else 4.
  public var requiredVersion: Int { self == .halfUp ? 1 : 4 }
}
