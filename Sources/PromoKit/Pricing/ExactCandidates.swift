/// The promotions of a store working at the pricing instant, prepared once in the
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
/// Every deal's terms are in one table (``table``), each SKU's and each category's deals
/// in one stretch of it, so that an order reads the candidates of a line from one stretch
/// of memory. An order names its candidates by their place in the table, without copying
/// them: an item deal priced line by line (not across lines, not for customer groups) is
/// not even named, its line reads the stretch of it (``OrderDeals/linePostings``).
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions; an order costs
///   O(*c*) for the *c* candidates it gathers, plus a binary search of the minimums.
final class ExactCandidates: Sendable {
  /// Where one SKU's or category's deals are in ``table``, in four parts: the item deals
  /// priced line by line for every customer, those for customer groups, then the buy/gets
  /// across lines and the discounts and thresholds, which an order gathers once however
  /// many of its lines find them.
  struct KeyDeals: Sendable {
    /// The first item deal priced line by line.
    let start: Int32
    /// The first of those for customer groups.
    let forGroups: Int32
    /// The first buy/get across lines.
    let acrossLines: Int32
    /// The first discount or threshold.
    let orderDeals: Int32
    /// The end of the stretch.
    let end: Int32
    /// Where bounds on what its discounts and thresholds take are in ``stretchBounds``: the
    /// place of the stretch.
    let bounds: Int32
    /// The other stretches that share one of its discounts or thresholds (a deal of several
    /// targets), by their places, from `partnerStart` up to `partnerEnd` in ``partners``: a
    /// stretch none of whose partners an order finds has discounts and thresholds of its
    /// lines only. (Kept here, so that an order reads them where it finds the stretch.)
    var partnerStart: Int32 = 0
    var partnerEnd: Int32 = 0
  }

  /// The terms of every deal prepared, in stretches: each SKU's and each category's (a
  /// deal once per SKU and category of its target), the untargeted item deals, the
  /// untargeted discounts, the untargeted thresholds and shipping deals by their minimum,
  /// and each code's deals.
  let table: [DealTerms]
  /// What gathering an order's candidates reads of each deal of ``table``, at the same
  /// place, in 8 bytes instead of a deal's 88: a stretch's in a cache line or two.
  let gatherKeys: [ExactGatherKey]
  /// Where each SKU's and each category's deals are in ``table`` (a ``StringTable``: an
  /// order looks up each of its lines' SKUs and categories).
  let bySku: StringTable<KeyDeals>
  let byCategory: StringTable<KeyDeals>
  /// The untargeted item deals without a code.
  let untargetedItems: Range<Int>
  /// The untargeted discounts without a code.
  let untargetedDiscounts: Range<Int>
  /// The untargeted thresholds and shipping deals without a code, sorted by their minimum
  /// amount (0 without one).
  let byMinimum: Range<Int>
  /// Bounds on what the untargeted discounts take, and on what the first `i` of
  /// ``byMinimum`` take, at `i`.
  let untargetedBounds: OrderStageBounds
  let reachedBounds: [OrderStageBounds]
  /// Bounds on what the discounts and thresholds of each SKU's and category's stretch take.
  let stretchBounds: [OrderStageBounds]
  /// The index of the `plain` deals when there are enough of them to be worth one
  /// (``PlainOrderDeals/indexedFrom``); fewer are added to `discounts` and `byMinimum`, to
  /// be tried one by one with the others, untargeted as they are.
  private static func index(
    _ plain: [DealTerms], discounts: inout [DealTerms], byMinimum: inout [DealTerms]
  ) -> PlainOrderDeals? {
    if plain.count >= PlainOrderDeals.indexedFrom { return PlainOrderDeals(plain) }
    for deal in plain where deal.kind == .discount { discounts.append(deal) }
    for deal in plain where deal.kind == .threshold { byMinimum.append(deal) }
    return nil
  }

