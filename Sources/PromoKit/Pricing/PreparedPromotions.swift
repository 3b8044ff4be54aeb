/// Some working promotions (those without a code and those of the codes the command
/// presents, or those of one code), with their amounts in one currency's minor units,
/// indexed for plan selection.
///
/// Both kinds of rules are kept in id order, each with its rank among every id of the
/// store: a position in ``itemRules`` or ``orderRules`` is a rule's *weight* in the
/// indexes, and the lowest weight is the lowest id.
///
/// - Item promotions: the rules targeting each SKU, each category (with the untargeted
///   ones) and the untargeted ones alone, each SKU and category found in an
///   ``ItemKeyTable``. At most ``ItemGroups/fewRules`` of them are laid out one after the
///   other in ``fewItemRules`` (as 16-byte ``FewItemRule``s, by kind) and passed over; more
///   are indexed as an ``ItemRuleGroup`` of every rule and one of the stackable ones, in
///   which a line looks at one candidate per benefit kind. Either way a rule that another
///   of the same target outdoes (``FewItemRule/outdoes(_:)``) is left out, as it can never
///   be picked. The tables also keep the positions of every rule targeting each SKU and
///   category, for the linear search (a few orders, and the reference the tests check the
///   indexes against), which reads the rules through ``itemRules``.
/// - Order promotions: an ``OrderStageIndex``.
final class PreparedPromotions: Sendable {
  /// Whether the indexes (item groups, order rule sets) were built: without them only the
  /// search by a pass over the rules (``WorkingPromotions/bestPlanByScan(items:subtotal:)``)
  /// may be used, which costs less for a few orders than building them.
  let isIndexed: Bool
  /// The minor digits every amount here is in.
  let minorDigits: Int
  /// The working item promotions, in id order.
  let itemRules: ItemRuleList
  /// The rank of each item rule's id among every id of the store.
  let itemRanks: [Int32]
  /// Each item rule as a trivial value of 16 bytes, its rank and position in the store with
  /// it, at the same positions: what ``itemRules`` are rebuilt from, what a line reads of
  /// the rule an index picked, and what the few rules of each target are copied from.
  let compactItemRules: [FewItemRule]
  /// The SKUs that item rules target, each with its rules' positions in `itemRules` and
  /// where they are prepared.
  let itemSKUs: ItemKeyTable
  /// The categories that item rules target, each with its rules' positions in `itemRules`
  /// and where they are prepared, the untargeted rules included.
  let itemCategories: ItemKeyTable
  /// Positions in `itemRules` of the promotions that target every line.
  let untargetedItems: [Int]
  /// The rules that target every line.
  let untargetedItemGroups: ItemTargetRules
  /// The rules of every target with few of them, each target's one after the other.
  let fewItemRules: [FewItemRule]
  /// The indexed rules of every target with more than ``ItemGroups/fewRules`` of them.
  let itemGroups: [ItemGroups]
  /// The working discounts and thresholds, in id order.
  let orderRules: [OrderRule]
  /// The rank of each order rule's id among every id of the store.
  let orderRanks: [Int32]
  /// The order rules indexed for the order stage.
  let orderIndex: OrderStageIndex
  /// The order rules as trivial values, when there are at most
  /// ``WorkingPromotions/fewOrderRules`` (else empty).
  let compactOrderRules: [CompactOrderRule]

  /// Where the rules of one target are: `count` rules of ``fewItemRules`` from `start`, or,
  /// when there are more than ``ItemGroups/fewRules`` (`count` is -1), the indexed ones at
  /// `start` of ``itemGroups``. A trivial value of 8 bytes, read from a table slot without
  /// reference counting.
  struct ItemTargetRules: Sendable {
    /// Where the few rules start in ``fewItemRules``, or the position of the indexed rules
    /// in ``itemGroups``.
    var start: Int32 = 0
    /// How many few rules there are, or -1 for indexed rules.
    var count: Int32 = 0
  }

