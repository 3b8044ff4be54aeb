/// Outdoing: when one deal takes at least as much as another wherever the other can be
/// tried, and wins the tie, so that the other can be left out of a search (pruning).
///
///     let kept = DealTerms.unoutdone(itemDeals)   // none of them outdoes another
///
/// - Complexity: O(1) for one pair; ``unoutdone(_:by:outdoes:)`` as it says.
extension DealTerms {
  /// Whether this deal takes at least what `other` takes wherever both apply, as their
  /// benefits define it (the one dominance rule, each benefit's part in its own file):
  /// the same benefit, no less off. Deals of two benefits are never compared.
  func takesAtLeast(_ other: DealTerms) -> Bool {
    guard repeats == other.repeats else { return false }
    switch (benefit, other.benefit) {
    case (.percentOff, .percentOff): return percentageTakesAtLeast(other)
    case (.amountOff, .amountOff): return repeats ? repeatedSumTakesAtLeast(other) : sumTakesAtLeast(other)
    case (.fixedPrice, .fixedPrice): return fixedPriceTakesAtLeast(other)
    case (.buyGet, .buyGet): return buyGetTakesAtLeast(other)
    // (Bundles and tiers are never compared: neither is a single rate or sum.)
    case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _), (.bundle, _), (.tiers, _),
      (.gift, _):
      return false
    }
  }

  /// Whether this item deal, priced line by line, takes at least as much as `other` off
  /// every line and wins a tie (a lower id), in every item stage `other` can be in: the
  /// same benefit (a buy/get of the same units), at least the rate or the sum off (at most
  /// the fixed price), at least the unit limit, combining with every class `other` does,
  /// and for every customer. Then `other` is never the item deal of a line where this one is tried too.
  ///
  /// A lower fixed price (with at least the unit limit) outdoes whatever the ids: wherever
  /// `other` takes something off a line (its unit price above `other`'s fixed price), this
  /// one takes more off each of at least as many units, so no tie is left to the ids.
  func outdoes(_ other: DealTerms) -> Bool {
    guard isPricedLineByLine, other.isPricedLineByLine, !isForCustomerGroups,
      combines.isSuperset(of: other.combines), maximumQuantity >= other.maximumQuantity
    else { return false }
    if benefit == .fixedPrice && other.benefit == .fixedPrice && fixedPriceTakesMore(other) { return true }
    return rank < other.rank && takesAtLeast(other)
  }

  /// Whether this untargeted threshold or shipping deal, without a code, takes at least as
  /// much as `other` (of its kind, untargeted, without a code) in every plan `other` can be
  /// in, and wins a tie (a lower id): no higher minimums, the same benefit with no less off
  /// (or all of the shipping), combining with every class `other` does, in its layer and
  /// with its lines (``isLastOrderDeal(_:lastLayer:)``), for every customer. Every order
  /// that finds `other` finds this one too, and `other` is never in the best plan. Of two
  /// repeating thresholds counting the same (amount or units), one with no longer a step,
  /// no smaller a sum and no lower a cap takes at least as many steps of at least as much.
  func outdoesUntargeted(_ other: DealTerms, lastLayer: Int8) -> Bool {
    guard kind == other.kind, kind == .threshold || kind == .shipping, !isTargeted, !other.isTargeted,
      !isForCustomerGroups, rank < other.rank,
      combines.isSuperset(of: other.combines), minimumUnits <= other.minimumUnits,
      minimumQuantity <= other.minimumQuantity,
      kind == .shipping || replacesAsLastOrderDeal(other, lastLayer: lastLayer)
    else { return false }
    // All of the shipping: nothing takes more off it.
    if kind == .shipping && benefit == .percentOff && rate == Percentage.hundred.tenThousandths {
      return true
    }
    return takesAtLeast(other)
  }

  /// Whether this discount or threshold takes at least as much as `other`, of its kind and
  /// of the same one SKU or category (the same lines in every order: the caller's
  /// stretch), in every plan `other` can be in, and wins a tie (a lower id): no higher
  /// minimums, the same benefit with no less off, combining with every class `other` does,
  /// for every customer, and nothing after it depending on what it takes
  /// (``replacesAsLastOrderDeal(_:lastLayer:)``).
  func outdoesOnSameLines(_ other: DealTerms, lastLayer: Int8) -> Bool {
    guard kind == other.kind, kind.actsOnOrder,
      hasOneTarget, other.hasOneTarget, !isForCustomerGroups, rank < other.rank,
      combines.isSuperset(of: other.combines), minimumUnits <= other.minimumUnits,
      minimumQuantity <= other.minimumQuantity, replacesAsLastOrderDeal(other, lastLayer: lastLayer)
    else { return false }
    return takesAtLeast(other)
  }

  /// Whether this order deal can stand wherever `other` does with nothing after it that
  /// depends on what it takes: the same layer and lines (the same `excludeDiscountedLines`),
  /// and `other` the last order deal of every plan it is in, being in the store's last
  /// layer (`lastLayer`: a threshold in format 3) or combining with no other order deal
  /// (standing alone). A deal followed by another may leave it a minimum to reach by taking
  /// less: 3.00 then 20.00 beats 5.00 alone.
  func replacesAsLastOrderDeal(_ other: DealTerms, lastLayer: Int8) -> Bool {
    layer == other.layer && excludesDiscountedLines == other.excludesDiscountedLines
      && (other.layer >= lastLayer || !other.combines.contains(.order))
  }

  /// Those of `deals` that no other `outdoes`, nor one of `others`, which are tried wherever
  /// these are; by their fixed price (0 for another benefit), then their ids: a deal that
  /// outdoes another comes first (it has a lower id, or a lower fixed price), so each deal
  /// left out is outdone by one kept. A deal is compared only with those of its
  /// ``DominanceGroup``: a store of many deals never compared (tier ladders, bundles) costs
  /// no comparison.
  ///
  /// - Complexity: O(*n* log *n* + *n* *k*) for *n* deals of which *k* are kept in a group.
  static func unoutdone(
    _ deals: [DealTerms], by others: [DealTerms] = [],
    outdoes: (DealTerms, DealTerms) -> Bool = { $0.outdoes($1) }
  ) -> [DealTerms] {
    let sorted = deals.sorted { ($0.fixedPriceUnits, $0.rank) < ($1.fixedPriceUnits, $1.rank) }
    var kept: [DealTerms] = []
    // (A few deals are compared as they are: no table of groups to make.)
    guard sorted.count > Self.fewToGroup else {
      for deal in sorted
      where !kept.contains(where: { outdoes($0, deal) }) && !others.contains(where: { outdoes($0, deal) }) {
        kept.append(deal)
      }
      return kept
    }
    var keptOfGroup: [DominanceGroup: [DealTerms]] = [:]
    for deal in sorted {
      guard let group = deal.dominanceGroup else {
        kept.append(deal)
        continue
      }
      if keptOfGroup[group]?.contains(where: { outdoes($0, deal) }) == true
        || others.contains(where: { outdoes($0, deal) })
      {
        continue
      }
      keptOfGroup[group, default: []].append(deal)
      kept.append(deal)
    }
    return kept
  }

  /// Up to this many deals, ``unoutdone(_:by:outdoes:)`` compares each with every one kept,
  /// without grouping them first.
  static let fewToGroup = 16

  /// The deals one can outdo or be outdone by: those of its kind and benefit, repeating
  /// alike (the rule compares no two benefits), and every shipping deal with every other
  /// (one taking all of the shipping outdoes any).
  struct DominanceGroup: Hashable {
    var kind: PromotionKind
    var benefit: Benefit.Kind?
    var repeats: Bool
  }

  /// Its ``DominanceGroup``; `nil` for a benefit never compared (a bundle, tiers, a gift),
  /// which neither outdoes nor is outdone.
  var dominanceGroup: DominanceGroup? {
    switch benefit {
    case .bundle, .tiers, .gift: nil
    case .percentOff, .amountOff, .fixedPrice, .buyGet:
      DominanceGroup(kind: kind, benefit: kind == .shipping ? nil : benefit, repeats: repeats)
    }
  }
}
