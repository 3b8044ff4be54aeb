/// A stretch of ``ExactCandidates/table`` whose item deals one line of an order reads: each
/// priced on that line alone, for every customer.
struct LinePostings: Sendable {
  /// The line.
  var line: Int32
  /// The stretch.
  var start: Int32
  var end: Int32
}

/// An item deal gathered for an order, with the lines it acts on.
struct ItemCandidate: Sendable {
  /// Its place in the table of terms.
  var deal: Int32
  /// The lines of the order it acts on.
  var lines: TargetedLines
}

/// The promotions working for one order that can matter to it, named by their place in a
/// table of terms: the item deals read by each line in place, the other item deals, the
/// discounts and thresholds, and the shipping deals, each deal acting on lines with them.
struct OrderDeals: Sendable {
  /// The terms the deals are named by.
  let table: [DealTerms]
  /// Their extras, which the terms do not hold (``DealTerms/extras``): kept here for as
  /// long as the deals are searched.
  let extrasKept: [DealExtras]
  /// The stretches of item deals each priced on one line alone.
  var linePostings: [LinePostings] = []
  /// The other item deals.
  var items: [ItemCandidate] = []
  /// The discounts and thresholds, and the lines each acts on.
  var orders: [Int32] = []
  var orderLines: [TargetedLines] = []
  /// The shipping deals.
  var shipping: [Int32] = []
  /// Whether a deal of the store needs the layered search (``DealTerms/needsLayeredSearch``).
  var needsLayers = false
  /// Bounds on what the discounts and thresholds take (of more of them, perhaps: those for
  /// customer groups the customer is not in).
  var bounds = OrderStageBounds()
  /// The discounts and thresholds in runs, each with bounds on what its deals take and the
  /// lines they act on, in the order of ``orders``; those after the last are of every line.
  var blocks: [ExactDealBlock] = []
  /// The bounds the blocks name.
  var stretchBounds: [OrderStageBounds] = []
  /// The discounts and thresholds for customer groups of the blocks still to be gathered
  /// that admit the order's customer (their places in ``table``); the others for customer
  /// groups are left out when a block is gathered.
  var admittedForGroups: [Int32] = []
  /// Lines added to the block still open by ``widenBlock(holding:by:)``.
  private var openWidening: TargetedLines?

  /// Candidates named in `table`, none yet; `extrasKept` holds the extras of its terms.
  init(table: [DealTerms], extrasKept: [DealExtras]) {
    self.table = table
    self.extrasKept = extrasKept
  }

  /// Every deal of `terms` (their extras held by `extrasKept`), each acting on the lines
  /// its `lines` gives.
  init(terms: [DealTerms], extrasKept: [DealExtras], lines: (DealTerms) -> TargetedLines) {
    self.init(table: terms, extrasKept: extrasKept)
    needsLayers = terms.contains { $0.needsLayeredSearch }
    for index in terms.indices {
      append(index, lines: lines(terms[index]))
      if terms[index].kind.actsOnOrder { bounds.include(terms[index]) }
    }
    closeBlock(bounds: -1, lines: .every)
  }

  /// Makes the discounts and thresholds added since the last block a block, bounded by
  /// ``stretchBounds`` at `bounds` (which must bound each of them; -1 for a block of every
  /// line, searched deal by deal) and acting on `lines` (which must hold each one's lines)
  /// and on those ``widenBlock(holding:by:)`` added meanwhile; nothing when none was added.
  mutating func closeBlock(bounds: Int32, lines: TargetedLines) {
    let start = blocks.last.map { Int($0.end) } ?? 0
    var lines = lines
    if let widening = openWidening {
      lines.formUnion(widening)
      openWidening = nil
    }
    guard orders.count > start else { return }
    blocks.append(ExactDealBlock(start: Int32(start), end: Int32(orders.count), bounds: bounds, lines: lines))
  }

  /// Adds a block of the discounts and thresholds at `places` of the table, each acting on
  /// `lines` and bounded by ``stretchBounds`` at `bounds`, to be gathered (those for every
  /// customer, and those of ``admittedForGroups``) when the search looks into it.
  mutating func addPendingBlock(deals places: Range<Int>, bounds: Int32, lines: TargetedLines) {
    let end = Int32(orders.count)
    blocks.append(
      ExactDealBlock(
        start: end, end: end, pendingStart: Int32(places.lowerBound), pendingEnd: Int32(places.upperBound),
        bounds: bounds, lines: lines))
  }

  /// Adds `lines` to those of the block that holds the discount or threshold at `position`
  /// of ``orders``, which acts on them too now.
  ///
  /// - Complexity: O(log *b*) for *b* blocks.
  mutating func widenBlock(holding position: Int, by lines: TargetedLines) {
    var (low, high) = (0, blocks.count)
    while low < high {
      let middle = (low + high) / 2
      if Int(blocks[middle].end) <= position { low = middle + 1 } else { high = middle }
    }
    if low < blocks.count {
      blocks[low].lines.formUnion(lines)
    } else if openWidening == nil {
      openWidening = lines
    } else {
      openWidening?.formUnion(lines)
    }
  }

  /// Adds the discount or threshold at `index` of the table, which acts on `lines`.
  @inline(__always)
  mutating func appendOrderDeal(_ index: Int, lines: TargetedLines) {
    orders.append(Int32(index))
    orderLines.append(lines)
  }

  /// Adds the deal at `index` of the table, which acts on `lines`.
  @inline(__always)
  mutating func append(_ index: Int, lines: TargetedLines) {
    switch table[index].kind {
    case .item: items.append(ItemCandidate(deal: Int32(index), lines: lines))
    case .discount, .threshold: appendOrderDeal(index, lines: lines)
    case .shipping: shipping.append(Int32(index))
    case .gift: break  // takes nothing off: granted once the plan is chosen (GiftGrants)
    }
  }
}
