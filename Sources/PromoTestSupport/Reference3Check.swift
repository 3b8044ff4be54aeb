/// What a pricer under test made of one order of store format 3, in plain minor units and
/// ids: ``ObservedQuote`` with the order's shipping and the format-3 outcome details, so
/// that it can be held against the format-3 reference (``Reference3Check``).
package struct ObservedQuote3 {
  /// The order's shipping: what it cost, its discount, what is left.
  package struct Shipping: Equatable {
    package var amount: Int128
    package var discount: Int128
    package var total: Int128

    /// A shipping as observed.
    package init(amount: Int128, discount: Int128, total: Int128) {
      self.amount = amount
      self.discount = discount
      self.total = total
    }
  }

  /// One promotion's outcome: its name and the numbers that go with it.
  package struct Outcome: Equatable {
    package var id: String
    package var name: String
    /// The discount of `applied`, the `shortBy` of `below-minimum` (0 when it has none),
    /// the `planTotal` of `not-best`; `nil` for the others.
    package var amount: Int128?
    /// For `below-minimum`: the units counted and the units missing (0 when it has none),
    /// `nil` when the outcome does not give them.
    package var units: Int128?
    package var shortByQuantity: Int128?

    /// An outcome as observed.
    package init(
      id: String, name: String, amount: Int128?, units: Int128? = nil, shortByQuantity: Int128? = nil
    ) {
      self.id = id
      self.name = name
      self.amount = amount
      self.units = units
      self.shortByQuantity = shortByQuantity
    }
  }

  /// The result without shipping, as for formats 1 and 2 (its `discount` is the order's
  /// whole discount, shipping discount included).
  package var quote: ObservedQuote
  /// `nil` for an order without `shipping`.
  package var shipping: Shipping?
  /// Every promotion's outcome in store order, when the pricer explained them.
  package var outcomes: [Outcome]?

  /// A quote as observed.
  package init(_ quote: ObservedQuote, shipping: Shipping?, outcomes: [Outcome]?) {
    self.quote = quote
    self.shipping = shipping
    self.outcomes = outcomes
  }

  /// The format-3 reference's own result, observed: what a pricer that agrees with it
  /// reports.
  package init(reference pricing: Ref3Pricing) {
    let quote = ObservedQuote(
      minorDigits: pricing.digits, subtotal: pricing.subtotal, discount: pricing.discount,
      total: pricing.total,
      promotions: pricing.promotions,
      lines: pricing.lines?.map {
        ObservedQuote.Line(
          subtotal: $0.subtotal, discount: $0.discount, total: $0.subtotal - $0.discount,
          promotions: $0.promotions)
      }, outcomes: nil)
    self.init(
      quote,
      shipping: pricing.shipping.map {
        Shipping(amount: $0, discount: pricing.shippingDiscount, total: $0 - pricing.shippingDiscount)
      },
      outcomes: pricing.considered.map { Reference3Check.outcome($0.id, $0.outcome) })
  }
}

