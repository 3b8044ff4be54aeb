// The warning about a threshold's tiers: a tier that can take less than the one below it,
// so that an order that reaches it gets less off than a smaller order.

extension StoreAudit {
  /// Every tier of a threshold that can take less than the tier below it: on an amount
  /// ladder, what it takes at its own minimum (rounded as the store's percentages are, at
  /// most the cap) against what the tier below takes one minor unit under that minimum; on
  /// a ladder of units, a smaller percentage or a smaller sum than the tier below (a
  /// percentage against a sum cannot be told apart without the order's prices, and is
  /// not warned about).
  ///
  /// - Complexity: O(*t*) for *t* tiers in the store.
  static func tiersThatTakeLess(in catalog: Catalog) -> [StoreWarning] {
    var warnings: [StoreWarning] = []
    let digits = catalog.currency.minorDigits
    for (index, promotion) in catalog.promotions.enumerated() {
      guard case .tiers(let ladder) = promotion.benefit else { continue }
      let cap = promotion.maximumDiscount.flatMap { Money($0, minorDigits: digits) }
      for rung in ladder.tiers.indices.dropFirst() {
        let found =
          switch ladder.measure {
          case .amount:
            lessAtMinimum(ladder.tiers[rung - 1], ladder.tiers[rung], cap: cap, catalog: catalog)
          case .quantity: lessPerUnit(ladder.tiers[rung - 1], ladder.tiers[rung], cap: cap, digits: digits)
          }
        guard let (lower, upper) = found else { continue }
        warnings.append(
          StoreWarning(
            position: "promotions[\(index)].tiers[\(rung)]",
            message:
              "\"\(promotion.id)\" takes \(upper) at tiers[\(rung)] but \(lower) at tiers[\(rung - 1)] "
              + "below it: an order that reaches tiers[\(rung)] can get less off than a smaller one (the deepest "
              + "tier reached applies); make each tier take at least as much as the one below it",
            code: .tierTakesLess))
      }
    }
    return warnings
  }

  /// On an amount ladder: what `upper` takes at its minimum and what `lower` takes one
  /// minor unit under it, as text (`8.00 (on 80.00)`), when the first is less.
  private static func lessAtMinimum(_ lower: Tier, _ upper: Tier, cap: Money?, catalog: Catalog)
    -> (String, String)?
  {
    let digits = catalog.currency.minorDigits
    guard case .amount(let minimum) = upper.minimum else { return nil }
    // The least base, in minor units, that reaches the upper tier, and the most below it.
    let reaching = Money(minorUnits: minimum.unitsRoundedUp(atScale: digits), minorDigits: digits)
    let under = Money(minorUnits: max(reaching.minorUnits - 1, 0), minorDigits: digits)
    func take(_ tier: Tier, on amount: Money) -> Money? {
      var taken: Money
      switch tier.benefit {
      case .percentOff(let percentage): taken = percentage.discount(on: amount, rounding: catalog.rounding)
      case .amountOff(let value):
        guard let sum = Money(value, minorDigits: digits) else { return nil }
        taken = min(sum, amount)
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: return nil
      }
      if let cap { taken = min(taken, cap) }
      return taken
    }
    guard let upperTakes = take(upper, on: reaching), let lowerTakes = take(lower, on: under),
      upperTakes < lowerTakes
    else { return nil }
    return ("\(lowerTakes) (on \(under))", "\(upperTakes) (on \(reaching), its minimum)")
  }

  /// On a ladder of units: the two tiers' percentages or sums (at most the cap), as text,
  /// when `upper`'s is less; `nil` for a percentage against a sum.
  private static func lessPerUnit(_ lower: Tier, _ upper: Tier, cap: Money?, digits: Int) -> (String, String)?
  {
    switch (lower.benefit, upper.benefit) {
    case (.percentOff(let below), .percentOff(let above)) where above < below:
      return ("\(below)%", "\(above)%")
    case (.amountOff(let below), .amountOff(let above)):
      guard var lowerSum = Money(below, minorDigits: digits), var upperSum = Money(above, minorDigits: digits)
      else { return nil }
      if let cap { (lowerSum, upperSum) = (min(lowerSum, cap), min(upperSum, cap)) }
      return upperSum < lowerSum ? ("\(lowerSum)", "\(upperSum)") : nil
    default: return nil
    }
  }
}
