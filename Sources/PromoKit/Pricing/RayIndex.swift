/// Rays of amounts `[lower, ∞)` (a threshold applies from its minimum up; a discount, with
/// no lower end, everywhere), each with a key (a rank: a larger key is a larger benefit)
/// and a weight (a rank in id order: the lower wins a tie), indexed in arrays the size of
/// the rays so that the rays containing one amount are queried without looking at the
/// others.
///
/// The rays containing an amount `A` are those whose lower end is at most `A`: a prefix of
/// the rays sorted by lower end, so the lower ends where the running maximum of their keys
/// grows answer ``maximumKey(at:)`` with one binary search among them. For the other
/// questions the index keeps three range-minimum trees over the keys: the least lower end
/// of each key's rays that have one, the least weight of those, and the least weight of
/// its rays with no lower end. The keys with a ray containing `A` are the leaves whose
/// least lower end is at most `A` (or that have a ray with none), found by one descent.
/// Each key keeps the staircase of its rays with a lower end: in weight order, those whose
/// lower end is below every lighter one's, so that a key's lowest weight at `A` is the
/// first step at most `A`, one binary search. Nothing is sorted but by counting.
///
/// ``StabbingIndex`` answers the same questions for intervals with both ends, at the cost
/// of keeping each interval in O(log *n*) nodes; ``PlainDealIndex`` uses it only for what
/// rays cannot describe (a capped percentage below its cap).
///
///     let rays: [RayIndex.Ray] = [.init(lower: 100, key: 1, weight: 0), .init(lower: nil, key: 0, weight: 1)]
///     let index = RayIndex(rays, keyCount: 2)
///     index.maximumKey(at: 99)                               // 0: the ray with no lower end
///     index.maximumKey(at: 100)                              // 1
///     index.lowestWeight(at: 100, keysFrom: 0, through: 1)   // 0
///
/// - Complexity: O(*n* + *k*) time (rays in weight order; O(*n* log *n*) otherwise) and
///   memory to build for *n* rays and keys below *k*; ``maximumKey(at:)`` and ``greatestKey(at:atMost:)``
///   are O(log *n*); ``lowestWeight(at:keysFrom:through:)`` is O((1 + *m*) log *n*) for the
///   *m* keys it looks into (see there).
struct RayIndex: Sendable {
  /// One ray `[lower, ∞)` (`nil`: every amount) with its key and weight.
  struct Ray: Sendable {
    var lower: Int128?
    var key: Int32
    var weight: Int32
  }

  /// The lower ends where the largest key of the rays containing an amount grows, ascending:
  /// few (one per record), so that the search for an amount's stays in a cache line or two.
  private let recordLowers: [Int128]
  /// `recordKeys[i]`: the largest key of the rays containing `recordLowers[i]`, ascending.
  private let recordKeys: [Int32]
  /// The largest key of the rays with no lower end (-1 for none): the rays containing an
  /// amount below every lower end.
  private let unboundedMaximum: Int32
  /// The number of leaves of the trees over the keys: a power of two, at least the keys'.
  private let leafCount: Int
  /// For each key, the least lower end of its rays that have one (`Int128.max` for none),
  /// as a range-minimum tree: leaves at `leafCount + key`, node `v`'s children at `2v` and
  /// `2v + 1`.
  private let leastBoundedLower: [Int128]
  /// For each key, the least weight of its rays that have a lower end (`Int32.max` for
  /// none), as a range-minimum tree: what bounds the weights a subtree can still offer.
  private let leastBoundedWeight: [Int32]
  /// For each key, the least weight of its rays with no lower end (`Int32.max` for none),
  /// as a range-minimum tree.
  private let unboundedWeight: [Int32]
  /// The steps of key `k` are `groupStart[k]..<groupStart[k + 1]`: its rays with a lower
  /// end, in weight order, each lower than the lighter ones of its key.
  private let groupStart: [Int32]
  /// Their lower ends, falling within each key.
  private let groupLower: [Int128]
  /// Their weights, rising within each key.
  private let groupWeight: [Int32]

