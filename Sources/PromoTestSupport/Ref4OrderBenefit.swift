/// What an order deal takes off its base: the amount B and units N of the lines it acts
/// on, and, for a threshold with tiers, the tier it took.
package struct Ref4OrderCut {
  /// What it takes off, above 0.
  package var discount: Int128
  /// The tier it took, from 1, for a threshold with tiers.
  package var tier: Int?
}

extension Ref4Promotion {
  /// Whether this discount or threshold acts on line `index` of `order` in a plan whose
  /// item stage left `tookItemDeal` (one entry per line): a line it targets, less, with
  /// `excludeDiscountedLines`, a line that took an item deal. For an order given by
  /// `amount` (one pseudo-line), an untargeted deal acts on the amount.
  package func actsOn(_ index: Int, of order: Ref3Order, tookItemDeal: [Bool]) -> Bool {
    guard let lines = order.lines else { return !isTargeted }
    if excludeDiscountedLines && tookItemDeal[index] { return false }
    return targets(lines[index])
  }

  /// The base B and units N of this deal on what the lines have left (`left`, one entry
  /// for an order given by `amount`), or `nil` when it can never apply there: a targeted
  /// deal or one that counts units on an order given by `amount`, or, with
  /// `excludeDiscountedLines`, no line left to act on.
  package func base(left: [Int128], order: Ref3Order, tookItemDeal: [Bool]) -> (
    amount: Int128, units: Int128
  )? {
    guard let lines = order.lines else {
      if isTargeted || countsUnits || minimumQuantity != nil { return nil }
      return (left.reduce(0, +), 0)
    }
    var amount: Int128 = 0
    var units: Int128 = 0
    var any = false
    for index in lines.indices where actsOn(index, of: order, tookItemDeal: tookItemDeal) {
      amount += left[index]
      units += lines[index].quantity
      any = true
    }
    // Reading: "when none is left it does not apply" is about excludeDiscountedLines; a
    // deal whose lines are all gone otherwise has a base of 0 and takes nothing anyway.
    if excludeDiscountedLines && !any { return nil }
    return (amount, units)
  }

  /// What this discount or threshold takes off a base B of N units (SPEC 4.1), or `nil`
  /// if it does not apply: a minimum or first tier not reached, or nothing to take off.
  package func orderCut(amount: Int128, units: Int128, rounding: Ref4Rounding) -> Ref4OrderCut? {
    if case .tiers(let tiers) = benefit {
      return tierCut(tiers, amount: amount, units: units, rounding: rounding)
    }
    if let minimum = minimumAmount, amount < minimum.units { return nil }
    if let minimum = minimumQuantity, units < minimum { return nil }
    let cut: Int128
    switch benefit {
    case .percentOff(let percent):
      let rounded = rounding.percent(amount, percent)
      cut = maximumDiscount.map { min(rounded, $0) } ?? rounded
    case .amountOff(let amountOff) where repeats:
      var times: Int128 = 1
      if let minimum = minimumAmount, minimum.units > 0 {
        times = amount / minimum.units
      } else if let minimum = minimumQuantity, minimum > 0 {
        times = units / minimum
      }
      cut = min(times * amountOff, maximumDiscount ?? times * amountOff, amount)
    case .amountOff(let amountOff): cut = min(amountOff, amount)
    default: cut = 0
    }
    return cut > 0 ? Ref4OrderCut(discount: cut, tier: nil) : nil
  }

  /// A threshold with tiers: the last tier whose minimum B (or N) reaches, its benefit
  /// capped at `maximumDiscount` and never more than B ("the deepest rung, as the merchant
  /// wrote it, even where an earlier tier would take more").
  func tierCut(_ tiers: [Ref4Tier], amount: Int128, units: Int128, rounding: Ref4Rounding) -> Ref4OrderCut? {
    var reached: Int?
    for (index, tier) in tiers.enumerated() {
      if let minimum = tier.minimumAmount, amount < minimum.units { continue }
      if let minimum = tier.minimumQuantity, units < minimum { continue }
      reached = index
    }
    guard let reached else { return nil }
    var cut: Int128
    switch tiers[reached].benefit {
    case .percentOff(let percent): cut = rounding.percent(amount, percent)
    case .amountOff(let amountOff): cut = amountOff
    default: cut = 0
    }
    if let maximumDiscount { cut = min(cut, maximumDiscount) }
    cut = min(cut, amount)
    return cut > 0 ? Ref4OrderCut(discount: cut, tier: reached + 1) : nil
  }

  /// What this shipping promotion takes off shipping Z for an order of subtotal S, or
  /// `nil` if it does not apply: no shipping, S below its minimum, or nothing to take off.
  package func shippingCut(shipping: Int128, subtotal: Int128, rounding: Ref4Rounding) -> Int128? {
    guard shipping > 0 else { return nil }
    if let minimum = minimumAmount, subtotal < minimum.units { return nil }
    let cut: Int128
    switch benefit {
    case .percentOff(let percent): cut = rounding.percent(shipping, percent)
    case .amountOff(let amountOff): cut = min(amountOff, shipping)
    case .fixedPrice(let price): cut = max(shipping - price, 0)
    default: cut = 0
    }
    return cut > 0 ? cut : nil
  }
}
