extension Ref3Promotion {
  /// The base of this discount or threshold on what the lines have left (`left`, in line
  /// order; one entry for an order given by `amount`): the amount B and the units N of the
  /// lines it acts on (the documented rules). `nil` when it can never apply to the order: a targeted
  /// deal, or a threshold with `minimumQuantity`, on an order given by `amount`.
  package func base(left: [Int128], order: Ref3Order) -> (amount: Int128, units: Int128)? {
    guard let lines = order.lines else {
      if isTargeted || fields.minimumQuantity != nil { return nil }
      return (left.reduce(0, +), 0)
    }
    var amount: Int128 = 0
    var units: Int128 = 0
    for index in lines.indices where targets(lines[index]) {
      amount += left[index]
      units += lines[index].quantity
    }
    return (amount, units)
  }

  /// Whether this promotion acts on line `index` of `order` when it is an order deal: every
  /// line, or the lines it targets.
  package func actsOn(_ index: Int, of order: Ref3Order) -> Bool {
    guard let lines = order.lines else { return !isTargeted }
    return targets(lines[index])
  }

  /// What this discount or threshold takes off a base (the documented rules), or `nil` if it does not
  /// apply there: a minimum not reached, or nothing to take off.
  package func orderDiscount(amount: Int128, units: Int128) -> Int128? {
    if let minimum = fields.minimumAmount, amount < minimum.units { return nil }
    if let minimum = fields.minimumQuantity, units < minimum { return nil }
    let cut: Int128
    switch fields.benefit {
    case .percentOff(let percent):
      let rounded = RefMath.percent(amount, percent)
      cut = fields.maximumDiscount.map { min(rounded, $0) } ?? rounded
    case .amountOff(let amountOff):
      if fields.repeats {
        // Exactly one minimum, above 0 (the documented rules): one amountOff per full minimum.
        let times: Int128
        if let minimum = fields.minimumAmount, minimum.units > 0 {
          times = amount / minimum.units
        } else if let minimum = fields.minimumQuantity, minimum > 0 {
          times = units / minimum
        } else {
          times = 1
        }
        cut = min(times * amountOff, fields.maximumDiscount ?? times * amountOff, amount)
      } else {
        cut = min(amountOff, amount)
      }
    case .fixedPrice, .buyGet: cut = 0  // not allowed on a discount or threshold
    }
    return cut > 0 ? cut : nil
  }

  /// What this shipping promotion takes off shipping Z for an order of subtotal S, or `nil`
  /// if it does not apply: no shipping, S below its minimum, or nothing to take off.
  package func shippingDiscount(shipping: Int128, subtotal: Int128) -> Int128? {
    guard shipping > 0 else { return nil }
    if let minimum = fields.minimumAmount, subtotal < minimum.units { return nil }
    let cut: Int128
    switch fields.benefit {
    case .percentOff(let percent): cut = RefMath.percent(shipping, percent)
    case .amountOff(let amountOff): cut = min(amountOff, shipping)
    case .fixedPrice(let price): cut = max(shipping - price, 0)
    case .buyGet: cut = 0  // not allowed on shipping
    }
    return cut > 0 ? cut : nil
  }
}
