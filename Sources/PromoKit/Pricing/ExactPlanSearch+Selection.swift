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
    var applied: [Applied] = []
    for step in itemSteps(best.itemStage) {
      applied.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
    }
    // What each line has left after the item stage, then each order deal's shares of it,
    // line after line for each deal.
    var left = amounts
    if itemShares {
      for line in 0..<lineCount { if let step = chosen[line] { left[line] -= step.discount } }
    }
    /// The order deal `index` (0 or 1) applies in application order, if any.
    func orderStep(_ index: Int) -> Step? { index == 0 ? best.firstOrderStep : best.secondOrderStep }
    let stepCount = best.secondOrderStep != nil ? 2 : best.firstOrderStep != nil ? 1 : 0
    var divided: [Int128] = []
    if lineCount > 0 && stepCount > 0 {
      divided = [Int128](repeating: 0, count: lineCount * stepCount)
      var weights = [Int128](repeating: 0, count: lineCount)
      var shares = weights
      for index in 0..<stepCount {
        guard let step = orderStep(index) else { continue }
        subtractShares(of: step.discount, by: step.deal, from: left, into: &weights, shares: &shares)
        for line in 0..<lineCount { divided[index * lineCount + line] = shares[line] }
        swap(&left, &weights)
      }
    }
    for index in 0..<stepCount {
      guard let step = orderStep(index) else { continue }
      applied.append(Applied(storeIndex: Int(orderTerms(step.deal).storeIndex), discount: step.discount))
    }
    if let step = best.shippingStep {
      applied.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
    }
    // Each line's shares: counted, then laid out.
    var shareStarts = [Int](repeating: 0, count: lineCount + 1)
    for line in 0..<lineCount {
      var count = itemShares && chosen[line] != nil ? 1 : 0
      for index in 0..<stepCount where divided[index * lineCount + line] > 0 { count += 1 }
      shareStarts[line + 1] = shareStarts[line] + count
    }
    var lineShares: [Applied] = []
    lineShares.reserveCapacity(shareStarts[lineCount])
    for line in 0..<lineCount {
      if itemShares, let step = chosen[line] {
        lineShares.append(Applied(storeIndex: Int(table[step.deal].storeIndex), discount: step.discount))
      }
      for index in 0..<stepCount where divided[index * lineCount + line] > 0 {
        if let step = orderStep(index) {
          lineShares.append(
            Applied(
              storeIndex: Int(orderTerms(step.deal).storeIndex), discount: divided[index * lineCount + line]))
        }
      }
    }
    return Selection(
      applied: applied, shares: lineShares, shareStarts: shareStarts,
      shippingDiscount: best.shippingStep?.discount ?? 0, total: best.total)
  }

  /// Sets `left` to what the lines have left of `amounts` once order deal `number` took
  /// `discount` off them, divided as the allocation rule divides it; `shares` is room for
  /// as many shares as lines.
  ///
  /// - Complexity: O(*L*) for *L* lines, allocating nothing.
  func subtractShares(
    of discount: Int128, by number: Int, from amounts: [Int128], into left: inout [Int128],
    shares: inout [Int128]
  ) {
    // The weights: what each line it acts on has left, 0 for the others.
    if items != nil, !lines(number).isEvery {
      for line in left.indices { left[line] = 0 }
      lines(number).forEach(count: amounts.count) { left[$0] = amounts[$0] }
    } else {
      for line in left.indices { left[line] = amounts[line] }
    }
    left.withUnsafeBufferPointer { weights in
      shares.withUnsafeMutableBufferPointer { Allocation.divide(discount, over: weights, into: $0) }
    }
    for line in left.indices { left[line] = amounts[line] - shares[line] }
  }
}
