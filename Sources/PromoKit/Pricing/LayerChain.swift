/// The order deals of a plan of the layered search: how many, and the classes every one of
/// them combines with.
///
/// - Complexity: O(1) to make and to extend.
struct LayerChain {
  /// How many order deals the plan has.
  var count = 0
  /// The classes every one of them combines with (every class for none).
  var combines = PromotionClasses.all

  /// A chain of no deal.
  init() {}

  /// A chain of the deal of `terms` alone.
  init(adding terms: DealTerms) {
    self.init(LayerChain(), adding: terms)
  }

  /// `chain` and the deal of `terms`.
  init(_ chain: LayerChain, adding terms: DealTerms) {
    count = chain.count + 1
    combines = chain.combines.intersection(terms.combines)
  }
}
