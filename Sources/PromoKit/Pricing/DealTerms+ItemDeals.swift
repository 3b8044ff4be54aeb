/// Item deals: what an item promotion takes off each line it targets, line by line or (a
/// buy/get across lines) counting the units of its lines together.
///
///     let discounts = terms.lineDiscounts(order.items, target: promotion.target)
///
/// - Complexity: O(1) for one line; O(*L* log *L*) for the *L* lines of an order.
extension DealTerms {
  /// The lines of `items` that `target` (the promotion's) takes in: every line without one.
  ///
  /// - Complexity: O(*L* *t*) for *L* lines and a target of *t* SKUs and categories.
  static func targetedLines(of items: [OrderItem], target: ItemTarget?) -> TargetedLines {
    guard let target else { return .every }
    var lines = TargetedLines.none(count: items.count)
    for (line, item) in items.enumerated() where target.matches(sku: item.sku, categories: item.categories) {
      lines.insert(line)
    }
    return lines
  }

  /// What an item deal takes off one line of `quantity` units at `unitPrice` minor units
  /// on its own (not across lines): per unit, up to its unit limit.
  func lineDiscount(unitPrice: Int128, quantity: Int64) -> Int128 {
    let covered = min(quantity, maximumQuantity)
    switch benefit {
    case .percentOff: return percentageOff(unitPrice: unitPrice, units: covered)
    case .amountOff: return Self.perUnitOff(sum, unitPrice: unitPrice, units: covered)
    case .fixedPrice: return Self.fixedPriceOff(sum, unitPrice: unitPrice, units: covered)
    case .buyGet: return buyGetOff(unitPrice: unitPrice, quantity: quantity)
    // A bundle is worked out across lines; the others are no item deals.
    case .bundle, .tiers, .gift: return 0
    }
  }

  /// What an item deal takes off each line of `items` (0 for a line it does not target),
  /// `target` being the promotion's.
  ///
  /// - Complexity: O(*L* log *L*) for *L* lines.
  func lineDiscounts(_ items: [OrderItem], target: ItemTarget?) -> [Int128] {
    var discounts = [Int128](filled: 0, count: items.count)
    forEachLineDiscount(items, targeted: Self.targetedLines(of: items, target: target)) { discounts[$0] = $1 }
    return discounts
  }

  /// Calls `body` with each line of `targeted` and what the item deal takes off it (0 or
  /// more); `byPrice`, when given, is ``LinesByPrice`` of `items`. A deal across lines is
  /// worked out on all its lines together (``forEachLineAcross(_:targeted:byPrice:_:)``).
  ///
  /// - Complexity: O(*L*), or O(*L* log *L*) across lines, for *L* lines.
  @inline(__always)
  func forEachLineDiscount(
    _ items: [OrderItem], targeted: TargetedLines, byPrice: LinesByPrice? = nil, _ body: (Int, Int128) -> Void
  ) {
    guard acrossLines else {
      // The two numbers of each line, not the line: copying it would retain its strings.
      targeted.forEach(count: items.count) {
        body($0, lineDiscount(unitPrice: items[$0].unitPrice.minorUnits, quantity: items[$0].quantity))
      }
      return
    }
    // (The lines by price lent as they are when given: a copy would retain both lists for
    // every deal.)
    switch byPrice {
    case .some(let byPrice): forEachLineAcross(items, targeted: targeted, byPrice: byPrice, body)
    case .none: forEachLineAcross(items, targeted: targeted, byPrice: LinesByPrice(items), body)
    }
  }
}