/// Holds an observed format-3 quote against the format-3 reference's pricing of the same
/// order, and against the sums the documented rules promise whatever the reference says.
package enum Reference3Check {
  /// Every difference from the reference (subtotal, total, shipping, the promotions chosen
  /// with their discounts, each line's shares, the outcomes) and every broken invariant;
  /// empty when the quote is right.
  package static func problems(_ observed: ObservedQuote3, against pricing: Ref3Pricing) -> [String] {
    var problems = invariants(observed)
    let quote = observed.quote
    func money(_ units: Int128) -> String { RefCurrency.format(units, digits: pricing.digits) }
    func shares(_ list: [(id: String, discount: Int128)]) -> String {
      "[" + list.map { "\($0.id) \(money($0.discount))" }.joined(separator: ", ") + "]"
    }
    if quote.minorDigits != pricing.digits {
      problems.append("minor digits: \(quote.minorDigits), expected \(pricing.digits)")
    }
    if quote.subtotal != pricing.subtotal {
      problems.append("subtotal: \(money(quote.subtotal)), expected \(money(pricing.subtotal))")
    }
    if quote.total != pricing.total {
      problems.append("total: \(money(quote.total)), expected \(money(pricing.total)) (plan \(pricing.best))")
    }
    if let lowest = pricing.stats.lowest, quote.total > lowest {
      problems.append("total: \(money(quote.total)) is worse than the best plan's \(money(lowest))")
    }
    if shares(quote.promotions) != shares(pricing.promotions) {
      problems.append("promotions: \(shares(quote.promotions)), expected \(shares(pricing.promotions))")
    }
    let wantedShipping = pricing.shipping.map {
      ObservedQuote3.Shipping(
        amount: $0, discount: pricing.shippingDiscount, total: $0 - pricing.shippingDiscount)
    }
    if observed.shipping != wantedShipping {
      problems.append(
        "shipping: \(String(describing: observed.shipping)), expected \(String(describing: wantedShipping))")
    }
    switch (quote.lines, pricing.lines) {
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
      problems.append("lines: \(quote.lines?.count ?? -1), expected \(pricing.lines?.count ?? -1) (-1: none)")
    }
    if let outcomes = observed.outcomes {
      let wanted = pricing.considered.map { outcome($0.id, $0.outcome) }
      if outcomes != wanted {
        let describe = { (list: [ObservedQuote3.Outcome]) in
          list.map {
            "\($0.id) \($0.name)" + ($0.amount.map { " " + money($0) } ?? "")
              + ($0.units.map { " units \($0)" } ?? "") + ($0.shortByQuantity.map { " short \($0)" } ?? "")
          }.joined(separator: "; ")
        }
        problems.append("outcomes: \(describe(outcomes)), expected \(describe(wanted))")
      }
    }
    return problems
  }

  /// The reference's outcome in observed terms.
  static func outcome(_ id: String, _ outcome: Ref3Outcome) -> ObservedQuote3.Outcome {
    switch outcome {
    case .applied(let discount): .init(id: id, name: outcome.name, amount: discount)
    case .notBest(let total): .init(id: id, name: outcome.name, amount: total)
    case .belowMinimum(let shortfall):
      .init(
        id: id, name: outcome.name, amount: shortfall.shortBy ?? 0,
        units: shortfall.minimumQuantity == nil ? nil : shortfall.units ?? 0,
        shortByQuantity: shortfall.minimumQuantity == nil ? nil : shortfall.shortByQuantity ?? 0)
    case .inactive, .notStarted, .ended, .codeRequired, .customerNotEligible, .noEligibleLine, .noShipping:
      .init(id: id, name: outcome.name, amount: nil)
    }
  }

  /// The sums the documented rules promise for format 3, on the observed quote alone: the total
  /// is the subtotal less the discount plus the shipping and is never negative, the
  /// promotions' discounts add up to the discount, the shipping total is its amount less
  /// its discount and never negative; for an order with lines, each line adds up and is
  /// never negative, the lines' discounts plus the shipping discount add up to the order's
  /// discount, and each promotion's shares (or, for the shipping promotion, the shipping
  /// discount) add up to its discount.
  package static func invariants(_ observed: ObservedQuote3) -> [String] {
    var problems: [String] = []
    let quote = observed.quote
    let shipping = observed.shipping ?? .init(amount: 0, discount: 0, total: 0)
    if quote.total < 0 { problems.append("invariant: the total is negative") }
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
    // The applied promotions the lines do not account for: at most one, the shipping deal.
    var unshared: [(id: String, discount: Int128)] = []
    if let lines = quote.lines {
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
    }
    if quote.lines != nil {
      // With lines, the shipping deal is the one applied promotion no line has a share of.
      if shipping.discount > 0 && (unshared.count != 1 || unshared[0].discount != shipping.discount) {
        problems.append("invariant: the shipping discount is not one shipping promotion's discount")
      }
      if shipping.discount == 0 && !unshared.isEmpty {
        problems.append("invariant: applied promotions with no share of any line: \(unshared.map(\.id))")
      }
    } else if shipping.discount > 0 && !quote.promotions.contains(where: { $0.discount == shipping.discount })
    {
      // An order given by amount: some applied promotion (others may take as much) took it.
      problems.append("invariant: the shipping discount is no applied promotion's discount")
    }
    return problems
  }
}

extension RefCaseGenerator {
  /// The case a fuzz input makes, of any store format: half the inputs make a format-3
  /// case (``makeCase3()``), the others a format-1 or format-2 case as ``fuzzCase(_:)``
  /// does. The first choice picks the format, which is returned with the case.
  package static func fuzzCaseOfAnyFormat(_ bytes: [UInt8]) -> (format: Int, testCase: RefCase) {
    var generator = RefCaseGenerator(choices: ByteChoices(bytes), seed: 0)
    let roll = generator.random.int(0...99)
    if roll < 50 { return (3, generator.makeCase3()) }
    let format = roll < 62 ? 1 : 2
    return (format, generator.makeCase(format: format))
  }
}
