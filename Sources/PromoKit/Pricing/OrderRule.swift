/// A working discount or threshold, with its amounts in one currency's minor units: what
/// the order stage needs to price it (what a promotion takes off an amount).
///
///     let rule = OrderRule(id: "t", isStackable: true, minimum: hundred, reduction: .fixed(fifteen))
///     rule.discount(on: ninetyNine)   // nil: below its minimum
package struct OrderRule: Sendable, Hashable {
  /// How the discount is computed.
  package enum Reduction: Sendable, Hashable {
    /// A percentage of the amount, capped at `cap` when it has one.
    case percent(Percentage, cap: Money?)
    /// A fixed sum, never more than the amount.
    case fixed(Money)

    /// The benefit it computes, in the model's one list of them.
    package var kind: Benefit.Kind {
      switch self {
      case .percent: .percentOff
      case .fixed: .amountOff
      }
    }
  }

  /// The promotion's id.
  package var id: String
  /// The promotion's position in its catalog.
  package var storeIndex: Int
  /// Whether it may be stacked.
  package var isStackable: Bool
  /// The least amount it applies to, for a threshold; `nil` for a discount.
  package var minimum: Money?
  /// How much it takes off.
  package var reduction: Reduction

  /// Creates a rule.
  package init(id: String, storeIndex: Int = 0, isStackable: Bool, minimum: Money?, reduction: Reduction) {
    self.id = id
    self.storeIndex = storeIndex
    self.isStackable = isStackable
    self.minimum = minimum
    self.reduction = reduction
  }

  /// Whether it applies to `amount`: always for a discount, from the minimum for a threshold.
  package func applies(to amount: Money) -> Bool {
    guard let minimum else { return true }
    return amount >= minimum
  }

  /// What it takes off `amount` when it applies (the minimum aside): never more than
  /// `amount`, so no total is negative.
  ///
  /// Complexity: O(1).
  package func reduction(of amount: Money) -> Money {
    Money(minorUnits: reduction(ofUnits: amount.minorUnits), minorDigits: amount.minorDigits)
  }

  /// ``reduction(of:)`` of `amount` minor units, by the formulas of ``DealTerms``.
  ///
  /// Complexity: O(1).
  @inline(__always)
  package func reduction(ofUnits amount: Int128) -> Int128 {
    switch reduction {
    case .percent(let percentage, let cap):
      DealTerms.percentageOff(percentage.tenThousandths, of: amount, cap: cap?.minorUnits ?? .max)
    case .fixed(let sum): DealTerms.sumOff(sum.minorUnits, of: amount)
    }
  }

  /// What it takes off `amount`, or `nil` when a threshold's minimum is not reached.
  package func discount(on amount: Money) -> Money? {
    applies(to: amount) ? reduction(of: amount) : nil
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
    case .fixedPrice, .buyGet, .bundle, .gift: return nil
    // format 4: priced by the engine work on issue 30
    case .tiers: reduction = .fixed(Money(minorUnits: 0, minorDigits: minorDigits))
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

/// `decimal` in minor units of `minorDigits`, or ``UnpayableAmount`` naming `field`.
private func money(_ decimal: DecimalNumber, _ field: String, _ minorDigits: Int) throws(UnpayableAmount)
  -> Money
{
  guard let money = Money(decimal, minorDigits: minorDigits) else { throw UnpayableAmount(field: field) }
  return money
}
