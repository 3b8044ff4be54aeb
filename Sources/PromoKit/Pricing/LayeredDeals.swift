/// The order deals one item stage of the layered search may take, by layer: each gathered
/// deal with what it could take at the start of the order stage (a bound on what it takes
/// after earlier layers), from the most down, and the plain deals of the store's index
/// (untargeted discounts in layer 1 and thresholds in layer 2), asked for on the amount
/// left when they are reached. The deals of a layer that act on every line, when it has
/// many, are bounded together (``WholeDealBounds``), so that a bound on what the later
/// layers could take is not a pass over thousands of shop-wide tier ladders.
///
///     var layers = LayeredDeals(search: search, amounts: left, mustCombine: [.item])
///     layers.prepare(in: search) { _ in true }   // every deal kept
///     layers.boundFrom(2)   // the most the deals of layers 3 to 9 could take together
///
/// - Complexity: O(*o* *L*) to make, for *o* order deals and *L* lines; O(*o* log *o*) to
///   prepare.
struct LayeredDeals {
  /// The gathered deals of each layer (index 0 is layer 1), each with its bound; from the
  /// largest bound down once prepared (``prepare(in:keepingOnly:)``).
  private(set) var layers: [[DealTaking]]
  /// Whether it holds every deal of the stage, none left out for the plans it was made for.
  let isComplete: Bool
  /// In a layer with at least ``boundedTogether`` deals acting on every line, those are
  /// bounded together (`wholeBounds`), and ``mostFrom(_:amounts:whole:in:)`` works out the
  /// bounds of the others one by one (`scanned`, in the same order); `nil` in the other
  /// layers, whose deals it looks at one by one.
  private var scanned: [[DealTaking]?]
  private var wholeBounds: [WholeDealBounds?]
  /// From this many deals acting on every line in one layer, they are bounded together.
  static let boundedTogether = 64
  /// The plain deals' sets the stage may take, by layer (stackable ones, and for a stage
  /// that asks nothing of them, those that are not); empty when the store has no index.
  private var plainSets: [[PlainOrderDeals.DealSet]]
  /// The classes every deal of them combines with.
  private var mustCombine: PromotionClasses
  /// What the lines have left at the start of the order stage, and their sum.
  let amounts: [Int128]
  let whole: Int128
  /// The most the deals of layers from each index on could take together.
  private var suffixBounds: [Int128] = []
  /// Whether every deal of the layers from each index on acts on every line: then what
  /// they take depends on the sum of what the lines have left alone.
  private var everyLineFrom: [Bool] = []
  /// What the later layers of a chain could take by the groups of lines their deals act
  /// on, when no deal acts on every line; made when the deals of chains are known
  /// (``keepOnly(combiningWith:in:)``).
  private(set) var groupBound: LineGroupBound?

  /// The deals of `search` that combine with every class of `mustCombine`, on `amounts`;
  /// when `canBeat` is given, but for the blocks of deals none of which a plan that it
  /// accepts can take (``gather(_:amounts:whole:mustCombine:plainMost:canBeat:)``).
  init(
    search: ExactPlanSearch, amounts: [Int128], mustCombine: PromotionClasses,
    lookingInto canBeat: ((Int128) -> Bool)? = nil
  ) {
    self.amounts = amounts
    let whole = amounts.reduce(0, +)
    self.whole = whole
    var plainSets = [[PlainOrderDeals.DealSet]](filled: [], count: Promotion.allowedLayers.upperBound)
    var plainMost = [Int128](filled: 0, count: plainSets.count)
    if let plain = search.plain {
      plainSets[0] = [plain.discounts(.stackable)]
      plainSets[1] = [plain.thresholds(.stackable)]
      if mustCombine.isEmpty {
        plainSets[0].append(plain.discounts(.notStackable))
        plainSets[1].append(plain.thresholds(.notStackable))
      }
      for index in 0..<2 {
        for set in plainSets[index] {
          plainMost[index] = max(plainMost[index], plain.best(in: set, at: whole)?.taken ?? 0)
        }
      }
    }
    (layers, isComplete) = Self.gather(
      search, amounts: amounts, whole: whole, mustCombine: mustCombine, plainMost: plainMost, canBeat: canBeat
    )
    (scanned, wholeBounds) = ([], [])
    self.plainSets = plainSets
    self.mustCombine = mustCombine
  }

