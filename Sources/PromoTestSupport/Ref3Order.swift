/// One order as the format-3 reference reads it (the documented rules): its lines or amount, its
/// subtotal, its shipping, and what it presents (codes, customer groups).
package struct Ref3Order {
  /// The order's name: its id, else the name it was read under.
  package var name: String
  /// The order's own currency, if it names one.
  package var currency: String?
  /// The lines, or `nil` for an order given by `amount`.
  package var lines: [RefLine]?
  /// The subtotal S, in minor units.
  package var subtotal: Int128
  /// The `shipping` amount Z, or `nil` when the order has no `shipping` key.
  package var shipping: Int128?
  /// The codes presented (the order's and `--code`'s), ASCII case folded.
  package var codes: Set<String>
  /// The customer's groups (the order's and `--customer-group`'s), exactly as written.
  package var groups: Set<String>

  /// The order stage's starting amounts: each line's amount, or, for an order given by
  /// `amount`, that amount as one line that no target and no unit count can reach.
  package var amounts: [Int128] { lines?.map(\.amount) ?? [subtotal] }
}
