/// Some working promotions (those without a code and those of the codes the command
/// presents, or those of one code), with their amounts in one currency's minor units,
/// indexed for plan selection.
///
/// Both kinds of rules are kept in id order, each with its rank among every id of the
/// store: a position in ``itemRules`` or ``orderRules`` is a rule's *weight* in the
/// indexes, and the lowest weight is the lowest id.
///
/// - Item promotions: an ``ItemRuleGroup`` for each SKU and each category targeted and one
///   for the untargeted promotions, of every rule and of the stackable ones, so that a line
///   looks at the groups of its SKU, its categories and the untargeted group, and in each
///   at one candidate per benefit kind; a group of at most ``ItemGroups/fewRules`` rules is
///   a plain list (``FewItemRules``) instead, passed over in bounded time. The plain lists of the rules targeting each SKU and
///   category are kept for the linear search the tests check the indexes against.
/// - Order promotions: an ``OrderStageIndex``.
final class PreparedPromotions: Sendable {
  /// The minor digits every amount here is in.
  let minorDigits: Int
  /// The working item promotions, in id order.
  let itemRules: [ItemRule]
  /// The rank of each item rule's id among every id of the store.
  let itemRanks: [Int32]
  /// Positions in `itemRules` of the promotions targeting each SKU.
  let itemsBySKU: StringTable<[Int]>
  /// Positions in `itemRules` of the promotions targeting each category.
  let itemsByCategory: StringTable<[Int]>
  /// Positions in `itemRules` of the promotions that target every line.
  let untargetedItems: [Int]
  /// The item groups of each SKU: of every rule, and of the stackable ones.
  let itemGroupsBySKU: StringTable<ItemGroups>
  /// The item groups of each category, with the untargeted rules in them too.
  let itemGroupsByCategory: StringTable<ItemGroups>
  /// The item groups of the promotions that target every line.
  let untargetedItemGroups: ItemGroups
  /// The working discounts and thresholds, in id order.
  let orderRules: [OrderRule]
  /// The rank of each order rule's id among every id of the store.
  let orderRanks: [Int32]
  /// The order rules indexed for the order stage.
  let orderIndex: OrderStageIndex

  /// The rules targeting the same lines: all of them and the stackable ones as
  /// ``ItemRuleGroup``s, or, when there are at most ``fewRules`` of them, as one list.
  final class ItemGroups: Sendable {
    /// Up to this many rules, a pass over them replaces the groups' indexes.
    static let fewRules = 16
    /// The rules as a list, when there are few.
    let few: FewItemRules?
    /// Every rule (empty when `few` holds them).
    let all: ItemRuleGroup
    /// The stackable rules (empty when `few` holds them).
    let stackable: ItemRuleGroup

    /// Indexes the rules at `positions` of `rules`.
    init(_ positions: [Int], of rules: [ItemRule]) {
      if positions.count <= Self.fewRules {
        few = FewItemRules(positions, of: rules)
        all = ItemRuleGroup([], of: rules)
        stackable = all
        return
      }
      few = nil
      all = ItemRuleGroup(positions, of: rules)
      let stackablePositions = positions.filter { rules[$0].isStackable }
      // When every rule is stackable, the two groups are the same.
      stackable =
        stackablePositions.count == positions.count ? all : ItemRuleGroup(stackablePositions, of: rules)
    }

    /// The most a rule takes off a line of `quantity` units at `unitPrice` (amount
    /// `lineAmount`) and the least weight of the rules taking that off, of all the rules and
    /// of the stackable ones (`rules` says which are); `nil` when none takes off more than 0.
    ///
    /// - Complexity: O(``fewRules``) for few rules, else that of two
    ///   ``ItemRuleGroup/best(unitPrice:quantity:lineAmount:)`` queries.
    @inline(__always)
    func best(unitPrice: Int128, quantity: Int64, lineAmount: Int128, rules: [ItemRule]) -> (
      all: (discount: Int128, weight: Int32)?, stackable: (discount: Int128, weight: Int32)?
    ) {
      if let few { return few.best(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount) }
      // When no rule applies, no stackable one does; when the best of all is stackable, it
      // is the best of the stackable ones too.
      guard let best = all.best(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount) else {
        return (nil, nil)
      }
      if rules[Int(best.weight)].isStackable { return (best, best) }
      if stackable.isEmpty { return (best, nil) }
      return (best, stackable.best(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount))
    }
  }

