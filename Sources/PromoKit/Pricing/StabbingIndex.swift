/// Intervals of amounts `[lower, upper)`, each with a key (a rank: a larger key is a larger
/// benefit) and a weight (a rank in id order: the lower wins a tie), indexed so that the
/// intervals containing one amount are queried without looking at the others.
///
/// The intervals' finite endpoints cut the amounts into elementary slots. A segment tree
/// over the slots keeps each interval in the O(log *s*) nodes that together cover exactly
/// its slots; each node keeps its entries sorted by key, with a range-minimum tree over
/// their weights. The intervals containing an amount are then exactly those kept in the
/// nodes on one leaf-to-root path: O(log *s*) nodes for *s* slots.
///
/// ``PlainDealIndex`` keeps here only the pieces with two ends (a capped percentage below its
/// cap); a piece valid from an amount up goes in a ``RayIndex``, which needs memory only
/// the size of its pieces.
///
///     let index = StabbingIndex([.init(lower: 100, upper: nil, key: 3, weight: 0)])
///     index.maximumKey(at: 99)    // nil: the interval starts at 100
///     index.maximumKey(at: 100)   // 3
///
/// - Complexity: O(*n* log *n*) time and memory to build for *n* intervals; the queries are
///   O(log *n*) (``maximumKey(at:)``) or O(log² *n*).
struct StabbingIndex: Sendable {
  /// One interval `[lower, upper)` (`nil` for an unbounded end) with its key and weight.
  struct Interval: Sendable {
    var lower: Int128?
    var upper: Int128?
    var key: Int32
    var weight: Int32
  }

  /// The distinct finite endpoints, ascending.
  private let endpoints: [Int128]
  /// The number of leaves of the tree: a power of two above the number of slots.
  private let leafCount: Int
  /// The entries of node `v` (1-based, heap order) are `nodeStart[v]..<nodeStart[v + 1]`.
  private let nodeStart: [Int32]
  /// The entries' keys, ascending within each node.
  private let keys: [Int32]
  /// For each node with entries `s..<e` (`c = e − s`), a range-minimum tree over their
  /// weights at `2s..<2e`: leaves at `2s + c + i`, inner node `j` at `2s + j`.
  private let minima: [Int32]
  /// For each slot, the largest key of the intervals containing it (-1 for none): the
  /// maximum over its leaf-to-root path, kept so that ``maximumKey(at:)`` reads one entry.
  private let slotMaximum: [Int32]

  /// Whether there are no intervals (or only empty ones).
  var isEmpty: Bool { keys.isEmpty }

  /// No interval.
  init() {
    endpoints = []
    leafCount = 1
    nodeStart = [0, 0, 0]
    keys = []
    minima = []
    slotMaximum = [-1]
  }

  /// Indexes `intervals`; empty ones (`lower >= upper`) are left out.
  init(_ intervals: [Interval]) {
    var points: [Int128] = []
    points.reserveCapacity(intervals.count * 2)
    for interval in intervals {
      if let lower = interval.lower { points.append(lower) }
      if let upper = interval.upper { points.append(upper) }
    }
    RadixSort.sort(&points)
    var distinct: [Int128] = []
    distinct.reserveCapacity(points.count)
    for point in points where distinct.last != point { distinct.append(point) }
    endpoints = distinct
    var leaves = 1
    while leaves < distinct.count + 1 { leaves *= 2 }
    leafCount = leaves
    // Each interval's slots, in key order, so that every node's entries come out sorted.
    var ranges: [(from: Int, to: Int, key: Int32, weight: Int32)] = []
    ranges.reserveCapacity(intervals.count)
    for interval in intervals {
      let from = interval.lower.map { distinct.firstIndex(above: $0) } ?? 0
      let to = interval.upper.map { distinct.firstIndex(above: $0) } ?? leaves
      if from < to { ranges.append((from, to, interval.key, interval.weight)) }
    }
    ranges = Self.sortedByKey(ranges)
    // Count the entries of each node, then place them.
    var counts = HugePages.array(repeating: Int32(0), count: 2 * leaves + 1)
    for range in ranges {
      Self.forEachCoveringNode(range.from, range.to, leaves: leaves) { counts[$0] += 1 }
    }
    var start = HugePages.array(repeating: Int32(0), count: 2 * leaves + 1)
    var total: Int32 = 0
    for node in 0..<(2 * leaves) {
      start[node] = total
      total += counts[node]
    }
    start[2 * leaves] = total
    var fill = start
    var keys = HugePages.array(repeating: Int32(0), count: Int(total))
    var weights = HugePages.array(repeating: Int32(0), count: Int(total))
    for range in ranges {
      Self.forEachCoveringNode(range.from, range.to, leaves: leaves) { node in
        let position = Int(fill[node])
        keys[position] = range.key
        weights[position] = range.weight
        fill[node] += 1
      }
    }
    var minima = HugePages.array(repeating: Int32(Int32.max), count: 2 * Int(total))
    for node in 1..<(2 * leaves) {
      let lower = Int(start[node])
      let count = Int(start[node + 1]) - lower
      guard count > 0 else { continue }
      let base = 2 * lower
      for index in 0..<count { minima[base + count + index] = weights[lower + index] }
      var inner = count - 1
      while inner >= 1 {
        minima[base + inner] = min(minima[base + 2 * inner], minima[base + 2 * inner + 1])
        inner -= 1
      }
    }
    // Each node's largest key pushed down from the root: a leaf ends with its path's.
    var pathMaximum = HugePages.array(repeating: Int32(-1), count: 2 * leaves)
    for node in 1..<(2 * leaves) {
      let inherited = node > 1 ? pathMaximum[node >> 1] : -1
      let own = start[node + 1] > start[node] ? keys[Int(start[node + 1]) - 1] : -1
      pathMaximum[node] = max(inherited, own)
    }
    nodeStart = start
    self.keys = keys
    self.minima = minima
    slotMaximum = Array(pathMaximum[leaves...])
  }

