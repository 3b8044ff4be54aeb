/// Stackable thresholds sorted by minimum, with running maxima of their benefits, so that
/// the best threshold for any amount is found by one binary search.
///
/// For an amount `A`, the thresholds that apply are a prefix of the sorted list (those with
/// `minimum <= A`). A fixed sum takes off `min(sum, A)` and an uncapped percentage takes off
/// more the larger it is, so the best reduction at `A` comes from the largest sum or the
/// largest percentage in that prefix. Capped percentages (`min(p × A, cap)`) are checked one
/// by one; stores have few of them.
///
/// - Complexity: O(*n* log *n*) to build; O(log *n* + *c*) per query, for *c* capped
///   percentages.
struct ThresholdIndex: Sendable {
  /// The thresholds (positions in the caller's rule list), by ascending minimum.
  let entries: [Int]
  /// The minimums of `entries`, in minor units: the binary search reads only these.
  private let minimums: [Int128]
  /// `largestFixed[k]`: the largest fixed sum among the first `k` entries (-1 for none).
  private let largestFixed: [Int128]
  /// `largestPercent[k]`: the largest uncapped percentage among the first `k` entries.
  private let largestPercent: [Percentage?]
  /// The capped percentages, by ascending minimum: (minimum, rate, cap).
  private let capped: [(minimum: Int128, rate: Percentage, cap: Money)]

  init(_ positions: [Int], of rules: [OrderRule]) {
    // Sorted by minimum (in minor units, at most 10^16: within 64 bits) as integer keys,
    // each minimum above its position; ties keep the order given.
    var keys = positions.map { UInt128(UInt64(rules[$0].minimum!.minorUnits)) << 64 | UInt128($0) }
    RadixSort.sortByHighWord(&keys)
    let sorted = keys.map { Int(UInt64(truncatingIfNeeded: $0)) }
    entries = sorted
    minimums = sorted.map { rules[$0].minimum!.minorUnits }
    var fixed: [Int128] = [-1]
    var percent: [Percentage?] = [nil]
    var capped: [(minimum: Int128, rate: Percentage, cap: Money)] = []
    fixed.reserveCapacity(sorted.count + 1)
    percent.reserveCapacity(sorted.count + 1)
    for position in sorted {
      var nextFixed = fixed.last!
      var nextPercent = percent.last!
      switch rules[position].reduction {
      case .fixed(let sum): nextFixed = max(nextFixed, sum.minorUnits)
      case .percent(let rate, nil): nextPercent = max(nextPercent ?? rate, rate)
      case .percent(let rate, let cap?): capped.append((rules[position].minimum!.minorUnits, rate, cap))
      }
      fixed.append(nextFixed)
      percent.append(nextPercent)
    }
    largestFixed = fixed
    largestPercent = percent
    self.capped = capped
  }

  /// The largest reduction any threshold that applies to `amount` gives, or `nil` when no
  /// threshold's minimum is reached.
  func bestReduction(at amount: Money) -> Money? {
    // Count the entries whose minimum is at most `amount`.
    var low = 0
    var high = minimums.count
    let units = amount.minorUnits
    while low < high {
      let middle = (low + high) / 2
      if minimums[middle] <= units { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    var best = DealTerms.sumOff(largestFixed[low], of: units)
    if let rate = largestPercent[low] {
      best = max(best, DealTerms.percentageOff(rate.tenThousandths, of: units))
    }
    for entry in capped {
      if entry.minimum > units { break }
      best = max(
        best, DealTerms.percentageOff(entry.rate.tenThousandths, of: units, cap: entry.cap.minorUnits))
    }
    return Money(minorUnits: best, minorDigits: amount.minorDigits)
  }
}
