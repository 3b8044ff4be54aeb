/// Outdoing: when one deal takes at least as much as another wherever the other can be
/// tried, and wins the tie, so that the other can be left out of a search (pruning).
///
///     let kept = DealTerms.unoutdone(itemDeals)   // none of them outdoes another
///
/// - Complexity: O(1) for one pair; ``unoutdone(_:by:outdoes:)`` as it says.
extension DealTerms {
  /// Its fixed price in minor units; 0 for another benefit.
  private var fixedPriceUnits: Int64 { benefit == .fixedPrice ? sumUnits : 0 }

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
    if benefit == .fixedPrice && other.benefit == .fixedPrice && sumUnits < other.sumUnits { return true }
    guard rank < other.rank else { return false }
    switch (benefit, other.benefit) {
    case (.percentOff, .percentOff): return rate >= other.rate
    case (.amountOff, .amountOff): return sumUnits >= other.sumUnits
    case (.fixedPrice, .fixedPrice): return sumUnits <= other.sumUnits
    case (.buyGet, .buyGet): return buy == other.buy && get == other.get && rate >= other.rate
    case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
    }
  }

  /// Whether this untargeted threshold or shipping deal, without a code, takes at least as
  /// much as `other` (of its kind, untargeted, without a code) in every plan `other` can be
  /// in, and wins a tie (a lower id): no higher minimums, the same benefit with no less off
  /// (or all of the shipping), stackable if `other` is, for every customer. Every order that
  /// finds `other` finds this one too, and `other` is never in the best plan. Of two
  /// repeating thresholds counting the same (amount or units), one with no longer a step,
  /// no smaller a sum and no lower a cap takes at least as many steps of at least as much.
  func outdoesUntargeted(_ other: DealTerms) -> Bool {
    guard kind == other.kind, !isTargeted, !other.isTargeted, !isForCustomerGroups, rank < other.rank,
      isStackable || !other.isStackable, minimumUnits <= other.minimumUnits,
      minimumQuantity <= other.minimumQuantity, repeats == other.repeats
    else { return false }
    if repeats {
      return hasMinimum == other.hasMinimum && fineStep.isZero && other.fineStep.isZero
        && sumUnits >= other.sumUnits && capUnits >= other.capUnits
    }
    switch kind {
    case .threshold:
      switch (benefit, other.benefit) {
      case (.percentOff, .percentOff): return rate >= other.rate && capUnits >= other.capUnits
      case (.amountOff, .amountOff): return sumUnits >= other.sumUnits
      case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
      }
    case .shipping:
      switch (benefit, other.benefit) {
      case (.percentOff, _) where rate == Percentage.hundred.tenThousandths: return true
      case (.percentOff, .percentOff): return rate >= other.rate
      case (.amountOff, .amountOff): return sumUnits >= other.sumUnits
      case (.fixedPrice, .fixedPrice): return sumUnits <= other.sumUnits
      case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
      }
    case .item, .discount: return false
    }
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
