/// The item deals of SPEC 4.1 that are worked out on the whole order before the item
/// stage: a buy/get deal across lines or with `getTarget`, a percentage, sum or price off
/// the dearest units across lines, and a bundle. Each gives what it takes off every line.
package enum Ref4WholeOrderDeals {
  /// The indices of `indices` ordered by unit price, the dearest first (`dearest`) or the
  /// cheapest first, ties to the earlier line.
  static func byPrice(_ indices: [Int], lines: [RefLine], dearest: Bool) -> [Int] {
    indices.sorted {
      let (lhs, rhs) = (lines[$0].unitPrice, lines[$1].unitPrice)
      if lhs != rhs { return dearest ? lhs > rhs : lhs < rhs }
      return $0 < $1
    }
  }

  /// `count` units taken from the lines at `order` in that order: how many of each line.
  static func take(_ count: Int128, from order: [Int], lines: [RefLine]) -> [Int128] {
    var left = count
    var taken = [Int128](repeating: 0, count: lines.count)
    for index in order where left > 0 {
      taken[index] = min(left, lines[index].quantity)
      left -= taken[index]
    }
    return taken
  }

  /// The `count` dearest units of the lines `deal` targets (every one when they are
  /// fewer), ties to the earlier line's units: how many of each line.
  package static func dearestUnits(_ deal: Ref4Promotion, lines: [RefLine], count: Int128) -> [Int128] {
    let targeted = lines.indices.filter { deal.targets(lines[$0]) }
    return take(count, from: byPrice(targeted, lines: lines, dearest: true), lines: lines)
  }

  /// A buy/get deal across lines (format 3): the targeted units counted together (U),
  /// `n = floor(U / (b + g)) × g` of the cheapest got (at most `maximumQuantity`), ties to
  /// the earlier line; line i gets `round(n_i × u_i × p / 100)`.
  package static func buyGetAcross(
    _ deal: Ref4Promotion, lines: [RefLine], buy: Int128, get: Int128, percent: Int128, rounding: Ref4Rounding
  ) -> [Int128] {
    let targeted = lines.indices.filter { deal.targets(lines[$0]) }
    let units = targeted.reduce(Int128(0)) { $0 + lines[$1].quantity }
    var got = units / (buy + get) * get
    if let maximum = deal.maximumQuantity { got = min(got, maximum) }
    let taken = take(got, from: byPrice(targeted, lines: lines, dearest: false), lines: lines)
    return lines.indices.map { rounding.percent(taken[$0] * lines[$0].unitPrice, percent) }
  }

  /// A buy/get deal with `getTarget`: the get lines are those `getTarget` targets, the buy
  /// lines the other lines `target` targets. Applied `k = floor(U_b / b)` times, it gets
  /// `n = min(k × g, U_g)` units (at most `maximumQuantity`), the cheapest of the get lines,
  /// ties to the earlier line; it takes nothing off a buy line.
  ///
  /// Reading: a get line need not be targeted by `target` (the contract names the get
  /// lines "those `getTarget` targets"), and the deal "applies to" a get line it takes
  /// something off.
  package static func buyGetTarget(
    _ deal: Ref4Promotion, lines: [RefLine], buy: Int128, get: Int128, percent: Int128, rounding: Ref4Rounding
  ) -> [Int128] {
    guard let getTarget = deal.getTarget else { return lines.map { _ in 0 } }
    let getLines = lines.indices.filter { getTarget.targets(lines[$0]) }
    let buyLines = lines.indices.filter { !getTarget.targets(lines[$0]) && deal.targets(lines[$0]) }
    let bought = buyLines.reduce(Int128(0)) { $0 + lines[$1].quantity }
    let available = getLines.reduce(Int128(0)) { $0 + lines[$1].quantity }
    var got = min(bought / buy * get, available)
    if let maximum = deal.maximumQuantity { got = min(got, maximum) }
    let taken = take(got, from: byPrice(getLines, lines: lines, dearest: false), lines: lines)
    return lines.indices.map { rounding.percent(taken[$0] * lines[$0].unitPrice, percent) }
  }

  /// A bundle of `quantity` for `price`: the targeted units from the dearest (ties: the
  /// earlier line first) in groups of `quantity` from the top (a last group of fewer units
  /// is no group); every group from the first whose list price is above `price`, up to the
  /// first that is not, is taken. `D = Σ (group price − price)` is divided over the lines
  /// in proportion to the amount of their units in those groups, by SPEC 4.4's rule.
  package static func bundle(_ deal: Ref4Promotion, lines: [RefLine], quantity: Int128, price: Int128)
    -> [Int128]
  {
    let targeted = lines.indices.filter { deal.targets(lines[$0]) }
    var units: [Int] = []  // one line index per unit, the dearest first
    for index in byPrice(targeted, lines: lines, dearest: true) {
      units += Array(repeating: index, count: Int(min(lines[index].quantity, Int128(Int32.max))))
    }
    var inGroups = [Int128](repeating: 0, count: lines.count)
    var discount: Int128 = 0
    var start = 0
    let size = Int(quantity)
    while start + size <= units.count {
      let group = units[start..<(start + size)]
      let listPrice = group.reduce(Int128(0)) { $0 + lines[$1].unitPrice }
      guard listPrice > price else { break }
      discount += listPrice - price
      for index in group { inGroups[index] += 1 }
      start += size
    }
    let amounts = lines.indices.map { inGroups[$0] * lines[$0].unitPrice }
    return Ref3Allocation.shares(discount, left: amounts, acts: amounts.map { $0 > 0 })
  }
}
