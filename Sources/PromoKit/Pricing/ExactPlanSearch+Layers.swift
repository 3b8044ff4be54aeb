/// The layered search: the plans of a store whose deals say class by class what they
/// combine with, stand in layers of their own, or leave out the lines on sale (store format
/// 4). The same plans as the pair search's, read in general:
///
/// - for every choice of order deals (at most one a layer, in layer order, each on what the
///   earlier ones left) and shipping deal that pairwise combine, the item stage is empty or
///   every item deal combining with each of them (``ItemStage``: `withOrder`,
///   `withShipping`, `stackable` for both), and they combine with item deals;
/// - every item deal alone (`every`), and the item deals combining with both alone
///   (`stackable`), as in format 3.
///
/// Each layer's deals are tried from the one that could take the most down, each followed
/// by the later layers' (a branch and bound): a plan is cut off when even the most each
/// later layer could take on what the plan leaves (``LayeredDeals/mostFrom(_:amounts:whole:in:)``),
/// and the most a shipping deal that may join it takes, cannot beat the best plan. What a
/// deal could take on some amounts bounds what it takes on less (bases only shrink;
/// ``DealTerms/orderDiscountBound(base:units:)`` never grows as the base does). The item
/// stages are searched before the plans without one: a good plan found soonest cuts off
/// more. Of the deals of one layer that act on the same lines, take the same and combine
/// alike, only the lowest id is followed (``SameFutureDeals``); of the chains that leave
/// later layers of shop-wide deals the same sum, only the best (``VisitedChains``).
///
/// - Complexity: O(*s* *k* *L* + *s* *c* *L*) for the *s* ≤ 5 item stages, *k* item deals,
///   *L* lines and the *c* plans of the order stage not cut off by the bound: at most
///   *o*^*m* for *o* order deals in *m* layers.
extension ExactPlanSearch {
  /// What an item stage lets its plans add: order deals (none, any, at least one), which
  /// classes each must combine with, and a shipping deal (never, optional, required).
  struct StageRule {
    enum Presence { case never, optional, required }
    var orderDeals: Presence
    var shipping: Presence
    /// The classes every order deal of the plan combines with: item deals' when the stage
    /// has some, shipping's when a shipping deal is required.
    var orderDealsCombine: PromotionClasses
    /// The classes the shipping deal combines with: item deals' when the stage has some.
    var shippingCombines: PromotionClasses
  }

  /// The best plan of a store that needs the layered search.
  func bestInLayers() -> Selection {
    let amounts = items.map { $0.map(\.lineAmount.minorUnits) } ?? [subtotal]
    var best = Plan(total: subtotal + shipping)
    let chosenByStage = searchInLayers(amounts: amounts, best: &best)
    return selection(best, chosen: chosenByStage[best.itemStage] ?? [], amounts: amounts)
  }

  /// Offers `best` every plan the layered search tries on the lines' `amounts`; returns
  /// each item stage's deal per line.
  func searchInLayers(amounts: [Int128], best: inout Plan) -> [ItemStage: [Step?]] {
    let lines = items ?? []
    let empty = Plan(total: subtotal + shipping)
    discountedLines = nil
    // The item stages first: a good plan found soonest cuts off more of the others (the
    // best plan does not depend on the order they are tried in).
    var chosenByStage: [ItemStage: [Step?]] = [:]
    if !lines.isEmpty, !linePostings.isEmpty || !itemDeals.isEmpty {
      for stage in [ItemStage.every, .stackable, .withOrder, .withShipping] {
        let start = itemStart(stage, lines: lines, amounts: amounts)
        let perLine = start.chosen
        guard start.plan.itemCount > 0 else { continue }
        if let required, required.terms.kind == .item,
          !itemSteps(stage).contains(where: { table[$0.deal].storeIndex == required.storeIndex })
        {
          continue
        }
        chosenByStage[stage] = perLine
        let item = PromotionClasses([.item])
        switch stage {
        case .every: offer(start.plan, to: &best)
        case .stackable:
          offer(start.plan, to: &best)
          discountedLines = Self.linesTaking(perLine)
          searchLayers(
            from: start.plan, amounts: start.left, stage: stage,
            rule: StageRule(
              orderDeals: .required, shipping: .required, orderDealsCombine: item.inserting(.shipping),
              shippingCombines: item),
            best: &best)
        case .withOrder:
          discountedLines = Self.linesTaking(perLine)
          searchLayers(
            from: start.plan, amounts: start.left, stage: stage,
            rule: StageRule(
              orderDeals: .required, shipping: .never, orderDealsCombine: item, shippingCombines: item),
            best: &best)
        case .withShipping:
          searchLayers(
            from: start.plan, amounts: start.left, stage: stage,
            rule: StageRule(
              orderDeals: .never, shipping: .required, orderDealsCombine: item, shippingCombines: item),
            best: &best)
        case .none: break
        }
        discountedLines = nil
      }
    }
    // Kind 1: no item stage, any order stage, any shipping deal the rule allows (no plan
    // of it applies a required item deal).
    if required?.terms.kind != .item {
      searchLayers(
        from: empty, amounts: amounts, stage: .none,
        rule: StageRule(
          orderDeals: .optional, shipping: .optional, orderDealsCombine: .none, shippingCombines: .none),
        best: &best)
    }
    return chosenByStage
  }

