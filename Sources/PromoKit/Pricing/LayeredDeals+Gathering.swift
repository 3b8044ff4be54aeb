extension LayeredDeals {
  /// The order deals of `search` that combine with every class of `mustCombine`, by layer,
  /// each with what it could take on `amounts` (summing to `whole`); and whether every one
  /// of them is there.
  ///
  /// The deals gathered with the order are bounded one by one. Those of a block still to be
  /// gathered act on the block's lines, and the block's bounds (``OrderStageBounds``) say
  /// what any of them could take there and which layers they stand in. When `canBeat` is
  /// given, a block is looked into only when one of its deals could be in a plan it
  /// accepts: with the block's bound, and the most each other layer could take (`plainMost`
  /// for the plain deals, the gathered deals' bounds, the bounds of the blocks with deals in
  /// it). A plan taking a deal of a block left out cannot be preferred to the best plan
  /// found so far, so the plans that can leave out the same deals, and those bounds still
  /// hold for them.
  ///
  /// - Complexity: O(*g* + *b* + *p*) for *g* gathered deals, *b* blocks still to be
  ///   gathered and the *p* deals of those looked into.
  static func gather(
    _ search: ExactPlanSearch, amounts: [Int128], whole: Int128, mustCombine: PromotionClasses,
    plainMost: [Int128], canBeat: ((Int128) -> Bool)?
  ) -> (layers: [[DealTaking]], isComplete: Bool) {
    var layers = [[DealTaking]](filled: [], count: plainMost.count)
    for block in search.blocks where !block.isPending {
      for index in block.start..<block.end {
        let number = OrderDealNumber.gathered(index)
        let terms = search.orderTerms(number)
        guard terms.combines.isSuperset(of: mustCombine) else { continue }
        let base = search.base(of: number, terms, amounts: amounts, whole: whole)
        add(number, terms, base: base, units: search.units(of: number, terms), to: &layers)
      }
    }
    // Every deal of a block still to be gathered acts on the block's lines: one base and
    // one count of units for all (but for a deal that leaves out the lines on sale, and for
    // an order given as an amount).
    var pending: [PendingBlock] = []
    var most = plainMost
    for (index, deals) in layers.enumerated() {
      for deal in deals { most[index] = max(most[index], deal.taken) }
    }
    for (index, block) in search.blocks.enumerated() where block.isPending {
      let shared = search.items == nil ? nil : search.linesBase(block.lines, amounts: amounts)
      var found = PendingBlock(index: index, shared: shared, bound: 0, layers: 0..<0)
      if canBeat != nil {
        let stretch = search.stretchBounds[Int(block.bounds)]
        found.bound = search.blockBound(index, base: shared?.base ?? whole, units: shared?.units ?? .max).any
        // (Layer indexes of the deals: layer 1 is index 0.)
        found.layers = max(Int(stretch.layers.lowerBound) - 1, 0)..<max(Int(stretch.layers.upperBound) - 1, 0)
        for layer in found.layers { most[layer] = max(most[layer], found.bound) }
      }
      pending.append(found)
    }
    let all = most.reduce(0, +)
    var isComplete = true
    for found in pending {
      if let canBeat, let leastMost = found.layers.map({ most[$0] }).min(),
        !canBeat(found.bound + all - leastMost)
      {
        isComplete = false
        continue
      }
      addDeals(of: found, search, amounts: amounts, whole: whole, mustCombine: mustCombine, to: &layers)
    }
    return (layers, isComplete)
  }

  /// A block still to be gathered: its index, what its lines have left and their units
  /// (`nil` for an order given as an amount), and when it was bounded, the most any of its
  /// deals could take and the indexes of the layers they stand in.
  private struct PendingBlock {
    var index: Int
    var shared: ExactPlanSearch.LinesBase?
    var bound: Int128
    var layers: Range<Int>
  }

  /// Adds to `layers` the deals of `block` that combine with every class of `mustCombine`
  /// and work for the customer, each with what it could take on `amounts`.
  ///
  /// - Complexity: O(*p*) for the block's *p* deals.
  private static func addDeals(
    of block: PendingBlock, _ search: ExactPlanSearch, amounts: [Int128], whole: Int128,
    mustCombine: PromotionClasses, to layers: inout [[DealTaking]]
  ) {
    let deals = search.blocks[block.index]
    for place in Int(deals.pendingStart)..<Int(deals.pendingEnd) {
      let terms = search.table[place]
      guard search.isAdmitted(place), terms.combines.isSuperset(of: mustCombine) else { continue }
      let number = OrderDealNumber.pending(block: Int32(block.index), place: Int32(place))
      if let shared = block.shared, search.discountedLines == nil || !terms.excludesDiscountedLines {
        add(number, terms, base: shared.base, units: shared.units, to: &layers)
      } else {
        let base = search.base(of: number, terms, amounts: amounts, whole: whole)
        add(number, terms, base: base, units: search.units(of: number, terms), to: &layers)
      }
    }
  }
}
