/// Every plan SPEC 4.2 allows for one order, by brute force, as its "Precisely:" paragraph
/// says: for every choice of order deals (at most one per layer, in ascending layers, each
/// on what the earlier ones left) and shipping promotion (or none) that pairwise combine,
/// the item stage is empty, or E = every working item deal that combines with each of them
/// (when they all combine with `item`); and the item stage alone may also be E = the item
/// deals that combine with both `order` and `shipping`.
///
/// Readings taken:
/// - With no order deal and no shipping promotion, "every working item deal that combines
///   with each of them" is every working item deal (plan 2 of the list).
/// - A plan whose item stage took nothing is the plan with an empty item stage (the
///   contract: "a plan of kind 3 whose item stage applied nothing is a plan of kind 1"), so
///   it is visited once, as that plan.
/// - Every order deal of a plan must apply where it stands (take more than 0 off its base,
///   its minimums reached); a choice with one that does not is no plan (the choice without
///   it is visited on its own). Likewise a shipping promotion must apply to the order.
/// - Two order deals each need `order`; an order deal and the shipping promotion need each
///   other's class; the item deals of E need `order` and/or `shipping` as the plan has
///   them, and those promotions need `item`.
package struct Ref4PlanSearch {
  /// The store's promotions.
  package let promotions: [Ref4Promotion]
  /// The order.
  package let order: Ref3Order
  /// The store's rounding.
  package let rounding: Ref4Rounding
  /// The working item deals, by store position.
  package let items: [Int]
  /// What each working item deal takes off each line (SPEC 4.1).
  package let table: [Int: [Int128]]
  /// The working discounts and thresholds of each layer, 1 to 9 at indices 0 to 8.
  package let layers: [[Int]]
  /// The working shipping promotions that apply to the order, with what they take off.
  package let shippingOptions: [(promotion: Int, discount: Int128)]

  /// The search over the promotions at `working` (store positions) for `order`.
  package init(_ promotions: [Ref4Promotion], working: [Int], order: Ref3Order, rounding: Ref4Rounding) {
    self.promotions = promotions
    self.order = order
    self.rounding = rounding
    let lines = order.lines ?? []
    items = working.filter { promotions[$0].kind == .item }
    var table: [Int: [Int128]] = [:]
    for position in items {
      table[position] = promotions[position].lineDiscounts(on: lines, rounding: rounding)
    }
    self.table = table
    layers = (1...9).map { layer in
      working.filter { promotions[$0].promotionClass == .order && promotions[$0].layer == layer }
    }
    shippingOptions = working.compactMap { position in
      guard promotions[position].kind == .shipping,
        let cut = promotions[position].shippingCut(
          shipping: order.shipping ?? 0, subtotal: order.subtotal, rounding: rounding)
      else { return nil }
      return (position, cut)
    }
  }

  /// The item stage of E = every working item deal that combines with each class of `classes`.
  package func itemStage(combiningWith classes: Set<Ref4Class>) -> Ref4ItemStage {
    let set = items.filter { position in classes.allSatisfy { promotions[position].combines(with: $0) } }
    return Ref4ItemStage(promotions, set: set, table: table, lineCount: order.lines?.count ?? 0)
  }

  /// Visits every plan: for each shipping stage, the plans with an empty item stage, then
  /// those with an item stage that took something.
  package func forEachPlan(_ visit: (Ref4Plan) -> Void) {
    let none = itemStage(combiningWith: [])
    let empty = Ref4ItemStage(promotions, set: [], table: table, lineCount: order.lines?.count ?? 0)
    let ships: [(promotion: Int, discount: Int128)?] = [nil] + shippingOptions.map { $0 }
    for ship in ships {
      forEachOrderStage(items: empty, ship: ship, needsItem: false, includeEmpty: true, visit)
      if let ship, !promotions[ship.promotion].combines(with: .item) { continue }
      let classes: Set<Ref4Class> = ship == nil ? [] : [.shipping]
      var alone = [ship == nil ? none : itemStage(combiningWith: classes)]
      if ship == nil { alone.append(itemStage(combiningWith: [.order, .shipping])) }
      for stage in alone where !stage.totals.isEmpty {
        visit(plan(items: stage, stage: [], ship: ship))
      }
      let withOrder = itemStage(combiningWith: classes.union([.order]))
      if !withOrder.totals.isEmpty {
        forEachOrderStage(items: withOrder, ship: ship, needsItem: true, includeEmpty: false, visit)
      }
    }
  }

  /// Every choice of order deals, at most one per layer in ascending layers, each applying
  /// to what the item stage and the earlier deals left (its base after their shares were
  /// taken off its lines), that combine pairwise with each other and with `ship`, and with
  /// `item` when `needsItem`; the empty choice only when `includeEmpty`.
  func forEachOrderStage(
    items: Ref4ItemStage, ship: (promotion: Int, discount: Int128)?, needsItem: Bool, includeEmpty: Bool,
    _ visit: (Ref4Plan) -> Void
  ) {
    let took = items.tookItemDeal
    let amounts = order.amounts
    func descend(_ layer: Int, _ chosen: [Ref4StageEntry], _ left: [Int128]) {
      guard layer < layers.count else {
        if includeEmpty || !chosen.isEmpty { visit(plan(items: items, stage: chosen, ship: ship)) }
        return
      }
      descend(layer + 1, chosen, left)
      for position in layers[layer] {
        let deal = promotions[position]
        if needsItem && !deal.combines(with: .item) { continue }
        if let ship, !deal.combines(withPromotion: promotions[ship.promotion]) { continue }
        if !chosen.isEmpty
          && !(deal.combines(with: .order)
            && chosen.allSatisfy { promotions[$0.promotion].combines(with: .order) })
        {
          continue
        }
        guard let base = deal.base(left: left, order: order, tookItemDeal: took),
          let cut = deal.orderCut(amount: base.amount, units: base.units, rounding: rounding)
        else { continue }
        let acts = amounts.indices.map { deal.actsOn($0, of: order, tookItemDeal: took) }
        let shares = Ref3Allocation.shares(cut.discount, left: left, acts: acts)
        let entry = Ref4StageEntry(
          promotion: position, discount: cut.discount, tier: cut.tier, shares: shares, acts: acts)
        descend(layer + 1, chosen + [entry], left.indices.map { left[$0] - shares[$0] })
      }
    }
    descend(0, [], items.left(amounts))
  }

  /// The plan of an item stage, order deals and shipping stage.
  func plan(items: Ref4ItemStage, stage: [Ref4StageEntry], ship: (promotion: Int, discount: Int128)?)
    -> Ref4Plan
  {
    var positions = items.totals.map(\.promotion) + stage.map(\.promotion)
    if let ship { positions.append(ship.promotion) }
    let shipping = order.shipping ?? 0
    let total =
      order.subtotal - items.discount - stage.reduce(0) { $0 + $1.discount } + shipping
      - (ship?.discount ?? 0)
    return Ref4Plan(
      items: items, stage: stage, shipping: ship, total: total, ids: positions.map { promotions[$0].id },
      positions: positions)
  }
}
