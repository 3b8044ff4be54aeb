/// The promotions working for a set of presented codes at one instant, with their amounts
/// in one currency's minor units, indexed for plan selection.
///
/// Item promotions are indexed by the SKUs and categories they target, so that a line
/// looks only at the promotions that target it and the untargeted ones. Order promotions
/// are kept as plain rules, their stackable discounts sorted by id and their stackable
/// thresholds in a ``ThresholdIndex``.
struct PreparedPromotions: Sendable {
  /// The minor digits every amount here is in.
  let minorDigits: Int
  /// The working item promotions.
  let itemRules: [ItemRule]
  /// Positions in `itemRules` of the promotions targeting each SKU.
  let itemsBySKU: [String: [Int]]
  /// Positions in `itemRules` of the promotions targeting each category.
  let itemsByCategory: [String: [Int]]
  /// Positions in `itemRules` of the promotions that target every line.
  let untargetedItems: [Int]
  /// The working discounts and thresholds.
  let orderRules: [OrderRule]
  /// Positions in `orderRules` of the stackable ones.
  let stackableOrderRules: [Int]
  /// Positions in `orderRules` of the stackable discounts, by ascending id bytes.
  let stackableDiscounts: [Int]
  /// The stackable thresholds.
  let stackableThresholds: ThresholdIndex

  /// Prepares the promotions of `catalog` working at `instant` for an order presenting
  /// `codes` (normalized), in a currency of `minorDigits`.
  ///
  /// An amount that the currency cannot hold (a store without a currency, written with
  /// 2 decimal places, priced against a JPY order) is a data error naming its field.
  ///
  /// Complexity: O(*n* log *n*) for *n* promotions.
  init(catalog: Catalog, at instant: Instant, codes: Set<String>, minorDigits: Int) throws(PromoError) {
    self.minorDigits = minorDigits
    var itemRules: [ItemRule] = []
    var bySKU: [String: [Int]] = [:]
    var byCategory: [String: [Int]] = [:]
    var untargeted: [Int] = []
    var orderRules: [OrderRule] = []
    for (position, promotion) in catalog.promotions.enumerated()
    where promotion.isWorking(at: instant, presenting: codes) {
      do throws(UnpayableAmount) {
        if let rule = try ItemRule(promotion, storeIndex: position, minorDigits: minorDigits) {
          let index = itemRules.count
          itemRules.append(rule)
          if let target = promotion.target {
            for sku in target.skus { bySKU[sku, default: []].append(index) }
            for category in target.categories { byCategory[category, default: []].append(index) }
          } else {
            untargeted.append(index)
          }
        } else if let rule = try OrderRule(promotion, storeIndex: position, minorDigits: minorDigits) {
          orderRules.append(rule)
        }
      } catch {
        throw PromoError(
          .invalidData, position: "promotions[\(position)].\(error.field)",
          "the store has no currency and its amounts use 2 decimal places, but the order's currency has "
            + "\(minorDigits); give the store a currency or write whole amounts")
      }
    }
    self.itemRules = itemRules
    itemsBySKU = bySKU
    itemsByCategory = byCategory
    untargetedItems = untargeted
    self.orderRules = orderRules
    stackableOrderRules = orderRules.indices.filter { orderRules[$0].isStackable }
    stackableDiscounts = stackableOrderRules.filter { orderRules[$0].minimum == nil }.sorted {
      orderRules[$0].id.utf8.lexicographicallyPrecedes(orderRules[$1].id.utf8)
    }
    stackableThresholds = ThresholdIndex(
      stackableOrderRules.filter { orderRules[$0].minimum != nil }, of: orderRules)
  }

  /// Calls `body` with the position of every item rule that targets a line with `sku`
  /// and `categories` (a rule may be passed more than once).
  ///
  /// Complexity: O(*k*) for the *k* rules that target the line.
  func forEachItemRule(targeting sku: String?, categories: [String], _ body: (Int) -> Void) {
    for index in untargetedItems { body(index) }
    if let sku, let indices = itemsBySKU[sku] { for index in indices { body(index) } }
    for category in categories {
      if let indices = itemsByCategory[category] { for index in indices { body(index) } }
    }
  }
}