  /// The working promotions of `catalog` at `instant` sorted as they are read
  /// (``ExactPreparation``), or `nil` when an amount of one cannot be paid in `minorDigits`.
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  private static func prepare(
    _ catalog: Catalog, instant: Instant, ranks: [Int32], minorDigits: Int
  ) -> ExactPreparation? {
    var preparation = ExactPreparation(capacity: catalog.promotions.count)
    let promotions = catalog.promotions
    for position in promotions.indices where promotions[position].isWorking(at: instant) {
      guard
        preparation.add(
          promotions[position], at: position, rank: ranks[position], minorDigits: minorDigits,
          rounding: catalog.rounding)
      else { return nil }
    }
    return preparation
  }

  /// Bounds on what the first `i` of `byMinimum` (the untargeted thresholds and shipping
  /// deals by their minimum) take, at `i`: the thresholds among them.
  ///
  /// - Complexity: O(*n*).
  private static func reachedBounds(_ byMinimum: ArraySlice<DealTerms>) -> [OrderStageBounds] {
    var reached = [OrderStageBounds()]
    reached.reserveCapacity(byMinimum.count + 1)
    var bounds = OrderStageBounds()
    for terms in byMinimum {
      if terms.kind == .threshold { bounds.include(terms) }
      reached.append(bounds)
    }
    return reached
  }

  /// Appends the deals of each code of `lists` (their positions in `coded`) to `table`,
  /// one code after another; returns where each code's are.
  ///
  /// - Complexity: O(*n*) for *n* deals with a code.
  private static func codeRanges(
    of lists: StringGrouping, coded: [DealTerms], into table: inout [DealTerms]
  ) -> StringTable<Range<Int>> {
    let (starts, positions) = lists.layout()
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(lists.keys.count)
    for key in lists.keys.indices {
      let start = table.count
      for place in starts[key]..<starts[key + 1] { table.append(coded[Int(positions[Int(place)])]) }
      ranges.append(start..<table.count)
    }
    return StringTable(keys: lists.table, values: ranges)
  }

  /// The partners of every stretch, each stretch's in one run (``KeyDeals/partnerStart``).
  let partners: [Int32]
  /// The untargeted deals without a code that a customer in no group gathers, as
  /// ``deals(for:codes:groups:)`` lists them.
  let everyCustomer: ExactUntargetedDeals
  /// Deals with a code, by the code normalized (whatever their target), and the target of
  /// each by its position in the store.
  let byCode: StringTable<Range<Int>>
  let codeTargets: [Int32: ItemTarget]
  /// The customer groups of each deal that is for customer groups only, by its position
  /// in the store.
  let groups: [Int32: CustomerGroups]
  /// The minor digits of the terms.
  let minorDigits: Int
  /// The untargeted discounts and thresholds with nothing of format 3 about them, indexed
  /// (none of them is among the candidates gathered for an order: the search asks the
  /// index for the best of them).
  let plain: PlainOrderDeals?
  /// Whether a deal of the store needs the layered search (``DealTerms/needsLayeredSearch``).
  let needsLayers: Bool
  /// The extras of the terms, which the terms do not hold (``DealTerms/extras``): every
  /// order's deals keep them while they are searched (``OrderDeals/extrasKept``).
  let extrasKept: [DealExtras]