  /// The item stage `stage` on `lines` (their `amounts`): each line's deal, the plan it
  /// starts and what the lines have left; worked out once per order (a search for the best
  /// plan applying a promotion asks again).
  ///
  /// - Complexity: O(*k* *L*) the first time, for *k* item deals and *L* lines; O(1) after.
  func itemStart(_ stage: ItemStage, lines: [OrderItem], amounts: [Int128]) -> ItemStart {
    if let known = itemStarts[stage] { return known }
    // Every stage's deals per line, looked for at once the first time.
    let stages: [ItemStage] = [.every, .stackable, .withOrder, .withShipping]
    if itemChoices.isEmpty {
      itemChoices = chosenItemDeals(lines, requiring: stages.map(Self.requirement(of:)))
    }
    let perLine = itemChoices[stages.firstIndex(of: stage) ?? 0]
    let (plan, left) = itemStage(perLine, amounts: amounts, kind: stage)
    let start = ItemStart(chosen: perLine, plan: plan, left: left)
    itemStarts[stage] = start
    return start
  }

  /// The classes the item deals of `stage` combine with.
  static func requirement(of stage: ItemStage) -> PromotionClasses {
    switch stage {
    case .none, .every: .none
    case .stackable: .orderAndShipping
    case .withOrder: PromotionClasses([.order])
    case .withShipping: PromotionClasses([.shipping])
    }
  }

  /// Offers `best` every plan of `start` and the order deals and shipping deal `rule`
  /// allows, on what the lines have left (`amounts`).
  private func searchLayers(
    from start: Plan, amounts: [Int128], stage: ItemStage, rule: StageRule, best: inout Plan
  ) {
    var rule = rule
    if required?.terms.kind == .shipping {
      // Every plan applying a required shipping deal has it: none of this rule's without.
      guard rule.shipping != .never else { return }
      rule.shipping = .required
    }
    if rule.orderDeals != .required {
      offerWithShipping(start, chain: LayerChain(), rule: rule, best: &best)
    }
    // The shipping deal a plan with order deals may take: one combining with them too.
    let chainShipping =
      rule.shipping == .never ? nil : bestShipping(combiningWith: rule.shippingCombines.inserting(.order))
    guard rule.orderDeals != .never, rule.shipping != .required || chainShipping != nil else { return }
    let mostShipping = chainShipping?.discount ?? 0
    // Order deals take at most what the lines have left.
    guard
      canReach(
        start.total - amounts.reduce(0, +) - mostShipping, count: start.count + 1,
        shippingTaken: mostShipping,
        best: best)
    else { return }
    // Only the deals that can be in a plan beating the best found so far (when a promotion
    // is required, the best so far applies it too).
    let bestSoFar = best
    let canBeat = { (taken: Int128) in
      self.canReach(
        start.total - taken - mostShipping, count: start.count + 1, shippingTaken: mostShipping,
        best: bestSoFar)
    }
    var layers: LayeredDeals
    if let known = layeredDeals[stage] {
      layers = known
    } else {
      // (Every deal is kept for a search for a promotion's best plan, which asks again.)
      layers = LayeredDeals(
        search: self, amounts: amounts, mustCombine: rule.orderDealsCombine,
        lookingInto: required == nil ? canBeat : nil)
      if layers.isComplete { layeredDeals[stage] = layers }
    }
    if let required { layers.keepOnly(required, in: self) }
    layers.prepare(in: self, keepingOnly: canBeat)
    // Each deal alone (it need not combine with order deals); the required one's layer
    // alone when one is.
    for layer in required?.layerIndex.map({ $0...$0 }) ?? 0...(layers.layers.count - 1) {
      for kept in layers.layers[layer] {
        guard
          canReach(
            start.total - kept.taken - mostShipping, count: start.count + 1, shippingTaken: mostShipping,
            best: best)
        else { break }
        let taken = layers.taken(by: kept.deal, in: self)
        guard taken > 0 else { continue }
        let plan = adding(kept.deal, taken: taken, to: start)
        offerWithShipping(plan, chain: LayerChain(adding: orderTerms(kept.deal)), rule: rule, best: &best)
      }
    }
    layers.offerPlainSingles(on: start, rule: rule, in: self, best: &best)
    // Two deals or more: each combines with order deals, and with shipping deals when the
    // plan must have one.
    layers.keepOnly(
      combiningWith: PromotionClasses(rule.shipping == .required ? [.order, .shipping] : [.order]), in: self)
    guard layers.layersWithDeals >= 2 else { return }
    var state = ChainState(plan: start, amounts: amounts, chain: LayerChain())
    var visited = VisitedChains()
    extendChains(
      &state, from: 0, layers: layers, rule: rule, mostShipping: mostShipping, visited: &visited, best: &best)
  }