  /// Makes the deals ready to be searched: leaves out those no plan that `canBeat` accepts
  /// can take (given what a deal could take, with the most each other layer could take
  /// added), orders each layer's deals from the largest bound down, and bounds the later
  /// layers. The deals left out can be in no plan better than the best found so far, so a
  /// stage searched after a good plan was found sorts only the few that can beat it.
  ///
  /// - Complexity: O(*o* log *o*) for the *o* deals kept, O(*n*) for the *n* deals.
  mutating func prepare(in search: ExactPlanSearch, keepingOnly canBeat: (Int128) -> Bool) {
    let most = layers.indices.map { mostAtStart(in: $0, search) }
    let all = most.reduce(0, +)
    for index in layers.indices where !layers[index].isEmpty {
      let others = all - most[index]
      if !layers[index].allSatisfy({ canBeat($0.taken + others) }) {
        layers[index].removeAll { !canBeat($0.taken + others) }
      }
    }
    for index in layers.indices where layers[index].count > 1 {
      layers[index].sort { $0.taken != $1.taken ? $0.taken > $1.taken : $0.deal < $1.deal }
    }
    // A layer of many deals acting on every line bounds them together; the others one by one.
    scanned = [[DealTaking]?](filled: nil, count: layers.count)
    wholeBounds = [WholeDealBounds?](filled: nil, count: layers.count)
    for index in layers.indices where layers[index].count >= Self.boundedTogether {
      var pieces: [WholeDealBounds.Piece] = []
      var others: [DealTaking] = []
      for kept in layers[index] {
        let terms = search.orderTerms(kept.deal)
        if Self.actsOnEveryLine(terms, in: search) {
          terms.appendWholeBoundPieces(units: search.units(of: kept.deal), to: &pieces)
        } else {
          others.append(kept)
        }
      }
      guard layers[index].count - others.count >= Self.boundedTogether else { continue }
      wholeBounds[index] = WholeDealBounds(pieces)
      scanned[index] = others
    }
    computeSuffixBounds(search)
  }

  /// The most a deal of layer index `index` could take at the start of the order stage.
  private func mostAtStart(in index: Int, _ search: ExactPlanSearch) -> Int128 {
    var most = layers[index].reduce(0) { max($0, $1.taken) }
    if let plain = search.plain {
      for set in plainSets[index] { most = max(most, plain.best(in: set, at: whole)?.taken ?? 0) }
    }
    return most
  }

  /// Adds to `layers` the deal `number` (its `terms`) with what it could take off `base`
  /// over `units` units, when it could take something.
  static func add(
    _ number: OrderDealNumber, _ terms: DealTerms, base: Int128?, units: Int64,
    to layers: inout [[DealTaking]]
  ) {
    guard let base else { return }
    let bound = terms.orderDiscountBound(base: base, units: units)
    guard bound > 0 else { return }
    layers[Int(terms.layer) - 1].append(DealTaking(deal: number, taken: bound))
  }

  /// Whether the order deal of `terms` acts on every line of `search`'s order: untargeted,
  /// and not leaving out lines that took an item deal.
  static func actsOnEveryLine(_ terms: DealTerms, in search: ExactPlanSearch) -> Bool {
    !terms.isTargeted && (search.discountedLines == nil || !terms.excludesDiscountedLines)
  }

