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
    defer { (required, adoptedTargeted) = (nil, nil) }
    var best = Plan(total: .max)
    _ = searchInLayers(amounts: amounts, best: &best)
    return best.total == .max ? nil : best.total
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
