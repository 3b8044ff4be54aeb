/// An order rule's amounts and flags in a trivial value (no id, so reading one touches no
/// reference count), with the rank of its id: what the order stage over few rules reads.
struct CompactOrderRule: Sendable {
  /// The promotion's position in its catalog.
  var storeIndex: Int
  /// The rank of its id among every id of the store.
  var rank: Int32
  var isStackable: Bool
  /// What it takes off: a percentage (`value` is its rate) or a fixed sum (`value`); an
  /// order rule has no other kind.
  var benefit: Benefit.Kind
  /// The least amount it applies to; -1 for a discount.
  var minimum: Int128
  /// The rate in ten-thousandths of a percent, or the sum.
  var value: Int128
  /// A percentage's cap; -1 for none.
  var cap: Int128

  /// `rule`, whose id has rank `rank`.
  init(_ rule: OrderRule, rank: Int32) {
    storeIndex = rule.storeIndex
    self.rank = rank
    isStackable = rule.isStackable
    minimum = rule.minimum?.minorUnits ?? -1
    benefit = rule.reduction.kind
    switch rule.reduction {
    case .percent(let rate, let cap):
      value = Int128(rate.tenThousandths)
      self.cap = cap?.minorUnits ?? -1
    case .fixed(let sum):
      value = sum.minorUnits
      cap = -1
    }
  }

  /// Whether it is a threshold.
  var isThreshold: Bool { minimum >= 0 }

  /// What it takes off `amount`, or `nil` below its minimum: the same as
  /// ``OrderRule/discount(on:)``.
  @inline(__always)
  func value(at amount: Int128) -> Int128? {
    if amount < minimum { return nil }
    switch benefit {
    case .amountOff: return DealTerms.sumOff(value, of: amount)
    case .percentOff: return DealTerms.percentageOff(Int64(value), of: amount, cap: cap >= 0 ? cap : .max)
    case .fixedPrice, .buyGet: preconditionFailure("an order rule takes a percentage or a sum")
    }
  }
}
