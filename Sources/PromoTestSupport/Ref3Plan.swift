/// One plan of the documented rules as the format-3 reference enumerates it: an item stage, an order
/// stage of 0, 1 or 2 deals, and a shipping stage of 0 or 1 promotion.
package struct Ref3Plan: CustomStringConvertible {
  /// 1, 2 or 3: the kind of plan in the documented rules's list.
  package var kind: Int
  /// The item stage (for kind 1, one that took nothing).
  package var items: Ref3ItemStage
  /// The order stage: store positions and discounts in application order (one deal, or D then H).
  package var stage: [(promotion: Int, discount: Int128)]
  /// The shipping stage, if a shipping promotion is in the plan.
  package var shipping: (promotion: Int, discount: Int128)?
  /// What the order comes to under the plan: S − item and order discounts + shipping left.
  package var total: Int128
  /// The plan's promotions in application order: item promotions by id, then D, then H,
  /// then the shipping promotion.
  package var ids: [String]

  /// the documented rules: a lower total, then fewer promotions, then ids lower as byte strings.
  package func isBetter(than other: Ref3Plan) -> Bool {
    if total != other.total { return total < other.total }
    if ids.count != other.ids.count { return ids.count < other.ids.count }
    return RefMath.idsPrecede(ids, other.ids)
  }

  /// The plan's kind, ids and total, for a report.
  package var description: String { "kind \(kind) \(ids) → \(total)" }
}

/// One plan visited by ``Ref3PlanSearch`` before it is made a ``Ref3Plan``: positions and
/// discounts only, so that visiting a hundred thousand plans allocates nothing.
package struct Ref3Candidate {
  /// 1, 2 or 3: the kind of plan, which is also the index of its item stage in the search.
  package var kind: Int
  /// The order stage's first deal (a single deal, or D) and its discount; -1 for none.
  package var first = -1
  /// The first deal's discount.
  package var firstCut: Int128 = 0
  /// The order stage's threshold H of a stacked pair, and its discount; -1 for none.
  package var second = -1
  /// The second deal's discount.
  package var secondCut: Int128 = 0
  /// The shipping promotion; -1 for none.
  package var shipping = -1
  /// The shipping discount.
  package var shippingCut: Int128 = 0
  /// The plan's total.
  package var total: Int128 = 0
  /// How many promotions the plan has.
  package var count = 0

  /// A plan of `kind` with no order or shipping stage yet.
  package init(kind: Int) {
    self.kind = kind
  }
}
