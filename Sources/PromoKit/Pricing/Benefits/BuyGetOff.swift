/// The benefit `buy` / `get` (with its percentage, 100 by default): of every `buy + get`
/// units, `get` are got at the percentage off, the cheapest first when it counts the units
/// of its lines together (`acrossLines`), at most its unit limit.
///
///     DealTerms.gotAmount(unitPrice: 2_500, quantity: 3, buy: 1, get: 1)   // 2_500: one unit got
///
/// - Complexity: O(1) on one line; O(*L* log *L*) across *L* lines.
extension DealTerms {
  /// The units got of `quantity` units: `floor(q / (buy + get)) × get`.
  func discountedUnits(of quantity: Int64) -> Int64 {
    BuyGet.discountedUnits(of: quantity, buy: Int64(buy), get: Int64(get))
  }

  /// A buy/get on a line of `quantity` units at `unitPrice`: the amount of the units got
  /// (at most `limit` of them), of which its percentage is taken.
  @inline(__always)
  static func gotAmount(
    unitPrice: Int128, quantity: Int64, buy: Int64, get: Int64, limit: Int64 = .max
  ) -> Int128 {
    RateArithmetic.product(unitPrice, min(BuyGet.discountedUnits(of: quantity, buy: buy, get: get), limit))
  }

  /// What this buy/get takes off one line on its own (not across lines).
  func buyGetOff(unitPrice: Int128, quantity: Int64) -> Int128 {
    let got = Self.gotAmount(
      unitPrice: unitPrice, quantity: quantity, buy: Int64(buy), get: Int64(get), limit: maximumQuantity)
    return percentageOff(rate, of: got)
  }

  /// Calls `body` with each line of `targeted` that this buy/get across lines gets units
  /// of, and what it takes off it: the units of all its lines counted together, the
  /// cheapest `floor(U / (buy + get)) × get` of them got (at most its unit limit), ties to
  /// the earlier line's units, each line's share rounded on its own; a bundle, or a single
  /// price with a limit across lines, from the dearest line (`byPrice` of `items`).
  func forEachLineAcross(
    _ items: [OrderItem], targeted: TargetedLines, byPrice: LinesByPrice, _ body: (Int, Int128) -> Void
  ) {
    switch benefit {
    case .bundle:
      return forEachLineOfBundle(items, targeted: targeted, dearestFirst: byPrice.dearestFirst, body)
    case .percentOff, .amountOff, .fixedPrice:
      return forEachDearestUnit(items, targeted: targeted, dearestFirst: byPrice.dearestFirst, body)
    case .buyGet where extras?.getTarget != nil:
      return forEachLineGot(items, targeted: targeted, cheapestFirst: byPrice.cheapestFirst, body)
    case .buyGet, .tiers, .gift: break
    }
    var units: Int64 = 0
    targeted.forEach(count: items.count) { units += items[$0].quantity }
    var got = min(discountedUnits(of: units), maximumQuantity)
    for index in byPrice.cheapestFirst where got > 0 && targeted.contains(index) {
      let taken = min(got, items[index].quantity)
      got -= taken
      body(index, percentageOff(unitPrice: items[index].unitPrice.minorUnits, units: taken))
    }
  }

  /// A buy/get with a get target: units bought on its buy lines (those it targets that its
  /// get target does not), `k = floor(U_b / buy)` times; `min(k × get, U_g)` units got (at
  /// most its unit limit), the cheapest of its get lines, ties to the earlier line.
  private func forEachLineGot(
    _ items: [OrderItem], targeted: TargetedLines, cheapestFirst: [Int], _ body: (Int, Int128) -> Void
  ) {
    let getLines = Self.targetedLines(of: items, target: extras?.getTarget)
    var (bought, gettable): (Int64, Int64) = (0, 0)
    for line in items.indices {
      if getLines.contains(line) {
        gettable += items[line].quantity
      } else if targeted.contains(line) {
        bought += items[line].quantity
      }
    }
    let times = bought / Int64(buy)
    var got = min(
      min(times.multipliedReportingOverflow(by: Int64(get)).overflow ? .max : times * Int64(get), gettable),
      maximumQuantity)
    for index in cheapestFirst where got > 0 && getLines.contains(index) {
      let taken = min(got, items[index].quantity)
      got -= taken
      body(index, percentageOff(unitPrice: items[index].unitPrice.minorUnits, units: taken))
    }
  }

  /// Whether this buy/get takes at least what `other`, a buy/get too, takes off every
  /// line: the same units bought and got (so the same units got), at least its percentage.
  func buyGetTakesAtLeast(_ other: DealTerms) -> Bool {
    buy == other.buy && get == other.get && rate >= other.rate
  }
}
