/// One promotion of a store of version 1, 2 or 3, read for the format-3 reference
/// (``Format3Reference``): every field of the documented rules, amounts in minor units. A class, so
/// that the plan search's inner loops share one copy instead of copying its fields.
package final class Ref3Promotion {
  /// The four kinds of the documented rules.
  package enum Kind: String {
    case item, discount, threshold, shipping
  }

  /// The promotion's id.
  package let id: String
  /// Its kind.
  package let kind: Kind
  /// What it takes off.
  package let benefit: RefBenefit
  /// `minimumAmount` as written, and the least amount in minor units that reaches it.
  package let minimumAmount: (text: RefDecimal, units: Int128)?
  /// `minimumQuantity`, in units.
  package let minimumQuantity: Int128?
  /// Whether a threshold repeats (`repeat`).
  package let repeats: Bool
  /// Whether a buy/get deal counts the units of its lines together (`acrossLines`).
  package let acrossLines: Bool
  /// `maximumQuantity`, in units.
  package let maximumQuantity: Int128?
  /// The cap `maximumDiscount`, in minor units.
  package let maximumDiscount: Int128?
  /// The SKUs it targets, if its target names any.
  package let skus: Set<String>?
  /// The categories it targets, if its target names any.
  package let categories: Set<String>?
  /// The customer groups it is for, if it names any.
  package let customerGroups: Set<String>?
  /// The code an order must present, as written.
  package let code: String?
  /// The start of its window, as an instant.
  package let startsAt: RefInstant?
  /// The end of its window, as an instant.
  package let endsAt: RefInstant?
  /// Whether the merchant switched it on.
  package let active: Bool
  /// Whether it may be combined with promotions of other stages.
  package let stackable: Bool

  /// A promotion with every field given.
  package init(
    id: String,
    kind: Kind,
    benefit: RefBenefit,
    minimumAmount: (text: RefDecimal, units: Int128)?,
    minimumQuantity: Int128?,
    repeats: Bool,
    acrossLines: Bool,
    maximumQuantity: Int128?,
    maximumDiscount: Int128?,
    skus: Set<String>?,
    categories: Set<String>?,
    customerGroups: Set<String>?,
    code: String?,
    startsAt: RefInstant?,
    endsAt: RefInstant?,
    active: Bool,
    stackable: Bool
  ) {
    self.id = id
    self.kind = kind
    self.benefit = benefit
    self.minimumAmount = minimumAmount
    self.minimumQuantity = minimumQuantity
    self.repeats = repeats
    self.acrossLines = acrossLines
    self.maximumQuantity = maximumQuantity
    self.maximumDiscount = maximumDiscount
    self.skus = skus
    self.categories = categories
    self.customerGroups = customerGroups
    self.code = code
    self.startsAt = startsAt
    self.endsAt = endsAt
    self.active = active
    self.stackable = stackable
  }

  /// The promotion whose fields were read as `fields`.
  package convenience init(_ fields: RefPromotionFields) throws(RefError) {
    guard let kind = Kind(rawValue: fields.kind) else {
      throw RefError("a promotion needs an id and a kind: \(fields.id) \(fields.kind)")
    }
    self.init(
      id: fields.id, kind: kind, benefit: fields.benefit, minimumAmount: fields.minimumAmount,
      minimumQuantity: fields.minimumQuantity, repeats: fields.repeats, acrossLines: fields.acrossLines,
      maximumQuantity: fields.maximumQuantity, maximumDiscount: fields.maximumDiscount, skus: fields.skus,
      categories: fields.categories, customerGroups: fields.customerGroups, code: fields.code,
      startsAt: fields.startsAt?.instant, endsAt: fields.endsAt?.instant, active: fields.active,
      stackable: fields.stackable)
  }

  /// Whether it has a `target` (an order deal with one acts on its lines only).
  package var isTargeted: Bool { skus != nil || categories != nil }

  /// Whether the promotion targets a line (`target`; no target means every line).
  package func targets(_ line: RefLine) -> Bool {
    if !isTargeted { return true }
    if let sku = line.sku, skus?.contains(sku) == true { return true }
    return line.categories.contains { categories?.contains($0) == true }
  }
}
