/// Positions grouped by string key, as they are added: the keys in the order first met,
/// each with its positions. Found by the same FNV-1a hash as ``StringTable``: cheaper than
/// a `Dictionary` of arrays for the many short keys (SKUs) of a big store.
///
/// - Complexity: O(*k*) expected per ``append(_:to:)`` for a key of *k* bytes.
struct StringGrouping {
  /// The keys, in the order first met.
  private(set) var keys: [String] = []
  /// The positions of each key, in the order added.
  private(set) var lists: [[Int]] = []
  private var hashes: [Int] = []
  /// For each slot, the position of its key in `keys`, or -1.
  private var slots = [Int32](repeating: -1, count: 16)

  /// An empty grouping.
  init() {}

  /// Adds `position` to the list of `key`.
  mutating func append(_ position: Int, to key: String) {
    let hash = StringTable<Int>.hash(key)
    var slot = hash & (slots.count - 1)
    while slots[slot] >= 0 {
      let index = Int(slots[slot])
      if hashes[index] == hash && keys[index] == key {
        lists[index].append(position)
        return
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    slots[slot] = Int32(keys.count)
    keys.append(key)
    hashes.append(hash)
    lists.append([position])
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