  /// Offers `best` each plan made by adding to `state`'s chain one deal of a layer from
  /// `first` on, then the later layers', cut off by the bound; a chain is extended from
  /// where it stands only when no chain `visited` there first is at least as good.
  private func extendChains(
    _ state: inout ChainState, from first: Int, layers: LayeredDeals, rule: StageRule, mostShipping: Int128,
    visited: inout VisitedChains, best: inout Plan
  ) {
    // A plan applying a required order deal takes it in its layer: a chain without it goes
    // no further than that layer.
    let last =
      required?.layerIndex.map { first <= $0 ? $0 : layers.layers.count - 1 } ?? layers.layers.count - 1
    guard first <= last, last < layers.layers.count else { return }
    let whole = state.whole
    guard requiredCanTake(after: first - 1, amounts: state.amounts, whole: whole, layers: layers) else {
      return
    }
    // What a deal leaves, and its shares, worked out in the same two arrays for every deal
    // tried here (made on the first; each chain that goes on is done with them when the
    // next deal is tried).
    var (left, shares): ([Int128], [Int128]) = ([], [])
    for layer in first...last {
      // (A layer none of whose deals could take anything is passed over; past the last that
      // could, or where all the layers from here on could not help the chain, it ends.)
      guard layers.boundFrom(layer) > 0,
        canReach(
          state.plan.total - layers.boundFrom(layer) - mostShipping, count: state.plan.count + 1,
          shippingTaken: mostShipping, best: best)
      else { break }
      guard layers.boundFrom(layer) > layers.boundFrom(layer + 1) else { continue }
      // A chain that stood here before, as good or better, tried this layer and the later
      // ones on the same sum (when only it counts).
      if state.chain.count > 0, layers.actsOnEveryLine(from: layer) {
        let point = VisitedChains.Point(
          nextLayer: layer, combines: state.chain.combines.setIndex, whole: whole)
        guard visited.isWorthExtending(state.plan, from: point, in: self) else { break }
      }
      let later = layers.mostFrom(layer + 1, amounts: state.amounts, whole: whole, in: self).amount
      // Deals of the same lines that take the same and combine alike leave the same amounts
      // to the later layers: of them, only the one of the lowest id can be in the best plan.
      var sameFuture = SameFutureDeals()
      let ceiling = mostTaken(in: layer, whole: whole)
      var candidates = layers.candidates(in: layer, whole: whole, ceiling: ceiling, in: self)
      while let (number, bound) = candidates.next(in: self) {
        layeredPlansTried += 1
        guard !isCutShort else { break }
        guard
          canReach(
            state.plan.total - bound - later - mostShipping, count: state.plan.count + 1,
            shippingTaken: mostShipping, best: best)
        else {
          candidates.cutOff()
          continue
        }
        let terms = orderTerms(number)
        // (What it takes where the chain has got to: its bound is what it could take at the
        // start of the order stage, or, for a plain deal, what it takes on what is left.)
        let base = self.base(of: number, terms, amounts: state.amounts, whole: whole) ?? 0
        let taken = terms.orderDiscount(base: base, units: units(of: number, terms))
        guard taken > 0, taken <= ceiling ?? taken,
          sameFuture.isFirst(taken: taken, lines: lines(number, terms), terms: terms)
        else {
          continue
        }
        let plan = adding(number, taken: taken, to: state.plan)
        let chain = LayerChain(state.chain, adding: terms)
        if chain.count >= 2 { offerWithShipping(plan, chain: chain, rule: rule, best: &best) }
        guard layers.boundFrom(layer + 1) > 0,
          canReach(
            plan.total - later - mostShipping, count: plan.count + 1, shippingTaken: mostShipping, best: best)
        else { continue }
        if left.isEmpty { (left, shares) = (state.amounts, state.amounts) }
        subtractShares(of: taken, by: number, from: state.amounts, into: &left, shares: &shares)
        guard
          canGoOn(plan, leaving: left, after: layer, layers: layers, mostShipping: mostShipping, best: best)
        else { continue }
        var next = ChainState(plan: plan, amounts: left, chain: chain)
        extendChains(
          &next, from: layer + 1, layers: layers, rule: rule, mostShipping: mostShipping, visited: &visited,
          best: &best)
      }
    }
  }

