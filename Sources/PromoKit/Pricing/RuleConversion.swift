/// A promotion amount that the minor units of the order's currency cannot hold (a store
/// without a currency, written with 2 decimal places, priced against a JPY order).
package struct UnpayableAmount: Error, Sendable, Hashable {
  /// The store key of the amount: `amountOff`, `fixedPrice` or `maximumDiscount`.
  package var field: String

  /// Creates the error for the amount under `field`.
  package init(field: String) {
    self.field = field
  }

  /// The data error for this amount of the promotion at `position` of a catalog in
  /// `currency`, priced for an order whose amounts have `minorDigits` digits: a store
  /// without a currency priced in a currency of fewer digits, or a promotion built in code
  /// with more decimal places than its catalog's currency has.
  package func error(position: Int, currency: Currency?, minorDigits: Int) -> PromoError {
    let message =
      if let currency {
        "\(field) has more decimal places than \(currency.code) has (\(currency.minorDigits)); "
          + "write it in whole minor units of the currency"
      } else {
        "the store has no currency and its amounts use 2 decimal places, but the order's currency has "
          + "\(minorDigits); give the store a currency or write whole amounts"
      }
    return PromoError(.invalidData, position: "promotions[\(position)].\(field)", message)
  }
}

extension OrderRule {
  /// The rule of a working discount or threshold, its amounts in `minorDigits`; `nil` for
  /// an item promotion.
  ///
  /// A minimum finer than the currency is rounded up to the next minor unit, which keeps
  /// `amount >= minimum` exact for every amount the currency can hold.
  package init?(_ promotion: borrowing Promotion, storeIndex: Int = 0, minorDigits: Int)
    throws(UnpayableAmount)
  {
    let reduction: Reduction
    switch promotion.benefit {
    case .percentOff(let percentage):
      reduction = .percent(
        percentage,
        cap: try promotion.maximumDiscount.map { (cap) throws(UnpayableAmount) in
          try money(cap, "maximumDiscount", minorDigits)
        })
    case .amountOff(let sum): reduction = .fixed(try money(sum, "amountOff", minorDigits))
    case .fixedPrice, .buyGet: return nil
    }
    guard promotion.kind.actsOnOrder else { return nil }
    let minimum = promotion.minimumAmount.map {
      Money(minorUnits: $0.unitsRoundedUp(atScale: minorDigits), minorDigits: minorDigits)
    }
    self.init(
      id: promotion.id, storeIndex: storeIndex, isStackable: promotion.isStackable, minimum: minimum,
      reduction: reduction)
  }
}

extension ItemRule {
  /// The rule of a working item promotion, its amounts in `minorDigits`; `nil` for a
  /// discount or threshold.
  package init?(_ promotion: borrowing Promotion, storeIndex: Int = 0, minorDigits: Int)
    throws(UnpayableAmount)
  {
    guard promotion.kind == .item else { return nil }
    let reduction: Reduction
    switch promotion.benefit {
    case .percentOff(let percentage): reduction = .percent(percentage)
    case .amountOff(let sum): reduction = .perUnit(try money(sum, "amountOff", minorDigits))
    case .fixedPrice(let price): reduction = .fixedPrice(try money(price, "fixedPrice", minorDigits))
    case .buyGet(let terms): reduction = .buyGet(terms)
    }
    self.init(
      id: promotion.id, storeIndex: storeIndex, isStackable: promotion.isStackable, reduction: reduction)
  }
}

/// `decimal` in minor units of `minorDigits`, or ``UnpayableAmount`` naming `field`.
private func money(_ decimal: DecimalNumber, _ field: String, _ minorDigits: Int) throws(UnpayableAmount)
  -> Money
{
  guard let money = Money(decimal, minorDigits: minorDigits) else { throw UnpayableAmount(field: field) }
  return money
}
