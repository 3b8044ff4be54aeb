/// One promotion of a store of version 1, 2 or 3, read for the format-3 reference
/// (``Format3Reference``): every field of the documented rules, amounts in minor units. A class, so
/// that the plan search's inner loops share one copy instead of copying its fields.
@dynamicMemberLookup
package final class Ref3Promotion {
  /// The four kinds of the documented rules.
  package enum Kind: String {
    case item, discount, threshold, shipping
  }

  /// Its kind.
  package let kind: Kind
  /// Every field as read: id, benefit, minimums, limits, target, customer groups, code,
  /// window, `active` and `stackable`, each reached as a property of the promotion.
  package let fields: RefPromotionFields
  /// The start of its window, as an instant.
  package let startsAt: RefInstant?
  /// The end of its window, as an instant.
  package let endsAt: RefInstant?

  /// The promotion whose fields were read as `fields`.
  package init(_ fields: RefPromotionFields) throws(RefError) {
    guard let kind = Kind(rawValue: fields.kind) else {
      throw RefError("a promotion needs an id and a kind: \(fields.id) \(fields.kind)")
    }
    self.kind = kind
    self.fields = fields
    startsAt = fields.startsAt?.instant
    endsAt = fields.endsAt?.instant
  }

  /// A field of the promotion, as read.
  package subscript<Value>(dynamicMember field: KeyPath<RefPromotionFields, Value>) -> Value {
    fields[keyPath: field]
  }

  /// Whether it has a `target` (an order deal with one acts on its lines only).
  package var isTargeted: Bool { fields.skus != nil || fields.categories != nil }

  /// Whether the promotion targets a line (`target`; no target means every line).
  package func targets(_ line: RefLine) -> Bool {
    if !isTargeted { return true }
    if let sku = line.sku, fields.skus?.contains(sku) == true { return true }
    return line.categories.contains { fields.categories?.contains($0) == true }
  }
}
