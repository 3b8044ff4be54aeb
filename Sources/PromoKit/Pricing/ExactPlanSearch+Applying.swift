/// The best plan that applies one given promotion: what `--explain` names as a `not-best`
/// promotion's `bestTotalWith`, the lowest total the customer would have paid with it.
///
///     search.bestTotal(applying: terms)   // 11_290, or nil when no allowed plan applies it
///
/// The layered search tries every plan the rules allow (it reads format 3's plans in
/// general), and keeps only those applying the promotion; the promotion is among the deals
/// it tries even where the pricing's indexes would have left it out as one another outdoes
/// (the plain deals' index answers only the best of them). A deal left out of the
/// candidates as outdone is one that nothing after it depends on, so a plan with it and
/// the promotion is never better than one with the deal that outdoes it.
///
/// - Complexity: that of ``bestInLayers()``.
extension ExactPlanSearch {
  /// The lowest total of any plan the rules allow that applies the promotion of `terms`
  /// (working for the order, acting on `lines` of it), or `nil` when none does.
  func bestTotal(applying terms: DealTerms, lines: TargetedLines = .every) -> Int128? {
    guard terms.kind == .shipping else { return bestTotalSearched(applying: terms, lines: lines) }
    // What a shipping deal takes depends on nothing else in the plan, and which plans it may
    // join only on the classes it combines with: one search answers every deal of the same.
    let discount = terms.shippingDiscount(shipping: shipping, subtotal: subtotal)
    guard discount > 0 else { return nil }
    let classes = terms.combines.setIndex
    if shippingPartnerTotals[classes] == nil {
      shippingPartnerTotals[classes] = bestTotalSearched(applying: terms, lines: lines).map { $0 + discount }
    }
    return shippingPartnerTotals[classes]!.map { $0 - discount }
  }

  /// The lowest total of any plan the rules allow that applies the promotion of `terms`,
  /// by a search of those plans (``bestTotal(applying:lines:)``).
  private func bestTotalSearched(applying terms: DealTerms, lines: TargetedLines) -> Int128? {
    // (Past the limit, the order cannot be explained: nothing more is searched.)
    guard !isCutShort else { return nil }
    let amounts = items.map { $0.map(\.lineAmount.minorUnits) } ?? [subtotal]
    var wanted = RequiredPromotion(terms)
    if terms.kind.actsOnOrder {
      // A deal left out of the candidates (one another outdoes, or a plain one) is tried too.
      var gathered = false
      forEachOrderDeal { if orderTerms($0).storeIndex == terms.storeIndex { gathered = true } }
      if !gathered {
        wanted.adopted = adopt(terms)
        if terms.isTargeted { adoptedTargeted = (wanted.adopted!, lines) }
      }
    }
    required = wanted
    // (The plans tried here are dropped when it ends, and the tails of their order deals.)
    let tailsMark = orderTails.nodeCount
    defer {
      (required, adoptedTargeted) = (nil, nil)
      orderTails.removeNodes(from: tailsMark)
    }
    var best = Plan(total: .max)
    _ = searchInLayers(amounts: amounts, best: &best)
    return best.total == .max ? nil : best.total
  }

  /// Counts the plans the searches of ``bestTotal(applying:lines:)`` try from now on, up to
  /// `limit` (``SearchLimits/explaining``), for an order whose best plan's total is
  /// `bestTotal` (a floor for each of them).
  func startExplaining(within limit: Int, bestTotal: Int128) {
    (layeredPlansTried, planLimit, bestTotalFound) = (0, limit, bestTotal)
  }

  /// The most a deal of layer index `layer` may take, where the order has `whole` left, in
  /// a plan applying the required order deal of a later layer: what leaves that deal its
  /// minimum (its base is never more than what the order has left after the deal); `nil`
  /// when no deal is required after `layer`.
  ///
  /// - Complexity: O(1).
  func mostTaken(in layer: Int, whole: Int128) -> Int128? {
    guard let required, let index = required.layerIndex, index > layer, required.terms.minimum > 0 else {
      return nil
    }
    return whole - required.terms.minimum
  }

  /// Whether the required order deal, when it is of a layer after layer index `layer`,
  /// could still take something where the lines have `amounts` left (`whole` in all): a
  /// chain that leaves it nothing never applies it, since what later layers take only
  /// lowers its base; nor does one of `layers` without it (it does not combine with order
  /// deals, or could take nothing). `true` when no deal is required after `layer`.
  ///
  /// - Complexity: O(*L*) for *L* lines.
  func requiredCanTake(after layer: Int, amounts: [Int128], whole: Int128, layers: LayeredDeals) -> Bool {
    guard let index = required?.layerIndex, index > layer else { return true }
    guard let number = layers.layers[index].first?.deal else { return false }
    let terms = orderTerms(number)
    guard let base = base(of: number, terms, amounts: amounts, whole: whole) else { return false }
    return terms.orderDiscountBound(base: base, units: units(of: number)) > 0
  }

  /// Whether `plan` applies the promotion at `storeIndex` of the store: one of its item
  /// deals took something off a line, or it is one of its order deals or its shipping deal.
  ///
  /// - Complexity: O(*k*) for the plan's *k* promotions.
  func applies(_ plan: Plan, _ storeIndex: Int32) -> Bool {
    if itemSteps(plan.itemStage).contains(where: { table[$0.deal].storeIndex == storeIndex }) { return true }
    if let step = plan.firstOrderStep, orderTerms(step.deal).storeIndex == storeIndex { return true }
    if let step = plan.secondOrderStep, orderTerms(step.deal).storeIndex == storeIndex { return true }
    if orderTails.contains(ofTail: plan.orderTail, where: { orderTerms($0.deal).storeIndex == storeIndex }) {
      return true
    }
    return plan.shippingStep.map {
      $0.deal == Self.requiredShippingPlace || table[$0.deal].storeIndex == storeIndex
    }
      ?? false
  }

  /// The place that names the required shipping deal in a step.
  static let requiredShippingPlace = -1
}

/// The promotion a search must apply in every plan it offers (``ExactPlanSearch/required``),
/// and what the search needs to know of it to try only such plans.
struct RequiredPromotion {
  /// Its position in the store.
  let storeIndex: Int32
  /// Its terms.
  let terms: DealTerms
  /// Its number when it is an order deal the candidates left out, adopted for the search.
  var adopted: OrderDealNumber?

  init(_ terms: DealTerms) {
    (storeIndex, self.terms) = (terms.storeIndex, terms)
  }

  /// The index of its layer among ``LayeredDeals/layers`` when it is an order deal: the
  /// only deal of that layer a plan applying it can take.
  var layerIndex: Int? { terms.kind.actsOnOrder ? Int(terms.layer) - 1 : nil }
}
