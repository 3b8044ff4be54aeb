/// One promotion of a store, read for the reference.
@dynamicMemberLookup
package struct RefPromotion {
  /// The three kinds of the documented rules.
  package enum Kind: String {
    case item, discount, threshold
  }

  /// Its kind.
  package var kind: Kind
  /// Every field as read, each reached as a property of the promotion (a store of format
  /// 1 or 2 sets none of those of format 3).
  package var fields: RefPromotionFields

  /// A field of the promotion, as read.
  package subscript<Value>(dynamicMember field: KeyPath<RefPromotionFields, Value>) -> Value {
    fields[keyPath: field]
  }

  /// Whether the promotion targets a line (`target`; no target means every line).
  package func targets(_ line: RefLine) -> Bool {
    if fields.skus == nil && fields.categories == nil { return true }
    if let sku = line.sku, fields.skus?.contains(sku) == true { return true }
    return line.categories.contains { fields.categories?.contains($0) == true }
  }

  /// What this item promotion takes off a line (the documented rules), ignoring its target.
  package func itemDiscount(on line: RefLine) -> Int128 {
    let (unit, quantity) = (line.unitPrice, line.quantity)
    switch fields.benefit {
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
  package func applies(toAmount amount: Int128) -> Bool {
    fields.minimumAmount.map { amount >= $0.units } ?? true
  }

  /// What this discount or threshold takes off an amount (the documented rules), ignoring the minimum.
  package func orderDiscount(on amount: Int128) -> Int128 {
    switch fields.benefit {
    case .percentOff(let percent):
      let cut = RefMath.percent(amount, percent)
      return fields.maximumDiscount.map { min(cut, $0) } ?? cut
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
    self.init(kind: kind, fields: fields)
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
