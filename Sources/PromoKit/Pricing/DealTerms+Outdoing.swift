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
    case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
    // format 4: priced by the engine work on issue 30
    case (.bundle, _), (.tiers, _), (.gift, _): return false
    }
  }

  /// Whether this item deal, priced line by line, takes at least as much as `other` off
  /// every line and wins a tie (a lower id), in every item stage `other` can be in: the
  /// same benefit (a buy/get of the same units), at least the rate or the sum off (at most
  /// the fixed price), at least the unit limit, stackable if `other` is, and for every
  /// customer. Then `other` is never the item deal of a line where this one is tried too.
  ///
  /// A lower fixed price (with at least the unit limit) outdoes whatever the ids: wherever
  /// `other` takes something off a line (its unit price above `other`'s fixed price), this
  /// one takes more off each of at least as many units, so no tie is left to the ids.
  func outdoes(_ other: DealTerms) -> Bool {
    guard isPricedLineByLine, other.isPricedLineByLine, !isForCustomerGroups,
      isStackable || !other.isStackable, maximumQuantity >= other.maximumQuantity
    else { return false }
    if benefit == .fixedPrice && other.benefit == .fixedPrice && fixedPriceTakesMore(other) { return true }
    return rank < other.rank && takesAtLeast(other)
  }

  /// Whether this untargeted threshold or shipping deal, without a code, takes at least as
  /// much as `other` (of its kind, untargeted, without a code) in every plan `other` can be
  /// in, and wins a tie (a lower id): no higher minimums, the same benefit with no less off
  /// (or all of the shipping), stackable if `other` is, for every customer. Every order that
  /// finds `other` finds this one too, and `other` is never in the best plan. Of two
  /// repeating thresholds counting the same (amount or units), one with no longer a step,
  /// no smaller a sum and no lower a cap takes at least as many steps of at least as much.
  func outdoesUntargeted(_ other: DealTerms) -> Bool {
    guard kind == other.kind, kind == .threshold || kind == .shipping, !isTargeted, !other.isTargeted,
      !isForCustomerGroups, rank < other.rank,
      isStackable || !other.isStackable, minimumUnits <= other.minimumUnits,
      minimumQuantity <= other.minimumQuantity
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
  /// minimums, the same benefit with no less off, stackable if `other` is, for every
  /// customer. A threshold is the last order deal of a plan, so nothing after it depends
  /// on what it takes; a discount may be followed by a threshold whose minimum what it
  /// takes decides, so only a discount that stands alone (not stackable) is outdone.
  func outdoesOnSameLines(_ other: DealTerms) -> Bool {
    guard kind == other.kind, kind == .threshold || (kind == .discount && !other.isStackable),
      hasOneTarget, other.hasOneTarget, !isForCustomerGroups, rank < other.rank,
      isStackable || !other.isStackable, minimumUnits <= other.minimumUnits,
      minimumQuantity <= other.minimumQuantity
    else { return false }
    return takesAtLeast(other)
  }

  /// Those of `deals` that no other `outdoes`, nor one of `others`, which are tried wherever
  /// these are; by their fixed price (0 for another benefit), then their ids: a deal that
  /// outdoes another comes first (it has a lower id, or a lower fixed price), so each deal
  /// left out is outdone by one kept.
  ///
  /// - Complexity: O(*n* log *n* + *n* *k*) for *n* deals of which *k* are kept.
  static func unoutdone(
    _ deals: [DealTerms], by others: [DealTerms] = [],
    outdoes: (DealTerms, DealTerms) -> Bool = { $0.outdoes($1) }
  ) -> [DealTerms] {
    var kept: [DealTerms] = []
    for deal in deals.sorted(by: { ($0.fixedPriceUnits, $0.rank) < ($1.fixedPriceUnits, $1.rank) })
    where !kept.contains(where: { outdoes($0, deal) }) && !others.contains(where: { outdoes($0, deal) }) {
      kept.append(deal)
    }
    return kept
  }
}
