/// Holds an observed quote against a reference's pricing of the same order, and against the
/// sums the documented rules promise whatever the reference says: one check for every store
/// format (an order of format 1 or 2 has no shipping).
package enum ReferenceCheck {
  /// Every difference from the format-2 reference and every broken invariant; empty when
  /// the quote is right.
  package static func problems(_ observed: ObservedQuote, against pricing: RefPricing) -> [String] {
    problems(ObservedQuote3(observed, shipping: nil, outcomes: observed.outcomes), against: pricing)
  }

  /// Every difference from the reference (subtotal, total, shipping, the promotions chosen
  /// with their discounts, each line's shares, the outcomes when the pricer explained them)
  /// and every broken invariant; empty when the quote is right.
  package static func problems(_ observed: ObservedQuote3, against pricing: some RefPricedOrder) -> [String] {
    var problems = invariants(observed)
    let (quote, expected) = (observed.quote, ObservedQuote3(reference: pricing))
    let wanted = expected.quote
    let money = pricing.money
    func shares(_ list: [(id: String, discount: Int128)]) -> String {
      "[" + list.map { "\($0.id) \(money($0.discount))" }.joined(separator: ", ") + "]"
    }
    if quote.minorDigits != wanted.minorDigits {
      problems.append("minor digits: \(quote.minorDigits), expected \(wanted.minorDigits)")
    }
    if quote.subtotal != wanted.subtotal {
      problems.append("subtotal: \(money(quote.subtotal)), expected \(money(wanted.subtotal))")
    }
    if quote.total != wanted.total {
      problems.append(
        "total: \(money(quote.total)), expected \(money(wanted.total)) (plan \(pricing.planDescription))")
    }
    if let lowest = pricing.lowestTotal, quote.total > lowest {
      problems.append("total: \(money(quote.total)) is worse than the best plan's \(money(lowest))")
    }
    if shares(quote.promotions) != shares(wanted.promotions) {
      problems.append("promotions: \(shares(quote.promotions)), expected \(shares(wanted.promotions))")
    }
    if observed.shipping != expected.shipping {
      problems.append(
        "shipping: \(String(describing: observed.shipping)), expected \(String(describing: expected.shipping))"
      )
    }
    switch (quote.lines, wanted.lines) {
    case (nil, nil): break
    case (let lines?, let wantedLines?) where lines.count == wantedLines.count:
      for (index, (line, want)) in zip(lines, wantedLines).enumerated() {
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
      problems.append("lines: \(quote.lines?.count ?? -1), expected \(wanted.lines?.count ?? -1) (-1: none)")
    }
    if let outcomes = quote.outcomes, let wantedOutcomes = wanted.outcomes, outcomes != wantedOutcomes {
      let describe = { (list: [ObservedQuote.Outcome]) in
        list.map {
          "\($0.id) \($0.name)" + ($0.amount.map { " " + money($0) } ?? "")
            + ($0.units.map { " units \($0)" } ?? "") + ($0.shortByQuantity.map { " short \($0)" } ?? "")
        }.joined(separator: "; ")
      }
      problems.append("outcomes: \(describe(outcomes)), expected \(describe(wantedOutcomes))")
    }
    return problems
  }

  /// The sums the documented rules promise, on a result object `promo price --format json`
  /// wrote (``ObservedQuote3/init(resultObject:digits:)``), and no plan the reference
  /// visited is lower than its total.
  package static func invariants(resultObject: [String: Any], against pricing: some RefPricedOrder)
    -> [String]
  {
    let observed: ObservedQuote3
    do {
      observed = try ObservedQuote3(resultObject: resultObject, digits: pricing.digits)
    } catch {
      return ["invariants: the result is unreadable: \(error)"]
    }
    var problems = invariants(observed)
    if let lowest = pricing.lowestTotal, lowest < observed.quote.total {
      problems.append(
        "invariant: a plan of total \(pricing.money(lowest)) is lower than the chosen "
          + pricing.money(observed.quote.total))
    }
    return problems
  }

  /// The sums the documented rules promise of a quote without shipping (formats 1 and 2).
  package static func invariants(_ observed: ObservedQuote) -> [String] {
    invariants(ObservedQuote3(observed, shipping: nil, outcomes: observed.outcomes))
  }

  /// The sums the documented rules promise, checked on the observed quote alone: the total
  /// is the subtotal less the discount plus the shipping, within 0…subtotal + shipping; the
  /// promotions' discounts add up to the discount and each is above 0; the shipping total is
  /// its amount less its discount and never negative; for an order with lines, each line
  /// adds up, is never negative and lists only shares above 0, the lines add up to the
  /// order's subtotal, the lines' discounts plus the shipping discount to its discount, and
  /// each promotion's shares (or, for the shipping promotion, the shipping discount) to its
  /// discount.
  package static func invariants(_ observed: ObservedQuote3) -> [String] {
    var problems: [String] = []
    let quote = observed.quote
    let shipping = observed.shipping ?? .init(amount: 0, discount: 0, total: 0)
    if quote.total < 0 { problems.append("invariant: the total is negative") }
    if quote.total > quote.subtotal + shipping.amount {
      problems.append("invariant: the total is above the subtotal and shipping")
    }
    if quote.subtotal - quote.discount + shipping.amount != quote.total {
      problems.append("invariant: subtotal − discount + shipping ≠ total")
    }
    if quote.promotions.reduce(0, { $0 + $1.discount }) != quote.discount {
      problems.append("invariant: the promotions' discounts do not add up to the discount")
    }
    if quote.promotions.contains(where: { $0.discount <= 0 }) {
      problems.append("invariant: an applied promotion takes off nothing")
    }
    if shipping.total != shipping.amount - shipping.discount || shipping.total < 0 || shipping.discount < 0 {
      problems.append("invariant: the shipping does not add up, or is below 0")
    }
    guard let lines = quote.lines else {
      // An order given by amount: some applied promotion (others may take as much) took the
      // shipping discount.
      if shipping.discount > 0 && !quote.promotions.contains(where: { $0.discount == shipping.discount }) {
        problems.append("invariant: the shipping discount is no applied promotion's discount")
      }
      return problems
    }
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
    if lines.reduce(0, { $0 + $1.subtotal }) != quote.subtotal {
      problems.append("invariant: the lines' subtotals do not add up to the subtotal")
    }
    if lines.reduce(0, { $0 + $1.discount }) + shipping.discount != quote.discount {
      problems.append(
        "invariant: the lines' discounts and the shipping discount do not add up to the discount")
    }
    // The applied promotions the lines do not account for: at most one, the shipping deal.
    var unshared: [(id: String, discount: Int128)] = []
    for promotion in quote.promotions {
      guard let shared = shares.removeValue(forKey: promotion.id) else {
        unshared.append(promotion)
        continue
      }
      if shared != promotion.discount {
        problems.append("invariant: \(promotion.id)'s shares do not add up to its discount")
      }
    }
    if !shares.isEmpty {
      problems.append("invariant: lines have shares of unapplied \(shares.keys.sorted())")
    }
    if shipping.discount > 0 && (unshared.count != 1 || unshared[0].discount != shipping.discount) {
      problems.append("invariant: the shipping discount is not one shipping promotion's discount")
    }
    if shipping.discount == 0 && !unshared.isEmpty {
      problems.append("invariant: applied promotions with no share of any line: \(unshared.map(\.id))")
    }
    return problems
  }
}