  /// Prepares the promotions of `catalog` working at `instant` in `minorDigits` (sorted as
  /// they are read, ``ExactPreparation``), or returns `nil` when an amount of one cannot be
  /// paid in those digits (the caller then prices by a pass over the promotions, which
  /// reports it).
  init?(catalog: Catalog, instant: Instant, ranks: [Int32], minorDigits: Int) {
    guard var preparation = Self.prepare(catalog, instant: instant, ranks: ranks, minorDigits: minorDigits)
    else { return nil }
    let (targeted, skuLists, categoryLists) = (
      preparation.targeted, preparation.skuLists, preparation.categoryLists
    )
    var (untargetedItems, untargetedDiscounts, byMinimum) = (
      preparation.untargetedItems, preparation.untargetedDiscounts, preparation.byMinimum
    )
    let (coded, codeLists, codeTargets, groups, plain) = (
      preparation.coded, preparation.codeLists, preparation.codeTargets, preparation.groups, preparation.plain
    )
    var (sharedKeys, sharedEnds) = (preparation.sharedKeys, preparation.sharedEnds)
    let lastLayer = preparation.lastLayer
    needsLayers = preparation.needsLayers
    extrasKept = preparation.extrasKept
    var table: [DealTerms] = []
    table.reserveCapacity(preparation.tableCount)
    HugePages.adviseUnusedCapacity(of: &table)
    preparation = ExactPreparation(capacity: 0)
    let plainIndex = Self.index(plain, discounts: &untargetedDiscounts, byMinimum: &byMinimum)
    /// Appends `deals` to the table; returns where they are.
    func appended(_ deals: [DealTerms]) -> Range<Int> {
      table.append(contentsOf: deals)
      return (table.count - deals.count)..<table.count
    }
    // An item deal priced line by line that another tried on the same line outdoes is
    // never chosen: it is left out.
    let everyLine = DealTerms.unoutdone(untargetedItems.filter(\.isPricedLineByLine))
    untargetedItems = everyLine + untargetedItems.filter { !$0.isPricedLineByLine }
    var stretchBounds: [OrderStageBounds] = []
    stretchBounds.reserveCapacity(skuLists.keys.count + categoryLists.keys.count)
    var skuDeals = Self.stretches(
      of: skuLists, targeted: targeted, everyLine: everyLine, lastLayer: lastLayer,
      into: &table, bounds: &stretchBounds)
    var categoryDeals = Self.stretches(
      of: categoryLists, targeted: targeted, everyLine: everyLine, lastLayer: lastLayer,
      into: &table, bounds: &stretchBounds)
    // A stretch's bounds are at the place of its key, the categories' after the SKUs'.
    for index in sharedKeys.indices where sharedKeys[index] < 0 {
      sharedKeys[index] = Int32(skuLists.keys.count) - 1 - sharedKeys[index]
    }
    let (partners, partnerStarts) = Self.partners(
      sharedKeys: sharedKeys, sharedEnds: sharedEnds, stretchCount: stretchBounds.count)
    for key in skuDeals.indices {
      (skuDeals[key].partnerStart, skuDeals[key].partnerEnd) = (partnerStarts[key], partnerStarts[key + 1])
    }
    for key in categoryDeals.indices {
      let place = skuDeals.count + key
      (categoryDeals[key].partnerStart, categoryDeals[key].partnerEnd) = (
        partnerStarts[place], partnerStarts[place + 1]
      )
    }
    bySku = StringTable(keys: skuLists.table, values: skuDeals)
    byCategory = StringTable(keys: categoryLists.table, values: categoryDeals)
    self.partners = partners
    self.untargetedItems = appended(untargetedItems)
    self.untargetedDiscounts = appended(untargetedDiscounts)
    // An untargeted threshold or shipping deal that another outdoes is never in the best
    // plan: it is left out.
    byMinimum = DealTerms.unoutdone(byMinimum) { $0.outdoesUntargeted($1, lastLayer: lastLayer) }
    self.byMinimum = appended(byMinimum.sorted { $0.minimum < $1.minimum })
    var bounds = OrderStageBounds()
    for terms in table[self.untargetedDiscounts] { bounds.include(terms) }
    untargetedBounds = bounds
    reachedBounds = Self.reachedBounds(table[self.byMinimum])
    self.byCode = Self.codeRanges(of: codeLists, coded: coded, into: &table)
    self.table = table
    gatherKeys = table.map(ExactGatherKey.init)
    everyCustomer = ExactUntargetedDeals(
      table: table, items: self.untargetedItems, discounts: self.untargetedDiscounts,
      byMinimum: self.byMinimum)
    self.stretchBounds = stretchBounds
    self.codeTargets = codeTargets
    self.groups = groups
    self.minorDigits = minorDigits
    self.plain = plainIndex
  }

