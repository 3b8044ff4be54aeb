/// What a pricer under test made of one order of store format 4, in plain minor units and
/// ids: ``ObservedQuote3`` (its outcomes without `bestTotalWith`, a granted gift `applied`
/// with no amount) with the tiers, the gifts and the `bestTotalWith` of each `not-best`
/// outcome, each `nil` when the pricer does not report it (then it is not compared).
package struct ObservedQuote4 {
  /// The result as format 3 reads it, with the outcomes when the pricer explained them.
  package var quote3: ObservedQuote3
  /// The tier each applied threshold with tiers took, by id.
  package var tiers: [String: Int]?
  /// The gifts granted, in the order given.
  package var gifts: [Ref4GrantedGift]?
  /// The `bestTotalWith` of each `not-best` outcome, by id (`nil` when left out).
  package var bestTotalsWith: [String: Int128?]?

  /// A quote as observed.
  package init(
    _ quote3: ObservedQuote3, tiers: [String: Int]?, gifts: [Ref4GrantedGift]?,
    bestTotalsWith: [String: Int128?]?
  ) {
    self.quote3 = quote3
    self.tiers = tiers
    self.gifts = gifts
    self.bestTotalsWith = bestTotalsWith
  }

  /// The format-4 reference's own result, observed: what a pricer that agrees with it reports.
  package init(reference pricing: Ref4Pricing) {
    quote3 = ObservedQuote3(reference: pricing)
    quote3.outcomes = pricing.outcomes.map { id, outcome in
      if case .granted = outcome { return ObservedQuote.Outcome(id: id, name: "applied", amount: nil) }
      return ObservedQuote.Outcome(id: id, outcome.format3)
    }
    tiers = pricing.tiers
    gifts = pricing.gifts
    var totals: [String: Int128?] = [:]
    for (id, outcome) in pricing.outcomes {
      if case .notBest(_, let with) = outcome { totals[id] = .some(with) }
    }
    bestTotalsWith = totals
  }

  /// The result object `promo price --format json [--explain]` writes for a format-4
  /// store, read in `digits` minor digits: as ``ObservedQuote3/init(resultObject:digits:)``
  /// reads it, and `tier`, `gifts` and `bestTotalWith`.
  package init(resultObject object: [String: Any], digits: Int) throws(RefError) {
    quote3 = try ObservedQuote3(resultObject: object, digits: digits)
    var tiers: [String: Int] = [:]
    for entry in object["promotions"] as? [[String: Any]] ?? [] {
      if let id = entry["id"] as? String, let tier = entry["tier"] as? Int { tiers[id] = tier }
    }
    self.tiers = tiers
    gifts = try (object["gifts"] as? [[String: Any]] ?? []).map { (entry) throws(RefError) in
      guard let id = entry["id"] as? String, let sku = entry["sku"] as? String,
        let quantity = entry["quantity"] as? Int
      else { throw RefError("gifts: an entry without id, sku or quantity") }
      return Ref4GrantedGift(id: id, sku: sku, quantity: Int128(quantity))
    }
    guard let considered = object["considered"] as? [[String: Any]] else { return }
    // Units are compared for a minimum quantity only, as the reference observes them.
    for (index, entry) in considered.enumerated()
    where entry["minimumQuantity"] == nil && quote3.outcomes?.indices.contains(index) == true {
      quote3.outcomes?[index].units = nil
      quote3.outcomes?[index].shortByQuantity = nil
    }
    var totals: [String: Int128?] = [:]
    for entry in considered where entry["outcome"] as? String == "not-best" {
      guard let id = entry["id"] as? String else { continue }
      let text = entry["bestTotalWith"] as? String
      totals[id] = .some(
        try text.map { (text) throws(RefError) in try RefDecimal(text).units(digits: digits) })
    }
    bestTotalsWith = totals
  }
}
