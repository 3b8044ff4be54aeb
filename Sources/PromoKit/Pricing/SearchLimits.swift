/// The most plans of two order deals or more the layered search may try for one order
/// (each one deal added to a plan), before it stops and the order is refused as a data
/// error: a bound on the time one order can take, far above what a store of sensible
/// layers needs.
///
///     var calculator = try PriceCalculator(catalog: catalog, context: context)
///     calculator.searchLimits = SearchLimits(pricing: 20_000, explaining: 100_000)
///
/// Pricing an order and explaining it have limits of their own: `--explain` asks, of every
/// promotion the best plan left out, the best plan that applies it (its `bestTotalWith`),
/// a search each, and a store of thousands of deals an order needs millions of plans for
/// them in all, where pricing the order needs a few thousand.
package struct SearchLimits: Sendable, Equatable {
  /// The most plans the search for an order's best plan tries (reached in about 0.3 s).
  package var pricing: Int
  /// The most plans the searches of `--explain` for one order try together (reached in
  /// about 3 s).
  package var explaining: Int

  /// Limits of `pricing` plans to price an order and `explaining` to explain it.
  package init(pricing: Int, explaining: Int) {
    (self.pricing, self.explaining) = (pricing, explaining)
  }

  /// The limits `promo` prices with: 1,000,000 plans to price an order, 10,000,000 to
  /// explain it.
  package static let standard = SearchLimits(pricing: 1_000_000, explaining: 10_000_000)
}
