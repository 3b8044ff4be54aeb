/// The lines an order deal of the exact search acts on, and the units it counts there: what
/// its base is made of, and what its share of a discount is divided over.
extension ExactPlanSearch {
  /// The lines order deal `number` acts on: every line for a plain deal; those it targets
  /// but the ``discountedLines`` for a deal that leaves them out.
  @inline(__always)
  func lines(_ number: OrderDealNumber) -> TargetedLines { lines(number, orderTerms(number)) }

  /// The same, for deal `number` of `terms` (its terms, when the caller has them).
  ///
  /// - Complexity: O(1) on an order of at most 64 lines; O(*L*) for *L* lines otherwise.
  @inline(__always)
  func lines(_ number: OrderDealNumber, _ terms: DealTerms) -> TargetedLines {
    let targeted: TargetedLines
    switch number {
    case .gathered(let index): targeted = orderLines[Int(index)]
    case .pending(let block, _): targeted = blocks[Int(block)].lines
    case .adopted: targeted = adoptedTargeted?.number == number ? adoptedTargeted!.lines : .every
    }
    // (The deal's own flag first: reading the search's lines is an exclusive access.)
    guard terms.excludesDiscountedLines, let discountedLines, let items else {
      return targeted
    }
    return targeted.subtracting(discountedLines, count: items.count)
  }

  /// The units of the lines order deal `number` counts (0 for a deal without a minimum of
  /// units, which does not count them).
  @inline(__always)
  func units(of number: OrderDealNumber) -> Int64 { units(of: number, orderTerms(number)) }

  /// The same, for deal `number` of `terms` (its terms, when the caller has them).
  ///
  /// - Complexity: O(1) for a gathered deal; O(*L*) for *L* lines otherwise.
  @inline(__always)
  func units(of number: OrderDealNumber, _ terms: DealTerms) -> Int64 {
    // (A deal without a minimum of units does not count them, whatever its kind.)
    guard terms.hasMinimumQuantity, let items else { return 0 }
    // A gathered deal's own count, unless it leaves out lines; else its lines' units.
    if case .gathered(let index) = number, !terms.excludesDiscountedLines || discountedLines == nil {
      return units.isEmpty ? 0 : units[Int(index)]
    }
    var counted: Int64 = 0
    lines(number, terms).forEach(count: items.count) { counted += items[$0].quantity }
    return counted
  }
}
