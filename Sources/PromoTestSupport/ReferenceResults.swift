/// One plan of the documented rules, enumerated by brute force.
package struct RefPlan: CustomStringConvertible {
  /// 1, 2 or 3: the kind of plan in the documented rules's list.
  package var kind: Int
  /// For each line, the item promotion (store position) it took and what it took off.
  package var lineTakes: [(promotion: Int, discount: Int128)?]
  /// The order stage: store positions and discounts, in application order.
  package var stage: [(promotion: Int, discount: Int128)]
  /// What the order comes to under the plan.
  package var total: Int128
  /// The plan's promotions in application order: item promotions by id, then D, then H.
  package var ids: [String]
  /// The item promotions that took something, by id, with their summed discounts.
  package var itemTotals: [(promotion: Int, discount: Int128)]

  /// the documented rules: a lower total, then fewer promotions, then ids lower as byte strings.
  package func isBetter(than other: RefPlan) -> Bool {
    if total != other.total { return total < other.total }
    if ids.count != other.ids.count { return ids.count < other.ids.count }
    return RefMath.idsPrecede(ids, other.ids)
  }

  /// The plan's kind, ids and total, for a report.
  package var description: String { "kind \(kind) \(ids) → \(total)" }
}

/// The reference's price of one order: the result object of the documented rules and its explanation.
package struct RefPricing: RefPricedOrder {
  /// One line of the result.
  package struct Line {
    /// The line's SKU, if it has one.
    package var sku: String?
    /// How many units.
    package var quantity: Int128
    /// The subtotal, in minor units.
    package var subtotal: Int128
    /// The line's discount: the sum of its shares.
    package var discount: Int128
    /// Every promotion's share of this line in application order, only those above 0.
    package var promotions: [(id: String, discount: Int128)]
  }

  /// The order's name: its id, else the name it was read under.
  package var order: String
  /// The currency of the result, if the order or the store names one.
  package var currency: String?
  /// The number of minor digits amounts are in.
  package var digits: Int
  /// The subtotal, in minor units.
  package var subtotal: Int128
  /// The evaluation time.
  package var evaluatedAt: RefInstant
  /// Every plan enumerated, and the best of them.
  package var plans: [RefPlan]
  /// The best plan (the documented rules).
  package var best: RefPlan
  /// The applied promotions in application order with their discounts.
  package var promotions: [(id: String, discount: Int128)]
  /// `nil` for an order given by `amount`.
  package var lines: [Line]?
  /// Every promotion of the store, in store order, with its outcome.
  package var considered: [(id: String, outcome: RefOutcome)]
  /// Whether some order-stage share got a minor unit for its remainder (the documented rules).
  package var hasRemainderShare = false

  /// The order's total.
  package var total: Int128 { best.total }
  /// The order's discount.
  package var discount: Int128 { subtotal - best.total }
  /// Stores of format 1 and 2 know no shipping.
  package var shipping: Int128? { nil }
  /// Stores of format 1 and 2 know no shipping.
  package var shippingDiscount: Int128 { 0 }
  /// The best plan, for a report.
  package var planDescription: String { best.description }
  /// The lowest total of every plan enumerated.
  package var lowestTotal: Int128? { plans.map(\.total).min() }
}

/// What the reference expects of `promo price` for one order.
package enum RefVerdict {
  /// The order is refused as a data error (exit 65), for the reason given.
  case refused(String)
  /// The order is priced so.
  case priced(RefPricing)
}
