// The warnings about how a store's deals combine (store format 4, and the shipping deal
// that joins nothing): which deals can never go together although the store seems to want
// them to.

extension StoreAudit {
  /// The warnings about how `catalog`'s deals combine at `instant`: a shipping deal that
  /// combines with nothing while other deals work, order deals that share a layer though
  /// each combines with `order`, and a `combinesWith` naming a class no working deal has.
  ///
  /// - Complexity: O(*n* log *n*) for *n* promotions.
  /// Layers are store format 4's: a store of an earlier version, whose order stage takes
  /// one discount and one threshold by design, gets no warning about them, and its
  /// shipping deal the advice its own version can follow.
  static func combinationWarnings(for catalog: Catalog, at instant: Instant) -> [StoreWarning] {
    let hasLayers = catalog.formatVersion >= 4
    var warnings = shippingThatJoinsNothing(catalog, at: instant, advisingCombinesWith: hasLayers)
    if hasLayers { warnings += sharedLayers(catalog, at: instant) }
    warnings += absentClasses(catalog, at: instant)
    return warnings
  }

  /// A working shipping deal that combines with nothing while item or order deals work: it
  /// never joins them, so it applies only to orders none of them lowers ("free shipping
  /// over 99" lost whenever a coupon applies).
  /// The advice is `combinesWith` (item and order) or stackable; only stackable when
  /// `advisingCombinesWith` is not set (a store before format 4).
  private static func shippingThatJoinsNothing(
    _ catalog: Catalog, at instant: Instant, advisingCombinesWith: Bool
  ) -> [StoreWarning] {
    let others = catalog.promotions.count { promotion in
      promotion.isWorking(at: instant) && (promotion.kind == .item || promotion.kind.actsOnOrder)
    }
    guard others > 0 else { return [] }
    return catalog.promotions.enumerated().compactMap { index, promotion in
      guard promotion.kind == .shipping, promotion.combinesWith.isEmpty, promotion.isWorking(at: instant)
      else { return nil }
      return StoreWarning(
        position: "promotions[\(index)].stackable",
        message: "\"\(promotion.id)\" is a shipping deal that combines with nothing while \(others) other "
          + "deal\(others == 1 ? " is" : "s are") working: it never joins them, so it applies only where none "
          + "of them does; "
          + (advisingCombinesWith
            ? "give it \"combinesWith\": [\"item\", \"order\"] (--combines-with item,order) or make it stackable"
            : "make it stackable (\"stackable\": true, --stackable)"),
        code: .shippingCombinesWithNothing)
    }
  }

  /// The order deals (discounts and thresholds) of one layer that each combine with
  /// `order`, not ended at `instant`, whose windows meet: a plan takes one deal of a layer,
  /// so only one of them can ever apply to an order. One warning per layer, naming them.
  private static func sharedLayers(_ catalog: Catalog, at instant: Instant) -> [StoreWarning] {
    var byLayer: [Int: [Int]] = [:]
    for (index, promotion) in catalog.promotions.enumerated()
    where promotion.kind.actsOnOrder && promotion.combines(with: .order)
      && promotion.status(at: instant) != .ended
    {
      byLayer[promotion.layer ?? 0, default: []].append(index)
    }
    return byLayer.keys.sorted().compactMap { layer -> (Int, StoreWarning)? in
      let sharing = overlapping(byLayer[layer]!, in: catalog.promotions)
      guard sharing.count > 1 else { return nil }
      let ids = sharing.prefix(5).map { "\"\(catalog.promotions[$0].id)\"" }
      var named = ids.dropLast().joined(separator: ", ")
      named += sharing.count > 5 ? ", \(ids.last!) and \(sharing.count - 5) more" : " and \(ids.last!)"
      let second = sharing[1]
      let message =
        "\(named) are order deals of layer \(layer) that each combine with \"order\": a plan takes one deal "
        + "of a layer, so only one of them can apply to an order; give each its own layer (1 to 9), or make "
        + "alternative thresholds one threshold with tiers"
      return (
        second, StoreWarning(position: "promotions[\(second)].layer", message: message, code: .layerShared)
      )
    }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Of the promotions at `indices`, those whose window meets the window of another one
  /// (a missing bound is unbounded), in store order.
  ///
  /// - Complexity: O(*k* log *k*) for *k* indices.
  private static func overlapping(_ indices: [Int], in promotions: [Promotion]) -> [Int] {
    guard indices.count > 1 else { return [] }
    func start(_ index: Int) -> Instant? { promotions[index].startsAt?.instant }
    func end(_ index: Int) -> Instant? { promotions[index].endsAt?.instant }
    // Sorted by start (no start first); a window meets a later one when that one starts
    // before it ends, and an earlier one when it starts before the latest end so far.
    let sorted = indices.sorted { left, right in
      switch (start(left), start(right)) {
      case (nil, nil): left < right
      case (nil, _): true
      case (_, nil): false
      case (let a?, let b?): a < b || (a == b && left < right)
      }
    }
    // Whether a window starting at `begins` (nil: always) starts before `ends` (nil: never).
    func before(_ begins: Instant?, _ ends: Instant?) -> Bool {
      guard let begins, let ends else { return true }
      return begins < ends
    }
    var found: Set<Int> = []
    var seen = false
    var latestEnd: Instant?  // once `seen`, nil is no end at all
    for (position, index) in sorted.enumerated() {
      if seen && before(start(index), latestEnd) { found.insert(index) }
      if position + 1 < sorted.count && before(start(sorted[position + 1]), end(index)) {
        found.insert(index)
      }
      if !seen {
        latestEnd = end(index)
        seen = true
      } else if let current = latestEnd {
        latestEnd = end(index).map { max($0, current) }
      }
    }
    return found.sorted()
  }

  /// A `combinesWith` that names a class no other working deal of the store is in: it
  /// combines with nothing there, which is likely not what was meant.
  private static func absentClasses(_ catalog: Catalog, at instant: Instant) -> [StoreWarning] {
    var working: [PromotionClass: Int] = [:]
    for promotion in catalog.promotions where promotion.isWorking(at: instant) {
      if let promotionClass = promotion.kind.promotionClass { working[promotionClass, default: 0] += 1 }
    }
    return catalog.promotions.enumerated().compactMap { index, promotion in
      guard promotion.combinesWithIsWritten else { return nil }
      let own = promotion.isWorking(at: instant) ? promotion.kind.promotionClass : nil
      let absent = promotion.combinesWith.classes.filter { (working[$0] ?? 0) - ($0 == own ? 1 : 0) == 0 }
      guard !absent.isEmpty else { return nil }
      let names = absent.map { "\"\($0.rawValue)\"" }.joined(separator: " and ")
      let deals = absent.map {
        $0 == .item ? "an item deal" : "\($0 == .order ? "an order" : "a shipping") deal"
      }
      return StoreWarning(
        position: "promotions[\(index)].combinesWith",
        message: "\"\(promotion.id)\" combines with \(names), but no other working deal of the store is "
          + "\(deals.joined(separator: " or ")): it goes with nothing there; check combinesWith, or add the "
          + "deal it should go with",
        code: .combinesWithAbsentClass)
    }
  }
}
