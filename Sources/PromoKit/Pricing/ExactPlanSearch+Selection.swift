/// The plan chosen by the exact search as the quote tells it: its promotions in application
/// order and each line's shares, every order deal's discount divided by the allocation rule.
///
/// - Complexity: O(*L*) for *L* lines.
extension ExactPlanSearch {
  /// The plan `best` as the quote tells it: its promotions and each line's shares (its
  /// item stage's, `chosen` per line, then each order deal's division).
  ///
  /// - Complexity: O(*L*) for *L* lines, in a few allocations whatever *L*.
  func selection(_ best: Plan, chosen: [Step?], amounts: [Int128]) -> Selection {
    let lineCount = items?.count ?? 0
    let itemShares = best.itemStage != .none && lineCount > 0
    let orderStep = { self.orderStep($0, of: best) }
    let stepCount = orderStepCount(of: best)
    // The lines a deal that leaves out the discounted ones leaves out: those that took an
    // item deal in the chosen plan.
    discountedLines = itemShares ? Self.linesTaking(chosen) : nil
    defer { discountedLines = nil }
    let tiers = tiersTaken(
      best, orderStep: orderStep, count: stepCount, chosen: itemShares ? chosen : [], amounts: amounts)
    var applied: [Applied] = []
    applied.reserveCapacity(best.count)
    for step in itemSteps(best.itemStage) {
      applied.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
    }
    for index in 0..<stepCount {
      guard let step = orderStep(index) else { continue }
      applied.append(
        Applied(
          storeIndex: Int(orderTerms(step.deal).storeIndex), discount: step.discount,
          tier: tiers.isEmpty ? nil : tiers[index]))
    }
    if let step = best.shippingStep {
      applied.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
    }
    // Each line's shares, laid out line after line: its item deal's, then each order
    // deal's division of what the line had left before it. The work space (on the stack
    // for small orders): what each line has left, then each order deal's shares.
    var shareStarts = [Int](filled: 0, count: lineCount + 1)
    var lineShares: [Applied] = []
    guard lineCount > 0 else {
      return Selection(
        applied: applied, shares: lineShares, shareStarts: shareStarts,
        shippingDiscount: best.shippingStep?.discount ?? 0, total: best.total)
    }
    withUnsafeTemporaryAllocation(of: Int128.self, capacity: lineCount * (1 + stepCount)) { space in
      let left = UnsafeMutableBufferPointer(rebasing: space[0..<lineCount])
      for line in 0..<lineCount {
        left[line] = amounts[line] - (itemShares ? chosen[line]?.discount ?? 0 : 0)
      }
      for index in 0..<stepCount {
        guard let step = orderStep(index) else { continue }
        let shares = UnsafeMutableBufferPointer(
          rebasing: space[(1 + index) * lineCount..<(2 + index) * lineCount])
        divide(step.discount, by: step.deal, over: left, into: shares)
        for line in 0..<lineCount { left[line] -= shares[line] }
      }
      var count = 0
      for line in 0..<lineCount {
        if itemShares, chosen[line] != nil { count += 1 }
        for index in 0..<stepCount where space[(1 + index) * lineCount + line] > 0 { count += 1 }
      }
      lineShares.reserveCapacity(count)
      for line in 0..<lineCount {
        if itemShares, let step = chosen[line] {
          lineShares.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
        }
        for index in 0..<stepCount where space[(1 + index) * lineCount + line] > 0 {
          if let step = orderStep(index) {
            lineShares.append(
              Applied(
                storeIndex: Int(orderTerms(step.deal).storeIndex),
                discount: space[(1 + index) * lineCount + line]))
          }
        }
        shareStarts[line + 1] = lineShares.count
      }
    }
    return Selection(
      applied: applied, shares: lineShares, shareStarts: shareStarts,
      shippingDiscount: best.shippingStep?.discount ?? 0, total: best.total)
  }

  /// The order deal of `plan` at `index` in application order (by layer).
  func orderStep(_ index: Int, of plan: Plan) -> OrderStep? {
    switch index {
    case 0: plan.firstOrderStep
    case 1: plan.secondOrderStep
    default: orderTails.step(index - 2, ofTail: plan.orderTail, count: plan.orderTailCount)
    }
  }

  /// How many order deals `plan` has.
  func orderStepCount(of plan: Plan) -> Int {
    plan.secondOrderStep != nil ? 2 + Int(plan.orderTailCount) : plan.firstOrderStep != nil ? 1 : 0
  }

