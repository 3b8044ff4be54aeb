/// A run of an order's gathered discounts and thresholds (``OrderDeals/orders``) found
/// together, with bounds on what any of them takes: the untargeted ones, those of the codes
/// and those whose minimum the subtotal reaches (every line), then those of each SKU's or
/// category's stretch (the lines that find it, and those a deal of several targets found
/// again through another adds). The search looks into the deals of a block only when its
/// bounds let one of them beat the best plan found so far.
///
///     deals.closeBlock(bounds: key.bounds, lines: linesOfTheStretch)
///
/// - Complexity: O(1) to bound on an order of at most 64 lines, O(*L*) otherwise.
struct ExactDealBlock: Sendable {
  /// Its deals' numbers in ``OrderDeals/orders``: from `start` up to `end` (none yet for a
  /// block still to be gathered).
  var start: Int32
  var end: Int32
  /// The places in ``ExactCandidates/table`` of the deals still to be gathered, when the
  /// block is looked into (the discounts and thresholds of a stretch that no deal of
  /// several targets shares with another stretch of the order: each acts on the stretch's
  /// lines); empty for a block gathered with the order.
  var pendingStart: Int32 = 0
  var pendingEnd: Int32 = 0
  /// Where bounds on what each of its deals takes off a base of at most what its lines have
  /// left are in ``OrderDeals/stretchBounds``; -1 for a block of every line, which is
  /// searched first, deal by deal.
  var bounds: Int32
  /// Every line one of its deals acts on (perhaps more).
  var lines: TargetedLines

  /// Whether it is a block of every line.
  var isOfEveryLine: Bool { bounds < 0 }

  /// Whether its deals are still to be gathered.
  var isPending: Bool { pendingStart < pendingEnd }
}
