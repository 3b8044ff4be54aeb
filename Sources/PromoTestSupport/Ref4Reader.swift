/// Reads a store's promotions of any version (1 to 4), as `JSONSerialization` gives them,
/// into the format-4 reference's model. Only valid files are modelled: what cannot be read
/// is a ``RefError``, not a verdict.
package enum Ref4Reader {
  /// The store's `rounding` (half-up when absent).
  package static func rounding(_ store: [String: Any]) throws(RefError) -> Ref4Rounding {
    guard let text = store["rounding"] else { return .halfUp }
    guard let text = text as? String, let rounding = Ref4Rounding(rawValue: text) else {
      throw RefError("unknown rounding \(text)")
    }
    return rounding
  }

  /// A `target` or `getTarget` object.
  static func target(_ value: Any?) -> Ref4Target? {
    guard let object = value as? [String: Any] else { return nil }
    return Ref4Target(
      skus: (object["skus"] as? [String]).map(Set.init),
      categories: (object["categories"] as? [String]).map(Set.init))
  }

  /// A minimum amount as written and the least amount of `digits` that reaches it.
  static func minimum(_ value: Any?, digits: Int) throws(RefError) -> (text: RefDecimal, units: Int128)? {
    guard let value else { return nil }
    let text = try RefReader.decimal(value)
    return (text, text.ceilingUnits(digits: digits))
  }

  /// `percentOff` or `amountOff` of an object (a promotion or a tier), if it has one.
  static func simpleBenefit(_ object: [String: Any], digits: Int) throws(RefError) -> Ref4Benefit? {
    if let percent = object["percentOff"] {
      return .percentOff(try RefReader.decimal(percent).units(digits: 4))
    }
    if let amount = object["amountOff"] {
      return .amountOff(try RefReader.decimal(amount).units(digits: digits))
    }
    return nil
  }

  /// The benefit of a promotion object.
  static func benefit(_ object: [String: Any], id: String, digits: Int) throws(RefError) -> Ref4Benefit {
    if let buy = object["buy"] as? Int, let get = object["get"] as? Int {
      let percent = try object["percentOff"].map { (value) throws(RefError) in
        try RefReader.decimal(value).units(digits: 4)
      }
      return .buyGet(buy: Int128(buy), get: Int128(get), percent: percent ?? 1_000_000)
    }
    if let bundle = object["bundle"] as? [String: Any], let quantity = bundle["quantity"] as? Int,
      let price = bundle["price"]
    {
      return .bundle(quantity: Int128(quantity), price: try RefReader.decimal(price).units(digits: digits))
    }
    if let tiers = object["tiers"] as? [Any] {
      return .tiers(
        try tiers.map { (value) throws(RefError) in
          guard let tier = value as? [String: Any], let benefit = try simpleBenefit(tier, digits: digits)
          else {
            throw RefError("promotion \(id) has a tier without a benefit")
          }
          return Ref4Tier(
            minimumAmount: try minimum(tier["minimumAmount"], digits: digits),
            minimumQuantity: (tier["minimumQuantity"] as? Int).map { Int128($0) }, benefit: benefit)
        })
    }
    if object["gift"] != nil { return .none }
    if let benefit = try simpleBenefit(object, digits: digits) { return benefit }
    if let price = object["fixedPrice"] {
      return .fixedPrice(try RefReader.decimal(price).units(digits: digits))
    }
    throw RefError("promotion \(id) has no benefit")
  }

  /// One promotion of a store of any version, its amounts in `digits`.
  package static func promotion(_ value: Any, digits: Int) throws(RefError) -> Ref4Promotion {
    guard let object = value as? [String: Any], let id = object["id"] as? String,
      let kindText = object["kind"] as? String, let kind = Ref4Kind(rawValue: kindText)
    else { throw RefError("a promotion needs an id and a kind: \(value)") }
    func whole(_ key: String) -> Int128? { (object[key] as? Int).map { Int128($0) } }
    func instant(_ key: String) throws(RefError) -> (text: String, instant: RefInstant)? {
      guard let text = object[key] as? String else { return nil }
      return (text, try RefInstant(rfc3339: text))
    }
    var combines: Set<Ref4Class> = []
    if object["stackable"] as? Bool == true { combines = Set(Ref4Class.allCases) }
    for name in object["combinesWith"] as? [String] ?? [] {
      guard let found = Ref4Class(rawValue: name) else { throw RefError("unknown class \(name)") }
      combines.insert(found)
    }
    let gift = (object["gift"] as? [String: Any]).map {
      Ref4Gift(sku: $0["sku"] as? String ?? "", quantity: Int128($0["quantity"] as? Int ?? 0))
    }
    return Ref4Promotion(
      id: id, kind: kind, benefit: try benefit(object, id: id, digits: digits),
      minimumAmount: try minimum(object["minimumAmount"], digits: digits),
      minimumQuantity: whole("minimumQuantity"), repeats: object["repeat"] as? Bool ?? false,
      acrossLines: object["acrossLines"] as? Bool ?? false, maximumQuantity: whole("maximumQuantity"),
      maximumDiscount: try object["maximumDiscount"].map { (value) throws(RefError) in
        try RefReader.decimal(value).units(digits: digits)
      },
      target: target(object["target"]), getTarget: target(object["getTarget"]),
      layer: object["layer"] as? Int,
      excludeDiscountedLines: object["excludeDiscountedLines"] as? Bool ?? false,
      gift: gift, customerGroups: (object["customerGroups"] as? [String]).map(Set.init),
      code: object["code"] as? String, startsAt: try instant("startsAt"), endsAt: try instant("endsAt"),
      active: object["active"] as? Bool ?? true, combines: combines)
  }
}
