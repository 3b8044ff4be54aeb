/// The benefit `bundle` of N for P: the units of every line it targets, from the dearest
/// (ties: the earlier line first), in groups of N from the top; every group whose list
/// price is above P, up to the first that is not, is sold for P. It takes off
/// `D = Σ (group price − P)`, divided over the lines in proportion to the amount of their
/// units in those groups by the allocation rule (floors, then the largest remainders, ties
/// to the earlier line). A last group of fewer than N units is no group.
///
///     // 4 teas at 24.90, any 3 for 50.00: one group of 74.70, 24.70 off the tea line
///
/// Groups inside one line all cost the same, so they are counted, not listed: the work is
/// per line, whatever the quantities.
///
/// - Complexity: O(*L*) for *L* lines, given them by price.
extension DealTerms {
  /// Calls `body` with each line of `targeted` that the bundle groups units of, and its
  /// share of what the bundle takes off; `dearestFirst` is ``LinesByPrice/dearestFirst`` of
  /// `items`. (Its lists are on the stack: a bundle is worked out for every order that has
  /// a line it targets.)
  func forEachLineOfBundle(
    _ items: [OrderItem], targeted: TargetedLines, dearestFirst: [Int], _ body: (Int, Int128) -> Void
  ) {
    let size = Int64(buy)  // the bundle's quantity, N
    let price = sum  // its price, P
    // The amount of each line's units grouped, and the lines of the group begun on earlier
    // lines (each line is in it at most once).
    withUnsafeTemporaryAllocation(of: Int128.self, capacity: items.count) { grouped in
      grouped.initialize(repeating: 0)
      withUnsafeTemporaryAllocation(of: (line: Int, units: Int64).self, capacity: items.count) { members in
        var partial: (units: Int64, amount: Int128, members: Int) = (0, 0, 0)
        var taken: Int128 = 0
        lines: for line in dearestFirst where targeted.contains(line) {
          let unitPrice = items[line].unitPrice.minorUnits
          var left = items[line].quantity
          // First, fill the group begun on earlier lines.
          if partial.units > 0 {
            let used = min(size - partial.units, left)
            partial.units += used
            partial.amount += RateArithmetic.product(unitPrice, used)
            members[partial.members] = (line, used)
            partial.members += 1
            left -= used
            guard partial.units == size else { continue }
            guard partial.amount > price else { break lines }
            taken += partial.amount - price
            for (member, units) in members[0..<partial.members] {
              grouped[member] += RateArithmetic.product(items[member].unitPrice.minorUnits, units)
            }
            partial = (0, 0, 0)
          }
          // Whole groups inside this line, all at the same price.
          let groupPrice = RateArithmetic.product(unitPrice, size)
          let whole = left / size
          if whole > 0 {
            guard groupPrice > price else { break lines }
            taken += (groupPrice - price) * Int128(whole)
            grouped[line] += RateArithmetic.product(unitPrice, whole * size)
            left -= whole * size
          }
          if left > 0 {
            members[0] = (line, left)
            partial = (left, RateArithmetic.product(unitPrice, left), 1)
          }
        }
        guard taken > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int128.self, capacity: items.count) { shares in
          Allocation.divide(taken, over: UnsafeBufferPointer(grouped), into: shares)
          for line in items.indices where shares[line] > 0 { body(line, shares[line]) }
        }
      }
    }
  }
}
