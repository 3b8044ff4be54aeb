/// Gathering one order's candidates from the prepared ``ExactCandidates``: the stretches
/// of its lines' SKUs and categories, the untargeted deals, the minimums its subtotal
/// reaches, the deals of the codes it presents, and those for its customer's groups.
///
/// - Complexity: O(*c*) for the *c* candidates gathered, plus a binary search of the
///   minimums.
extension ExactCandidates {
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
    markSharing(&keyed, gathered: &gathered)
    var deals = OrderDeals(table: table, extrasKept: extrasKept)
    deals.needsLayers = needsLayers
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
    gatherStretches(keyed, keyedLines, items: items, groups: groups, gathered: gathered, into: &deals)
    return deals
  }

  /// Marks each stretch of `keyed` that shares a discount or threshold with another stretch
  /// the order finds (its partners first looked for in a mask of the places found, a bit
  /// for each place modulo 512, so that few of them are looked for among the stretches
  /// found), and adds the discounts and thresholds of those to `gathered`.
  ///
  /// - Complexity: O(*s* *p*) for *s* stretches of *p* partners each, at most.
  private func markSharing(_ keyed: inout [FoundStretch], gathered: inout Int) {
    guard !keyed.isEmpty else { return }
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

  /// Adds to `deals` what the stretches of `keyed` (found by the lines of `keyedLines`)
  /// hold for an order of `items` and a customer in `groups`: the item deals priced line by
  /// line are read in place by each line; the others are gathered once, with the lines that
  /// find them. A deal of one SKU or category is found once; one of several, met again
  /// through another, gains the lines found there, through a hash table of their store
  /// positions (room for `gathered` of them).
  ///
  /// - Complexity: O(*c*) for the *c* deals of the stretches.
  private func gatherStretches(
    _ keyed: [FoundStretch], _ keyedLines: [TargetedLines], items: [OrderItem], groups: Set<String>,
    gathered: Int, into deals: inout OrderDeals
  ) {
    deals.stretchBounds = stretchBounds
    deals.linePostings.reserveCapacity(keyed.count)
    // (Room at once for a block a stretch and for the deals gathered: grown one by one, the
    // lists of the bench's format-3 orders were reallocated about 17 times an order.)
    deals.blocks.reserveCapacity(deals.blocks.count + keyed.count + 1)
    deals.items.reserveCapacity(deals.items.count + gathered)
    deals.orders.reserveCapacity(deals.orders.count + gathered)
    deals.orderLines.reserveCapacity(deals.orderLines.count + gathered)
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
        if !deal.hasOneTarget, let position = merged.position(of: deal.storeIndex) {
          deals.items[position].lines.formUnion(lines)
        } else if admits(deal, groups) {
          if !deal.hasOneTarget { merged.insert(deal.storeIndex, at: deals.items.count) }
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
        if !deal.hasOneTarget, let position = merged.position(of: deal.storeIndex) {
          deals.orderLines[position].formUnion(lines)
          // Its block, that of the stretch it was first found through, acts on these lines too.
          deals.widenBlock(holding: position, by: lines)
        } else if admits(deal, groups) {
          if !deal.hasOneTarget { merged.insert(deal.storeIndex, at: deals.orders.count) }
          deals.orders.append(Int32(index))
          deals.orderLines.append(lines)
        }
      }
      // The stretch's new discounts and thresholds are one block: each is in the stretch, so
      // the stretch's bounds bound it, and it acts on the stretch's lines (and on those a
      // later stretch adds, which widen the block).
      deals.closeBlock(bounds: key.bounds, lines: lines)
    }
  }

  /// Whether `deal` is for a customer in `groups`: every deal without customer groups.
  @inline(__always)
  func admits(_ deal: DealTerms, _ groups: Set<String>) -> Bool {
    !deal.isForCustomerGroups || (!groups.isEmpty && self.groups[deal.storeIndex]?.admits(groups) == true)
  }

  /// Whether the deal `deal` names is for a customer in `groups`: every deal without
  /// customer groups.
  @inline(__always)
  func admits(_ deal: ExactGatherKey, _ groups: Set<String>) -> Bool {
    !deal.isForCustomerGroups || (!groups.isEmpty && self.groups[deal.storeIndex]?.admits(groups) == true)
  }

  /// How many of ``byMinimum`` an order of subtotal `amount` reaches.
  func reachedMinimums(by amount: Int128) -> Int {
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
/// gathered candidates (among the item deals for an item deal, among the discounts and
/// thresholds for an order deal: a deal is one or the other), for merging the lines of a
/// deal found more than once.
private struct DealTable {
  /// A slot of the table: a deal's store position (`key`) and its place among the
  /// candidates (`position`; -1 when the slot is empty).
  private struct Slot {
    var key: Int32 = 0
    var position: Int32 = -1
  }

  /// The slots, a power of two of them, at most half full.
  private var slots: [Slot]
  /// `slots.count - 1`, a power of two less one.
  private let mask: Int

  /// A table for at most `capacity` deals, at most half full.
  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity { size <<= 1 }
    slots = Array(repeating: Slot(), count: size)
    mask = size - 1
  }

  /// The first slot to look at for `key`.
  @inline(__always)
  func start(_ key: Int32) -> Int {
    // Fibonacci hashing: the high half of the key times 2^64 / φ.
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The position of `key`'s deal, if it was inserted.
  @inline(__always)
  func position(of key: Int32) -> Int? {
    var slot = start(key)
    while slots[slot].position >= 0 {
      if slots[slot].key == key { return Int(slots[slot].position) }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Records that `key`'s deal is at `position`.
  @inline(__always)
  mutating func insert(_ key: Int32, at position: Int) {
    var slot = start(key)
    while slots[slot].position >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Slot(key: key, position: Int32(position))
  }
}
