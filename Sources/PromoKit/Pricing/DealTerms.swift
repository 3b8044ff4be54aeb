/// One working promotion of an order, its amounts in the order's minor units: what each
/// kind takes off, and when it applies (docs/FORMAT.md), defined once for the exact plan
/// search of format-3 stores (``ExactPlanSearch``).
///
///     let terms = try DealTerms(promotion, storeIndex: 3, rank: 1, minorDigits: 2)
///     terms.orderDiscount(base: 18_525, units: 4)   // what a discount or threshold takes
///
/// The terms are immutable and shared: prepared once per store (``ExactCandidates``), each
/// order's search refers to those that can matter to it without copying them.
///
/// - Complexity: each question is O(1).
final class DealTerms: Sendable {
  // What pricing reads comes first, copied out of the promotion, so that a search touches
  // as little memory per deal as it can.
  /// Its kind.
  let kind: PromotionKind
  /// Whether it may combine with other promotions.
  let isStackable: Bool
  /// Whether it is a repeating threshold.
  let repeats: Bool
  /// The rank of its id among the store's ids.
  let rank: Int32
  /// What it takes off.
  let benefit: Benefit
  /// Its minimum of units, if it has one.
  let minimumQuantity: Int64?
  /// Its limit of units per line (or got across lines), if it has one.
  let maximumQuantity: Int64?
  /// Its minimum amount in minor units, rounded up (exact for every amount the currency
  /// holds), if it has one.
  let minimum: Int128?
  /// Its fixed sum (`amountOff`, `fixedPrice`) in minor units, if it has one.
  let sum: Int128?
  /// Its cap in minor units, if it has one.
  let cap: Int128?
  /// The minor digits of the amounts.
  let minorDigits: Int
  /// Its position in the catalog.
  let storeIndex: Int
  /// The promotion.
  let promotion: Promotion

  /// The terms of `promotion` in `minorDigits`, or ``UnpayableAmount`` naming an amount the
  /// currency cannot hold.
  init(_ promotion: Promotion, storeIndex: Int, rank: Int32, minorDigits: Int) throws(UnpayableAmount) {
    self.promotion = promotion
    self.storeIndex = storeIndex
    self.rank = rank
    kind = promotion.kind
    isStackable = promotion.isStackable
    repeats = promotion.repeats
    benefit = promotion.benefit
    minimumQuantity = promotion.minimumQuantity
    maximumQuantity = promotion.maximumQuantity
    self.minorDigits = minorDigits
    minimum = promotion.minimumAmount.map { $0.unitsRoundedUp(atScale: minorDigits) }
    func units(_ value: DecimalNumber, _ field: String) throws(UnpayableAmount) -> Int128 {
      guard let money = Money(value, minorDigits: minorDigits) else { throw UnpayableAmount(field: field) }
      return money.minorUnits
    }
    switch promotion.benefit {
    case .amountOff(let value): sum = try units(value, "amountOff")
    case .fixedPrice(let value): sum = try units(value, "fixedPrice")
    case .percentOff, .buyGet: sum = nil
    }
    cap = try promotion.maximumDiscount.map { (value) throws(UnpayableAmount) in
      try units(value, "maximumDiscount")
    }
  }

  /// `round(amount × p / 100)`, half up.
  private func percent(_ percentage: Percentage, of amount: Int128) -> Int128 {
    percentage.discount(on: Money(minorUnits: amount, minorDigits: minorDigits)).minorUnits
  }

  /// Whether it acts on a line with `sku` and `categories`: every line without a target.
  func targets(_ item: OrderItem) -> Bool {
    promotion.target?.matches(sku: item.sku, categories: item.categories) ?? true
  }

  /// The lines of `items` it targets.
  ///
  /// - Complexity: O(*L* *t*) for *L* lines and a target of *t* SKUs and categories.
  func targetedLines(of items: [OrderItem]) -> TargetedLines {
    guard let target = promotion.target else { return .every }
    var lines = TargetedLines.none(count: items.count)
    for (line, item) in items.enumerated() where target.matches(sku: item.sku, categories: item.categories) {
      lines.insert(line)
    }
    return lines
  }

  // MARK: Item deals

  /// What an item deal takes off one line on its own (not across lines): per unit, up to
  /// its unit limit.
  func lineDiscount(_ item: OrderItem) -> Int128 {
    let unitPrice = item.unitPrice.minorUnits
    let covered = Int128(min(item.quantity, maximumQuantity ?? item.quantity))
    switch benefit {
    case .percentOff(let percentage): return percent(percentage, of: unitPrice * covered)
    case .amountOff: return covered * min(sum!, unitPrice)
    case .fixedPrice: return covered * max(unitPrice - sum!, 0)
    case .buyGet(let terms):
      var got = terms.discountedUnits(of: item.quantity)
      if let limit = maximumQuantity { got = min(got, limit) }
      return percent(terms.percentOff, of: unitPrice * Int128(got))
    }
  }

