/// The `--explain` outcomes of a format-4 order (SPEC 4.5) and the gifts it is granted
/// (SPEC 4.6), once the best plan is chosen.
package struct Ref4Explanation {
  /// Every promotion of the store, in store order, with its outcome.
  package var outcomes: [(id: String, outcome: Ref4Outcome)] = []
  /// The gifts granted, by promotion id as byte strings.
  package var gifts: [Ref4GrantedGift] = []

  /// The outcomes of `promotions` for `order` at `instant`, `plan` being the chosen plan of
  /// `search` and `lowestWith` the lowest total of any plan each promotion (by store
  /// position) took something in.
  package init(
    promotions: [Ref4Promotion], order: Ref3Order, instant: RefInstant, search: Ref4PlanSearch,
    plan: Ref4Plan,
    lowestWith: [Int: Int128]
  ) {
    var applied: [Int: Int128] = [:]
    for take in plan.items.totals { applied[take.promotion] = take.discount }
    for entry in plan.stage { applied[entry.promotion] = entry.discount }
    if let shipping = plan.shipping { applied[shipping.promotion] = shipping.discount }
    var left = plan.items.left(order.amounts)
    for entry in plan.stage { left = left.indices.map { left[$0] - entry.shares[$0] } }
    for (position, promotion) in promotions.enumerated() {
      let outcome: Ref4Outcome
      if let status = Self.status(promotion, order: order, at: instant) {
        outcome = status
      } else if promotion.kind == .gift {
        outcome = Self.gift(promotion, order: order, left: left)
        if case .granted = outcome, let gift = promotion.gift {
          gifts.append(Ref4GrantedGift(id: promotion.id, sku: gift.sku, quantity: gift.quantity))
        }
      } else if let discount = applied[position] {
        outcome = .applied(discount: discount)
      } else {
        outcome =
          Self.unapplied(promotion, position: position, order: order, search: search)
          ?? .notBest(planTotal: plan.total, bestTotalWith: lowestWith[position])
      }
      outcomes.append((promotion.id, outcome))
    }
    gifts.sort { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// Why a promotion is not working for the order at `instant`, in the contract's order
  /// (`inactive`, `not-started`, `ended`, `code-required`, `customer-not-eligible`), or
  /// `nil` when it is working.
  package static func status(_ promotion: Ref4Promotion, order: Ref3Order, at instant: RefInstant)
    -> Ref4Outcome?
  {
    if !promotion.active { return .inactive }
    if let start = promotion.startsAt, instant < start.instant { return .notStarted(startsAt: start) }
    if let end = promotion.endsAt, !(instant < end.instant) { return .ended(endsAt: end) }
    if let code = promotion.code, !order.codes.contains(RefMath.foldCase(code)) { return .codeRequired }
    if let groups = promotion.customerGroups, groups.isDisjoint(with: order.groups) {
      return .customerNotEligible
    }
    return nil
  }

  /// The outcome of a working promotion the chosen plan does not apply, when it is not
  /// `not-best`: `no-eligible-line`, `no-shipping` or `below-minimum`, in that order.
  static func unapplied(_ promotion: Ref4Promotion, position: Int, order: Ref3Order, search: Ref4PlanSearch)
    -> Ref4Outcome?
  {
    switch promotion.kind {
    case .item:
      return search.table[position]?.contains { $0 > 0 } == true ? nil : .noEligibleLine
    case .discount, .threshold:
      guard let base = listBase(promotion, order: order) else { return .noEligibleLine }
      guard promotion.kind == .threshold else { return nil }
      return shortfall(promotion, amount: base.amount, units: base.units, order: order).map {
        .belowMinimum($0)
      }
    case .shipping:
      guard let shipping = order.shipping, shipping > 0 else { return .noShipping }
      guard let minimum = promotion.minimumAmount, order.subtotal < minimum.units else { return nil }
      return .belowMinimum(
        RefShortfall(
          amount: order.subtotal, units: nil, minimumAmount: minimum.text, minimumQuantity: nil,
          shortBy: minimum.units - order.subtotal, shortByQuantity: nil))
    case .gift:
      return nil
    }
  }

  /// The amount and units of the lines a deal or gift targets at their list prices (the
  /// order's amount and 0 units for an order given by `amount`), or `nil` when it is
  /// `no-eligible-line`: targeted (or counting units) on an order given by `amount`, or
  /// targeted at no line. `left`, when given, replaces the list amounts.
  static func listBase(_ promotion: Ref4Promotion, order: Ref3Order, left: [Int128]? = nil)
    -> (amount: Int128, units: Int128)?
  {
    let amounts = left ?? order.amounts
    guard let lines = order.lines else {
      if promotion.isTargeted || promotion.countsUnits { return nil }
      return (amounts.reduce(0, +), 0)
    }
    let targeted = lines.indices.filter { promotion.targets(lines[$0]) }
    if promotion.isTargeted && targeted.isEmpty { return nil }
    return (targeted.reduce(0) { $0 + amounts[$1] }, targeted.reduce(0) { $0 + lines[$1].quantity })
  }

  /// The shortfall of a minimum (a threshold's own or its first tier's, or a gift's) on
  /// `amount` and `units`, or `nil` when every minimum is reached. Units are counted only
  /// on an order with lines.
  static func shortfall(_ promotion: Ref4Promotion, amount: Int128, units: Int128, order: Ref3Order)
    -> RefShortfall?
  {
    let (minimumAmount, minimumQuantity) = promotion.testedMinimum
    let shortBy = minimumAmount.flatMap { $0.units > amount ? $0.units - amount : nil }
    let shortByQuantity = order.lines == nil ? nil : minimumQuantity.flatMap { $0 > units ? $0 - units : nil }
    guard shortBy != nil || shortByQuantity != nil else { return nil }
    return RefShortfall(
      amount: amount, units: order.lines == nil ? nil : units, minimumAmount: minimumAmount?.text,
      minimumQuantity: minimumQuantity, shortBy: shortBy, shortByQuantity: shortByQuantity)
  }

  /// A working gift (SPEC 4.6): its minimums tested against what the chosen plan left of
  /// the lines it targets (`left`: every item and order discount taken off, shipping apart;
  /// for an order given by `amount`, the amount less the plan's discount) and their units.
  static func gift(_ promotion: Ref4Promotion, order: Ref3Order, left: [Int128]) -> Ref4Outcome {
    guard let base = listBase(promotion, order: order, left: left) else { return .noEligibleLine }
    if let shortfall = shortfall(promotion, amount: base.amount, units: base.units, order: order) {
      return .belowMinimum(shortfall)
    }
    return .granted
  }
}
