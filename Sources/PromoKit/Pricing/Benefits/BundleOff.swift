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
/// - Complexity: O(*L* log *L*) for *L* lines.
extension DealTerms {
  /// Calls `body` with each line of `targeted` that the bundle groups units of, and its
  /// share of what the bundle takes off.
  func forEachLineOfBundle(_ items: [OrderItem], targeted: TargetedLines, _ body: (Int, Int128) -> Void) {
    let size = Int64(buy)  // the bundle's quantity, N
    let price = sum  // its price, P
    var grouped = [Int128](repeating: 0, count: items.count)  // the amount of each line's units grouped
    var partial: (units: Int64, amount: Int128, lines: [(line: Int, units: Int64)]) = (0, 0, [])
    var taken: Int128 = 0
    lines: for line in Self.dearestFirst(items, targeted: targeted) {
      let unitPrice = items[line].unitPrice.minorUnits
      var left = items[line].quantity
      // First, fill the group begun on earlier lines.
      if partial.units > 0 {
        let used = min(size - partial.units, left)
        partial.units += used
        partial.amount += RateArithmetic.product(unitPrice, used)
        partial.lines.append((line, used))
        left -= used
        guard partial.units == size else { continue }
        guard partial.amount > price else { break lines }
        taken += partial.amount - price
        for (member, units) in partial.lines {
          grouped[member] += RateArithmetic.product(items[member].unitPrice.minorUnits, units)
        }
        partial = (0, 0, [])
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
      if left > 0 { partial = (left, RateArithmetic.product(unitPrice, left), [(line, left)]) }
    }
    guard taken > 0 else { return }
    withUnsafeTemporaryAllocation(of: Int128.self, capacity: items.count) { shares in
      grouped.withUnsafeBufferPointer { Allocation.divide(taken, over: $0, into: shares) }
      for line in items.indices where shares[line] > 0 { body(line, shares[line]) }
    }
  }

  /// The lines of `targeted` from the highest unit price down, ties in line order: the
  /// order in which a bundle, or a single price with a limit across lines, takes units.
  ///
  /// - Complexity: O(*L* log *L*) for *L* lines.
  static func dearestFirst(_ items: [OrderItem], targeted: TargetedLines) -> [Int] {
    var lines: [Int] = []
    targeted.forEach(count: items.count) { lines.append($0) }
    return lines.sorted {
      let (left, right) = (items[$0].unitPrice.minorUnits, items[$1].unitPrice.minorUnits)
      return left != right ? left > right : $0 < $1
    }
  }
}
