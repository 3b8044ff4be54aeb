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
/// Every deal's terms are in one table (``table``), each SKU's and each category's deals
/// in one stretch of it, so that an order reads the candidates of a line from one stretch
/// of memory. An order names its candidates by their place in the table, without copying
/// them: an item deal priced line by line (not across lines, not for customer groups) is
/// not even named, its line reads the stretch of it (``OrderDeals/linePostings``).
///
/// - Complexity: preparing is O(*n* log *n*) for *n* promotions; an order costs
///   O(*c*) for the *c* candidates it gathers, plus a binary search of the minimums.
struct ExactCandidates: Sendable {
  /// Where one SKU's or category's deals are in ``table``, in four parts: the item deals
  /// priced line by line for every customer, those for customer groups, then the buy/gets
  /// across lines and the discounts and thresholds, which an order gathers once however
  /// many of its lines find them.
  fileprivate struct KeyDeals: Sendable {
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
  private let gatherKeys: [ExactGatherKey]
  /// Where each SKU's and each category's deals are in ``table`` (a ``StringTable``: an
  /// order looks up each of its lines' SKUs and categories).
  private let bySku: StringTable<KeyDeals>
  private let byCategory: StringTable<KeyDeals>
  /// The untargeted item deals without a code.
  private let untargetedItems: Range<Int>
  /// The untargeted discounts without a code.
  private let untargetedDiscounts: Range<Int>
  /// The untargeted thresholds and shipping deals without a code, sorted by their minimum
  /// amount (0 without one).
  private let byMinimum: Range<Int>
  /// Bounds on what the untargeted discounts take, and on what the first `i` of
  /// ``byMinimum`` take, at `i`.
  private let untargetedBounds: OrderStageBounds
  private let reachedBounds: [OrderStageBounds]
  /// Bounds on what the discounts and thresholds of each SKU's and category's stretch take.
  private let stretchBounds: [OrderStageBounds]
  /// The partners of every stretch, each stretch's in one run (``KeyDeals/partnerStart``).
  private let partners: [Int32]
  /// The untargeted deals without a code that a customer in no group gathers, as
  /// ``deals(for:codes:groups:)`` lists them.
  private let everyCustomer: ExactUntargetedDeals
  /// Deals with a code, by the code normalized (whatever their target), and the target of
  /// each by its position in the store.
  private let byCode: [String: Range<Int>]
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
    // The working promotions, sorted as they are read.
    var preparation = ExactPreparation(capacity: catalog.promotions.count)
    let promotions = catalog.promotions
    for position in promotions.indices where promotions[position].isWorking(at: instant) {
      guard
        preparation.add(promotions[position], at: position, rank: ranks[position], minorDigits: minorDigits)
      else { return nil }
    }
    let (targeted, skuLists, categoryLists) = (
      preparation.targeted, preparation.skuLists, preparation.categoryLists
    )
    var (untargetedItems, untargetedDiscounts, byMinimum) = (
      preparation.untargetedItems, preparation.untargetedDiscounts, preparation.byMinimum
    )
    let (byCode, codeTargets, groups, plain) = (
      preparation.byCode, preparation.codeTargets, preparation.groups, preparation.plain
    )
    var sharedKeys = preparation.sharedKeys
    let sharedEnds = preparation.sharedEnds
    preparation = ExactPreparation(capacity: 0)
    let plainIndex: PlainOrderDeals?
    if plain.count >= PlainOrderDeals.indexedFrom {
      guard let indexed = PlainOrderDeals(plain, minorDigits: minorDigits) else { return nil }
      plainIndex = indexed
    } else {
      // Few: tried one by one with the others, untargeted as they are.
      plainIndex = nil
      for (deal, promotion) in plain {
        switch promotion.kind {
        case .discount: untargetedDiscounts.append(deal)
        case .threshold: byMinimum.append(deal)
        case .item, .shipping: preconditionFailure("a plain order deal is a discount or a threshold")
        }
      }
    }
    var table: [DealTerms] = []
    table.reserveCapacity(
      skuLists.count + categoryLists.count
        + untargetedItems.count + untargetedDiscounts.count + byMinimum.count
        + byCode.values.reduce(0) { $0 + $1.count })
    HugePages.adviseUnusedCapacity(of: &table)
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
      of: skuLists, targeted: targeted, everyLine: everyLine, into: &table, bounds: &stretchBounds)
    var categoryDeals = Self.stretches(
      of: categoryLists, targeted: targeted, everyLine: everyLine, into: &table, bounds: &stretchBounds)
    // Each stretch's partners: counted, then placed (a partner met twice is listed twice).
    // A stretch's bounds are at the place of its key, the categories' after the SKUs'.
    for index in sharedKeys.indices where sharedKeys[index] < 0 {
      sharedKeys[index] = Int32(skuLists.keys.count) - 1 - sharedKeys[index]
    }
    var partnerCounts = [Int32](repeating: 0, count: stretchBounds.count + 1)
    var sharedStart = 0
    for end in sharedEnds {
      let places = sharedKeys[sharedStart..<Int(end)]
      for place in places { partnerCounts[Int(place) + 1] += Int32(places.count - 1) }
      sharedStart = Int(end)
    }
    var partnerStarts = partnerCounts
    for place in partnerStarts.indices.dropFirst() { partnerStarts[place] += partnerStarts[place - 1] }
    var partners = [Int32](repeating: 0, count: Int(partnerStarts[partnerStarts.count - 1]))
    var next = partnerStarts
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
    for key in skuDeals.indices {
      (skuDeals[key].partnerStart, skuDeals[key].partnerEnd) = (partnerStarts[key], partnerStarts[key + 1])
    }
    for key in categoryDeals.indices {
      let place = skuDeals.count + key
      (categoryDeals[key].partnerStart, categoryDeals[key].partnerEnd) = (
        partnerStarts[place], partnerStarts[place + 1]
      )
    }
    bySku = StringTable(keys: skuLists.keys, values: skuDeals)
    byCategory = StringTable(keys: categoryLists.keys, values: categoryDeals)
    self.partners = partners
    self.untargetedItems = appended(untargetedItems)
    self.untargetedDiscounts = appended(untargetedDiscounts)
    // An untargeted threshold or shipping deal that another outdoes is never in the best
    // plan: it is left out.
    byMinimum = DealTerms.unoutdone(byMinimum) { $0.outdoesUntargeted($1) }
    self.byMinimum = appended(byMinimum.sorted { $0.minimum < $1.minimum })
    var bounds = OrderStageBounds()
    for terms in table[self.untargetedDiscounts] { bounds.include(terms) }
    untargetedBounds = bounds
    var reached = [OrderStageBounds()]
    reached.reserveCapacity(self.byMinimum.count + 1)
    bounds = OrderStageBounds()
    for terms in table[self.byMinimum] {
      if terms.kind == .threshold { bounds.include(terms) }
      reached.append(bounds)
    }
    reachedBounds = reached
    self.byCode = byCode.mapValues(appended)
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

