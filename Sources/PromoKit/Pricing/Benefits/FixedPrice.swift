/// The benefit `fixedPrice`: each unit a deal covers costs this much, unless it costs less
/// (an item deal); the shipping costs this much, unless it costs less (a shipping deal).
///
///     DealTerms.fixedPriceOff(1_900, unitPrice: 3_900, units: 2)   // 4_000
///
/// - Complexity: each is O(1).
extension DealTerms {
  /// `fixedPrice` on a line: each of `units` units costs `price`, unless it costs less.
  @inline(__always)
  static func fixedPriceOff(_ price: Int128, unitPrice: Int128, units: Int64) -> Int128 {
    RateArithmetic.product(max(unitPrice - price, 0), units)
  }

  /// Its fixed price in minor units; 0 for another benefit.
  var fixedPriceUnits: Int64 { benefit == .fixedPrice ? sumUnits : 0 }

  /// Whether this fixed price takes at least what `other`, a fixed price too, takes off
  /// every unit (or the shipping): no higher a price.
  func fixedPriceTakesAtLeast(_ other: DealTerms) -> Bool {
    sumUnits <= other.sumUnits
  }

  /// Whether this fixed price takes more than `other`, a fixed price too, wherever `other`
  /// takes anything: a lower price takes more off every unit priced above the higher one,
  /// so no tie is left to the ids.
  func fixedPriceTakesMore(_ other: DealTerms) -> Bool {
    sumUnits < other.sumUnits
  }
}