  /// Keeps, of the layer of `required` when it is an order deal, that deal alone (a plan
  /// applying it takes no other of its layer), adopted when the candidates left it out.
  mutating func keepOnly(_ required: RequiredPromotion, in search: ExactPlanSearch) {
    guard let index = required.layerIndex else { return }
    layers[index].removeAll { search.orderTerms($0.deal).storeIndex != required.storeIndex }
    plainSets[index] = []
    if let number = required.adopted, required.terms.combines.isSuperset(of: mustCombine) {
      let base = search.base(of: number, required.terms, amounts: amounts, whole: whole)
      let bound =
        base.map { required.terms.orderDiscountBound(base: $0, units: search.units(of: number)) } ?? 0
      if bound > 0 { layers[index].append(DealTaking(deal: number, taken: bound)) }
    }
  }

  /// What the deal `number`, one of these, takes at the start of the order stage.
  func taken(by number: OrderDealNumber, in search: ExactPlanSearch) -> Int128 {
    let terms = search.orderTerms(number)
    guard let base = search.base(of: number, terms, amounts: amounts, whole: whole) else { return 0 }
    return terms.orderDiscount(base: base, units: search.units(of: number))
  }

  /// Offers `best` the best plain deal of each set alone on `start`.
  func offerPlainSingles(
    on start: ExactPlanSearch.Plan, rule: ExactPlanSearch.StageRule, in search: ExactPlanSearch,
    best: inout ExactPlanSearch.Plan
  ) {
    guard let plain = search.plain else { return }
    for sets in plainSets {
      for set in sets {
        guard let (terms, taken) = plain.best(in: set, at: whole) else { continue }
        let plan = search.adding(search.adopt(terms), taken: taken, to: start)
        search.offerWithShipping(plan, chain: LayerChain(adding: terms), rule: rule, best: &best)
      }
    }
  }

  /// Leaves out the deals that do not combine with every class of `classes` (with order
  /// deals, for a plan of two or more; with shipping deals too, when the plan must have
  /// one), and the plain deals that are not stackable.
  mutating func keepOnly(combiningWith classes: PromotionClasses, in search: ExactPlanSearch) {
    for index in layers.indices {
      layers[index].removeAll { !search.orderTerms($0.deal).combines.isSuperset(of: classes) }
      scanned[index]?.removeAll { !search.orderTerms($0.deal).combines.isSuperset(of: classes) }
    }
    // (The bounds of the deals acting on every line stay those of all of them: more than
    // those left could take, still a bound.)
    computeSuffixBounds(search)
    groupBound = makeGroupBound(search)
  }

  /// What the later layers of a chain could take by the groups of lines the deals kept act
  /// on (a deal still to be gathered, on its block's lines, which hold its own).
  private func makeGroupBound(_ search: ExactPlanSearch) -> LineGroupBound? {
    // (With more layers than it bounds after the first, it would bound only the ends of
    // chains.)
    // (A plain deal acts on every line: then there is none.)
    guard plainSets.allSatisfy({ $0.allSatisfy(\.isEmpty) }),
      layersWithDeals <= LineGroupBound.layersAtMost + 1, let groups = search.groupsOfLines()
    else { return nil }
    return LineGroupBound(groups: groups, layerCount: layers.count) { add in
      // (From the last layer: shop-wide deals, which end it, stand mostly in later ones.)
      for index in layers.indices.reversed() {
        for kept in layers[index] {
          let lines =
            if case .pending(let block, _) = kept.deal { search.blocks[Int(block)].lines } else {
              search.lines(kept.deal)
            }
          guard add(index, lines, kept.taken) else { return }
        }
      }
    }
  }

  /// How many layers have a deal that could take something.
  var layersWithDeals: Int {
    layers.indices.count { !layers[$0].isEmpty || plainSets[$0].contains { !$0.isEmpty } }
  }

  /// The most the deals of the layers from index `layer` on could take together.
  func boundFrom(_ layer: Int) -> Int128 { layer < suffixBounds.count ? suffixBounds[layer] : 0 }

  /// Whether every deal of the layers from index `layer` on acts on every line.
  func actsOnEveryLine(from layer: Int) -> Bool { layer < everyLineFrom.count ? everyLineFrom[layer] : true }

