extension ObservedQuote3 {
  /// The result object `promo price --format json` writes (as `JSONSerialization` gives
  /// it), read in `digits` minor digits: its sums, promotions, lines, shipping and, with
  /// `--explain`, its outcomes. Any format's result reads so (one of format 1 or 2 has no
  /// shipping). What is missing or not a number of `digits` places is a ``RefError`` naming
  /// the key.
  package init(resultObject object: [String: Any], digits: Int) throws(RefError) {
    func units(_ value: Any?, _ key: String) throws(RefError) -> Int128 {
      guard let text = value as? String else { throw RefError("\(key): missing or not a string") }
      let negative = text.hasPrefix("-")
      let magnitude = try RefDecimal(negative ? String(text.dropFirst()) : text).units(digits: digits)
      return negative ? -magnitude : magnitude
    }
    func count(_ value: Any?) -> Int128? {
      (value as? Int).map { Int128($0) } ?? (value as? String).flatMap { Int128($0) }
    }
    func shares(_ value: Any?, _ key: String) throws(RefError) -> [(id: String, discount: Int128)] {
      guard let list = value as? [[String: Any]] else { throw RefError("\(key): missing or not a list") }
      var shares: [(id: String, discount: Int128)] = []
      for (index, entry) in list.enumerated() {
        guard let id = entry["id"] as? String else { throw RefError("\(key)[\(index)].id: missing") }
        shares.append((id, try units(entry["discount"], "\(key)[\(index)].discount")))
      }
      return shares
    }
    var lines: [ObservedQuote.Line]?
    if let list = object["lines"] {
      guard let list = list as? [[String: Any]] else { throw RefError("lines: not a list") }
      lines = []
      for (index, line) in list.enumerated() {
        let key = "lines[\(index)]"
        lines?.append(
          ObservedQuote.Line(
            subtotal: try units(line["subtotal"], "\(key).subtotal"),
            discount: try units(line["discount"], "\(key).discount"),
            total: try units(line["total"], "\(key).total"),
            promotions: try shares(line["promotions"], "\(key).promotions")))
      }
    }
    var shipping: Shipping?
    if let value = object["shipping"] {
      guard let entry = value as? [String: Any] else { throw RefError("shipping: not an object") }
      shipping = Shipping(
        amount: try units(entry["amount"], "shipping.amount"),
        discount: try units(entry["discount"], "shipping.discount"),
        total: try units(entry["total"], "shipping.total"))
    }
    var outcomes: [Outcome]?
    if let value = object["considered"] {
      guard let list = value as? [[String: Any]] else { throw RefError("considered: not a list") }
      outcomes = []
      for (index, entry) in list.enumerated() {
        guard let id = entry["id"] as? String, let name = entry["outcome"] as? String else {
          throw RefError("considered[\(index)]: no id or outcome")
        }
        let amountKey = ["applied": "discount", "below-minimum": "shortBy", "not-best": "planTotal"][name]
        var amount = try amountKey.flatMap { (key) throws(RefError) in
          try entry[key].map { (value) throws(RefError) in try units(value, "considered[\(index)].\(key)") }
        }
        if name == "below-minimum" && amount == nil { amount = 0 }
        let quantity = entry["minimumQuantity"] != nil || entry["units"] != nil
        outcomes?.append(
          Outcome(
            id: id, name: name, amount: amount, units: quantity ? count(entry["units"]) ?? 0 : nil,
            shortByQuantity: quantity ? count(entry["shortByQuantity"]) ?? 0 : nil))
      }
    }
    self.init(
      ObservedQuote(
        minorDigits: digits, subtotal: try units(object["subtotal"], "subtotal"),
        discount: try units(object["discount"], "discount"), total: try units(object["total"], "total"),
        promotions: try shares(object["promotions"], "promotions"), lines: lines, outcomes: nil),
      shipping: shipping, outcomes: outcomes)
  }
}
