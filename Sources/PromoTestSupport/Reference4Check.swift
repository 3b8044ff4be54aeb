/// Holds an observed format-4 quote against the format-4 reference's pricing of the same
/// order: everything the check of every format (``ReferenceCheck``) holds, and the outcomes
/// (a granted gift `applied` with no amount), the tiers, the gifts and each `not-best`
/// outcome's `bestTotalWith`, each when the pricer reports it.
package enum Reference4Check {
  /// Every difference from the reference and every broken invariant; empty when the quote
  /// is right.
  package static func problems(_ observed: ObservedQuote4, against pricing: Ref4Pricing) -> [String] {
    var plain = observed.quote3
    plain.outcomes = nil
    var problems = ReferenceCheck.problems(plain, against: pricing)
    let expected = ObservedQuote4(reference: pricing)
    let money = pricing.money
    if let outcomes = observed.quote3.outcomes, let wanted = expected.quote3.outcomes, outcomes != wanted {
      let describe = { (list: [ObservedQuote.Outcome]) in
        list.map {
          "\($0.id) \($0.name)" + ($0.amount.map { " " + money($0) } ?? "")
            + ($0.units.map { " units \($0)" } ?? "")
            + ($0.shortByQuantity.map { " short \($0)" } ?? "")
        }.joined(separator: "; ")
      }
      problems.append("outcomes: \(describe(outcomes)), expected \(describe(wanted))")
    }
    if let tiers = observed.tiers, tiers != expected.tiers {
      problems.append("tiers: \(tiers), expected \(expected.tiers ?? [:])")
    }
    if let gifts = observed.gifts, gifts != expected.gifts {
      let describe = { (list: [Ref4GrantedGift]) in list.map { "\($0.id) \($0.sku) ×\($0.quantity)" } }
      problems.append("gifts: \(describe(gifts)), expected \(describe(expected.gifts ?? []))")
    }
    if let totals = observed.bestTotalsWith, let wanted = expected.bestTotalsWith {
      for id in Set(totals.keys).union(wanted.keys).sorted() where totals[id] != wanted[id] {
        problems.append(
          "\(id).bestTotalWith: \(describe(totals[id], pricing)), expected \(describe(wanted[id], pricing))")
      }
    }
    return problems
  }

  /// A `bestTotalWith` as a report shows it: its amount, `left out`, or `no not-best` when
  /// the promotion is not `not-best`.
  static func describe(_ value: Int128??, _ pricing: Ref4Pricing) -> String {
    switch value {
    case .none: "no not-best"
    case .some(.none): "left out"
    case .some(.some(let total)): pricing.money(total)
    }
  }

  /// The sums the contract promises, on the observed quote alone (``ReferenceCheck/invariants(_:)``),
  /// and a tier only on an applied promotion, from 1.
  package static func invariants(_ observed: ObservedQuote4) -> [String] {
    var problems = ReferenceCheck.invariants(observed.quote3)
    let applied = Set(observed.quote3.quote.promotions.map(\.id))
    for (id, tier) in observed.tiers ?? [:] where !applied.contains(id) || tier < 1 {
      problems.append("invariant: tier \(tier) on \(id), which is not an applied promotion")
    }
    return problems
  }

  /// Every difference between a result object `promo price --format json --explain` wrote
  /// for a format-4 store and the reference's, and every broken invariant.
  package static func problems(resultObject object: [String: Any], against pricing: Ref4Pricing) -> [String] {
    do {
      return problems(try ObservedQuote4(resultObject: object, digits: pricing.digits), against: pricing)
        + invariants(try ObservedQuote4(resultObject: object, digits: pricing.digits))
    } catch {
      return ["the result is unreadable: \(error)"]
    }
  }
}