  /// The most the deals of the layers from index `layer` on could take together on what
  /// the lines have left, `amounts` (summing to `whole`), later in a chain. Layer by layer,
  /// on the least that can be left when it is reached: the least each of its deals could
  /// leave there (``DealTerms/leastLeft(after:bound:)``: taking no more than its bound on
  /// `amounts`, no more than what it would take of all that is left, a percentage its
  /// share, and applying only where the order has its minimum left), or all of it when the
  /// layer may take nothing (every layer but the required deal's). What is left after a
  /// layer never grows as what was left before it shrinks, so the least left at the end
  /// bounds what the layers take. Each layer's deals are looked at from the largest bound
  /// at the start down, until that bound cannot leave less than the least found.
  ///
  /// - Returns: that amount; the sum of the most each layer's deals could take on
  ///   `amounts`, each layer on its own (at least that amount); and how many layers could
  ///   take something there (a plan that takes that sum takes the most of each of them).
  /// - Complexity: O(*m* *L*) for the *m* deals looked at and *L* lines; usually a few a
  ///   layer.
  func mostFrom(
    _ layer: Int, amounts: [Int128], whole: Int128, in search: ExactPlanSearch
  ) -> (amount: Int128, sum: Int128, layers: Int) {
    var (left, sum, taking): (Int128, Int128, Int) = (whole, 0, 0)
    let requiredLayer = search.required?.layerIndex
    for index in layer..<layers.count where suffixBounds[index] > suffixBounds[index + 1] {
      // The least a deal could leave of what is left at the least, and the most it could
      // take on `amounts`; a plan applying a required deal takes it in its layer.
      var (leastAfter, mostOnAmounts): (Int128, Int128) = (index == requiredLayer ? .max : left, 0)
      if let bounds = wholeBounds[index] {
        let (most, onWhole) = bounds.most(whole: whole, left: left)
        (leastAfter, mostOnAmounts) = (min(leastAfter, left - most), onWhole)
      }
      for kept in scanned[index] ?? layers[index] {
        guard left - kept.taken < leastAfter else { break }
        let terms = search.orderTerms(kept.deal)
        guard let base = search.base(of: kept.deal, terms, amounts: amounts, whole: whole) else { continue }
        let bound = terms.orderDiscountBound(base: base, units: search.units(of: kept.deal, terms))
        leastAfter = min(leastAfter, terms.leastLeft(after: left, bound: bound))
        mostOnAmounts = max(mostOnAmounts, bound)
      }
      if let plain = search.plain {
        for set in plainSets[index] {
          let taken = plain.best(in: set, at: whole)?.taken ?? 0
          (leastAfter, mostOnAmounts) = (min(leastAfter, left - taken), max(mostOnAmounts, taken))
        }
      }
      left = leastAfter == .max ? left : max(leastAfter, 0)
      sum += mostOnAmounts
      if mostOnAmounts > 0 { taking += 1 }
    }
    return (whole - left, sum, taking)
  }

  /// The fewest deals of the layers from index `layer` on that could take `need` together
  /// off what the lines have left, `amounts` (summing to `whole`): as many of the layers'
  /// largest bounds there as add up to it (a plan takes one deal a layer at most, and a
  /// deal never takes more than its bound); `Int.max` when all of them do not.
  ///
  /// - Complexity: O(*m* *L* + *n* log *n*) for the *m* deals looked at, *L* lines and *n*
  ///   layers.
  func fewestDeals(
    from layer: Int, taking need: Int128, amounts: [Int128], whole: Int128, in search: ExactPlanSearch
  ) -> Int {
    guard need > 0 else { return 0 }
    var largest: [Int128] = []
    for index in layer..<layers.count where suffixBounds[index] > suffixBounds[index + 1] {
      var most = wholeBounds[index]?.most(whole: whole, left: whole).onWhole ?? 0
      for kept in scanned[index] ?? layers[index] {
        guard kept.taken > most else { break }
        let terms = search.orderTerms(kept.deal)
        guard let base = search.base(of: kept.deal, terms, amounts: amounts, whole: whole) else { continue }
        most = max(most, terms.orderDiscountBound(base: base, units: search.units(of: kept.deal, terms)))
      }
      if let plain = search.plain {
        for set in plainSets[index] { most = max(most, plain.best(in: set, at: whole)?.taken ?? 0) }
      }
      if most > 0 { largest.append(most) }
    }
    var taken: Int128 = 0
    for (count, most) in largest.sorted(by: >).enumerated() {
      taken += most
      if taken >= need { return count + 1 }
    }
    return .max
  }

