/// What both references' prices of one order have in common (``RefPricing`` for stores of
/// format 1 and 2, ``Ref3Pricing`` for any format): the result object of the documented
/// rules, written once from these fields, and the outcomes.
package protocol RefPricedOrder {
  /// The order's name: its id, else the name it was read under.
  var order: String { get }
  /// The currency of the result, if the order or the store names one.
  var currency: String? { get }
  /// The number of minor digits amounts are in.
  var digits: Int { get }
  /// The subtotal S, in minor units.
  var subtotal: Int128 { get }
  /// The order's `shipping`, or `nil` when it has none (always, before format 3).
  var shipping: Int128? { get }
  /// The shipping discount (0 without a shipping promotion).
  var shippingDiscount: Int128 { get }
  /// The order's discount: item, order and shipping discounts together.
  var discount: Int128 { get }
  /// The order's total.
  var total: Int128 { get }
  /// The evaluation time.
  var evaluatedAt: RefInstant { get }
  /// The applied promotions in application order with their discounts.
  var promotions: [(id: String, discount: Int128)] { get }
  /// `nil` for an order given by `amount`.
  var lines: [RefPricing.Line]? { get }
  /// Every promotion of the store, in store order, with its outcome.
  var considered: [(id: String, outcome: RefOutcome)] { get }
  /// Whether some order-stage share got a minor unit for its remainder (the documented rules).
  var hasRemainderShare: Bool { get }
  /// The best plan, for a report.
  var planDescription: String { get }
  /// The lowest total of the plans the reference visited (the best plan's), if it counted them.
  var lowestTotal: Int128? { get }
}

extension RefPricedOrder {
  /// Minor units as the result writes them.
  package func money(_ units: Int128) -> String { RefCurrency.format(units, digits: digits) }

  /// The result as the JSON object of the documented rules (without `considered`), in
  /// `JSONSerialization`'s value types.
  package var resultObject: [String: Any] {
    var object: [String: Any] = [
      "order": order, "subtotal": money(subtotal),
      "promotions": promotions.map { ["id": $0.id, "discount": money($0.discount)] as [String: Any] },
      "discount": money(discount), "total": money(total), "evaluatedAt": evaluatedAt.description,
    ]
    if let currency { object["currency"] = currency }
    if let shipping {
      object["shipping"] = [
        "amount": money(shipping), "discount": money(shippingDiscount),
        "total": money(shipping - shippingDiscount),
      ]
    }
    if let lines {
      object["lines"] = lines.map { line in
        var entry: [String: Any] = [
          "quantity": Int(line.quantity), "subtotal": money(line.subtotal), "discount": money(line.discount),
          "total": money(line.subtotal - line.discount),
          "promotions": line.promotions.map {
            ["id": $0.id, "discount": money($0.discount)] as [String: Any]
          },
        ]
        if let sku = line.sku { entry["sku"] = sku }
        return entry
      }
    }
    return object
  }
}
