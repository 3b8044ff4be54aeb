import Foundation

/// What both references read the same way from the JSON values `JSONSerialization` gives:
/// decimals, an order's lines, amount and codes, and a promotion's fields. Only valid files
/// are modelled: what cannot be read is a ``RefError``, not a verdict.
package enum RefReader {
  /// A decimal read from a JSON string or a whole JSON number (a fractional JSON number
  /// would have passed through binary floating point).
  package static func decimal(_ value: Any) throws(RefError) -> RefDecimal {
    if let text = value as? String { return try RefDecimal(text) }
    if let whole = value as? Int, whole >= 0 { return try RefDecimal(String(whole)) }
    throw RefError("a decimal must be a string or a whole JSON number, not \(value)")
  }

  /// One item of an order, its unit price in `digits`.
  package static func line(_ value: Any, digits: Int) throws(RefError) -> RefLine {
    guard let object = value as? [String: Any], let price = object["unitPrice"],
      let quantity = object["quantity"] as? Int
    else { throw RefError("an item needs unitPrice and quantity: \(value)") }
    return RefLine(
      sku: object["sku"] as? String, categories: object["categories"] as? [String] ?? [],
      unitPrice: try decimal(price).units(digits: digits), quantity: Int128(quantity))
  }

  /// An order's lines (`nil` for an order given by `amount`) and its subtotal, in `digits`.
  package static func lines(_ order: [String: Any], digits: Int) throws(RefError)
    -> (lines: [RefLine]?, subtotal: Int128)
  {
    if let items = order["items"] as? [Any] {
      let lines = try items.map { (value) throws(RefError) in try line(value, digits: digits) }
      return (lines, lines.reduce(0) { $0 + $1.amount })
    }
    if let amount = order["amount"] { return (nil, try decimal(amount).units(digits: digits)) }
    throw RefError("an order needs items or amount")
  }

  /// The codes an order presents: `given` (by `--code`) and its own `codes`, ASCII case
  /// folded.
  package static func codes(_ order: [String: Any], given: [String]) throws(RefError) -> Set<String> {
    var presented = Set(given.map(RefMath.foldCase))
    for code in order["codes"] as? [Any] ?? [] {
      guard let code = code as? String else { throw RefError("a code must be a string") }
      presented.insert(RefMath.foldCase(code))
    }
    return presented
  }

  /// Every field of one promotion of a store of any version, its amounts in `digits`.
  package static func promotion(_ value: Any, digits: Int) throws(RefError) -> RefPromotionFields {
    guard let object = value as? [String: Any], let id = object["id"] as? String,
      let kind = object["kind"] as? String
    else { throw RefError("a promotion needs an id and a kind: \(value)") }
    func amount(_ key: String) throws(RefError) -> Int128? {
      guard let value = object[key] else { return nil }
      return try decimal(value).units(digits: digits)
    }
    func whole(_ key: String) -> Int128? { (object[key] as? Int).map { Int128($0) } }
    let percent = try object["percentOff"].map { (value) throws(RefError) in
      try decimal(value).units(digits: 4)
    }
    let benefit: RefBenefit
    if let buy = whole("buy"), let get = whole("get") {
      benefit = .buyGet(buy: buy, get: get, percent: percent ?? 1_000_000)
    } else if let percent {
      benefit = .percentOff(percent)
    } else if let amountOff = try amount("amountOff") {
      benefit = .amountOff(amountOff)
    } else if let fixedPrice = try amount("fixedPrice") {
      benefit = .fixedPrice(fixedPrice)
    } else {
      throw RefError("promotion \(id) has no benefit")
    }
    let minimum = try object["minimumAmount"].map { (value) throws(RefError) in
      let text = try decimal(value)
      return (text: text, units: text.ceilingUnits(digits: digits))
    }
    let target = object["target"] as? [String: Any]
    func timestamp(_ key: String) throws(RefError) -> (text: String, instant: RefInstant)? {
      guard let text = object[key] as? String else { return nil }
      return (text, try RefInstant(rfc3339: text))
    }
    return RefPromotionFields(
      id: id, kind: kind, benefit: benefit, minimumAmount: minimum, minimumQuantity: whole("minimumQuantity"),
      repeats: object["repeat"] as? Bool ?? false, acrossLines: object["acrossLines"] as? Bool ?? false,
      maximumQuantity: whole("maximumQuantity"), maximumDiscount: try amount("maximumDiscount"),
      skus: (target?["skus"] as? [String]).map(Set.init),
      categories: (target?["categories"] as? [String]).map(Set.init),
      customerGroups: (object["customerGroups"] as? [String]).map(Set.init),
      code: object["code"] as? String, startsAt: try timestamp("startsAt"), endsAt: try timestamp("endsAt"),
      active: object["active"] as? Bool ?? true, stackable: object["stackable"] as? Bool ?? false)
  }
}
