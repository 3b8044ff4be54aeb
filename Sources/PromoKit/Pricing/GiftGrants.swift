/// The gifts an order earns (store format 4; docs/FORMAT.md, "Results"): once the best plan
/// is chosen, every gift promotion working for the order (switched on, in its window, its
/// code presented, the customer in one of its groups) is granted when what the chosen plan
/// leaves of the lines it targets reaches its minimums.
///
/// - `minimumAmount` is tested against what the plan leaves of those lines (every line for
///   a gift without a target) after every item and order discount, shipping apart; for an
///   order given by amount, against the amount less the plan's discount (its shipping
///   discount apart).
/// - `minimumQuantity` counts the units of those lines.
/// - A targeted gift, or one with a minimum quantity, on an order given by amount is
///   `no-eligible-line`, and so is a targeted gift that targets no line of the order.
/// - A gift without minimums is granted with every order it works for, an empty one too
///   when it has no target.
///
/// Gifts never change the plan or a total. Deciding them is a pure function of the
/// promotions, the pricing context, the order and its quote:
///
///     let grants = GiftGrants(
///       promotions: catalog.promotions, positions: GiftGrants.positions(in: catalog.promotions, at: now),
///       context: context, order: order, quote: quote)
///     grants.granted    // [GrantedGift(id: "cup-over-199", sku: "cup-free", quantity: 1)]
///
/// - Complexity: O(*g* × *L*) for *g* gift promotions and *L* lines.
package struct GiftGrants: Sendable {
  /// What became of each gift promotion working for the order, in store order: its
  /// store position and ``PromotionOutcome/granted(_:)``,
  /// ``PromotionOutcome/noEligibleLine`` or ``PromotionOutcome/belowMinimum(_:)``.
  package private(set) var outcomes: [(position: Int, outcome: PromotionOutcome)] = []
  /// The gifts granted, by promotion id as byte strings (UTF-8 order).
  package private(set) var granted: [GrantedGift] = []

  /// The store positions of the gift promotions of `promotions` that are switched on and in
  /// their window at `instant`: the only ones that can be granted with an order then.
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  package static func positions(in promotions: [Promotion], at instant: Instant) -> [Int] {
    promotions.indices.filter {
      promotions[$0].kind == .gift && promotions[$0].status(at: instant) == .working
    }
  }

  /// Decides the gifts at `positions` of `promotions` (those of
  /// ``positions(in:at:)``, or any others: a promotion that is not a gift, or not working
  /// for the order, is passed over) for `order`, priced as `quote` in `context`.
  ///
  /// - Precondition: `quote` is the quote of `order`: one line for each of its items.
  package init(
    promotions: [Promotion], positions: some Sequence<Int>, context: PricingContext, order: Order,
    quote: Quote
  ) {
    let codes = context.presentedCodes(for: order)
    let groups = context.customerGroups(for: order)
    for position in positions {
      let promotion = promotions[position]
      guard let gift = GrantedGift(of: promotion), promotion.status(at: context.instant) == .working,
        promotion.isPresented(by: codes), promotion.admitsCustomer(in: groups)
      else { continue }
      let outcome = Self.outcome(of: promotion, granting: gift, order: order, quote: quote)
      outcomes.append((position, outcome))
      if case .granted(let gift) = outcome { granted.append(gift) }
    }
    granted.sort { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// What becomes of `promotion`, a gift working for `order` that grants `gift`, when the
  /// chosen plan is the one of `quote`: granted, no eligible line, or below its minimums.
  package static func outcome(
    of promotion: Promotion, granting gift: GrantedGift, order: Order, quote: Quote
  ) -> PromotionOutcome {
    let digits = order.subtotal.minorDigits
    var left: Int128 = 0
    var units: Int64 = 0
    if let items = order.items {
      let lines = quote.lines ?? []
      precondition(lines.count == items.count, "the quote is not the order's: its lines differ")
      var targetsAny = false
      for (item, line) in zip(items, lines)
      where promotion.target?.matches(sku: item.sku, categories: item.categories) ?? true {
        targetsAny = true
        left += line.total.minorUnits
        units += item.quantity
      }
      if promotion.target != nil && !targetsAny { return .noEligibleLine }
    } else {
      // An order given by amount has no lines to target or count.
      if promotion.target != nil || promotion.minimumQuantity != nil { return .noEligibleLine }
      let shippingLeft = quote.shipping?.total.minorUnits ?? 0
      left = quote.total.minorUnits - shippingLeft
    }
    let tested = Money(minorUnits: left, minorDigits: digits)
    if let shortfall = shortfall(of: promotion, testedAgainst: tested, units: units) {
      return .belowMinimum(shortfall)
    }
    return .granted(gift)
  }

  /// How far `tested` and `units` fall short of the minimums of `promotion`; `nil` when
  /// they reach them (or it has none). The minimum amount is compared exactly, however many
  /// decimal places it has.
  static func shortfall(of promotion: Promotion, testedAgainst tested: Money, units: Int64)
    -> MinimumShortfall?
  {
    var shortfall = MinimumShortfall(testedAgainst: tested)
    var short = false
    if let minimumAmount = promotion.minimumAmount {
      let least = minimumAmount.unitsRoundedUp(atScale: tested.minorDigits)
      let missing = max(least - tested.minorUnits, 0)
      shortfall.minimumAmount = minimumAmount
      shortfall.shortBy = Money(minorUnits: missing, minorDigits: tested.minorDigits)
      short = missing > 0
    }
    if let least = promotion.minimumQuantity {
      shortfall.units = units
      shortfall.minimumQuantity = least
      shortfall.shortByQuantity = max(least - units, 0)
      short = short || units < least
    }
    return short ? shortfall : nil
  }

  /// Puts the outcome of each gift decided here into `considered`, the explanation of the
  /// order (one consideration per promotion of the store, in store order), in place of
  /// what the explanation said of it before the lines were allocated.
  package func explain(_ considered: inout [Consideration]) {
    for (position, outcome) in outcomes where considered.indices.contains(position) {
      considered[position].outcome = outcome
    }
  }
}