  /// Whether there are no rays.
  let isEmpty: Bool

  /// No ray.
  init() {
    self.init([], keyCount: 0)
  }

  /// Indexes `rays`, whose keys are in `0..<keyCount`.
  init(_ rays: [Ray], keyCount: Int) {
    isEmpty = rays.isEmpty
    var leaves = 1
    while leaves < keyCount { leaves *= 2 }
    leafCount = leaves
    var leastBoundedLower = [Int128](repeating: .max, count: 2 * leaves)
    var leastBoundedWeight = [Int32](repeating: .max, count: 2 * leaves)
    var unboundedWeight = [Int32](repeating: .max, count: 2 * leaves)
    var unboundedMaximum: Int32 = -1
    for ray in rays {
      let leaf = leaves + Int(ray.key)
      if let lower = ray.lower {
        leastBoundedLower[leaf] = min(leastBoundedLower[leaf], lower)
        leastBoundedWeight[leaf] = min(leastBoundedWeight[leaf], ray.weight)
      } else {
        unboundedWeight[leaf] = min(unboundedWeight[leaf], ray.weight)
        unboundedMaximum = max(unboundedMaximum, ray.key)
      }
    }
    for node in stride(from: leaves - 1, through: 1, by: -1) {
      leastBoundedLower[node] = min(leastBoundedLower[2 * node], leastBoundedLower[2 * node + 1])
      leastBoundedWeight[node] = min(leastBoundedWeight[2 * node], leastBoundedWeight[2 * node + 1])
      unboundedWeight[node] = min(unboundedWeight[2 * node], unboundedWeight[2 * node + 1])
    }
    (recordLowers, recordKeys) = Self.records(
      leastLower: { leastBoundedLower[leaves + $0] }, keyCount: keyCount, above: Int(unboundedMaximum))
    (groupStart, groupLower, groupWeight) = Self.staircases(rays, keyCount: keyCount)
    self.unboundedMaximum = unboundedMaximum
    self.leastBoundedLower = leastBoundedLower
    self.leastBoundedWeight = leastBoundedWeight
    self.unboundedWeight = unboundedWeight
  }

  /// The keys whose least lower end (`leastLower`) is below that of every larger key, of
  /// those above `above` (the largest key with no lower end): the records of the running
  /// maximum, found from the largest key down, then put in ascending order (of lower end
  /// and key both).
  ///
  /// - Complexity: O(*k*) for *k* keys.
  private static func records(leastLower: (Int) -> Int128, keyCount: Int, above: Int) -> (
    lowers: [Int128], keys: [Int32]
  ) {
    var recordLowers: [Int128] = []
    var recordKeys: [Int32] = []
    var lowest = Int128.max
    var key = keyCount - 1
    while key > above {
      let lower = leastLower(key)
      if lower < lowest {
        recordLowers.append(lower)
        recordKeys.append(Int32(key))
        lowest = lower
      }
      key -= 1
    }
    return (recordLowers.reversed(), recordKeys.reversed())
  }

