/// The binary searches of an ascending array, written once for the indexes that keep their
/// values sorted (the sums and rates of the rule sets, the ends of their slots, the pair
/// search's breaks).
///
///     let ends: [Int128] = [100, 200, 200, 300]
///     ends.firstIndex(notBelow: 200)   // 1
///     ends.firstIndex(above: 200)      // 3: how many values are at most 200
///
/// - Complexity: O(log *n*) each.
extension Array where Element: Comparable {
  /// The first position holding a value at least `value`, or `count` when there is none.
  @inline(__always)
  package func firstIndex(notBelow value: Element) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) >> 1
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first position in `range` (all of the array without one) holding a value above
  /// `value`, or the end of the range when there is none: how many values of the range are
  /// at most `value`, past its start.
  @inline(__always)
  package func firstIndex(above value: Element, in range: Range<Int>? = nil) -> Int {
    var low = range?.lowerBound ?? 0
    var high = range?.upperBound ?? count
    while low < high {
      let middle = (low + high) >> 1
      if self[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
