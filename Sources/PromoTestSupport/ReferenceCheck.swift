/// Holds an observed quote against the reference's pricing of the same order and against
/// the sums the documented rules promises whatever the reference says.
package enum ReferenceCheck {
  /// Every difference from the reference (subtotal, total, the promotions chosen with
  /// their discounts, each line's shares, the outcomes) and every broken invariant; empty
  /// when the quote is right.
  package static func problems(_ observed: ObservedQuote, against pricing: RefPricing) -> [String] {
    var problems = invariants(observed)
    let expected = ObservedQuote(reference: pricing)
    func money(_ units: Int128) -> String { RefCurrency.format(units, digits: pricing.digits) }
    func shares(_ list: [(id: String, discount: Int128)]) -> String {
      "[" + list.map { "\($0.id) \(money($0.discount))" }.joined(separator: ", ") + "]"
    }
    if observed.minorDigits != expected.minorDigits {
      problems.append("minor digits: \(observed.minorDigits), expected \(expected.minorDigits)")
    }
    if observed.subtotal != expected.subtotal {
      problems.append("subtotal: \(money(observed.subtotal)), expected \(money(expected.subtotal))")
    }
    if observed.total != expected.total {
      problems.append(
        "total: \(money(observed.total)), expected \(money(expected.total)) (plan \(pricing.best))")
    }
    if shares(observed.promotions) != shares(expected.promotions) {
      problems.append("promotions: \(shares(observed.promotions)), expected \(shares(expected.promotions))")
    }
    switch (observed.lines, expected.lines) {
    case (nil, nil): break
    case (let lines?, let wanted?) where lines.count == wanted.count:
      for (index, (line, want)) in zip(lines, wanted).enumerated() {
        if line.subtotal != want.subtotal {
          problems.append(
            "lines[\(index)].subtotal: \(money(line.subtotal)), expected \(money(want.subtotal))")
        }
        if shares(line.promotions) != shares(want.promotions) {
          problems.append(
            "lines[\(index)].promotions: \(shares(line.promotions)), expected \(shares(want.promotions))")
        }
      }
    default:
      problems.append(
        "lines: \(observed.lines?.count ?? -1), expected \(expected.lines?.count ?? -1) (-1: none)")
    }
    if let outcomes = observed.outcomes, let wanted = expected.outcomes, outcomes != wanted {
      let describe = { (list: [ObservedQuote.Outcome]) in
        list.map { "\($0.id) \($0.name)" + ($0.amount.map { " " + money($0) } ?? "") }.joined(separator: "; ")
      }
      problems.append("outcomes: \(describe(outcomes)), expected \(describe(wanted))")
    }
    return problems
  }

  /// The sums the documented rules promise, checked on the observed quote alone: the total is
  /// within 0…subtotal and is the subtotal less the discount, the promotions' discounts
  /// add up to the discount, and for an order with lines each line's shares add up to its
  /// discount, no line is negative, every share is above 0, the lines add up to the order,
  /// and each applied promotion's shares add up to its discount.
  package static func invariants(_ observed: ObservedQuote) -> [String] {
    var problems: [String] = []
    if observed.total < 0 { problems.append("invariant: the total is negative") }
    if observed.total > observed.subtotal { problems.append("invariant: the total is above the subtotal") }
    if observed.subtotal - observed.discount != observed.total {
      problems.append("invariant: subtotal − discount ≠ total")
    }
    if observed.promotions.reduce(0, { $0 + $1.discount }) != observed.discount {
      problems.append("invariant: the promotions' discounts do not add up to the discount")
    }
    if observed.promotions.contains(where: { $0.discount <= 0 }) {
      problems.append("invariant: an applied promotion takes off nothing")
    }
    guard let lines = observed.lines else { return problems }
    var shares: [String: Int128] = [:]
    for (index, line) in lines.enumerated() {
      if line.promotions.reduce(0, { $0 + $1.discount }) != line.discount {
        problems.append("invariant: lines[\(index)]'s shares do not add up to its discount")
      }
      if line.subtotal - line.discount != line.total {
        problems.append("invariant: lines[\(index)]: subtotal − discount ≠ total")
      }
      if line.total < 0 { problems.append("invariant: lines[\(index)].total is negative") }
      if line.promotions.contains(where: { $0.discount <= 0 }) {
        problems.append("invariant: lines[\(index)] lists a share that is not above 0")
      }
      for share in line.promotions { shares[share.id, default: 0] += share.discount }
    }
    if lines.reduce(0, { $0 + $1.subtotal }) != observed.subtotal {
      problems.append("invariant: the lines' subtotals do not add up to the subtotal")
    }
    if lines.reduce(0, { $0 + $1.discount }) != observed.discount {
      problems.append("invariant: the lines' discounts do not add up to the discount")
    }
    for promotion in observed.promotions where shares.removeValue(forKey: promotion.id) != promotion.discount
    {
      problems.append("invariant: \(promotion.id)'s shares do not add up to its discount")
    }
    if !shares.isEmpty {
      problems.append("invariant: lines have shares of unapplied \(shares.keys.sorted())")
    }
    return problems
  }
}
