/// Reads a store's promotions and an order, as `JSONSerialization` gives them, into the
/// format-3 reference's model. Only valid files are modelled: what the reference cannot
/// read is a ``RefError``, not a verdict.
package enum Ref3Reader {
  /// One promotion of a store of any version, its amounts in `digits`.
  package static func promotion(_ value: Any, digits: Int) throws(RefError) -> Ref3Promotion {
    guard let object = value as? [String: Any], let id = object["id"] as? String,
      let kind = (object["kind"] as? String).flatMap(Ref3Promotion.Kind.init(rawValue:))
    else { throw RefError("a promotion needs an id and a kind: \(value)") }
    func amount(_ key: String) throws(RefError) -> Int128? {
      guard let value = object[key] else { return nil }
      return try Format2Reference.decimal(value).units(digits: digits)
    }
    func whole(_ key: String) -> Int128? { (object[key] as? Int).map { Int128($0) } }
    let percent = try object["percentOff"].map { (value) throws(RefError) in
      try Format2Reference.decimal(value).units(digits: 4)
    }
    let benefit: Ref3Promotion.Benefit
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
      let text = try Format2Reference.decimal(value)
      return (text: text, units: text.ceilingUnits(digits: digits))
    }
    let target = object["target"] as? [String: Any]
    func instant(_ key: String) throws(RefError) -> RefInstant? {
      guard let text = object[key] as? String else { return nil }
      return try RefInstant(rfc3339: text)
    }
    return Ref3Promotion(
      id: id, kind: kind, benefit: benefit, minimumAmount: minimum, minimumQuantity: whole("minimumQuantity"),
      repeats: object["repeat"] as? Bool ?? false, acrossLines: object["acrossLines"] as? Bool ?? false,
      maximumQuantity: whole("maximumQuantity"), maximumDiscount: try amount("maximumDiscount"),
      skus: (target?["skus"] as? [String]).map(Set.init),
      categories: (target?["categories"] as? [String]).map(Set.init),
      customerGroups: (object["customerGroups"] as? [String]).map(Set.init),
      code: object["code"] as? String, startsAt: try instant("startsAt"), endsAt: try instant("endsAt"),
      active: object["active"] as? Bool ?? true, stackable: object["stackable"] as? Bool ?? false)
  }

  /// An order in `digits`, with the codes and customer groups given for every order added.
  package static func order(
    _ object: [String: Any], digits: Int, codes: [String], groups: [String], name: String
  ) throws(RefError) -> Ref3Order {
    var presented = Set(codes.map(RefMath.foldCase))
    for code in object["codes"] as? [Any] ?? [] {
      guard let code = code as? String else { throw RefError("a code must be a string") }
      presented.insert(RefMath.foldCase(code))
    }
    var customerGroups = Set(groups)
    if let customer = object["customer"] as? [String: Any] {
      for group in customer["groups"] as? [Any] ?? [] {
        guard let group = group as? String else { throw RefError("a customer group must be a string") }
        customerGroups.insert(group)
      }
    }
    let shipping = try object["shipping"].map { (value) throws(RefError) in
      try Format2Reference.decimal(value).units(digits: digits)
    }
    let lines: [RefLine]?
    let subtotal: Int128
    if let items = object["items"] as? [Any] {
      let read = try items.map { (value) throws(RefError) in
        try Format2Reference.readLine(value, digits: digits)
      }
      lines = read
      subtotal = read.reduce(0) { $0 + $1.amount }
    } else if let amount = object["amount"] {
      lines = nil
      subtotal = try Format2Reference.decimal(amount).units(digits: digits)
    } else {
      throw RefError("an order needs items or amount")
    }
    return Ref3Order(
      name: object["id"] as? String ?? name, currency: object["currency"] as? String, lines: lines,
      subtotal: subtotal, shipping: shipping, codes: presented, groups: customerGroups)
  }
}