  /// What an item deal takes off each line of `items` (0 for a line it does not target).
  ///
  /// - Complexity: O(*L* log *L*) for *L* lines.
  func lineDiscounts(_ items: [OrderItem]) -> [Int128] {
    var discounts = [Int128](repeating: 0, count: items.count)
    forEachLineDiscount(items, targeted: targetedLines(of: items)) { discounts[$0] = $1 }
    return discounts
  }

  /// Calls `body` with each line of `targeted` and what the item deal takes off it (0 or
  /// more).
  ///
  /// A buy/get across lines counts the units of all its lines together; the cheapest
  /// `floor(U / (buy + get)) × get` units (at most its unit limit) are got, ties going to
  /// the earlier line's units, and each line's share is rounded on its own.
  ///
  /// - Complexity: O(*L*), or O(*L* log *L*) across lines, for *L* lines.
  func forEachLineDiscount(_ items: [OrderItem], targeted: TargetedLines, _ body: (Int, Int128) -> Void) {
    guard case .buyGet(let terms) = benefit, terms.acrossLines else {
      targeted.forEach(count: items.count) { body($0, lineDiscount(items[$0])) }
      return
    }
    var lines: [Int] = []
    targeted.forEach(count: items.count) { lines.append($0) }
    let units = lines.reduce(Int64(0)) { $0 + items[$1].quantity }
    var got = terms.discountedUnits(of: units)
    if let limit = maximumQuantity { got = min(got, limit) }
    let cheapestFirst = lines.sorted {
      let (left, right) = (items[$0].unitPrice.minorUnits, items[$1].unitPrice.minorUnits)
      return left != right ? left < right : $0 < $1
    }
    for index in cheapestFirst where got > 0 {
      let taken = min(got, items[index].quantity)
      got -= taken
      body(index, percent(terms.percentOff, of: items[index].unitPrice.minorUnits * Int128(taken)))
    }
  }

  // MARK: Order deals

  /// What a discount or threshold takes off a base of `base` minor units over `units`
  /// units, or 0 when it does not apply there (a minimum not reached, nothing to take).
  func orderDiscount(base: Int128, units: Int64) -> Int128 {
    if let minimum, base < minimum { return 0 }
    if let least = minimumQuantity, units < least { return 0 }
    let taken: Int128
    switch benefit {
    case .percentOff(let percentage):
      taken = min(percent(percentage, of: base), cap ?? .max)
    case .amountOff:
      if repeats {
        let steps: Int128 =
          if let step = promotion.minimumAmount {
            Self.steps(of: step, in: base, minorDigits: minorDigits)
          } else {
            Int128(units / minimumQuantity!)
          }
        let (product, overflow) = steps.multipliedReportingOverflow(by: sum!)
        taken = min(overflow ? .max : product, cap ?? .max, base)
      } else {
        taken = min(sum!, base)
      }
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
    return max(taken, 0)
  }

  /// `floor(base / step)`, exactly, for `base` in minor units and a step (a repeating
  /// threshold's `minimumAmount`, above 0) that may be finer than the currency; a count
  /// too large for 128 bits is given as the largest one.
  static func steps(of step: DecimalNumber, in base: Int128, minorDigits: Int) -> Int128 {
    if step.scale <= minorDigits { return base / step.unitsRoundedUp(atScale: minorDigits) }
    // base / (significand / 10^(scale - minorDigits)), by long division so that nothing
    // overflows: base = q × significand + r, and (r × 10^k) < significand × 10^18.
    let significand = Int128(step.significand)
    let power = Int128(DecimalNumber.powerOfTen(step.scale - minorDigits))
    let (whole, remainder) = base.quotientAndRemainder(dividingBy: significand)
    let (high, overflow) = whole.multipliedReportingOverflow(by: power)
    if overflow { return .max }
    let (total, carry) = high.addingReportingOverflow(remainder * power / significand)
    return carry ? .max : total
  }

  // MARK: Shipping deals

  /// What a shipping deal takes off shipping of `shipping` minor units on an order whose
  /// subtotal is `subtotal`; 0 when there is no shipping or the minimum is not reached.
  func shippingDiscount(shipping: Int128, subtotal: Int128) -> Int128 {
    guard shipping > 0 else { return 0 }
    if let minimum, subtotal < minimum { return 0 }
    switch benefit {
    case .percentOff(let percentage): return percent(percentage, of: shipping)
    case .amountOff: return min(sum!, shipping)
    case .fixedPrice: return max(shipping - sum!, 0)
    case .buyGet: preconditionFailure("a shipping deal has no buy/get")
    }
  }
}
