/// The fixed sums that can take off the whole amount, indexed by the amounts where they do:
/// for each amount, the lowest weight among the sums it is covered by.
///
/// A fixed sum `s` valid from `lower` up takes off `min(s, A)`, the whole amount `A`, on
/// every `A` in `lower...s`. On such an amount all of them tie, however many there are, so
/// the lowest id among them cannot be found by looking at their sums one by one. Their
/// intervals `lower...s` are painted onto the elementary slots between their ends in
/// ascending weight order, each slot keeping the first weight that reaches it: a slot is
/// painted once, skipped over afterwards.
///
///     let index = WholeAmountIndex([(lower: 100, sum: 300, weight: 4), (lower: nil, sum: 150, weight: 7)])
///     index.lowestWeight(at: 120)   // 4: both take off all of 1.20; the lower weight
///     index.lowestWeight(at: 200)   // 4
///     index.lowestWeight(at: 50)    // 7
///     index.lowestWeight(at: 301)   // nil: neither takes off all of it
///
/// - Complexity: O(*n* log *n*) to build and O(*n*) memory for *n* sums; a query is one
///   binary search.
struct WholeAmountIndex: Sendable {
  /// The ends of the slots, ascending: slot `i` is the amounts from `ends[i - 1]` (from 0
  /// for the first) to below `ends[i]`; the last slot has no end.
  private let ends: [Int128]
  /// The lowest weight of each slot (`Int32.max` for none).
  private let slotWeight: [Int32]

  /// No sum.
  init() {
    ends = []
    slotWeight = [.max]
  }

  /// Indexes the `sums` (each valid from `lower` up, `nil` for every amount, with its
  /// weight) that are at least their lower end.
  init(_ sums: [(lower: Int128?, sum: Int128, weight: Int32)]) {
    let covering = sums.filter { $0.sum >= ($0.lower ?? 0) }
    var points: [Int128] = []
    points.reserveCapacity(2 * covering.count)
    for entry in covering {
      if let lower = entry.lower { points.append(lower) }
      points.append(entry.sum + 1)
    }
    RadixSort.sort(&points)
    var ends: [Int128] = []
    ends.reserveCapacity(points.count)
    for point in points where ends.last != point { ends.append(point) }
    var slotWeight = [Int32](repeating: .max, count: ends.count + 1)
    // `next[i]`: the first slot from `i` on not yet painted (path-compressed).
    var next = Array(0...(ends.count + 1))
    func unpainted(from slot: Int) -> Int {
      var root = slot
      while next[root] != root { root = next[root] }
      var walk = slot
      while next[walk] != root {
        let following = next[walk]
        next[walk] = root
        walk = following
      }
      return root
    }
    let byWeight =
      covering.indices.allSatisfy { $0 == 0 || covering[$0 - 1].weight <= covering[$0].weight }
      ? Array(covering.indices) : covering.indices.sorted { covering[$0].weight < covering[$1].weight }
    for index in byWeight {
      let entry = covering[index]
      let first = entry.lower.map { Self.slot(of: $0, in: ends) } ?? 0
      let end = Self.slot(of: entry.sum + 1, in: ends)
      var slot = unpainted(from: first)
      while slot < end {
        slotWeight[slot] = entry.weight
        next[slot] = slot + 1
        slot = unpainted(from: slot + 1)
      }
    }
    // Neighbouring slots of one weight are one slot: fewer ends to search.
    var mergedEnds: [Int128] = []
    var mergedWeight: [Int32] = [slotWeight[0]]
    for (end, weight) in zip(ends, slotWeight.dropFirst()) where weight != mergedWeight.last! {
      mergedEnds.append(end)
      mergedWeight.append(weight)
    }
    self.ends = mergedEnds
    self.slotWeight = mergedWeight
  }

  /// The slot of `amount`: how many ends are at most `amount`.
  @inline(__always)
  private static func slot(of amount: Int128, in ends: [Int128]) -> Int {
    var low = 0
    var high = ends.count
    while low < high {
      let middle = (low + high) >> 1
      if ends[middle] <= amount { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The lowest weight of the sums taking off the whole of `amount`, or `nil` when none
  /// does.
  ///
  /// - Complexity: O(log *n*).
  func lowestWeight(at amount: Int128) -> Int32? {
    let weight = slotWeight[Self.slot(of: amount, in: ends)]
    return weight == .max ? nil : weight
  }
}
