/// The promotions of a format-3 store working at the pricing instant, prepared once in the
/// store's minor digits and indexed so that each order sees only those that can matter to
/// it: the deals targeted at its lines' SKUs and categories, the untargeted ones, the
/// thresholds and shipping deals whose minimum amount its subtotal reaches, and those of
/// the codes it presents; of these, a deal for customer groups only when the order's
/// customer is in one of them.
///
///     let candidates = ExactCandidates(catalog: catalog, instant: now, ranks: ranks, minorDigits: 2)
///     let deals = candidates.deals(for: order, codes: ["SAVE5"], groups: ["member"])
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions; an order costs
///   O(*c* log *c*) for the *c* candidates it gathers, plus a binary search per minimum-sorted
///   list.
struct ExactCandidates: Sendable {
  /// The terms of every promotion working at the instant (switched on, in its window).
  private let terms: [DealTerms]
  /// Whether each of them is for customer groups, kept apart so that gathering an order's
  /// deals reads the terms of none of the others.
  private let isForGroups: [Bool]
  /// The minor digits of the terms.
  let minorDigits: Int
  /// Targeted deals without a code or customer groups, by SKU and by category.
  private let bySku: [String: [Int32]]
  private let byCategory: [String: [Int32]]
  /// Untargeted item deals and discounts without a code or customer groups: every order's.
  private let everyOrders: [Int32]
  /// Untargeted thresholds and shipping deals without a code or customer groups, sorted by
  /// their minimum amount (0 without one), with those minimums in minor units rounded up.
  private let byMinimum: MinimumSorted
  /// Deals with a code, by the code normalized (whatever their target).
  private let byCode: [String: [Int32]]

  /// Deals sorted by their minimum amount, and those minimums.
  private struct MinimumSorted: Sendable {
    var deals: [Int32] = []
    var minimums: [Int128] = []

    /// The deals whose minimum `amount` reaches.
    func reached(by amount: Int128) -> ArraySlice<Int32> {
      var low = 0
      var high = minimums.count
      while low < high {
        let middle = (low + high) / 2
        if minimums[middle] <= amount { low = middle + 1 } else { high = middle }
      }
      return deals[..<low]
    }
  }

  /// Prepares the promotions of `catalog` working at `instant` in `minorDigits`, or returns
  /// `nil` when an amount of one cannot be paid in those digits (the caller then prices by
  /// a pass over the promotions, which reports it).
  init?(catalog: Catalog, instant: Instant, ranks: [Int32], minorDigits: Int) {
    var terms: [DealTerms] = []
    var bySku: [String: [Int32]] = [:]
    var byCategory: [String: [Int32]] = [:]
    var everyOrders: [Int32] = []
    var withMinimum: [(deal: Int32, minimum: Int128)] = []
    var byCode: [String: [Int32]] = [:]
    for (position, promotion) in catalog.promotions.enumerated() where promotion.isWorking(at: instant) {
      guard
        let deal = try? DealTerms(
          promotion, storeIndex: position, rank: ranks[position], minorDigits: minorDigits)
      else { return nil }
      let index = Int32(terms.count)
      terms.append(deal)
      if let code = promotion.code {
        byCode[CouponCode.normalized(code), default: []].append(index)
      } else if let target = promotion.target {
        for sku in target.skus { bySku[sku, default: []].append(index) }
        for category in target.categories { byCategory[category, default: []].append(index) }
      } else {
        switch promotion.kind {
        case .item, .discount: everyOrders.append(index)
        case .threshold, .shipping: withMinimum.append((index, deal.minimum ?? 0))
        }
      }
    }
    withMinimum.sort { $0.minimum < $1.minimum }
    self.terms = terms
    isForGroups = terms.map { $0.promotion.customerGroups != nil }
    self.minorDigits = minorDigits
    self.bySku = bySku
    self.byCategory = byCategory
    self.everyOrders = everyOrders
    byMinimum = MinimumSorted(deals: withMinimum.map(\.deal), minimums: withMinimum.map(\.minimum))
    self.byCode = byCode
  }

  /// The promotions working for `order` that can matter to it, given the `codes` it
  /// presents (normalized) and the customer `groups` it is in, in store order, each with
  /// the lines it targets.
  ///
  /// - Complexity: O(*c* log *c*) for the *c* candidates gathered.
  func deals(for order: Order, codes: Set<String>, groups: Set<String>) -> [OrderDeal] {
    // Each deal with the line that brought it, packed as deal << 32 | line + 1: a targeted
    // one once per line of its SKUs and categories, the others with 0, their lines found
    // below.
    var gathered: [UInt64] = []
    for deal in everyOrders { gathered.append(UInt64(deal) << 32) }
    for deal in byMinimum.reached(by: order.subtotal.minorUnits) { gathered.append(UInt64(deal) << 32) }
    for code in codes {
      for deal in byCode[code] ?? [] { gathered.append(UInt64(deal) << 32) }
    }
    let items = order.items ?? []
    for (line, item) in items.enumerated() {
      let tag = UInt64(line + 1)
      if let sku = item.sku {
        for deal in bySku[sku] ?? [] { gathered.append(UInt64(deal) << 32 | tag) }
      }
      for category in item.categories {
        for deal in byCategory[category] ?? [] { gathered.append(UInt64(deal) << 32 | tag) }
      }
    }
    gathered.sort()
    var deals: [OrderDeal] = []
    var start = 0
    while start < gathered.count {
      let deal = gathered[start] >> 32
      var end = start + 1
      while end < gathered.count && gathered[end] >> 32 == deal { end += 1 }
      defer { start = end }
      if isForGroups[Int(deal)], terms[Int(deal)].promotion.customerGroups?.admits(groups) != true {
        continue
      }
      let terms = terms[Int(deal)]
      if gathered[start] & 0xFFFF_FFFF == 0 {
        deals.append(OrderDeal(terms: terms, lines: terms.targetedLines(of: items)))
      } else {
        var lines = TargetedLines.none(count: items.count)
        for entry in gathered[start..<end] { lines.insert(Int(entry & 0xFFFF_FFFF) - 1) }
        deals.append(OrderDeal(terms: terms, lines: lines))
      }
    }
    return deals
  }

}

/// A promotion working for one order, and the lines of the order it targets.
struct OrderDeal: Sendable {
  /// Its terms.
  let terms: DealTerms
  /// The lines it targets.
  let lines: TargetedLines
}
