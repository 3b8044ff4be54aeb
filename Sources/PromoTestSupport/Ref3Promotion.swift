/// One promotion of a store of version 1, 2 or 3, read for the format-3 reference
/// (``Format3Reference``): every field of SPEC 2.1, amounts in minor units.
package struct Ref3Promotion {
  /// The four kinds of SPEC 1.
  package enum Kind: String {
    case item, discount, threshold, shipping
  }

  /// What the promotion takes off, in minor units (percentages in ten-thousandths of a percent).
  package enum Benefit {
    case percentOff(Int128)
    case amountOff(Int128)
    case fixedPrice(Int128)
    case buyGet(buy: Int128, get: Int128, percent: Int128)
  }

  /// The promotion's id.
  package var id: String
  /// Its kind.
  package var kind: Kind
  /// What it takes off.
  package var benefit: Benefit
  /// `minimumAmount` as written, and the least amount in minor units that reaches it.
  package var minimumAmount: (text: RefDecimal, units: Int128)?
  /// `minimumQuantity`, in units.
  package var minimumQuantity: Int128?
  /// Whether a threshold repeats (`repeat`).
  package var repeats: Bool
  /// Whether a buy/get deal counts the units of its lines together (`acrossLines`).
  package var acrossLines: Bool
  /// `maximumQuantity`, in units.
  package var maximumQuantity: Int128?
  /// The cap `maximumDiscount`, in minor units.
  package var maximumDiscount: Int128?
  /// The SKUs it targets, if its target names any.
  package var skus: Set<String>?
  /// The categories it targets, if its target names any.
  package var categories: Set<String>?
  /// The customer groups it is for, if it names any.
  package var customerGroups: Set<String>?
  /// The code an order must present, as written.
  package var code: String?
  /// The start of its window, as an instant.
  package var startsAt: RefInstant?
  /// The end of its window, as an instant.
  package var endsAt: RefInstant?
  /// Whether the merchant switched it on.
  package var active: Bool
  /// Whether it may be combined with promotions of other stages.
  package var stackable: Bool

  /// Whether it has a `target` (an order deal with one acts on its lines only).
  package var isTargeted: Bool { skus != nil || categories != nil }

  /// Whether the promotion targets a line (SPEC 2.1 `target`; no target means every line).
  package func targets(_ line: RefLine) -> Bool {
    if !isTargeted { return true }
    if let sku = line.sku, skus?.contains(sku) == true { return true }
    return line.categories.contains { categories?.contains($0) == true }
  }
}
