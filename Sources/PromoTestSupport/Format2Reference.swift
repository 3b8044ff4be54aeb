import Foundation

/// The reference pricer: the documented rules by brute force.
///
/// An independent reference for the contract's pricing, for stores of format 1 and 2. It
/// reads the JSON values Foundation's `JSONSerialization` gives, does all arithmetic in
/// `Int128` minor units, enumerates every plan by brute force, and uses none of PromoKit's
/// code (its module does not even depend on PromoKit), so that a differential test or a
/// fuzz target can hold the real command or library against it.
package enum Format2Reference {
  /// Prices `order` against `store` (both as `JSONSerialization` gives them) at the RFC 3339
  /// instant `at`, with the codes given by `--code` (the order's own `codes` are added).
  /// Decimals must be JSON strings or integers: a fractional JSON number would have passed
  /// through binary floating point.
  package static func price(store: Any, order: Any, at: String, codes: [String] = [], name: String = "stdin")
    throws(RefError) -> RefVerdict
  {
    let input = try RefPricingInput(store: store, order: order, at: at)
    if let refusal = input.refusal { return .refused(refusal) }
    let (instant, currency, digits) = (input.instant, input.currency, input.digits)
    let promotions = try input.promotions { (fields) throws(RefError) in try RefPromotion(fields) }
    let presented = try RefReader.codes(input.order, given: codes)
    let (lines, subtotal) = try RefReader.lines(input.order, digits: digits)

    // Working: active, effective at T (startsAt <= T < endsAt), its code presented.
    func status(_ promotion: RefPromotion) -> RefOutcome? {
      if !promotion.active { return .inactive }
      if let start = promotion.startsAt, instant < start.instant {
        return .notStarted(startsAt: start.instant)
      }
      if let end = promotion.endsAt, !(instant < end.instant) { return .ended(endsAt: end.instant) }
      if let code = promotion.code, !presented.contains(RefMath.foldCase(code)) { return .codeRequired }
      return nil
    }
    let working = promotions.indices.filter { status(promotions[$0]) == nil }
    let plans = enumeratePlans(promotions, working: working, lines: lines ?? [], subtotal: subtotal)
    var best = plans[0]
    for plan in plans.dropFirst() where plan.isBetter(than: best) { best = plan }

    var applied = best.itemTotals.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    applied += best.stage.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    let allocation = lines.map { allocate(best, promotions: promotions, lines: $0) }

    let appliedDiscounts = Dictionary(applied.map { ($0.id, $0.discount) }, uniquingKeysWith: { $0 + $1 })
    let considered = promotions.map { promotion -> (id: String, outcome: RefOutcome) in
      if let outcome = status(promotion) { return (promotion.id, outcome) }
      if let discount = appliedDiscounts[promotion.id] { return (promotion.id, .applied(discount: discount)) }
      if promotion.kind == .item, !(lines ?? []).contains(where: promotion.applies(to:)) {
        return (promotion.id, .noEligibleLine)
      }
      if let minimum = promotion.minimumAmount, subtotal < minimum.units {
        let shortfall = RefShortfall(
          amount: subtotal, units: nil, minimumAmount: minimum.text, minimumQuantity: nil,
          shortBy: minimum.units - subtotal, shortByQuantity: nil)
        return (promotion.id, .belowMinimum(shortfall))
      }
      return (promotion.id, .notBest(planTotal: best.total))
    }
    return .priced(
      RefPricing(
        order: input.order["id"] as? String ?? name, currency: currency, digits: digits, subtotal: subtotal,
        evaluatedAt: instant, plans: plans, best: best, promotions: applied, lines: allocation?.lines,
        considered: considered, hasRemainderShare: allocation?.hasRemainderShare ?? false))
  }

  // MARK: Plans

  /// Every plan of the documented rules: kind 1 (no item stage, any order stage on S), kind 2 (every
  /// working item promotion, no order stage), kind 3 (the stackable working item
  /// promotions, then any order stage of stackable promotions on what is left).
  package static func enumeratePlans(
    _ promotions: [RefPromotion], working: [Int], lines: [RefLine], subtotal: Int128
  ) -> [RefPlan] {
    let orderLevel = working.filter { promotions[$0].kind != .item }
    let items = working.filter { promotions[$0].kind == .item }
    var plans: [RefPlan] = []
    let noItems = [(promotion: Int, discount: Int128)?](repeating: nil, count: lines.count)
    for stage in orderStages(promotions, candidates: orderLevel, amount: subtotal) {
      plans.append(makePlan(kind: 1, promotions, lineTakes: noItems, stage: stage, subtotal: subtotal))
    }
    let everyItem = itemStage(promotions, set: items, lines: lines)
    plans.append(makePlan(kind: 2, promotions, lineTakes: everyItem, stage: [], subtotal: subtotal))
    let stackableItems = itemStage(promotions, set: items.filter { promotions[$0].stackable }, lines: lines)
    let left = subtotal - stackableItems.reduce(0) { $0 + ($1?.discount ?? 0) }
    let stackableOrderLevel = orderLevel.filter { promotions[$0].stackable }
    for stage in orderStages(promotions, candidates: stackableOrderLevel, amount: left) {
      plans.append(makePlan(kind: 3, promotions, lineTakes: stackableItems, stage: stage, subtotal: subtotal))
    }
    return plans
  }

  /// Each line takes, of the promotions in `set` that apply to it, the one that takes off
  /// the most (ties: the lowest id); a line with none takes nothing.
  package static func itemStage(_ promotions: [RefPromotion], set: [Int], lines: [RefLine])
    -> [(promotion: Int, discount: Int128)?]
  {
    lines.map { line in
      RefItemChoice.best(
        set.lazy.filter { promotions[$0].applies(to: line) }.map {
          ($0, promotions[$0].itemDiscount(on: line))
        },
        id: { promotions[$0].id })
    }
  }

  /// Every order stage on `amount`: none; each candidate that applies; each stackable
  /// discount D then stackable threshold H whose minimum `D(amount)` reaches.
  package static func orderStages(_ promotions: [RefPromotion], candidates: [Int], amount: Int128)
    -> [[(promotion: Int, discount: Int128)]]
  {
    var stages: [[(promotion: Int, discount: Int128)]] = [[]]
    for position in candidates where promotions[position].applies(toAmount: amount) {
      stages.append([(position, promotions[position].orderDiscount(on: amount))])
    }
    for first in candidates where promotions[first].kind == .discount && promotions[first].stackable {
      let cut = promotions[first].orderDiscount(on: amount)
      for second in candidates where promotions[second].kind == .threshold && promotions[second].stackable {
        guard promotions[second].applies(toAmount: amount - cut) else { continue }
        stages.append([(first, cut), (second, promotions[second].orderDiscount(on: amount - cut))])
      }
    }
    return stages
  }

  /// A plan of `kind` with the given item stage and order stage, its total and its ids in
  /// application order (the item promotions by id, then the order stage).
  package static func makePlan(
    kind: Int, _ promotions: [RefPromotion], lineTakes: [(promotion: Int, discount: Int128)?],
    stage: [(promotion: Int, discount: Int128)], subtotal: Int128
  ) -> RefPlan {
    let itemTotals = RefItemChoice.totals(lineTakes, id: { promotions[$0].id })
    let itemCut = itemTotals.reduce(0) { $0 + $1.discount }
    let stageCut = stage.reduce(0) { $0 + $1.discount }
    return RefPlan(
      kind: kind, lineTakes: lineTakes, stage: stage, total: subtotal - itemCut - stageCut,
      ids: itemTotals.map { promotions[$0.promotion].id } + stage.map { promotions[$0.promotion].id },
      itemTotals: itemTotals)
  }

  // MARK: Allocation

  /// the documented rules: item discounts stay on their lines; each order-stage discount is divided in
  /// proportion to what the lines have left (largest remainder, ties to the earlier line).
  package static func allocate(_ plan: RefPlan, promotions: [RefPromotion], lines: [RefLine])
    -> (lines: [RefPricing.Line], hasRemainderShare: Bool)
  {
    var hasRemainderShare = false
    var result = lines.map {
      RefPricing.Line(sku: $0.sku, quantity: $0.quantity, subtotal: $0.amount, discount: 0, promotions: [])
    }
    var left = lines.map(\.amount)
    for (index, take) in plan.lineTakes.enumerated() {
      guard let take else { continue }
      result[index].discount += take.discount
      result[index].promotions.append((promotions[take.promotion].id, take.discount))
      left[index] -= take.discount
    }
    for (position, discount) in plan.stage {
      let base = left.reduce(0, +)
      var shares = [Int128](repeating: 0, count: lines.count)
      if base > 0 {
        var remainders: [(index: Int, remainder: Int128)] = []
        for index in lines.indices {
          shares[index] = discount * left[index] / base
          remainders.append((index, discount * left[index] % base))
        }
        let missing = discount - shares.reduce(0, +)
        if missing > 0 { hasRemainderShare = true }
        let order = remainders.sorted {
          $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index
        }
        for entry in order.prefix(Int(missing)) { shares[entry.index] += 1 }
      }
      for index in lines.indices {
        left[index] -= shares[index]
        result[index].discount += shares[index]
        if shares[index] > 0 { result[index].promotions.append((promotions[position].id, shares[index])) }
      }
    }
    return (result, hasRemainderShare)
  }
}
