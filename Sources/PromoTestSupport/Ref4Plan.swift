/// One order deal of a format-4 plan: what it took off, the tier it took, and its share of
/// each line (one entry for an order given by `amount`).
package struct Ref4StageEntry {
  /// Its store position.
  package var promotion: Int
  /// What it took off.
  package var discount: Int128
  /// The tier it took, for a threshold with tiers.
  package var tier: Int?
  /// Its share of each line (SPEC 4.4).
  package var shares: [Int128]
  /// Whether it acts on each line.
  package var acts: [Bool]
}

/// One plan of SPEC 4.2 as the format-4 reference enumerates it: an item stage, order
/// deals in ascending layers, and a shipping promotion or none.
package struct Ref4Plan: CustomStringConvertible {
  /// The item stage (one that took nothing when the plan has none).
  package var items: Ref4ItemStage
  /// The order deals in application (layer) order.
  package var stage: [Ref4StageEntry]
  /// The shipping promotion and what it took off, if any.
  package var shipping: (promotion: Int, discount: Int128)?
  /// S − item and order discounts + shipping left.
  package var total: Int128
  /// The plan's promotions in application order: item deals by id, order deals by layer,
  /// then the shipping promotion.
  package var ids: [String]
  /// The store positions of the plan's promotions (those that took something).
  package var positions: [Int]

  /// SPEC 4.3: a lower total, then fewer promotions, then ids lower as byte strings.
  package func isBetter(than other: Ref4Plan) -> Bool {
    if total != other.total { return total < other.total }
    if ids.count != other.ids.count { return ids.count < other.ids.count }
    return RefMath.idsPrecede(ids, other.ids)
  }

  /// The order discounts together.
  package var orderDiscount: Int128 { stage.reduce(0) { $0 + $1.discount } }

  /// The plan's ids and total, for a report.
  package var description: String { "\(ids) → \(total)" }
}