  /// Each key's rays with a lower end in weight order (a stable counting sort by key of
  /// the rays in weight order), kept only where the lower end falls below every lighter
  /// ray's: a staircase, lower ends falling as weights rise, whose first step at most an
  /// amount is the key's lowest weight there. Key `k`'s steps are `starts[k]..<starts[k + 1]`.
  ///
  /// - Complexity: O(*n* + *k*) for *n* rays and *k* keys (O(*n* log *n*) when the rays
  ///   are not in weight order).
  private static func staircases(_ rays: [Ray], keyCount: Int) -> (
    starts: [Int32], lowers: [Int128], weights: [Int32]
  ) {
    let byWeight =
      rays.indices.dropFirst().allSatisfy { rays[$0 - 1].weight <= rays[$0].weight }
      ? Array(rays.indices) : rays.indices.sorted { rays[$0].weight < rays[$1].weight }
    var start = [Int32](repeating: 0, count: keyCount + 1)
    for ray in rays where ray.lower != nil { start[Int(ray.key) + 1] += 1 }
    for key in 0..<keyCount { start[key + 1] += start[key] }
    var next = start
    var placed = [Int](repeating: 0, count: Int(start[keyCount]))
    for index in byWeight where rays[index].lower != nil {
      let key = Int(rays[index].key)
      placed[Int(next[key])] = index
      next[key] += 1
    }
    var groupStart = [Int32](repeating: 0, count: keyCount + 1)
    var groupLower: [Int128] = []
    var groupWeight: [Int32] = []
    groupLower.reserveCapacity(placed.count)
    groupWeight.reserveCapacity(placed.count)
    for key in 0..<keyCount {
      var lowestSoFar = Int128.max
      for slot in Int(start[key])..<Int(start[key + 1]) {
        let ray = rays[placed[slot]]
        if ray.lower! < lowestSoFar {
          lowestSoFar = ray.lower!
          groupLower.append(ray.lower!)
          groupWeight.append(ray.weight)
        }
      }
      groupStart[key + 1] = Int32(groupLower.count)
    }
    return (groupStart, groupLower, groupWeight)
  }

  /// The largest key of the rays containing `amount`, or `nil` when none does.
  ///
  /// - Complexity: O(log *r*): one binary search among the *r* records (at most the
  ///   keys; about log *n* for lower ends and keys in no relation).
  func maximumKey(at amount: Int128) -> Int32? {
    var low = 0
    var high = recordLowers.count
    while low < high {
      let middle = (low + high) >> 1
      if recordLowers[middle] <= amount { low = middle + 1 } else { high = middle }
    }
    let key = low > 0 ? recordKeys[low - 1] : unboundedMaximum
    return key >= 0 ? key : nil
  }

  /// Whether a key under `node` has a ray containing `amount`.
  @inline(__always)
  private func contains(_ amount: Int128, under node: Int) -> Bool {
    leastBoundedLower[node] <= amount || unboundedWeight[node] != .max
  }

  /// The largest key at most `bound` of the rays containing `amount`.
  ///
  /// - Complexity: O(log *k*): the last leaf up to `bound` with a ray containing `amount`,
  ///   found by climbing from it and descending once.
  func greatestKey(at amount: Int128, atMost bound: Int32) -> Int32? {
    guard bound >= 0, !isEmpty else { return nil }
    var node = leafCount + min(Int(bound), leafCount - 1)
    if !contains(amount, under: node) {
      // Up to the first left sibling holding a leaf that qualifies.
      while true {
        if node == 1 { return nil }
        if node & 1 == 1 && contains(amount, under: node - 1) {
          node -= 1
          break
        }
        node >>= 1
      }
      // Down to its last leaf that qualifies.
      while node < leafCount { node = contains(amount, under: 2 * node + 1) ? 2 * node + 1 : 2 * node }
    }
    return Int32(node - leafCount)
  }

  /// The lowest weight of the rays containing `amount` whose key is in `low...high`.
  ///
  /// The rays with no lower end are one range-minimum query. Among those with one, the
  /// first ``keysLookedAtOneByOne`` keys with a ray containing the amount are looked into
  /// one by one; the rest of the range is searched down the trees over the keys, skipping
  /// every subtree whose rays all start above the amount, or whose least weight is no lower
  /// than the best found so far.
  ///
  /// - Complexity: O((1 + *m*) log *n*) for the *m* keys looked into: those with a ray
  ///   containing `amount` (usually one or two), and past the first few only those whose
  ///   least weight is below the best found before them.
  func lowestWeight(at amount: Int128, keysFrom low: Int32, through high: Int32) -> Int32? {
    guard low <= high, !isEmpty else { return nil }
    let from = max(Int(low), 0)
    let through = min(Int(high), leafCount - 1)
    guard from <= through else { return nil }
    var best = Self.minimum(of: unboundedWeight, from: from, through: through, leaves: leafCount)
    // The first few keys with a ray containing the amount one by one (usually all there
    // are); past them, the rest by the search that skips what cannot beat the best.
    var key = from
    var looked = 0
    while let found = firstKey(from: key, through: through, lowerAtMost: amount) {
      if looked == Self.keysLookedAtOneByOne {
        lowestBoundedWeight(
          node: 1, covering: 0, leafCount - 1, keys: found, through, at: amount, below: &best)
        break
      }
      looked += 1
      best = min(best, lowestBoundedWeight(ofKey: found, at: amount))
      key = found + 1
    }
    return best == .max ? nil : best
  }