  /// Appends each SKU's or category's deals of `lists` (their positions in `targeted`) to
  /// `table` as a stretch (the item deals priced line by line that neither another nor one
  /// of `everyLine` outdoes, those for customer groups last, then the buy/gets across lines,
  /// then the discounts and thresholds), and bounds on each stretch's discounts and
  /// thresholds to `stretchBounds`; returns where, by key (the partners left to the caller).
  ///
  /// - Complexity: O(*n*) for the *n* positions of `lists`, plus the sorts and comparisons
  ///   of ``DealTerms/unoutdone(_:by:outdoes:)`` in each stretch.
  private static func stretches(
    of lists: StringGrouping, targeted: [DealTerms], everyLine: [DealTerms], into table: inout [DealTerms],
    bounds stretchBounds: inout [OrderStageBounds]
  ) -> [KeyDeals] {
    var keyDeals: [KeyDeals] = []
    keyDeals.reserveCapacity(lists.keys.count)
    let (starts, positions) = lists.layout()
    // Each stretch's deals priced line by line (the others are read from `targeted` in
    // place, in the order of their positions).
    var lineByLine: [DealTerms] = []
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
      for place in places where targeted[Int(positions[place])].kind != .item {
        table.append(targeted[Int(positions[place])])
        bounds.include(targeted[Int(positions[place])])
      }
      stretchBounds.append(bounds)
      keyDeals.append(
        KeyDeals(
          start: Int32(start), forGroups: Int32(forGroups), acrossLines: Int32(acrossLines),
          orderDeals: Int32(orderDeals), end: Int32(table.count), bounds: Int32(stretchBounds.count - 1)))
    }
    return keyDeals
  }

  /// The promotions working for `order` that can matter to it, given the `codes` it
  /// presents (normalized) and the customer `groups` it is in, each with the lines it
  /// targets. (Their order is not the store's; the search's answer does not depend on it,
  /// since every tie is broken by rank.)
  ///
  /// - Complexity: O(*c*) for the *c* candidates gathered (a deal found through several
  ///   of the lines' SKUs and categories is merged by a hash table of them), and O(*L*)
  ///   for the stretches of item deals the *L* lines read.
  func deals(for order: Order, codes: Set<String>, groups: Set<String>) -> OrderDeals {
    let items = order.items ?? []
    var deals = OrderDeals(table: table)
    // The stretches of the lines' SKUs and categories, each once with the lines that find
    // it (two lines of one SKU or category find the same stretch).
    // (Plain values apart from the lines, so that reading one copies no reference.)
    var keyed: [FoundStretch] = []
    var keyedLines: [TargetedLines] = []
    var gathered = 0
    /// Records that `line` finds the stretch `key`.
    func add(_ key: KeyDeals, line: Int) {
      if keyed.isEmpty {
        keyed.reserveCapacity(items.count * 2)
        keyedLines.reserveCapacity(items.count * 2)
      }
      // (A stretch is known by its bounds' place, its own: a stretch left empty by
      // preparation starts where the next one does.)
      if let same = keyed.firstIndex(where: { $0.key.bounds == key.bounds }) {
        keyedLines[same].insert(line)
      } else {
        keyed.append(FoundStretch(key: key))
        keyedLines.append(.only(line, count: items.count))
        gathered += Int(key.orderDeals - key.acrossLines)
      }
    }
    for (line, item) in items.enumerated() {
      if let sku = item.sku, let key = bySku[sku] { add(key, line: line) }
      for category in item.categories {
        if let key = byCategory[category] { add(key, line: line) }
      }
    }
    let reached = reachedMinimums(by: order.subtotal.minorUnits)
    // The stretches the order finds (by their bounds' places), and whether each shares none
    // of its discounts and thresholds with another: its partners first looked for in a mask
    // of the places found, a bit for each place modulo 512 (so that few of them are looked
    // for among the stretches found).
    if !keyed.isEmpty {
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { foundMask in
        foundMask.initialize(repeating: 0)
        for found in keyed {
          let bit = Int(found.key.bounds) & 511
          foundMask[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        partners.withUnsafeBufferPointer { partners in
          for position in keyed.indices {
            let key = keyed[position].key
            for index in Int(key.partnerStart)..<Int(key.partnerEnd) {
              let partner = partners[index]
              let bit = Int(partner) & 511
              if foundMask[bit >> 6] & (1 << UInt64(bit & 63)) != 0
                && keyed.contains(where: { $0.key.bounds == partner })
              {
                keyed[position].sharesNone = false
                break
              }
            }
            // The discounts and thresholds gathered with the order.
            if !keyed[position].sharesNone { gathered += Int(key.end - key.orderDeals) }
          }
        }
      }
    }
    if groups.isEmpty {
      // A customer in no group: the untargeted deals for every customer, listed once.
      let (orders, shipping) = everyCustomer.reached[reached]
      deals.items.append(contentsOf: everyCustomer.items)
      deals.orders.append(contentsOf: everyCustomer.orders[..<Int(orders)])
      deals.orderLines.append(contentsOf: repeatElement(.every, count: Int(orders)))
      deals.shipping.append(contentsOf: everyCustomer.shipping[..<Int(shipping)])
    } else {
      for index in untargetedItems where admits(table[index], groups) {
        deals.items.append(ItemCandidate(deal: Int32(index), lines: .every))
      }
      for index in untargetedDiscounts where admits(table[index], groups) {
        deals.appendOrderDeal(index, lines: .every)
      }
      for index in byMinimum.lowerBound..<(byMinimum.lowerBound + reached) where admits(table[index], groups)
      {
        deals.append(index, lines: .every)
      }
    }
    deals.bounds = untargetedBounds
    deals.bounds.formUnion(reachedBounds[reached])
    for code in codes {
      for index in byCode[code] ?? 0..<0 where admits(table[index], groups) {
        deals.append(
          index, lines: DealTerms.targetedLines(of: items, target: codeTargets[table[index].storeIndex]))
        if table[index].kind.actsOnOrder { deals.bounds.include(table[index]) }
      }
    }
    // The deals so far, of every line (or of a code's target, within every line), are one
    // block.
    deals.closeBlock(bounds: -1, lines: .every)
    guard !keyed.isEmpty else { return deals }
    deals.stretchBounds = stretchBounds
    deals.linePostings.reserveCapacity(keyed.count)
    // The targeted deals: those priced line by line are read in place by each line; the
    // others are gathered once, with the lines that find them. A deal of one SKU or category
    // is found once; one of several, met again through another, gains the lines found
    // there, through a hash table of their store positions.
    var merged = DealTable(capacity: gathered)
    for position in keyed.indices {
      let (key, lines) = (keyed[position].key, keyedLines[position])
      deals.bounds.formUnion(stretchBounds[Int(key.bounds)])
      if key.start < key.forGroups {
        lines.forEach(count: items.count) {
          deals.linePostings.append(LinePostings(line: Int32($0), start: key.start, end: key.forGroups))
        }
      }
      if !groups.isEmpty && key.forGroups < key.acrossLines {
        for index in Int(key.forGroups)..<Int(key.acrossLines) where admits(gatherKeys[index], groups) {
          deals.items.append(ItemCandidate(deal: Int32(index), lines: lines))
        }
      }
      for index in Int(key.acrossLines)..<Int(key.orderDeals) {
        let deal = gatherKeys[index]
        if !deal.hasOneTarget, let place = merged.place(of: deal.storeIndex) {
          deals.items[Int(place.position)].lines.formUnion(lines)
        } else if admits(deal, groups) {
          if !deal.hasOneTarget { merged.insert(deal.storeIndex, place: .item(deals.items.count)) }
          deals.items.append(ItemCandidate(deal: Int32(index), lines: lines))
        }
      }
      if key.orderDeals < key.end && keyed[position].sharesNone {
        // Each of its discounts and thresholds is found through this stretch alone and acts
        // on its lines: they are gathered when (if) the search looks into their block, those
        // for customer groups that admit the customer's (listed now, from their keys).
        if !groups.isEmpty {
          for index in Int(key.orderDeals)..<Int(key.end)
          where gatherKeys[index].isForCustomerGroups && admits(gatherKeys[index], groups) {
            deals.admittedForGroups.append(Int32(index))
          }
        }
        deals.addPendingBlock(deals: Int(key.orderDeals)..<Int(key.end), bounds: key.bounds, lines: lines)
        continue
      }
      for index in Int(key.orderDeals)..<Int(key.end) {
        let deal = gatherKeys[index]
        if !deal.hasOneTarget, let place = merged.place(of: deal.storeIndex) {
          deals.orderLines[Int(place.position)].formUnion(lines)
          // Its block, that of the stretch it was first found through, acts on these lines too.
          deals.widenBlock(holding: Int(place.position), by: lines)
        } else if admits(deal, groups) {
          if !deal.hasOneTarget { merged.insert(deal.storeIndex, place: .orderDeal(deals.orders.count)) }
          deals.orders.append(Int32(index))
          deals.orderLines.append(lines)
        }
      }
      // The stretch's new discounts and thresholds are one block: each is in the stretch, so
      // the stretch's bounds bound it, and it acts on the stretch's lines (and on those a
      // later stretch adds, which widen the block).
      deals.closeBlock(bounds: key.bounds, lines: lines)
    }
    return deals
  }

  /// Whether `deal` is for a customer in `groups`: every deal without customer groups.
  @inline(__always)
  private func admits(_ deal: DealTerms, _ groups: Set<String>) -> Bool {
    !deal.isForCustomerGroups || (!groups.isEmpty && self.groups[deal.storeIndex]?.admits(groups) == true)
  }

  /// Whether the deal `deal` names is for a customer in `groups`: every deal without
  /// customer groups.
  @inline(__always)
  private func admits(_ deal: ExactGatherKey, _ groups: Set<String>) -> Bool {
    !deal.isForCustomerGroups || (!groups.isEmpty && self.groups[deal.storeIndex]?.admits(groups) == true)
  }

  /// How many of ``byMinimum`` an order of subtotal `amount` reaches.
  private func reachedMinimums(by amount: Int128) -> Int {
    var low = byMinimum.lowerBound
    var high = byMinimum.upperBound
    while low < high {
      let middle = (low + high) / 2
      if table[middle].minimum <= amount { low = middle + 1 } else { high = middle }
    }
    return low - byMinimum.lowerBound
  }
}

/// A stretch an order finds: where it is, and whether it shares none of its discounts and
/// thresholds with another stretch the order finds (the lines that find it kept apart).
private struct FoundStretch {
  /// Where its deals are.
  let key: ExactCandidates.KeyDeals
  /// Whether none of its partners is found by the order (so far).
  var sharesNone = true
}

/// An open-addressing table from a deal's store position to its place among an order's
/// gathered candidates, for merging the lines of a deal found more than once.
private struct DealTable {
  /// Where a gathered deal went: among the item deals (the high bit set) or the order deals.
  struct Place {
    /// The place, the high bit set for an item deal.
    let rawValue: UInt32

    /// The place `position` among the item deals.
    static func item(_ position: Int) -> Place { Place(rawValue: UInt32(position) | 1 << 31) }
    /// The place `position` among the discounts and thresholds.
    static func orderDeal(_ position: Int) -> Place { Place(rawValue: UInt32(position)) }

    /// Whether it is among the item deals.
    var isItem: Bool { rawValue & 1 << 31 != 0 }
    /// Its position in its list.
    var position: UInt32 { rawValue & ~(1 << 31) }
  }

  /// Each slot's key (the high half) and place plus one (the low half); 0 when empty.
  private var slots: [UInt64]
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
  @inline(__always)
  private func start(_ key: Int32) -> Int {
    // Fibonacci hashing: the high half of the key times 2^64 / φ.
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The place of `key`'s deal, if it was inserted.
  @inline(__always)
  func place(of key: Int32) -> Place? {
    var slot = start(key)
    while slots[slot] != 0 {
      if UInt32(truncatingIfNeeded: slots[slot] >> 32) == UInt32(bitPattern: key) {
        return Place(rawValue: UInt32(truncatingIfNeeded: slots[slot]) - 1)
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Records that `key`'s deal is at `place`.
  @inline(__always)
  mutating func insert(_ key: Int32, place: Place) {
    var slot = start(key)
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt64(UInt32(bitPattern: key)) << 32 | UInt64(place.rawValue + 1)
  }
}

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
  /// The stretches of item deals each priced on one line alone.
  var linePostings: [LinePostings] = []
  /// The other item deals.
  var items: [ItemCandidate] = []
  /// The discounts and thresholds, and the lines each acts on.
  var orders: [Int32] = []
  var orderLines: [TargetedLines] = []
  /// The shipping deals.
  var shipping: [Int32] = []
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

  /// Candidates named in `table`, none yet.
  init(table: [DealTerms]) {
    self.table = table
  }

  /// Every deal of `terms`, each acting on the lines its `lines` gives.
  init(terms: [DealTerms], lines: (DealTerms) -> TargetedLines) {
    self.init(table: terms)
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
    }
  }
}
