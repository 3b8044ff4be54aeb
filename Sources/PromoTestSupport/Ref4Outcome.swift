/// What became of one promotion of a format-4 store for one order, as `--explain`
/// reports it (SPEC 4.5), decided in the order of the cases below.
package enum Ref4Outcome {
  /// Switched off.
  case inactive
  /// Its window starts later (`startsAt` as written).
  case notStarted(startsAt: (text: String, instant: RefInstant))
  /// Its window is over (`endsAt` as written).
  case ended(endsAt: (text: String, instant: RefInstant))
  /// It has a code the order does not present.
  case codeRequired
  /// It has customer groups and the order's customer is in none of them.
  case customerNotEligible
  /// In the chosen plan, taking off `discount` in all.
  case applied(discount: Int128)
  /// A gift the chosen plan meets the minimums of: `applied`, with no discount.
  case granted
  /// An item deal that applies to no line; a targeted order deal or gift that targets no
  /// line; a targeted deal, one that counts units, or such a gift, on an order given by `amount`.
  case noEligibleLine
  /// A shipping promotion on an order without shipping, or with shipping 0.
  case noShipping
  /// A threshold whose (first tier's) minimums its lines at list prices do not reach, a
  /// shipping promotion whose minimum S does not reach, or a gift whose minimums the
  /// chosen plan does not reach.
  case belowMinimum(RefShortfall)
  /// It can apply, but the chosen plan (of `planTotal`) is better or equal; `bestTotalWith`
  /// is the lowest total of an allowed plan that applies it, `nil` when none does.
  case notBest(planTotal: Int128, bestTotalWith: Int128?)

  /// The outcome's name in the contract.
  package var name: String { format3.name }

  /// The outcome in the vocabulary of the earlier references: `bestTotalWith` dropped, a
  /// granted gift `applied` with a discount of 0.
  package var format3: RefOutcome {
    switch self {
    case .inactive: .inactive
    case .notStarted(let startsAt): .notStarted(startsAt: startsAt.instant)
    case .ended(let endsAt): .ended(endsAt: endsAt.instant)
    case .codeRequired: .codeRequired
    case .customerNotEligible: .customerNotEligible
    case .applied(let discount): .applied(discount: discount)
    case .granted: .applied(discount: 0)
    case .noEligibleLine: .noEligibleLine
    case .noShipping: .noShipping
    case .belowMinimum(let shortfall): .belowMinimum(shortfall)
    case .notBest(let planTotal, _): .notBest(planTotal: planTotal)
    }
  }

  /// The members of its `considered` entry after `id` and `outcome`, with the names the
  /// project's docs give them (`discount`, `startsAt`, `endsAt`, `testedAgainst`,
  /// `minimumAmount`, `shortBy`, `units`, `minimumQuantity`, `shortByQuantity`,
  /// `planTotal`, `bestTotalWith`), amounts written by `money` and minimums with at least
  /// `digits` decimals.
  package func members(money: (Int128) -> String, digits: Int) -> [String: Any] {
    switch self {
    case .applied(let discount): return ["discount": money(discount)]
    case .notStarted(let startsAt): return ["startsAt": startsAt.text]
    case .ended(let endsAt): return ["endsAt": endsAt.text]
    case .belowMinimum(let shortfall):
      var members: [String: Any] = ["testedAgainst": money(shortfall.amount)]
      if let minimum = shortfall.minimumAmount {
        members["minimumAmount"] = Self.text(minimum, digits: digits)
      }
      if let shortBy = shortfall.shortBy { members["shortBy"] = money(shortBy) }
      if let units = shortfall.units { members["units"] = Int(units) }
      if let minimum = shortfall.minimumQuantity { members["minimumQuantity"] = Int(minimum) }
      if let short = shortfall.shortByQuantity { members["shortByQuantity"] = Int(short) }
      return members
    case .notBest(let planTotal, let bestTotalWith):
      var members: [String: Any] = ["planTotal": money(planTotal)]
      if let bestTotalWith { members["bestTotalWith"] = money(bestTotalWith) }
      return members
    case .inactive, .codeRequired, .customerNotEligible, .granted, .noEligibleLine, .noShipping:
      return [:]
    }
  }

  /// A decimal written with at least `digits` decimals (`"199.00"`, `"99.995"`).
  static func text(_ decimal: RefDecimal, digits: Int) -> String {
    var text = decimal.description
    let fraction = decimal.fractionDigits.count
    guard fraction < digits else { return text }
    if fraction == 0 { text += "." }
    return text + String(repeating: "0", count: digits - fraction)
  }
}
