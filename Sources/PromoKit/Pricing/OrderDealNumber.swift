/// An order deal of one order's search, named by where the search finds its terms and
/// lines: one gathered for the order, one of a block of deals still to be gathered (every
/// deal of a block acts on the block's lines), or a plain deal taken from the index of
/// plain deals (``PlainOrderDeals``) on first use.
///
///     let number = OrderDealNumber.pending(block: 2, place: 1_204)
///     number < .adopted(0)   // true
///
/// Numbers compare gathered deals first (by index), then those still to be gathered (by
/// block, then place), then adopted ones: a fixed order, so that the search settles equal
/// takes the same way every time.
///
/// - Complexity: O(1) to make and compare.
enum OrderDealNumber: Sendable, Hashable, Comparable {
  /// The deal at this index of the deals gathered for the order
  /// (``ExactPlanSearch/orderDeals``).
  case gathered(Int32)
  /// The deal at `place` of ``ExactPlanSearch/table``, in block `block` of
  /// ``ExactPlanSearch/blocks``, not gathered one by one.
  case pending(block: Int32, place: Int32)
  /// The plain deal at this index of ``ExactPlanSearch/adoptedDeals``.
  case adopted(Int32)
}

extension ExactPlanSearch {
  /// One order deal of a plan: which, what it took off, and the rank of its id.
  struct OrderStep: Sendable, Hashable {
    /// The deal.
    var deal: OrderDealNumber
    /// What it took off, in minor units.
    var discount: Int128
    /// The rank of its id among the store's ids.
    var rank: Int32
  }
}