  /// The rules targeting the same lines indexed as ``ItemRuleGroup``s: all of them and the
  /// stackable ones.
  ///
  /// The groups' weights are positions in `members`, the rules in id order: the lowest of
  /// them is the lowest id, and the rule a line's search picks is read from this group's
  /// own few kilobytes, not from wherever it is among the store's rules. The members leave
  /// out every rule another of them outdoes (``FewItemRule/outdoes(_:)``), which is never
  /// the best of all nor of the stackable ones.
  final class ItemGroups: Sendable {
    /// Up to this many rules, a pass over them replaces the groups' indexes.
    static let fewRules = 16
    /// The rules, in id order.
    let members: [FewItemRule]
    /// Every rule.
    let all: ItemRuleGroup
    /// The stackable rules.
    let stackable: ItemRuleGroup

    /// Indexes the rules at `positions` of `rules` (positions in id order, as `rules` are).
    init(_ positions: [Int], of rules: [FewItemRule]) {
      let members = Self.unoutdone(positions.sorted().map { rules[$0] })
      self.members = members
      all = ItemRuleGroup(Array(members.indices), of: members)
      let stackablePositions = members.indices.filter { members[$0].isStackable }
      // When every rule is stackable, the two groups are the same.
      stackable =
        stackablePositions.count == members.count ? all : ItemRuleGroup(stackablePositions, of: members)
    }

    /// `rules`, in id order, without those another of them outdoes
    /// (``FewItemRule/outdoes(_:)``), still in id order.
    ///
    /// - Complexity: O(*k* × *f*) for *k* rules of *f* families (a few).
    static func unoutdone(_ rules: [FewItemRule]) -> [FewItemRule] {
      var kept = rules
      var best: [(family: UInt64, all: Int64, stackable: Int64)] = []
      removeOutdone(from: &kept, best: &best)
      return kept
    }

    /// Removes from `rules`, in id order, those another of them outdoes
    /// (``FewItemRule/outdoes(_:)``), keeping the others in order; `best` is room for the
    /// pass to use, reused from call to call.
    ///
    /// A rule is outdone exactly when a rule before it (a lower id) of its family (kind, and
    /// `buy` and `get` for a buy-get rule) has a number at least as good and is stackable if
    /// it is. So one pass keeps, for each family, the best number seen and the best number
    /// of a stackable rule seen.
    ///
    /// - Complexity: O(*k* × *f*) for *k* rules of *f* families (a few).
    static func removeOutdone(
      from rules: inout [FewItemRule], best: inout [(family: UInt64, all: Int64, stackable: Int64)]
    ) {
      best.removeAll(keepingCapacity: true)
      var kept = 0
      for index in rules.indices {
        let rule = rules[index]
        let family = rule.family
        let goodness = rule.goodness
        var place = 0
        while place < best.count && best[place].family != family { place += 1 }
        if place == best.count { best.append((family, .min, .min)) }
        let outdone = best[place].stackable >= goodness || (!rule.isStackable && best[place].all >= goodness)
        if !outdone {
          rules[kept] = rule
          kept += 1
        }
        best[place].all = max(best[place].all, goodness)
        if rule.isStackable { best[place].stackable = max(best[place].stackable, goodness) }
      }
      rules.removeLast(rules.count - kept)
    }
  }

