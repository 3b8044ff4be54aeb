/// The format-3 reference's price of one order: the result object of the documented rules (with
/// `shipping`), its explanation, and what the plan search saw.
package struct Ref3Pricing: RefPricedOrder {
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
  /// The best plan (the documented rules).
  package var best: Ref3Plan
  /// Every plan enumerated, when the search was asked to keep them.
  package var plans: [Ref3Plan]?
  /// What the search saw.
  package var stats: Ref3PlanStats
  /// The applied promotions in application order with their discounts.
  package var promotions: [(id: String, discount: Int128)]
  /// `nil` for an order given by `amount`.
  package var lines: [RefPricing.Line]?
  /// Every promotion of the store, in store order, with its outcome.
  package var considered: [(id: String, outcome: RefOutcome)]
  /// Whether some order-stage share got a minor unit for its remainder (the documented rules).
  package var hasRemainderShare = false

  /// The order's total: S − discounts + shipping left.
  package var total: Int128 { best.total }
  /// The shipping discount.
  package var shippingDiscount: Int128 { best.shipping?.discount ?? 0 }
  /// The order's discount: item, order and shipping discounts together.
  package var discount: Int128 { subtotal + (shipping ?? 0) - best.total }
  /// The best plan, for a report.
  package var planDescription: String { best.description }
  /// The lowest total of the plans the search visited.
  package var lowestTotal: Int128? { stats.lowest }
}

/// What a plan search saw: how many plans, and how many tied with the best.
package struct Ref3PlanStats {
  /// The plans visited.
  package var plans = 0
  /// The plans of the lowest total.
  package var tiedTotal = 0
  /// The fewest promotions among those.
  package var fewest = Int.max
  /// The plans of the lowest total with that fewest number: above 1, ids decided.
  package var tiedIDs = 0
  /// The lowest total so far.
  package var lowest: Int128?

  /// Counts one plan.
  package mutating func record(_ plan: Ref3Candidate) {
    plans += 1
    if lowest == nil || plan.total < lowest! {
      lowest = plan.total
      tiedTotal = 0
      fewest = Int.max
      tiedIDs = 0
    }
    guard plan.total == lowest else { return }
    tiedTotal += 1
    if plan.count < fewest {
      fewest = plan.count
      tiedIDs = 1
    } else if plan.count == fewest {
      tiedIDs += 1
    }
  }
}
