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
///     let rays: [RayIndex.Ray] = [.init(lower: 100, key: 1, weight: 4), .init(lower: nil, key: 0, weight: 7)]
///     let index = WholeAmountIndex(rays, sums: [300, 150])
///     index.lowestWeight(at: 120)   // 4: both take off all of 1.20; the lower weight
///     index.lowestWeight(at: 200)   // 4
///     index.lowestWeight(at: 50)    // 7
///     index.lowestWeight(at: 301)   // nil: neither takes off all of it
///
/// - Complexity: O(*n*) to build (O(*n* log *n*) for ends past 2^64) and O(*n*) memory
///   for *n* sums; a query is one binary search.
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

  /// Indexes the rays of fixed sums (`rays[i]` takes off `sums[i]` from its lower end up,
  /// weighted by its weight) whose sum is at least their lower end.
  init(_ rays: [RayIndex.Ray], sums: [Int128]) {
    // The rays taking off a whole amount somewhere, by position.
    var covering: [Int] = []
    for index in rays.indices where sums[index] >= (rays[index].lower ?? 0) { covering.append(index) }
    // Their ends, sorted: the lower end (none for a ray from 0) and one past the sum of each,
    // tagged `2 × i` and `2 × i + 1` for the `i`th covering ray.
    let points = Self.sortedEnds(of: covering.map { (rays[$0].lower, sums[$0] + 1) })
    var ends: [Int128] = []
    ends.reserveCapacity(points.count)
    // Each covering ray's first slot and the slot past its last: the slot of an end is the
    // number of distinct ends up to it.
    var first = [Int](repeating: 0, count: covering.count)
    var past = [Int](repeating: 0, count: covering.count)
    for point in points {
      if ends.last != point.value { ends.append(point.value) }
      if point.tag & 1 == 0 {
        first[Int(point.tag >> 1)] = ends.count
      } else {
        past[Int(point.tag >> 1)] = ends.count
      }
    }
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
      covering.indices.allSatisfy { $0 == 0 || rays[covering[$0 - 1]].weight <= rays[covering[$0]].weight }
      ? Array(covering.indices)
      : covering.indices.sorted { rays[covering[$0]].weight < rays[covering[$1]].weight }
    for index in byWeight {
      let weight = rays[covering[index]].weight
      var slot = unpainted(from: first[index])
      while slot < past[index] {
        slotWeight[slot] = weight
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

  /// The ends of `intervals` (a lower end, or none, and an end past the last amount),
  /// ascending, each tagged `2 × i` (a lower end) or `2 × i + 1` for the `i`th interval.
  ///
  /// - Complexity: O(*n*) by bytes when every end is in `0...UInt64.max` (amounts are),
  ///   O(*n* log *n*) otherwise.
  private static func sortedEnds(of intervals: [(lower: Int128?, past: Int128)]) -> [(
    value: Int128, tag: Int32
  )] {
    var points: [(value: Int128, tag: Int32)] = []
    points.reserveCapacity(2 * intervals.count)
    for (index, interval) in intervals.enumerated() {
      if let lower = interval.lower { points.append((lower, Int32(2 * index))) }
      points.append((interval.past, Int32(2 * index + 1)))
    }
    guard points.allSatisfy({ $0.value >= 0 && $0.value <= Int128(UInt64.max) }) else {
      return points.sorted { $0.value < $1.value }
    }
    var keys = points.map { UInt128(UInt64($0.value)) << 64 | UInt128(UInt32(bitPattern: $0.tag)) }
    RadixSort.sortByHighWord(&keys)
    return keys.map { (Int128(UInt64(truncatingIfNeeded: $0 >> 64)), Int32(truncatingIfNeeded: $0)) }
  }

  /// The lowest weight of the sums taking off the whole of `amount`, or `nil` when none
  /// does.
  ///
  /// - Complexity: O(log *n*).
  func lowestWeight(at amount: Int128) -> Int32? {
    let weight = slotWeight[ends.firstIndex(above: amount)]
    return weight == .max ? nil : weight
  }
}
