/// Stackable thresholds sorted by minimum, with running maxima of their benefits, so that
/// the best threshold for any amount is found by one binary search.
///
/// For an amount `A`, the thresholds that apply are a prefix of the sorted list (those with
/// `minimum <= A`). A fixed sum takes off `min(sum, A)` and a percentage takes off more the
/// larger it is, so the best reduction at `A` comes from the largest sum or the largest
/// percentage in that prefix.
///
/// Complexity: O(*n* log *n*) to build, O(log *n*) per query.
struct ThresholdIndex {
  /// One threshold with its terms.
  struct Entry {
    var promotion: Promotion
    var terms: PromotionTerms
    var minimum: Money
  }

  /// The thresholds, by ascending minimum.
  let entries: [Entry]
  /// The minimums of `entries`, in minor units, apart: the binary search reads only these.
  private let minimums: [Int128]
  /// `largestFixed[k]`: the largest fixed sum among the first `k` entries (-1 for none).
  private let largestFixed: [Int128]
  /// `largestPercent[k]`: the largest percentage among the first `k` entries.
  private let largestPercent: [Percentage?]

  init(_ thresholds: [Entry]) {
    // Sort positions, not the entries themselves (which carry whole promotions).
    let order = thresholds.indices.sorted { thresholds[$0].minimum < thresholds[$1].minimum }
    entries = order.map { thresholds[$0] }
    minimums = entries.map(\.minimum.minorUnits)
    var fixed: [Int128] = [-1]
    var percent: [Percentage?] = [nil]
    fixed.reserveCapacity(entries.count + 1)
    percent.reserveCapacity(entries.count + 1)
    for index in entries.indices {
      let entry = entries[index].terms
      var nextFixed = fixed.last!
      var nextPercent = percent.last!
      switch entry.reduction {
      case .fixed(let sum): nextFixed = max(nextFixed, sum.minorUnits)
      case .percent(let rate): nextPercent = max(nextPercent ?? rate, rate)
      }
      fixed.append(nextFixed)
      percent.append(nextPercent)
    }
    largestFixed = fixed
    largestPercent = percent
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
    var best = Money(minorUnits: min(largestFixed[low], amount.minorUnits), minorDigits: amount.minorDigits)
    if let rate = largestPercent[low] {
      best = max(best, rate.discount(on: amount))
    }
    return best
  }
}
