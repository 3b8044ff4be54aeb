/// One promotion of a store of any version, its fields read from the JSON values
/// `JSONSerialization` gives (``RefReader/promotion(_:digits:)``) and nothing decided yet:
/// each reference builds its own model of it (``RefPromotion``, ``Ref3Promotion``), taking
/// the fields its store formats know.
package struct RefPromotionFields {
  /// `id`.
  package var id: String
  /// `kind`, as written.
  package var kind: String
  /// What it takes off.
  package var benefit: RefBenefit
  /// `minimumAmount` as written, and the least amount in minor units that reaches it.
  package var minimumAmount: (text: RefDecimal, units: Int128)?
  /// `minimumQuantity`, in units.
  package var minimumQuantity: Int128?
  /// `repeat`.
  package var repeats: Bool
  /// `acrossLines`.
  package var acrossLines: Bool
  /// `maximumQuantity`, in units.
  package var maximumQuantity: Int128?
  /// `maximumDiscount`, in minor units.
  package var maximumDiscount: Int128?
  /// `target.skus`, if the target names any.
  package var skus: Set<String>?
  /// `target.categories`, if the target names any.
  package var categories: Set<String>?
  /// `customerGroups`, if it names any.
  package var customerGroups: Set<String>?
  /// `code`, as written.
  package var code: String?
  /// `startsAt`, as written and as an instant.
  package var startsAt: (text: String, instant: RefInstant)?
  /// `endsAt`, as written and as an instant.
  package var endsAt: (text: String, instant: RefInstant)?
  /// `active` (true when absent).
  package var active: Bool
  /// `stackable` (false when absent).
  package var stackable: Bool
}
