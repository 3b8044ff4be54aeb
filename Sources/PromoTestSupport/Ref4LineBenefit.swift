extension Ref4Promotion {
  /// What this item deal takes off each line of an order (SPEC 4.1), 0 on a line it does
  /// not reach: per line (at most `maximumQuantity` units of each), or worked out on the
  /// whole order first for a deal across lines, with `getTarget`, or a bundle
  /// (``Ref4WholeOrderDeals``). Every percentage is rounded by the store's `rounding`.
  package func lineDiscounts(on lines: [RefLine], rounding: Ref4Rounding) -> [Int128] {
    switch benefit {
    case .bundle(let quantity, let price):
      return Ref4WholeOrderDeals.bundle(self, lines: lines, quantity: quantity, price: price)
    case .buyGet(let buy, let get, let percent) where getTarget != nil:
      return Ref4WholeOrderDeals.buyGetTarget(
        self, lines: lines, buy: buy, get: get, percent: percent, rounding: rounding)
    case .buyGet(let buy, let get, let percent) where acrossLines:
      return Ref4WholeOrderDeals.buyGetAcross(
        self, lines: lines, buy: buy, get: get, percent: percent, rounding: rounding)
    case .percentOff, .amountOff, .fixedPrice:
      if acrossLines, let maximumQuantity {
        let covered = Ref4WholeOrderDeals.dearestUnits(self, lines: lines, count: maximumQuantity)
        return lines.indices.map { discount(onUnits: covered[$0], of: lines[$0], rounding: rounding) }
      }
      return lines.map { line in
        guard targets(line) else { return 0 }
        let covered = maximumQuantity.map { min(line.quantity, $0) } ?? line.quantity
        return discount(onUnits: covered, of: line, rounding: rounding)
      }
    case .buyGet(let buy, let get, let percent):
      return lines.map { line in
        guard targets(line) else { return 0 }
        let got = line.quantity / (buy + get) * get
        let covered = maximumQuantity.map { min(got, $0) } ?? got
        return rounding.percent(covered * line.unitPrice, percent)
      }
    case .tiers, .none:
      return lines.map { _ in 0 }
    }
  }

  /// What a `percentOff`, `amountOff` or `fixedPrice` deal takes off `units` units of a
  /// line: `round(u × m × p / 100)`, `m × min(a, u)`, `m × max(u − f, 0)`.
  func discount(onUnits units: Int128, of line: RefLine, rounding: Ref4Rounding) -> Int128 {
    switch benefit {
    case .percentOff(let percent): rounding.percent(line.unitPrice * units, percent)
    case .amountOff(let amount): units * min(amount, line.unitPrice)
    case .fixedPrice(let price): units * max(line.unitPrice - price, 0)
    default: 0
    }
  }
}
