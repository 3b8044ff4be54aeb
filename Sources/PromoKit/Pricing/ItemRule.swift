/// A working item promotion, with its amounts in one currency's minor units: what the item
/// stage needs to price it on a line (what a promotion takes off a line).
///
///     let rule = ItemRule(id: "mug-19", isStackable: false, reduction: .fixedPrice(nineteen))
///     rule.discount(unitPrice: thirtyNine, quantity: 2)   // 40.00
package struct ItemRule: Sendable, Hashable {
  /// How a line's discount is computed.
  package enum Reduction: Sendable, Hashable {
    /// A percentage of the line amount, rounded once.
    case percent(Percentage)
    /// A sum off each unit, never more than the unit price.
    case perUnit(Money)
    /// Each unit costs this much, unless it costs less already.
    case fixedPrice(Money)
    /// Of every `buy + get` units, `get` are discounted by the percentage.
    case buyGet(BuyGet)
  }

  /// The promotion's id.
  package var id: String
  /// The promotion's position in its catalog.
  package var storeIndex: Int
  /// Whether it may be combined with the order stage.
  package var isStackable: Bool
  /// How much it takes off a line.
  package var reduction: Reduction

  /// Creates a rule.
  package init(id: String, storeIndex: Int = 0, isStackable: Bool, reduction: Reduction) {
    self.id = id
    self.storeIndex = storeIndex
    self.isStackable = isStackable
    self.reduction = reduction
  }

  /// What it takes off a line of `quantity` units at `unitPrice` (whose amount is
  /// `lineAmount`): never more than the line amount.
  ///
  /// Complexity: O(1).
  package func discount(unitPrice: Money, quantity: Int64, lineAmount: Money) -> Money {
    // Every product below is at most the line amount, which fits.
    switch reduction {
    case .percent(let percentage):
      return percentage.discount(on: lineAmount)
    case .perUnit(let sum):
      return Money(
        minorUnits: min(sum, unitPrice).minorUnits * Int128(quantity), minorDigits: lineAmount.minorDigits)
    case .fixedPrice(let price):
      let off = max(unitPrice.minorUnits - price.minorUnits, 0)
      return Money(minorUnits: off * Int128(quantity), minorDigits: lineAmount.minorDigits)
    case .buyGet(let terms):
      let units = terms.discountedUnits(of: quantity)
      let amount = Money(
        minorUnits: unitPrice.minorUnits * Int128(units), minorDigits: lineAmount.minorDigits)
      return terms.percentOff.discount(on: amount)
    }
  }
}
