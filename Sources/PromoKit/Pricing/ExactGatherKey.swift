/// What gathering an order's candidates reads of a deal (``ExactCandidates``): its position
/// in the store, whether it targets one SKU or category only, and whether it is for
/// customer groups only, in 8 bytes kept apart from its terms (88), so that the deals of a
/// stretch that an order gathers are read from a cache line or two.
///
///     let key = ExactGatherKey(terms)
///     key.hasOneTarget   // found through one SKU or category of an order at most
///
/// - Complexity: O(1).
struct ExactGatherKey: Sendable {
  /// The deal's position in the store.
  let storeIndex: Int32
  /// Whether it targets one SKU or one category, no more.
  let hasOneTarget: Bool
  /// Whether it is only for customers of some groups.
  let isForCustomerGroups: Bool

  /// The key of the deal of `terms`.
  init(_ terms: DealTerms) {
    storeIndex = terms.storeIndex
    hasOneTarget = terms.hasOneTarget
    isForCustomerGroups = terms.isForCustomerGroups
  }
}
