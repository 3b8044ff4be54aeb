/// Positions grouped by string key, as they are added: the keys in the order first met,
/// each with its positions. Found by the same FNV-1a hash as ``StringTable``: cheaper than
/// a `Dictionary` of arrays for the many short keys (SKUs) of a big store.
///
/// Each position is kept with its key's index in one flat list as it comes; the lists by
/// key are laid out once, when asked for, each in one allocation (growing a list per key
/// as positions came reallocated most of them several times).
///
///     var grouping = StringGrouping()
///     grouping.append(0, to: "tea")
///     grouping.append(1, to: "mug")
///     grouping.append(2, to: "tea")
///     grouping.keys    // ["tea", "mug"]
///     grouping.lists   // [[0, 2], [1]]
///
/// - Complexity: O(*k*) expected per ``append(_:to:)`` for a key of *k* bytes; O(*n*) for
///   ``lists``, *n* positions.
struct StringGrouping {
  /// The keys, in the order first met.
  private(set) var keys: [String] = []
  private var hashes: [Int] = []
  /// For each slot, the position of its key in `keys`, or -1.
  private var slots = [Int32](repeating: -1, count: 16)
  /// Every position added, with the index of its key in `keys`, in the order added.
  private var entries: [(key: Int32, position: Int32)] = []

  /// An empty grouping.
  init() {}

  /// The number of positions added, over every key.
  var count: Int { entries.count }

  /// The positions of each key (in the order of `keys`), each in the order added.
  var lists: [[Int]] {
    var counts = [Int](repeating: 0, count: keys.count)
    for entry in entries { counts[Int(entry.key)] += 1 }
    var lists = counts.map { count in
      var list: [Int] = []
      list.reserveCapacity(count)
      return list
    }
    for entry in entries { lists[Int(entry.key)].append(Int(entry.position)) }
    return lists
  }

  /// Adds `position` to the list of `key`.
  mutating func append(_ position: Int, to key: String) {
    let hash = StringTable<Int>.hash(key)
    var slot = hash & (slots.count - 1)
    while slots[slot] >= 0 {
      let index = Int(slots[slot])
      if hashes[index] == hash && keys[index] == key {
        entries.append((Int32(index), Int32(position)))
        return
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    slots[slot] = Int32(keys.count)
    entries.append((Int32(keys.count), Int32(position)))
    keys.append(key)
    hashes.append(hash)
    if 2 * keys.count > slots.count { grow() }
  }

  /// Doubles the slots and places every key again.
  private mutating func grow() {
    slots = [Int32](repeating: -1, count: 2 * slots.count)
    for (index, hash) in hashes.enumerated() {
      var slot = hash & (slots.count - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = Int32(index)
    }
  }
}