  /// The lines that took an item deal (`chosen` per line), or `nil` when none did.
  ///
  /// - Complexity: O(*L*) for *L* lines.
  static func linesTaking(_ chosen: [Step?]) -> TargetedLines? {
    guard chosen.contains(where: { $0 != nil }) else { return nil }
    var taking = TargetedLines.none(count: chosen.count)
    for line in chosen.indices where chosen[line] != nil { taking.insert(line) }
    return taking
  }

  /// The number of the tier (from 1) each of the `count` order deals of `best` took
  /// (`orderStep` gives them in order), `nil` for a deal without tiers; empty when none
  /// has tiers. Each deal's base is what its lines had left before it: `amounts` less the
  /// item deals `chosen` and the earlier order deals' shares.
  ///
  /// - Complexity: O(*d* *L*) for *d* order deals and *L* lines.
  private func tiersTaken(
    _ best: Plan, orderStep: (Int) -> OrderStep?, count: Int, chosen: [Step?], amounts: [Int128]
  ) -> [Int?] {
    guard
      (0..<count).contains(where: { orderStep($0).map { orderTerms($0.deal).benefit == .tiers } ?? false })
    else { return [] }
    var left = amounts
    for line in chosen.indices { left[line] -= chosen[line]?.discount ?? 0 }
    var (next, shares) = (left, left)
    var tiers: [Int?] = []
    for index in 0..<count {
      guard let step = orderStep(index) else { continue }
      let terms = orderTerms(step.deal)
      let whole = left.reduce(0, +)
      let base = self.base(of: step.deal, terms, amounts: left, whole: whole) ?? 0
      tiers.append(terms.tierReached(base: base, units: units(of: step.deal)).map { $0 + 1 })
      subtractShares(of: step.discount, by: step.deal, from: left, into: &next, shares: &shares)
      left = next
    }
    return tiers
  }

  /// Writes into `shares` the division of `discount`, taken by order deal `number`, over
  /// what the lines have left (`left`) by the allocation rule: over the lines it acts on,
  /// nothing to the others.
  ///
  /// - Complexity: O(*L*) for *L* lines, allocating nothing for up to 64 lines.
  private func divide(
    _ discount: Int128, by number: OrderDealNumber, over left: UnsafeMutableBufferPointer<Int128>,
    into shares: UnsafeMutableBufferPointer<Int128>
  ) {
    let targeted = lines(number)
    guard !targeted.isEvery else {
      Allocation.divide(discount, over: UnsafeBufferPointer(left), into: shares)
      return
    }
    withUnsafeTemporaryAllocation(of: Int128.self, capacity: left.count) { weights in
      for line in 0..<left.count { weights[line] = 0 }
      targeted.forEach(count: left.count) { weights[$0] = left[$0] }
      Allocation.divide(discount, over: UnsafeBufferPointer(weights), into: shares)
    }
  }

  /// Sets `left` to what the lines have left of `amounts` once order deal `number` took
  /// `discount` off them, divided as the allocation rule divides it; `shares` is room for
  /// as many shares as lines.
  ///
  /// - Complexity: O(*L*) for *L* lines, allocating nothing.
  func subtractShares(
    of discount: Int128, by number: OrderDealNumber, from amounts: [Int128], into left: inout [Int128],
    shares: inout [Int128]
  ) {
    let targeted = items == nil ? TargetedLines.every : lines(number)
    if case .mask(let bits) = targeted, bits.nonzeroBitCount == 1 {
      // One line takes it all, as ``Allocation/divide(_:over:into:)`` gives it (the rule's
      // own shortcut), without making the weights or the shares here first.
      for line in left.indices { left[line] = amounts[line] }
      left[bits.trailingZeroBitCount] -= discount
      return
    }
    // The weights: what each line it acts on has left, 0 for the others.
    if !targeted.isEvery {
      for line in left.indices { left[line] = 0 }
      targeted.forEach(count: amounts.count) { left[$0] = amounts[$0] }
    } else {
      for line in left.indices { left[line] = amounts[line] }
    }
    left.withUnsafeBufferPointer { weights in
      shares.withUnsafeMutableBufferPointer { Allocation.divide(discount, over: weights, into: $0) }
    }
    for line in left.indices { left[line] = amounts[line] - shares[line] }
  }
}
