/// A `percentOff`, `amountOff` or `fixedPrice` item deal across lines with a unit limit
/// `m`: it covers the `m` dearest units of all the lines it targets (ties: the earlier
/// line's units first; every targeted unit when they are fewer), and takes off each line
/// what it takes off that line's covered units ("mugs at 19.00, at most 2 per order").
///
///     // 2 white mugs and 2 blue mugs at 39.00, 19.00 each, at most 2: 40.00 off the white
///
/// - Complexity: O(*L*) for *L* lines, given them by price.
extension DealTerms {
  /// Calls `body` with each line of `targeted` whose units it covers, and what it takes off
  /// them; `dearestFirst` is ``LinesByPrice/dearestFirst`` of `items`.
  func forEachDearestUnit(
    _ items: [OrderItem], targeted: TargetedLines, dearestFirst: [Int], _ body: (Int, Int128) -> Void
  ) {
    var covered = maximumQuantity
    for line in dearestFirst where covered > 0 && targeted.contains(line) {
      let units = min(covered, items[line].quantity)
      covered -= units
      let unitPrice = items[line].unitPrice.minorUnits
      switch benefit {
      case .percentOff: body(line, percentageOff(unitPrice: unitPrice, units: units))
      case .amountOff: body(line, Self.perUnitOff(sum, unitPrice: unitPrice, units: units))
      case .fixedPrice: body(line, Self.fixedPriceOff(sum, unitPrice: unitPrice, units: units))
      case .buyGet, .bundle, .tiers, .gift: return
      }
    }
  }
}