  /// The keys ``lowestWeight(at:keysFrom:through:)`` looks into one by one before it
  /// searches the rest of the range down the trees (many keys tie only on degenerate
  /// stores: sums that take off the whole of tiny amounts, rates that round alike).
  static let keysLookedAtOneByOne = 8

  /// The first key in `from...through` with a ray that has a lower end at most `amount`.
  ///
  /// - Complexity: O(log *k*).
  private func firstKey(from: Int, through: Int, lowerAtMost amount: Int128) -> Int? {
    guard from <= through else { return nil }
    var node = leafCount + from
    if leastBoundedLower[node] > amount {
      // Up to the first right sibling holding a leaf that qualifies.
      while true {
        if node == 1 { return nil }
        if node & 1 == 0 && leastBoundedLower[node + 1] <= amount {
          node += 1
          break
        }
        node >>= 1
      }
      // Down to its first leaf that qualifies.
      while node < leafCount { node = leastBoundedLower[2 * node] <= amount ? 2 * node : 2 * node + 1 }
    }
    let key = node - leafCount
    return key <= through ? key : nil
  }

  /// The least weight of the rays of `key` whose lower end is at most `amount` (the key
  /// has one): the first step of its staircase at most the amount.
  ///
  /// - Complexity: O(log *n*): one binary search among the key's steps.
  @inline(__always)
  private func lowestBoundedWeight(ofKey key: Int, at amount: Int128) -> Int32 {
    var low = Int(groupStart[key])
    var high = Int(groupStart[key + 1])
    while low < high {
      let middle = (low + high) >> 1
      if groupLower[middle] <= amount { high = middle } else { low = middle + 1 }
    }
    return groupWeight[low]
  }

  /// Lowers `best` to the least weight of the rays with a lower end at most `amount` and a
  /// key in `from...through`, under `node` (whose leaves are the keys `first...last`).
  private func lowestBoundedWeight(
    node: Int, covering first: Int, _ last: Int, keys from: Int, _ through: Int, at amount: Int128,
    below best: inout Int32
  ) {
    guard last >= from, first <= through, leastBoundedLower[node] <= amount, leastBoundedWeight[node] < best
    else { return }
    guard node < leafCount else {
      best = min(best, lowestBoundedWeight(ofKey: first, at: amount))
      return
    }
    let middle = (first + last) >> 1
    lowestBoundedWeight(
      node: 2 * node, covering: first, middle, keys: from, through, at: amount, below: &best)
    lowestBoundedWeight(
      node: 2 * node + 1, covering: middle + 1, last, keys: from, through, at: amount, below: &best)
  }

  /// The least of `tree`'s leaves `from...through` (a range-minimum tree with `leaves`
  /// leaves).
  ///
  /// - Complexity: O(log *k*).
  private static func minimum(of tree: [Int32], from: Int, through: Int, leaves: Int) -> Int32 {
    var low = from + leaves
    var high = through + leaves + 1
    var best = Int32.max
    while low < high {
      if low & 1 == 1 {
        best = min(best, tree[low])
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        best = min(best, tree[high])
      }
      low >>= 1
      high >>= 1
    }
    return best
  }
}