  /// The most a rule of `target` takes off a line of `quantity` units at `unitPrice`
  /// (amount `lineAmount`), with the lowest id taking that much, of all the rules and of the
  /// stackable ones; `nil` when none takes off more than 0.
  ///
  /// - Complexity: O(``ItemGroups/fewRules``) for few rules, else that of two
  ///   ``ItemRuleGroup/best(unitPrice:quantity:lineAmount:)`` queries.
  @inline(__always)
  func best(in target: ItemTargetRules, unitPrice: Int128, quantity: Int64, lineAmount: Int128) -> (
    all: ItemPick?, stackable: ItemPick?
  ) {
    guard target.count < 0 else {
      return fewItemRules.withUnsafeBufferPointer { rules in
        FewItemRule.best(
          of: UnsafeBufferPointer(rebasing: rules[Int(target.start)..<Int(target.start + target.count)]),
          unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
      }
    }
    let groups = itemGroups[Int(target.start)]
    func pick(_ found: (discount: Int128, weight: Int32)) -> ItemPick {
      let rule = groups.members[Int(found.weight)]
      return (found.discount, rule.rank, Int(rule.storeIndex))
    }
    // When no rule applies, no stackable one does; when the best of all is stackable, it is
    // the best of the stackable ones too.
    guard let best = groups.all.best(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount) else {
      return (nil, nil)
    }
    if groups.members[Int(best.weight)].isStackable { return (pick(best), pick(best)) }
    if groups.stackable.isEmpty { return (pick(best), nil) }
    return (
      pick(best),
      groups.stackable.best(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount).map(pick)
    )
  }

  /// Prepares the promotions of `catalog` at `positions` (working ones), in a currency of
  /// `minorDigits`; `ranks` holds the rank of every promotion's id among the store's ids.
  ///
  /// An amount that the currency cannot hold (a store without a currency, written with
  /// 2 decimal places, priced against a JPY order) is a data error naming its field.
  ///
  /// - Complexity: O(*n* log *n*) for *n* promotions.
  init(catalog: Catalog, positions: [Int], ranks: [Int32], minorDigits: Int, indexed: Bool = true)
    throws(PromoError)
  {
    self.minorDigits = minorDigits
    isIndexed = indexed
    let ordered = inRankOrder(positions, ranks: ranks)
    var itemRanks: [Int32] = []
    var compactItemRules: [FewItemRule] = []
    var skus = ItemKeyTable()
    var categories = ItemKeyTable()
    var untargeted: [Int] = []
    var orderRules: [OrderRule] = []
    var orderRanks: [Int32] = []
    // Room for every promotion in each list, so that none grows (a copy of it all, and
    // twice its memory for a moment); the pages the other kind leaves unused are never
    // touched, so they take no memory.
    itemRanks.reserveCapacity(ordered.count)
    compactItemRules.reserveCapacity(ordered.count)
    orderRules.reserveCapacity(ordered.count)
    orderRanks.reserveCapacity(ordered.count)
    HugePages.adviseUnusedCapacity(of: &compactItemRules)
    HugePages.adviseUnusedCapacity(of: &orderRules)
    // Each promotion is read where it is, never copied.
    let promotions = catalog.promotions
    for position in ordered {
      do throws(UnpayableAmount) {
        let promotion = promotions[position]
        if let rule = try ItemRule(promotion, storeIndex: position, minorDigits: minorDigits) {
          let index = compactItemRules.count
          compactItemRules.append(FewItemRule(rule, rank: ranks[position]))
          itemRanks.append(ranks[position])
          if let target = promotion.target {
            for sku in target.skus { skus.add(index, to: sku) }
            for category in target.categories { categories.add(index, to: category) }
          } else {
            untargeted.append(index)
          }
        } else if let rule = try OrderRule(promotion, storeIndex: position, minorDigits: minorDigits) {
          orderRules.append(rule)
          orderRanks.append(ranks[position])
        }
      } catch {
        throw error.error(position: position, currency: catalog.currency, minorDigits: minorDigits)
      }
    }
    itemRules = ItemRuleList(compact: compactItemRules, promotions: promotions, minorDigits: minorDigits)
    self.itemRanks = itemRanks
    self.compactItemRules = compactItemRules
    untargetedItems = untargeted
    skus.finishGrouping()
    categories.finishGrouping()
    var fewItemRules: [FewItemRule] = []
    var itemGroups: [ItemGroups] = []
    // One target's rules at a time, read where they are while they are laid out.
    var scratch: [FewItemRule] = []
    scratch.reserveCapacity(ItemGroups.fewRules)
    // Room for the rules of every target, were they all few (a category's with the
    // untargeted ones), so that the list never grows.
    if indexed {
      fewItemRules.reserveCapacity(
        skus.positionCount + categories.positionCount + untargeted.count * (categories.keys.count + 1))
    }
    var families: [(family: UInt64, all: Int64, stackable: Int64)] = []
    func target<Positions: Collection<Int>>(_ positions: Positions, inIdOrder: Bool = true) -> ItemTargetRules
    {
      guard indexed else { return ItemTargetRules() }
      guard positions.count <= ItemGroups.fewRules else {
        itemGroups.append(ItemGroups(Array(positions), of: compactItemRules))
        return ItemTargetRules(start: Int32(itemGroups.count - 1), count: -1)
      }
      let start = fewItemRules.count
      scratch.removeAll(keepingCapacity: true)
      for position in positions { scratch.append(compactItemRules[position]) }
      // In id order (a SKU's positions are; a category's are followed by the untargeted
      // ones'), so that one pass finds the rules another of the target outdoes: those are
      // never the best of all nor of the stackable ones (FewItemRule.outdoes), and the
      // pass over the target's rules leaves them out.
      if !inIdOrder { scratch.sort { $0.rank < $1.rank } }
      ItemGroups.removeOutdone(from: &scratch, best: &families)
      // By kind, so that a pass over them takes the same branches as the pass before it
      // more often (the order of a target's rules does not matter: ties go to the lower
      // rank): each rule placed after the rules of the kinds before its own.
      var next = (0, 0, 0, 0)
      for rule in scratch {
        switch rule.kind {
        case .percentOff: next.1 += 1
        case .amountOff: next.2 += 1
        case .fixedPrice: next.3 += 1
        case .buyGet: break
        }
      }
      next = (start, start + next.1, start + next.1 + next.2, start + next.1 + next.2 + next.3)
      fewItemRules.append(contentsOf: scratch)
      for rule in scratch {
        switch rule.kind {
        case .percentOff:
          fewItemRules[next.0] = rule
          next.0 += 1
        case .amountOff:
          fewItemRules[next.1] = rule
          next.1 += 1
        case .fixedPrice:
          fewItemRules[next.2] = rule
          next.2 += 1
        case .buyGet:
          fewItemRules[next.3] = rule
          next.3 += 1
        }
      }
      return ItemTargetRules(start: Int32(start), count: Int32(fewItemRules.count - start))
    }
    skus.setRules { _, positions in target(positions.lazy.map { Int($0) }) }
    // A category's rules include the untargeted ones, so that a line in a category looks
    // at one group fewer.
    categories.setRules { _, positions in
      target(positions.lazy.map { Int($0) } + untargeted, inIdOrder: untargeted.isEmpty)
    }
    untargetedItemGroups = target(untargeted)
    itemSKUs = skus
    itemCategories = categories
    self.fewItemRules = fewItemRules
    self.itemGroups = itemGroups
    self.orderRules = orderRules
    self.orderRanks = orderRanks
    orderIndex = OrderStageIndex(indexed ? orderRules : [])
    compactOrderRules =
      indexed && orderRules.count <= WorkingPromotions.fewOrderRules
      ? zip(orderRules, orderRanks).map { CompactOrderRule($0, rank: $1) } : []
  }

  /// Calls `body` with the position of every item rule that targets a line with `sku`
  /// and `categories` (a rule may be passed more than once): the linear search.
  ///
  /// - Complexity: O(*k*) for the *k* rules that target the line.
  func forEachItemRule(targeting sku: String?, categories: [String], _ body: (Int) -> Void) {
    for index in untargetedItems { body(index) }
    if let sku { itemSKUs.forEachPosition(of: sku, body) }
    for category in categories { itemCategories.forEachPosition(of: category, body) }
  }

  /// Calls `body` with the rules of each target of a line with `sku` and `categories`: its
  /// categories' (which hold the untargeted rules too), the untargeted ones when no
  /// category of the line has rules, and its SKU's.
  ///
  /// The SKU's slot is read first and its rules last: the categories' work (whose tables
  /// are few and stay in the cache) goes on while the SKU's slot, likely out of the cache,
  /// is on its way. The order does not matter to the caller, which keeps the most taken
  /// off and, among equals, the lowest rank.
  ///
  /// - Complexity: O(*c*) table lookups for *c* categories.
  @inline(__always)
  func forEachItemGroup(targeting sku: String?, categories: [String], _ body: (ItemTargetRules) -> Void) {
    let skuRules = sku.flatMap { itemSKUs.rules(of: $0) }
    var untargetedSeen = false
    // By position: each category is read where it is, not copied out of the array.
    for index in categories.indices {
      if let rules = itemCategories.rules(of: categories[index]) {
        body(rules)
        untargetedSeen = true
      }
    }
    if !untargetedSeen { body(untargetedItemGroups) }
    if let skuRules { body(skuRules) }
  }
}

/// `positions` ordered by their `ranks`, which are distinct and each below `ranks.count`
/// (a permutation, as ``idRanks(of:)`` gives): each position is put in its rank's place.
///
/// - Complexity: O(*n*) for the *n* ranks, without comparisons.
func inRankOrder(_ positions: [Int], ranks: [Int32]) -> [Int] {
  var byRank = [Int](repeating: -1, count: ranks.count)
  for position in positions { byRank[Int(ranks[position])] = position }
  var ordered: [Int] = []
  ordered.reserveCapacity(positions.count)
  for position in byRank where position >= 0 { ordered.append(position) }
  return ordered
}

/// The rank of every promotion's id among the store's ids, compared as byte strings (ties,
/// which a valid store does not have, by position): comparing ranks compares ids.
///
/// The ids are sorted as integers, each its first 8 bytes (zero-padded: no id holds a zero
/// byte) above its position; only runs of ids sharing those 8 bytes are then compared
/// whole.
///
/// - Complexity: O(*n* log *n*) integer comparisons, and comparisons of whole ids only
///   within runs sharing their first 8 bytes.
package func idRanks(of promotions: [Promotion]) -> [Int32] {
  var keys: [UInt128] = []
  keys.reserveCapacity(promotions.count)
  HugePages.adviseUnusedCapacity(of: &keys)
  for position in promotions.indices {
    // The first 8 bytes, the first in the highest byte (ids are ASCII: a store holds no
    // other, and the model checks them).
    var prefix: UInt64 = 0
    var id = promotions[position].id
    id.withUTF8 { utf8 in
      for index in 0..<min(utf8.count, 8) { prefix |= UInt64(utf8[index]) << (56 - 8 * index) }
    }
    keys.append(UInt128(prefix) << 64 | UInt128(position))
  }
  // A comparison sort: ids often come in runs already in order, which it takes whole.
  keys.sort()
  var order = keys.map { Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: $0)) }
  // Ids that share their first 8 bytes are in position order: sort each such run by the
  // whole id.
  var start = 0
  while start < keys.count {
    var end = start + 1
    while end < keys.count && keys[end] >> 64 == keys[start] >> 64 { end += 1 }
    if end - start > 1 {
      order[start..<end].sort { left, right in
        let lhs = promotions[left].id.utf8
        let rhs = promotions[right].id.utf8
        if !lhs.elementsEqual(rhs) { return lhs.lexicographicallyPrecedes(rhs) }
        return left < right
      }
    }
    start = end
  }
  var ranks = [Int32](repeating: 0, count: promotions.count)
  for (rank, position) in order.enumerated() { ranks[position] = Int32(rank) }
  return ranks
}
