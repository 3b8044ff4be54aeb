/// Holds an observed format-3 quote against the format-3 reference's pricing of the same
/// order: the check of every format (``ReferenceCheck``), by the name the pricing fuzz
/// target and the tests of format 3 know it by.
package enum Reference3Check {
  /// Every difference from the reference and every broken invariant; empty when the quote
  /// is right.
  package static func problems(_ observed: ObservedQuote3, against pricing: Ref3Pricing) -> [String] {
    ReferenceCheck.problems(observed, against: pricing)
  }

  /// The sums the documented rules promise, on the observed quote alone.
  package static func invariants(_ observed: ObservedQuote3) -> [String] {
    ReferenceCheck.invariants(observed)
  }
}
