/// One gift granted with an order (SPEC 4.6).
package struct Ref4GrantedGift: Equatable {
  /// The gift promotion's id.
  package var id: String
  /// The SKU granted.
  package var sku: String
  /// The units granted.
  package var quantity: Int128

  /// A gift as given.
  package init(id: String, sku: String, quantity: Int128) {
    self.id = id
    self.sku = sku
    self.quantity = quantity
  }
}

/// The format-4 reference's price of one order: the result object of SPEC 4.5 (with
/// `tier` and `gifts`), its explanation, and what the plan search saw.
package struct Ref4Pricing: RefPricedOrder {
  /// The order's name: its id, else the name it was read under.
  package var order: String
  /// The currency of the result, if the order or the store names one.
  package var currency: String?
  /// The number of minor digits amounts are in.
  package var digits: Int
  /// The subtotal S, in minor units.
  package var subtotal: Int128
  /// The order's `shipping` Z, or `nil` when it has no `shipping` key.
  package var shipping: Int128?
  /// The evaluation time.
  package var evaluatedAt: RefInstant
  /// The best plan (SPEC 4.3).
  package var best: Ref4Plan
  /// Every plan enumerated, when the search was asked to keep them.
  package var plans: [Ref4Plan]?
  /// How many plans were visited.
  package var planCount: Int
  /// The applied promotions in application order with their discounts.
  package var promotions: [(id: String, discount: Int128)]
  /// The tier each applied threshold with tiers took, by id.
  package var tiers: [String: Int]
  /// The gifts granted, by promotion id as byte strings.
  package var gifts: [Ref4GrantedGift]
  /// `nil` for an order given by `amount`.
  package var lines: [RefPricing.Line]?
  /// Every promotion of the store, in store order, with its format-4 outcome.
  package var outcomes: [(id: String, outcome: Ref4Outcome)]
  /// Whether some order-stage share got a minor unit for its remainder.
  package var hasRemainderShare = false

  /// Every promotion's outcome in the earlier references' vocabulary (``Ref4Outcome/format3``).
  package var considered: [(id: String, outcome: RefOutcome)] { outcomes.map { ($0.id, $0.outcome.format3) } }
  /// The order's total: S − discounts + shipping left.
  package var total: Int128 { best.total }
  /// The shipping discount.
  package var shippingDiscount: Int128 { best.shipping?.discount ?? 0 }
  /// The order's discount: item, order and shipping discounts together.
  package var discount: Int128 { subtotal + (shipping ?? 0) - best.total }
  /// The best plan, for a report.
  package var planDescription: String { best.description }
  /// The lowest total of the plans the search visited: the best plan's.
  package var lowestTotal: Int128? { best.total }

  /// The result object of SPEC 4.5 (without `considered`): the earlier formats' object,
  /// with `"tier"` on a threshold with tiers and `gifts` when a gift is granted.
  package var resultObject4: [String: Any] {
    var object = resultObject
    object["promotions"] = promotions.map { applied -> [String: Any] in
      var entry: [String: Any] = ["id": applied.id, "discount": money(applied.discount)]
      if let tier = tiers[applied.id] { entry["tier"] = tier }
      return entry
    }
    if !gifts.isEmpty {
      object["gifts"] = gifts.map {
        ["id": $0.id, "sku": $0.sku, "quantity": Int($0.quantity)] as [String: Any]
      }
    }
    return object
  }

  /// The result object of `promo price --format json --explain`: ``resultObject4`` with
  /// `considered`, one `{"id", "outcome", ...}` object per promotion in store order.
  package var explainedObject: [String: Any] {
    var object = resultObject4
    object["considered"] = outcomes.map { entry -> [String: Any] in
      var member = entry.outcome.members(money: money, digits: digits)
      member["id"] = entry.id
      member["outcome"] = entry.outcome.name
      return member
    }
    return object
  }
}

/// What the format-4 reference expects of `promo price` for one order.
package enum Ref4Verdict {
  /// The order is refused as a data error (exit 65), for the reason given.
  case refused(String)
  /// The order is priced so.
  case priced(Ref4Pricing)
}
