/// The promotions of a format-3 store working at the pricing instant, prepared once in the
/// store's minor digits and indexed so that each order sees only those that can matter to
/// it: the deals targeted at its lines' SKUs and categories, the untargeted ones, the
/// thresholds and shipping deals whose minimum amount its subtotal reaches, and those of
/// the codes it presents; of these, a deal for customer groups only when the order's
/// customer is in one of them. The untargeted discounts and thresholds with nothing of
/// format 3 about them are not gathered: they are indexed apart (``plain``), and the
/// search asks for the best of them.
///
///     let candidates = ExactCandidates(catalog: catalog, instant: now, ranks: ranks, minorDigits: 2)
///     let deals = candidates.deals(for: order, codes: ["SAVE5"], groups: ["member"])
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions; an order costs
///   O(*c*) for the *c* candidates it gathers, plus a binary search of the minimums.
struct ExactCandidates: Sendable {
  /// The terms of the targeted deals without a code, each SKU's and each category's
  /// together (a deal once per SKU and category of its target), so that an order reads
  /// the candidates of a line from one stretch of memory.
  private let postings: [DealTerms]
  /// Where each SKU's and each category's deals are in ``postings``.
  private let bySku: [String: Range<Int>]
  private let byCategory: [String: Range<Int>]
  /// Untargeted item deals and discounts without a code: every order's.
  private let everyOrders: [DealTerms]
  /// Untargeted thresholds and shipping deals without a code, sorted by their minimum
  /// amount (0 without one).
  private let byMinimum: [DealTerms]
  /// Deals with a code, by the code normalized (whatever their target), and the target of
  /// each by its position in the store.
  private let byCode: [String: [DealTerms]]
  private let codeTargets: [Int32: ItemTarget]
  /// The customer groups of each deal that is for customer groups only, by its position
  /// in the store.
  private let groups: [Int32: CustomerGroups]
  /// The minor digits of the terms.
  let minorDigits: Int
  /// The untargeted discounts and thresholds with nothing of format 3 about them, indexed
  /// (none of them is among the candidates gathered for an order: the search asks the
  /// index for the best of them).
  let plain: PlainOrderDeals?

  /// Prepares the promotions of `catalog` working at `instant` in `minorDigits`, or returns
  /// `nil` when an amount of one cannot be paid in those digits (the caller then prices by
  /// a pass over the promotions, which reports it).
  init?(catalog: Catalog, instant: Instant, ranks: [Int32], minorDigits: Int) {
    var skuLists: [String: [DealTerms]] = [:]
    var categoryLists: [String: [DealTerms]] = [:]
    var everyOrders: [DealTerms] = []
    var byMinimum: [DealTerms] = []
    var byCode: [String: [DealTerms]] = [:]
    var codeTargets: [Int32: ItemTarget] = [:]
    var groups: [Int32: CustomerGroups] = [:]
    var plain: [(terms: DealTerms, promotion: Promotion)] = []
    for (position, promotion) in catalog.promotions.enumerated() where promotion.isWorking(at: instant) {
      guard
        let deal = try? DealTerms(
          promotion, storeIndex: position, rank: ranks[position], minorDigits: minorDigits)
      else { return nil }
      if PlainOrderDeals.holds(promotion) {
        plain.append((deal, promotion))
        continue
      }
      if let customerGroups = promotion.customerGroups { groups[deal.storeIndex] = customerGroups }
      if let code = promotion.code {
        byCode[CouponCode.normalized(code), default: []].append(deal)
        codeTargets[deal.storeIndex] = promotion.target
      } else if let target = promotion.target {
        for sku in target.skus { skuLists[sku, default: []].append(deal) }
        for category in target.categories { categoryLists[category, default: []].append(deal) }
      } else {
        switch promotion.kind {
        case .item, .discount: everyOrders.append(deal)
        case .threshold, .shipping: byMinimum.append(deal)
        }
      }
    }
    var postings: [DealTerms] = []
    postings.reserveCapacity(
      skuLists.values.reduce(0) { $0 + $1.count } + categoryLists.values.reduce(0) { $0 + $1.count })
    func flattened(_ lists: [String: [DealTerms]]) -> [String: Range<Int>] {
      lists.mapValues { deals in
        postings.append(contentsOf: deals)
        return (postings.count - deals.count)..<postings.count
      }
    }
    bySku = flattened(skuLists)
    byCategory = flattened(categoryLists)
    self.postings = postings
    self.byCode = byCode
    self.codeTargets = codeTargets
    self.groups = groups
    self.minorDigits = minorDigits
    if plain.count >= PlainOrderDeals.indexedFrom {
      guard let indexed = PlainOrderDeals(plain, minorDigits: minorDigits) else { return nil }
      self.plain = indexed
    } else {
      // Few: tried one by one with the others, untargeted as they are.
      self.plain = nil
      for (deal, promotion) in plain {
        switch promotion.kind {
        case .discount: everyOrders.append(deal)
        case .threshold: byMinimum.append(deal)
        case .item, .shipping: preconditionFailure("a plain order deal is a discount or a threshold")
        }
      }
    }
    self.everyOrders = everyOrders
    self.byMinimum = byMinimum.sorted { $0.minimum < $1.minimum }
  }