  /// The partners of every stretch, each stretch's in one run: the stretches that share a
  /// deal of several targets with it, by their places. `sharedKeys` lists, for each such
  /// deal, the places of its stretches, one deal's up to the next of `sharedEnds`. Counted,
  /// then placed (a partner met twice is listed twice); stretch `p`'s run is from
  /// `starts[p]` up to `starts[p + 1]`.
  ///
  /// - Complexity: O(Σ *k*²) for deals of *k* targets.
  private static func partners(sharedKeys: [Int32], sharedEnds: [Int32], stretchCount: Int) -> (
    partners: [Int32], starts: [Int32]
  ) {
    var starts = [Int32](repeating: 0, count: stretchCount + 1)
    var sharedStart = 0
    for end in sharedEnds {
      let places = sharedKeys[sharedStart..<Int(end)]
      for place in places { starts[Int(place) + 1] += Int32(places.count - 1) }
      sharedStart = Int(end)
    }
    for place in starts.indices.dropFirst() { starts[place] += starts[place - 1] }
    var partners = [Int32](repeating: 0, count: Int(starts[starts.count - 1]))
    var next = starts
    sharedStart = 0
    for end in sharedEnds {
      let places = sharedKeys[sharedStart..<Int(end)]
      for place in places {
        for other in places where other != place {
          partners[Int(next[Int(place)])] = other
          next[Int(place)] += 1
        }
      }
      sharedStart = Int(end)
    }
    return (partners, starts)
  }

  /// Appends each SKU's or category's deals of `lists` (their positions in `targeted`) to
  /// `table` as a stretch (the item deals priced line by line that neither another nor one
  /// of `everyLine` outdoes, those for customer groups last, then the buy/gets across lines,
  /// then the discounts and thresholds that no other of the same one target outdoes), and
  /// bounds on each stretch's discounts and thresholds to `stretchBounds`; returns where, by
  /// key (the partners left to the caller).
  ///
  /// - Complexity: O(*n*) for the *n* positions of `lists`, plus the sorts and comparisons
  ///   of ``DealTerms/unoutdone(_:by:outdoes:)`` in each stretch.
  private static func stretches(
    of lists: StringGrouping, targeted: [DealTerms], everyLine: [DealTerms], lastLayer: Int8,
    into table: inout [DealTerms], bounds stretchBounds: inout [OrderStageBounds]
  ) -> [KeyDeals] {
    var keyDeals: [KeyDeals] = []
    keyDeals.reserveCapacity(lists.keys.count)
    let (starts, positions) = lists.layout()
    // Each stretch's deals priced line by line (the others are read from `targeted` in
    // place, in the order of their positions).
    var lineByLine: [DealTerms] = []
    var oneTarget: [DealTerms] = []
    for key in lists.keys.indices {
      let places = Int(starts[key])..<Int(starts[key + 1])
      lineByLine.removeAll(keepingCapacity: true)
      for place in places where targeted[Int(positions[place])].isPricedLineByLine {
        lineByLine.append(targeted[Int(positions[place])])
      }
      let start = table.count
      if lineByLine.count > 1 || (lineByLine.count == 1 && !everyLine.isEmpty) {
        table.append(contentsOf: DealTerms.unoutdone(lineByLine, by: everyLine))
      } else {
        table.append(contentsOf: lineByLine)
      }
      // Those for customer groups last.
      var forGroups = table.count
      var index = start
      while index < forGroups {
        if table[index].isForCustomerGroups {
          forGroups -= 1
          table.swapAt(index, forGroups)
        } else {
          index += 1
        }
      }
      let acrossLines = table.count
      for place in places {
        let position = Int(positions[place])
        if targeted[position].kind == .item && !targeted[position].isPricedLineByLine {
          table.append(targeted[position])
        }
      }
      let orderDeals = table.count
      var bounds = OrderStageBounds()
      // The discounts and thresholds of this SKU or category alone that another of them
      // outdoes on these lines are left out (a deal of several targets is kept: another
      // stretch finds it too).
      oneTarget.removeAll(keepingCapacity: true)
      for place in places where targeted[Int(positions[place])].kind != .item {
        let deal = targeted[Int(positions[place])]
        if deal.hasOneTarget {
          oneTarget.append(deal)
        } else {
          table.append(deal)
          bounds.include(deal)
        }
      }
      for deal in oneTarget.count > 1
        ? DealTerms.unoutdone(oneTarget, outdoes: { $0.outdoesOnSameLines($1, lastLayer: lastLayer) })
        : oneTarget
      {
        table.append(deal)
        bounds.include(deal)
      }
      stretchBounds.append(bounds)
      keyDeals.append(
        KeyDeals(
          start: Int32(start), forGroups: Int32(forGroups), acrossLines: Int32(acrossLines),
          orderDeals: Int32(orderDeals), end: Int32(table.count), bounds: Int32(stretchBounds.count - 1)))
    }
    return keyDeals
  }
}