  /// The deals of layer index `layer` on `whole`, from the one that could take the most down
  /// (``LayerCandidates``); the plain ones taking at most `ceiling`.
  func candidates(in layer: Int, whole: Int128, ceiling: Int128?, in search: ExactPlanSearch)
    -> LayerCandidates
  {
    LayerCandidates(
      gathered: layers[layer], plainSet: search.plain == nil ? nil : plainSets[layer].first, whole: whole,
      ceiling: ceiling)
  }

  /// Works out ``suffixBounds`` and ``everyLineFrom`` from the deals kept (the plain ones
  /// act on every line).
  private mutating func computeSuffixBounds(_ search: ExactPlanSearch) {
    var bounds = [Int128](filled: 0, count: layers.count + 1)
    var everyLine = [Bool](filled: true, count: layers.count + 1)
    for index in layers.indices.reversed() {
      bounds[index] = bounds[index + 1] + mostAtStart(in: index, search)
      everyLine[index] =
        everyLine[index + 1]
        && layers[index].allSatisfy { Self.actsOnEveryLine(search.orderTerms($0.deal), in: search) }
    }
    (suffixBounds, everyLineFrom) = (bounds, everyLine)
  }
}

extension ExactPlanSearch {
  /// A plan of the layered search being extended: the plan, what its lines have left, and
  /// its order deals.
  struct ChainState {
    var plan: Plan
    var amounts: [Int128]
    var chain: LayerChain
    /// The sum of `amounts`.
    var whole: Int128 { amounts.reduce(0, +) }
  }

  /// Whether the deal at `place` of ``table``, one of a block still to be gathered, works
  /// for the order: it is for every customer, or the customer's groups admit it.
  ///
  /// - Complexity: O(*g*) for the *g* deals for customer groups the groups admit.
  @inline(__always)
  func isAdmitted(_ place: Int) -> Bool {
    !table[place].isForCustomerGroups || admittedForGroups.contains(Int32(place))
  }

  /// Calls `body` with the number of every order deal gathered for the order: those of
  /// each block, gathered or still to be gathered (those for customer groups only when the
  /// customer's groups admit them).
  ///
  /// - Complexity: O(*o*) for *o* order deals.
  func forEachOrderDeal(_ body: (OrderDealNumber) -> Void) {
    for (index, block) in blocks.enumerated() {
      if block.isPending {
        for place in Int(block.pendingStart)..<Int(block.pendingEnd) where isAdmitted(place) {
          body(.pending(block: Int32(index), place: Int32(place)))
        }
      } else {
        for index in block.start..<block.end { body(.gathered(index)) }
      }
    }
  }

  /// The shipping deal that takes the most off the shipping (ties: the lowest id) of those
  /// combining with every class of `classes`, if one applies.
  ///
  /// - Complexity: O(1).
  func bestShipping(combiningWith classes: PromotionClasses) -> Step? {
    guard shipping > 0 else { return nil }
    if let terms = required?.terms, terms.kind == .shipping {
      let discount = terms.shippingDiscount(shipping: shipping, subtotal: subtotal)
      guard terms.combines.isSuperset(of: classes), discount > 0 else { return nil }
      return Step(deal: Self.requiredShippingPlace, discount: discount, rank: terms.rank)
    }
    return bestShippingByClasses[classes.setIndex]
  }
}