  /// The promotions working for `order` that can matter to it, given the `codes` it
  /// presents (normalized) and the customer `groups` it is in, each with the lines it
  /// targets. (Their order is not the store's; the search's answer does not depend on it,
  /// since every tie is broken by rank.)
  ///
  /// - Complexity: O(*c*) for the *c* candidates gathered (a deal found through several
  ///   of the lines' SKUs and categories is merged by a hash table of them).
  func deals(for order: Order, codes: Set<String>, groups: Set<String>) -> OrderDeals {
    let items = order.items ?? []
    let reached = reachedMinimums(by: order.subtotal.minorUnits)
    var targeted = 0
    for item in items {
      if let sku = item.sku, let range = bySku[sku] { targeted += range.count }
      for category in item.categories { targeted += byCategory[category]?.count ?? 0 }
    }
    var deals = OrderDeals()
    deals.terms.reserveCapacity(everyOrders.count + reached + targeted)
    deals.lines.reserveCapacity(everyOrders.count + reached + targeted)
    for deal in everyOrders where !deal.isForCustomerGroups || admits(deal, groups) {
      deals.append(deal, lines: .every)
    }
    for deal in byMinimum[..<reached] where !deal.isForCustomerGroups || admits(deal, groups) {
      deals.append(deal, lines: .every)
    }
    for code in codes {
      for deal in byCode[code] ?? [] where admits(deal, groups) {
        deals.append(deal, lines: DealTerms.targetedLines(of: items, target: codeTargets[deal.storeIndex]))
      }
    }
    guard targeted > 0 else { return deals }
    // The targeted deals, line by line: a deal met again on a later line (another of its
    // SKUs or categories) gains that line, found by its store position in a hash table.
    var table = DealTable(capacity: targeted)
    let first = deals.terms.count
    for (line, item) in items.enumerated() {
      if let sku = item.sku, let range = bySku[sku] {
        gather(
          range, line: line, lineCount: items.count, into: &deals, table: &table, first: first, groups: groups
        )
      }
      for category in item.categories {
        if let range = byCategory[category] {
          gather(
            range, line: line, lineCount: items.count, into: &deals, table: &table, first: first,
            groups: groups)
        }
      }
    }
    return deals
  }

  /// Adds the deals of `range` of ``postings`` to `deals`, the candidates of an order of
  /// `lineCount` lines, as targeting `line`: a deal already there (from `first` on, found
  /// through `table`) gains the line.
  private func gather(
    _ range: Range<Int>, line: Int, lineCount: Int, into deals: inout OrderDeals, table: inout DealTable,
    first: Int, groups: Set<String>
  ) {
    for index in range {
      let key = postings[index].storeIndex
      if let found = table.position(of: key, in: deals.terms, from: first) {
        deals.lines[found].insert(line)
      } else if !postings[index].isForCustomerGroups || admits(postings[index], groups) {
        table.insert(key, position: deals.terms.count - first)
        var lines = TargetedLines.none(count: lineCount)
        lines.insert(line)
        deals.append(postings[index], lines: lines)
      }
    }
  }

  /// Whether `deal` is for a customer in `groups`: every deal without customer groups.
  private func admits(_ deal: DealTerms, _ groups: Set<String>) -> Bool {
    !deal.isForCustomerGroups || (!groups.isEmpty && self.groups[deal.storeIndex]?.admits(groups) == true)
  }

  /// How many of ``byMinimum`` an order of subtotal `amount` reaches.
  private func reachedMinimums(by amount: Int128) -> Int {
    var low = 0
    var high = byMinimum.count
    while low < high {
      let middle = (low + high) / 2
      if byMinimum[middle].minimum <= amount { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// An open-addressing table from a deal's store position to its place among an order's
/// candidates, for merging the lines of a deal found more than once.
private struct DealTable {
  /// Each slot's candidate place plus one; 0 when empty.
  private var slots: [UInt32]
  /// `slots.count - 1`, a power of two less one.
  private let mask: Int

  /// A table for at most `capacity` deals, at most half full.
  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// The first slot to look at for `key`.
  private func start(_ key: Int32) -> Int {
    // Fibonacci hashing: the high half of the key times 2^64 / φ.
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The place of `key`'s deal among `terms[first...]`, if it was inserted.
  func position(of key: Int32, in terms: [DealTerms], from first: Int) -> Int? {
    var slot = start(key)
    while slots[slot] != 0 {
      let place = first + Int(slots[slot]) - 1
      if terms[place].storeIndex == key { return place }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Records that `key`'s deal is at `position` (counted from the first targeted one).
  mutating func insert(_ key: Int32, position: Int) {
    var slot = start(key)
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt32(position + 1)
  }
}

/// The promotions working for one order that can matter to it, and the lines of the order
/// each targets, in two arrays of one length.
struct OrderDeals: Sendable {
  /// Their terms.
  var terms: [DealTerms] = []
  /// The lines each targets.
  var lines: [TargetedLines] = []

  /// Adds `deal`, which targets `lines`.
  mutating func append(_ deal: DealTerms, lines targeted: TargetedLines) {
    terms.append(deal)
    lines.append(targeted)
  }
}