  /// Offers `best` `plan` (whose order deals are `chain`) without a shipping deal and with
  /// the best one that may join it, as `rule` allows.
  func offerWithShipping(_ plan: Plan, chain: LayerChain, rule: StageRule, best: inout Plan) {
    if rule.shipping != .required { offer(plan, to: &best) }
    guard rule.shipping != .never, chain.count == 0 || chain.combines.contains(.shipping) else { return }
    let needed = chain.count == 0 ? rule.shippingCombines : rule.shippingCombines.inserting(.order)
    guard let step = bestShipping(combiningWith: needed) else { return }
    var next = plan
    next.shippingStep = step
    next.total -= step.discount
    offer(next, to: &best)
  }
}

/// The deals one layer of a chain has tried, by their lines, what each took and what it
/// combines with: a later one of the same lines that takes the same and combines alike, with
/// a higher id, leaves the same amounts to the later layers (a deal's share of each line
/// depends only on its lines and what it takes) and loses the tie
/// (``isFirst(taken:lines:terms:)``).
///
/// A short list looked through from the start, since a layer of a chain usually tries a
/// few deals before the bound cuts it off (a dictionary made for every layer of every chain
/// cost a tenth of a layered order's time in hashing and allocating); past
/// ``listedAtMost`` deals, a dictionary, so that a layer trying thousands stays linear.
struct SameFutureDeals {
  /// What two deals share when they leave the same to the later layers.
  private struct Key: Hashable {
    var taken: Int128
    var lines: TargetedLines
    var combines: PromotionClasses

    /// One word of all three is hashed (equality compares them whole): hashing each field
    /// on its own was a tenth of a layered order's time.
    func hash(into hasher: inout Hasher) {
      let linesWord: UInt64 =
        switch lines {
        case .every: .max
        case .mask(let bits): bits
        case .list(let listed): UInt64(listed.count)
        }
      hasher.combine(
        linesWord &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: taken)
          ^ UInt64(combines.setIndex) << 58)
    }
  }

  /// Up to this many deals tried, they are listed; past it, they go in a dictionary.
  static let listedAtMost = 16
  /// Each key tried and the lowest rank that tried it: listed, then in `lowestRank`.
  private var listed: [(key: Key, rank: Int32)] = []
  private var lowestRank: [Key: Int32]?

  /// Whether the deal of `terms`, taking `taken` off `lines`, is to be tried: no deal of
  /// the same lines that takes the same and combines alike, with a lower id, was.
  ///
  /// - Complexity: O(1) on average (at most ``listedAtMost`` comparisons).
  mutating func isFirst(taken: Int128, lines: TargetedLines, terms: DealTerms) -> Bool {
    let key = Key(taken: taken, lines: lines, combines: terms.combines)
    if lowestRank != nil {
      if let rank = lowestRank?[key], rank < terms.rank { return false }
      lowestRank?[key] = terms.rank
      return true
    }
    if let index = listed.firstIndex(where: { $0.key == key }) {
      guard terms.rank <= listed[index].rank else { return false }
      listed[index].rank = terms.rank
      return true
    }
    guard listed.count < Self.listedAtMost else {
      var ranks = Dictionary(listed.map { ($0.key, $0.rank) }, uniquingKeysWith: min)
      ranks[key] = terms.rank
      (lowestRank, listed) = (ranks, [])
      return true
    }
    // (Room for them all at the first: growing one by one allocated four times.)
    if listed.isEmpty { listed.reserveCapacity(Self.listedAtMost) }
    listed.append((key, terms.rank))
    return true
  }
}
