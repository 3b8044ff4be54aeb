/// The item stages of the exact search: each line's best item deal, of every working one
/// and of the stackable ones (plan kinds 2 and 3), and the plan each stage starts.
///
/// - Complexity: O(*k* *L*) for *k* item deals and *L* lines.
extension ExactPlanSearch {
  /// Each line's item deal that takes the most off it (ties: the lowest id), of every
  /// working one and of those combining with the classes `requiring` (the stackable ones,
  /// by default: those combining with order and shipping deals).
  ///
  /// - Complexity: O(*k* *L*) for *k* item deals, without allocating but the two answers.
  func chosenItemDeals(
    _ lines: [OrderItem], requiring: PromotionClasses = .orderAndShipping
  ) -> (every: [Step?], stackable: [Step?]) {
    let chosen = chosenItemDeals(lines, requiring: [.none, requiring])
    return (chosen[0], chosen[1])
  }

  /// Each line's item deal that takes the most off it (ties: the lowest id) of those
  /// combining with the classes of each of `requirements`, one list per requirement: every
  /// deal looked at once for all of them.
  ///
  /// - Complexity: O(*k* *L* *r*) for *k* item deals and *r* requirements.
  func chosenItemDeals(_ lines: [OrderItem], requiring requirements: [PromotionClasses]) -> [[Step?]] {
    var chosen = [Step?](filled: nil, count: lines.count * requirements.count)
    chosen.withUnsafeMutableBufferPointer { chosen in
      chooseItemDeals(lines, requiring: requirements, into: chosen)
    }
    return requirements.indices.map { Array(chosen[$0 * lines.count..<($0 + 1) * lines.count]) }
  }

  /// ``chosenItemDeals(_:requiring:)`` into `chosen`, the lines' deals for each requirement
  /// after the previous one's (`nil` at first): through a buffer, so that the closures that
  /// fill it need no exclusive access.
  func chooseItemDeals(
    _ lines: [OrderItem], requiring requirements: [PromotionClasses],
    into chosen: UnsafeMutableBufferPointer<Step?>
  ) {
    let count = lines.count
    @inline(__always)
    func consider(_ index: Int, rank: Int32, combines: PromotionClasses, line: Int, discount: Int128) {
      guard discount > 0 else { return }
      let step = Step(deal: index, discount: discount, rank: rank)
      for (place, requirement) in requirements.enumerated() where combines.isSuperset(of: requirement) {
        if step.isPreferred(to: chosen[place * count + line]) { chosen[place * count + line] = step }
      }
    }
    // (The lists read through buffers: no bounds checked or reference counted for each deal
    // read.)
    table.withUnsafeBufferPointer { table in
      linePostings.withUnsafeBufferPointer { linePostings in
        for posting in linePostings {
          let line = Int(posting.line)
          let (price, quantity) = (lines[line].unitPrice.minorUnits, lines[line].quantity)
          for index in Int(posting.start)..<Int(posting.end) {
            consider(
              index, rank: table[index].rank, combines: table[index].combines, line: line,
              discount: table[index].lineDiscount(unitPrice: price, quantity: quantity))
          }
        }
      }
      itemDeals.withUnsafeBufferPointer { itemDeals in
        // The lines by price, for the deals across lines, worked out once when one is among
        // the deals.
        let byPrice =
          itemDeals.contains { !table[Int($0.deal)].isPricedLineByLine } ? LinesByPrice(lines) : nil
        for candidate in itemDeals {
          let index = Int(candidate.deal)
          let (rank, combines) = (table[index].rank, table[index].combines)
          table[index].forEachLineDiscount(lines, targeted: candidate.lines, byPrice: byPrice) {
            consider(index, rank: rank, combines: combines, line: $0, discount: $1)
          }
        }
      }
    }
  }

  /// The item stage in which each line takes the deal chosen for it (the one that takes
  /// the most off it, ties: the lowest id); its steps, one per deal by id, are kept for
  /// `kind`. Returns the plan and what each line has left.
  func itemStage(_ chosenPerLine: [Step?], amounts: [Int128], kind: ItemStage) -> (
    plan: Plan, left: [Int128]
  ) {
    var left = amounts
    // A deal chosen for several lines (found through several SKUs and categories, so
    // perhaps at several places of the table) is one step: merged by rank.
    var steps: [Step] = []
    for line in amounts.indices {
      guard let chosen = chosenPerLine[line] else { continue }
      left[line] -= chosen.discount
      if let same = steps.firstIndex(where: { $0.rank == chosen.rank }) {
        steps[same].discount += chosen.discount
      } else {
        // (Room for a step per line at the first: the list never grows.)
        if steps.isEmpty { steps.reserveCapacity(amounts.count) }
        steps.append(chosen)
      }
    }
    steps.sort { $0.rank < $1.rank }
    let total = subtotal - steps.reduce(0) { $0 + $1.discount } + shipping
    let plan = Plan(
      itemStage: kind, itemCount: steps.count,
      isAllStackable: steps.allSatisfy { table[$0.deal].isStackable },
      total: total)
    switch kind {
    case .none: break
    case .every: everyItemSteps = steps
    case .stackable: stackableItemSteps = steps
    case .withOrder: withOrderItemSteps = steps
    case .withShipping: withShippingItemSteps = steps
    }
    return (plan, left)
  }
}
