/// Reads a store's promotions and an order, as `JSONSerialization` gives them, into the
/// format-3 reference's model (what every format reads alike by ``RefReader``). Only valid files are modelled: what the reference cannot
/// read is a ``RefError``, not a verdict.
package enum Ref3Reader {
  /// One promotion of a store of any version, its amounts in `digits`.
  package static func promotion(_ value: Any, digits: Int) throws(RefError) -> Ref3Promotion {
    try Ref3Promotion(RefReader.promotion(value, digits: digits))
  }

  /// An order in `digits`, with the codes and customer groups given for every order added.
  package static func order(
    _ object: [String: Any], digits: Int, codes: [String], groups: [String], name: String
  ) throws(RefError) -> Ref3Order {
    let presented = try RefReader.codes(object, given: codes)
    var customerGroups = Set(groups)
    if let customer = object["customer"] as? [String: Any] {
      for group in customer["groups"] as? [Any] ?? [] {
        guard let group = group as? String else { throw RefError("a customer group must be a string") }
        customerGroups.insert(group)
      }
    }
    let shipping = try object["shipping"].map { (value) throws(RefError) in
      try RefReader.decimal(value).units(digits: digits)
    }
    let (lines, subtotal) = try RefReader.lines(object, digits: digits)
    return Ref3Order(
      name: object["id"] as? String ?? name, currency: object["currency"] as? String, lines: lines,
      subtotal: subtotal, shipping: shipping, codes: presented, groups: customerGroups)
  }
}