  /// Prepares the promotions of `catalog` at `positions` (working ones), in a currency of
  /// `minorDigits`; `ranks` holds the rank of every promotion's id among the store's ids.
  ///
  /// An amount that the currency cannot hold (a store without a currency, written with
  /// 2 decimal places, priced against a JPY order) is a data error naming its field.
  ///
  /// - Complexity: O(*n* log *n*) for *n* promotions.
  init(catalog: Catalog, positions: [Int], ranks: [Int32], minorDigits: Int) throws(PromoError) {
    self.minorDigits = minorDigits
    let ordered = positions.sorted { ranks[$0] < ranks[$1] }
    var itemRules: [ItemRule] = []
    var itemRanks: [Int32] = []
    var bySKU = StringGrouping()
    var byCategory = StringGrouping()
    var untargeted: [Int] = []
    var orderRules: [OrderRule] = []
    var orderRanks: [Int32] = []
    for position in ordered {
      let promotion = catalog.promotions[position]
      do throws(UnpayableAmount) {
        if let rule = try ItemRule(promotion, storeIndex: position, minorDigits: minorDigits) {
          let index = itemRules.count
          itemRules.append(rule)
          itemRanks.append(ranks[position])
          if let target = promotion.target {
            for sku in target.skus { bySKU.append(index, to: sku) }
            for category in target.categories { byCategory.append(index, to: category) }
          } else {
            untargeted.append(index)
          }
        } else if let rule = try OrderRule(promotion, storeIndex: position, minorDigits: minorDigits) {
          orderRules.append(rule)
          orderRanks.append(ranks[position])
        }
      } catch {
        throw PromoError(
          .invalidData, position: "promotions[\(position)].\(error.field)",
          "the store has no currency and its amounts use 2 decimal places, but the order's currency has "
            + "\(minorDigits); give the store a currency or write whole amounts")
      }
    }
    self.itemRules = itemRules
    self.itemRanks = itemRanks
    itemsBySKU = StringTable(keys: bySKU.keys, values: bySKU.lists)
    itemsByCategory = StringTable(keys: byCategory.keys, values: byCategory.lists)
    untargetedItems = untargeted
    itemGroupsBySKU = StringTable(keys: bySKU.keys, values: bySKU.lists.map { ItemGroups($0, of: itemRules) })
    // A category's groups hold the untargeted rules too, so that a line in a category
    // looks at one group fewer.
    itemGroupsByCategory = StringTable(
      keys: byCategory.keys, values: byCategory.lists.map { ItemGroups($0 + untargeted, of: itemRules) })
    untargetedItemGroups = ItemGroups(untargeted, of: itemRules)
    self.orderRules = orderRules
    self.orderRanks = orderRanks
    orderIndex = OrderStageIndex(orderRules)
  }

  /// Calls `body` with the position of every item rule that targets a line with `sku`
  /// and `categories` (a rule may be passed more than once): the linear search.
  ///
  /// - Complexity: O(*k*) for the *k* rules that target the line.
  func forEachItemRule(targeting sku: String?, categories: [String], _ body: (Int) -> Void) {
    for index in untargetedItems { body(index) }
    if let sku, let indices = itemsBySKU[sku] { for index in indices { body(index) } }
    for category in categories {
      if let indices = itemsByCategory[category] { for index in indices { body(index) } }
    }
  }

  /// Calls `body` with the item groups that may target a line with `sku` and
  /// `categories`: its SKU's, its categories' (which hold the untargeted rules too), and
  /// the untargeted ones when no category of the line has a group.
  ///
  /// - Complexity: O(*c*) table lookups for *c* categories.
  func forEachItemGroup(targeting sku: String?, categories: [String], _ body: (ItemGroups) -> Void) {
    if let sku, let groups = itemGroupsBySKU[sku] { body(groups) }
    var untargetedSeen = false
    for category in categories {
      if let groups = itemGroupsByCategory[category] {
        body(groups)
        untargetedSeen = true
      }
    }
    if !untargetedSeen { body(untargetedItemGroups) }
  }
}

/// The rank of every promotion's id among the store's ids, compared as byte strings (ties,
/// which a valid store does not have, by position): comparing ranks compares ids.
///
/// - Complexity: O(*n* log *n*) comparisons, most of them of the ids' first 8 bytes.
func idRanks(of promotions: [Promotion]) -> [Int32] {
  var prefixes: [UInt64] = []
  prefixes.reserveCapacity(promotions.count)
  for promotion in promotions {
    var prefix: UInt64 = 0
    var count = 0
    for byte in promotion.id.utf8 {
      if count == 8 { break }
      prefix |= UInt64(byte) << (56 - 8 * count)
      count += 1
    }
    prefixes.append(prefix)
  }
  let order = promotions.indices.sorted { left, right in
    if prefixes[left] != prefixes[right] { return prefixes[left] < prefixes[right] }
    let lhs = promotions[left].id.utf8
    let rhs = promotions[right].id.utf8
    if !lhs.elementsEqual(rhs) { return lhs.lexicographicallyPrecedes(rhs) }
    return left < right
  }
  var ranks = [Int32](repeating: 0, count: promotions.count)
  for (rank, position) in order.enumerated() { ranks[position] = Int32(rank) }
  return ranks
}
