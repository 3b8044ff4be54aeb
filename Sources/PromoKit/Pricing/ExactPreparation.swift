/// The working promotions of a store sorted for ``ExactCandidates`` as they are
/// read, one by one, in the store's order: the targeted deals without a code, grouped by
/// SKU and by category; the untargeted item deals, discounts, and thresholds and shipping
/// deals; the deals of each code; the untargeted discounts and thresholds with nothing of
/// format 3 about them; and the customer groups of the deals for some.
///
///     var preparation = ExactPreparation(capacity: promotions.count)
///     preparation.add(promotion, at: 0, rank: 3, minorDigits: 2)   // false: unpayable
///
/// A value whose methods mutate it in place: nothing of it is captured by a closure, so
/// adding a promotion needs no dynamic exclusivity check.
///
/// - Complexity: O(*t*) expected per promotion of *t* SKUs and categories.
struct ExactPreparation {
  /// The targeted deals without a code, in the store's order, and their positions here
  /// grouped by each SKU and each category of their targets.
  var targeted: [DealTerms] = []
  var skuLists = StringGrouping()
  var categoryLists = StringGrouping()
  /// The untargeted deals without a code, of every customer or not: item deals, discounts,
  /// and thresholds and shipping deals.
  var untargetedItems: [DealTerms] = []
  var untargetedDiscounts: [DealTerms] = []
  var byMinimum: [DealTerms] = []
  /// The deals with a code, in the store's order, and their positions here grouped by the
  /// code normalized (a store of single-use codes has as many codes as deals: one list
  /// each, laid out once); their targets by store position.
  var coded: [DealTerms] = []
  var codeLists = StringGrouping()
  var codeTargets: [Int32: ItemTarget] = [:]
  /// The customer groups of each deal for some, by store position.
  var groups: [Int32: CustomerGroups] = [:]
  /// The untargeted discounts and thresholds with nothing of format 3 about them
  /// (``PlainOrderDeals/holds(_:)``).
  var plain: [DealTerms] = []
  /// The keys of the targets of the discounts and thresholds of several SKUs and
  /// categories, each target's after the previous one's, up to its end in `sharedEnds`: a
  /// SKU's index in `skuLists.keys`, a category's index in `categoryLists.keys` as
  /// `-1 - index` (known as they are grouped: no key is looked up again).
  var sharedKeys: [Int32] = []
  var sharedEnds: [Int32] = []
  /// The highest layer of the order deals added (2 without any: format 3's threshold).
  var lastLayer: Int8 = 2
  /// Whether a deal added needs the layered search (``DealTerms/needsLayeredSearch``).
  var needsLayers = false
  /// The extras of the deals added, which their terms do not hold (``DealTerms/extras``).
  var extrasKept: [DealExtras] = []

  /// How many deals the candidates' table holds at the most: a deal once for each SKU and
  /// category of its target, the untargeted ones, those of codes (and the plain deals,
  /// when there are too few to index).
  var tableCount: Int {
    skuLists.count + categoryLists.count + untargetedItems.count + untargetedDiscounts.count
      + byMinimum.count + plain.count + coded.count
  }

  /// Room for `capacity` targeted deals (a big buffer, written once front to back: in huge
  /// pages where the kernel grants them), and for as many SKUs of targets and keys of the
  /// targets they share (twice as many of each, as a guess: growing these lists copies
  /// them into fresh memory several times).
  init(capacity: Int) {
    targeted.reserveCapacity(capacity)
    HugePages.adviseUnusedCapacity(of: &targeted)
    skuLists = StringGrouping(capacity: 2 * capacity)
    sharedKeys.reserveCapacity(2 * capacity)
    sharedEnds.reserveCapacity(capacity)
  }

  /// Adds `promotion`, working, at `position` in the store and of id rank `rank`; `false`
  /// when an amount of it cannot be paid in `minorDigits`.
  mutating func add(
    _ promotion: Promotion, at position: Int, rank: Int32, minorDigits: Int,
    rounding: PercentageRounding = .halfUp
  ) -> Bool {
    guard
      let deal = try? DealTerms(
        promotion, storeIndex: position, rank: rank, minorDigits: minorDigits, rounding: rounding,
        keepingExtrasIn: &extrasKept)
    else { return false }
    // A gift is granted after the plan is chosen: never a deal of the search.
    if promotion.kind == .gift { return true }
    if promotion.kind.actsOnOrder { lastLayer = max(lastLayer, deal.layer) }
    needsLayers = needsLayers || deal.needsLayeredSearch
    let target = promotion.target
    if target == nil && PlainOrderDeals.holds(promotion, rounding: rounding) {
      plain.append(deal)
      return true
    }
    if let customerGroups = promotion.customerGroups { groups[deal.storeIndex] = customerGroups }
    if let code = promotion.code {
      codeLists.append(coded.count, to: CouponCode.normalized(code))
      coded.append(deal)
      if let target { codeTargets[deal.storeIndex] = target }
    } else if let target {
      let (skus, categories) = (target.skus, target.categories)
      let shared = promotion.kind.actsOnOrder && skus.count + categories.count > 1
      for sku in skus {
        let key = skuLists.append(targeted.count, to: sku)
        if shared { sharedKeys.append(key) }
      }
      for category in categories {
        let key = categoryLists.append(targeted.count, to: category)
        if shared { sharedKeys.append(-1 - key) }
      }
      if shared { sharedEnds.append(Int32(sharedKeys.count)) }
      targeted.append(deal)
    } else {
      switch promotion.kind {
      case .item: untargetedItems.append(deal)
      case .discount: untargetedDiscounts.append(deal)
      case .threshold, .shipping: byMinimum.append(deal)
      case .gift: break
      }
    }
    return true
  }
}
