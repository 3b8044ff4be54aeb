extension Ref3Promotion {
  /// What this item promotion takes off each line of an order (the documented rules), 0 on a line it
  /// does not target: per line with `maximumQuantity` counting at most that many units,
  /// or, for a buy/get deal `acrossLines`, worked out on the whole order first.
  package func lineDiscounts(on lines: [RefLine]) -> [Int128] {
    if fields.acrossLines, case .buyGet(let buy, let get, let percent) = fields.benefit {
      return acrossLinesDiscounts(on: lines, buy: buy, get: get, percent: percent)
    }
    return lines.map { targets($0) ? discount(onOneLine: $0) : 0 }
  }

  /// What this item promotion takes off one line on its own, ignoring its target.
  package func discount(onOneLine line: RefLine) -> Int128 {
    let (unit, quantity) = (line.unitPrice, line.quantity)
    let covered = fields.maximumQuantity.map { min(quantity, $0) } ?? quantity
    switch fields.benefit {
    case .percentOff(let percent): return RefMath.percent(unit * covered, percent)
    case .amountOff(let amount): return covered * min(amount, unit)
    case .fixedPrice(let price): return covered * max(unit - price, 0)
    case .buyGet(let buy, let get, let percent):
      let got = quantity / (buy + get) * get
      return RefMath.percent((fields.maximumQuantity.map { min(got, $0) } ?? got) * unit, percent)
    }
  }

  /// A buy/get deal across lines: the units of every targeted line counted together (U),
  /// `n = floor(U / (b + g)) × g` (at most `maximumQuantity`) of the cheapest got, ties
  /// between equal prices to the earlier line's units; line i gets `round(n_i × u_i × p / 100)`.
  package func acrossLinesDiscounts(on lines: [RefLine], buy: Int128, get: Int128, percent: Int128)
    -> [Int128]
  {
    let targeted = lines.indices.filter { targets(lines[$0]) }
    let units = targeted.reduce(Int128(0)) { $0 + lines[$1].quantity }
    var left = units / (buy + get) * get
    if let maximumQuantity = fields.maximumQuantity { left = min(left, maximumQuantity) }
    // Cheapest first; a stable sort keeps equal prices in line order.
    let cheapestFirst = targeted.enumerated().sorted {
      let (lhs, rhs) = (lines[$0.element].unitPrice, lines[$1.element].unitPrice)
      return lhs != rhs ? lhs < rhs : $0.offset < $1.offset
    }.map(\.element)
    var got = [Int128](repeating: 0, count: lines.count)
    for index in cheapestFirst where left > 0 {
      got[index] = min(left, lines[index].quantity)
      left -= got[index]
    }
    return lines.indices.map { RefMath.percent(got[$0] * lines[$0].unitPrice, percent) }
  }
}
