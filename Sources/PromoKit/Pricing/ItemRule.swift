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

    /// The benefit it prices, without its amount.
    var kind: Benefit.Kind {
      switch self {
      case .percent: .percentOff
      case .perUnit: .amountOff
      case .fixedPrice: .fixedPrice
      case .buyGet: .buyGet
      }
    }
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
    // The formulas of DealTerms; every product is at most the line amount, which fits.
    let units: Int128
    switch reduction {
    case .percent(let percentage):
      units = DealTerms.percentageOff(percentage.tenThousandths, of: lineAmount.minorUnits)
    case .perUnit(let sum):
      units = DealTerms.perUnitOff(sum.minorUnits, unitPrice: unitPrice.minorUnits, units: quantity)
    case .fixedPrice(let price):
      units = DealTerms.fixedPriceOff(price.minorUnits, unitPrice: unitPrice.minorUnits, units: quantity)
    case .buyGet(let terms):
      let got = DealTerms.gotAmount(
        unitPrice: unitPrice.minorUnits, quantity: quantity, buy: terms.buy, get: terms.get)
      units = DealTerms.percentageOff(terms.percentOff.tenThousandths, of: got)
    }
    return Money(minorUnits: units, minorDigits: lineAmount.minorDigits)
  }
}