  /// `ranges` in ascending key order, those of one key in their order: a counting sort,
  /// since the keys are ranks (from 0 up to the number of distinct benefits).
  ///
  /// - Complexity: O(*n* + *k*) for *n* ranges and keys below *k*.
  private static func sortedByKey(_ ranges: [(from: Int, to: Int, key: Int32, weight: Int32)]) -> [(
    from: Int, to: Int, key: Int32, weight: Int32
  )] {
    guard let largest = ranges.lazy.map(\.key).max() else { return ranges }
    var next = [Int](repeating: 0, count: Int(largest) + 2)
    for range in ranges { next[Int(range.key) + 1] += 1 }
    for key in 1..<next.count { next[key] += next[key - 1] }
    return [(from: Int, to: Int, key: Int32, weight: Int32)](unsafeUninitializedCapacity: ranges.count) {
      buffer, count in
      for range in ranges {
        (buffer.baseAddress! + next[Int(range.key)]).initialize(to: range)
        next[Int(range.key)] += 1
      }
      count = ranges.count
    }
  }

  /// Calls `body` with each node of the canonical cover of the slots `from..<to`.
  private static func forEachCoveringNode(_ from: Int, _ to: Int, leaves: Int, _ body: (Int) -> Void) {
    var low = from + leaves
    var high = to + leaves
    while low < high {
      if low & 1 == 1 {
        body(low)
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        body(high)
      }
      low >>= 1
      high >>= 1
    }
  }

  /// The leaf of the slot holding `amount`.
  @inline(__always)
  private func leaf(of amount: Int128) -> Int {
    leafCount + (endpoints.isEmpty ? 0 : endpoints.firstIndex(above: amount))
  }

  /// The largest key of the intervals containing `amount`, or `nil` when none does.
  ///
  /// - Complexity: O(log *n*): one binary search for the slot.
  func maximumKey(at amount: Int128) -> Int32? {
    let key = slotMaximum[leaf(of: amount) - leafCount]
    return key >= 0 ? key : nil
  }

  /// The largest key at most `bound` of the intervals containing `amount`.
  ///
  /// - Complexity: O(log² *n*).
  func greatestKey(at amount: Int128, atMost bound: Int32) -> Int32? {
    var best: Int32?
    var node = leaf(of: amount)
    while node >= 1 {
      let lower = Int(nodeStart[node])
      let end = Int(nodeStart[node + 1])
      if end > lower {
        let count = upperBound(bound, lower, end)
        if count > lower {
          let key = keys[count - 1]
          if best == nil || key > best! { best = key }
        }
      }
      node >>= 1
    }
    return best
  }

  /// The lowest weight of the intervals containing `amount` whose key is in
  /// `low...high`.
  ///
  /// - Complexity: O(log² *n*).
  func lowestWeight(at amount: Int128, keysFrom low: Int32, through high: Int32) -> Int32? {
    guard low <= high else { return nil }
    var best: Int32?
    var node = leaf(of: amount)
    while node >= 1 {
      let lower = Int(nodeStart[node])
      let end = Int(nodeStart[node + 1])
      if end > lower && keys[lower] <= high && keys[end - 1] >= low {
        let first = upperBound(low - 1, lower, end)
        let last = upperBound(high, lower, end)
        if first < last {
          let weight = minimum(node: lower, count: end - lower, first - lower, last - lower)
          if best == nil || weight < best! { best = weight }
        }
      }
      node >>= 1
    }
    return best
  }

  /// The first position in `lower..<end` whose key is above `bound` (or `end`).
  @inline(__always)
  private func upperBound(_ bound: Int32, _ lower: Int, _ end: Int) -> Int {
    var low = lower
    var high = end
    while low < high {
      let middle = (low + high) >> 1
      if keys[middle] <= bound { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The least weight of the entries `from..<to` (relative) of the node whose entries
  /// start at `lower` and number `count`.
  @inline(__always)
  private func minimum(node lower: Int, count: Int, _ from: Int, _ to: Int) -> Int32 {
    let base = 2 * lower
    var low = from + count
    var high = to + count
    var best = Int32.max
    while low < high {
      if low & 1 == 1 {
        best = min(best, minima[base + low])
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        best = min(best, minima[base + high])
      }
      low >>= 1
      high >>= 1
    }
    return best
  }
}
