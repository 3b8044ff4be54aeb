/// One promotion of a store, read for the reference.
package struct RefPromotion {
  /// The three kinds of the documented rules.
  package enum Kind: String {
    case item, discount, threshold
  }

  /// The promotion's id.
  package var id: String
  /// Its kind.
  package var kind: Kind
  /// What it takes off.
  package var benefit: RefBenefit
  /// A threshold's minimum as written, and the least amount in minor units that reaches it.
  package var minimum: (text: RefDecimal, units: Int128)?
  /// The cap of a percentage, in minor units.
  package var maximumDiscount: Int128?
  /// The SKUs it targets, if its target names any.
  package var skus: Set<String>?
  /// The categories it targets, if its target names any.
  package var categories: Set<String>?
  /// The code an order must present, as written.
  package var code: String?
  /// The start of its window, as written and as an instant.
  package var startsAt: (text: String, instant: RefInstant)?
  /// The end of its window, as written and as an instant.
  package var endsAt: (text: String, instant: RefInstant)?
  /// Whether the merchant switched it on.
  package var active: Bool
  /// Whether it may be combined with promotions of other stages.
  package var stackable: Bool

  /// Whether the promotion targets a line (`target`; no target means every line).
  package func targets(_ line: RefLine) -> Bool {
    if skus == nil && categories == nil { return true }
    if let sku = line.sku, skus?.contains(sku) == true { return true }
    return line.categories.contains { categories?.contains($0) == true }
  }

  /// What this item promotion takes off a line (the documented rules), ignoring its target.
  package func itemDiscount(on line: RefLine) -> Int128 {
    let (unit, quantity) = (line.unitPrice, line.quantity)
    switch benefit {
    case .percentOff(let percent): return RefMath.percent(unit * quantity, percent)
    case .amountOff(let amount): return quantity * min(amount, unit)
    case .fixedPrice(let price): return quantity * max(unit - price, 0)
    case .buyGet(let buy, let get, let percent):
      return RefMath.percent(quantity / (buy + get) * get * unit, percent)
    }
  }

  /// Whether this item promotion applies to a line: it targets it and takes off more than 0.
  package func applies(to line: RefLine) -> Bool { targets(line) && itemDiscount(on: line) > 0 }

  /// Whether this discount or threshold applies to an amount (a threshold's minimum, exactly).
  package func applies(toAmount amount: Int128) -> Bool { minimum.map { amount >= $0.units } ?? true }

  /// What this discount or threshold takes off an amount (the documented rules), ignoring the minimum.
  package func orderDiscount(on amount: Int128) -> Int128 {
    switch benefit {
    case .percentOff(let percent):
      let cut = RefMath.percent(amount, percent)
      return maximumDiscount.map { min(cut, $0) } ?? cut
    case .amountOff(let amountOff): return min(amountOff, amount)
    case .fixedPrice, .buyGet: return 0  // not allowed on a discount or threshold
    }
  }
}

extension RefPromotion {
  /// The promotion of a store of format 1 or 2 whose fields were read as `fields`.
  package init(_ fields: RefPromotionFields) throws(RefError) {
    guard let kind = Kind(rawValue: fields.kind) else {
      throw RefError("a promotion needs an id and a kind: \(fields.id) \(fields.kind)")
    }
    self.init(
      id: fields.id, kind: kind, benefit: fields.benefit, minimum: fields.minimumAmount,
      maximumDiscount: fields.maximumDiscount, skus: fields.skus, categories: fields.categories,
      code: fields.code, startsAt: fields.startsAt, endsAt: fields.endsAt, active: fields.active,
      stackable: fields.stackable)
  }
}

/// One line of an order.
package struct RefLine {
  /// The line's SKU, if it has one.
  package var sku: String?
  /// The line's categories.
  package var categories: [String]
  /// The unit price in minor units.
  package var unitPrice: Int128
  /// How many units.
  package var quantity: Int128

  /// The line amount `unitPrice × quantity`.
  package var amount: Int128 { unitPrice * quantity }
}
