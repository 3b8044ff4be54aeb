/// Positions grouped by string key, as they are added: the keys in the order first met,
/// each with its positions. Found by the same FNV-1a hash as ``StringTable``: cheaper than
/// a `Dictionary` of arrays for the many short keys (SKUs) of a big store.
///
/// Each position is kept with its key's index in one flat list as it comes; the lists by
/// key are laid out once, when asked for, one after another in one flat array (growing a
/// list per key as positions came reallocated most of them several times, and an array
/// per key is an allocation per key).
///
///     var grouping = StringGrouping()
///     grouping.append(0, to: "tea")   // 0, the index of "tea"
///     grouping.append(1, to: "mug")   // 1
///     grouping.append(2, to: "tea")   // 0
///     grouping.keys                   // ["tea", "mug"]
///     grouping.layout()               // (starts: [0, 2, 3], positions: [0, 2, 1])
///
/// - Complexity: O(*k*) expected per ``append(_:to:)`` for a key of *k* bytes; O(*n*) for
///   ``layout()``, *n* positions.
struct StringGrouping {
  /// The keys, in the order first met.
  private(set) var keys: [String] = []
  /// For each slot, the hash of its key (the high half) and the position of the key in
  /// `keys` plus one (the low half); 0 when empty: a probe reads the slot alone until the
  /// hashes match.
  private var slots = [UInt64](repeating: 0, count: 16)
  /// Every position added, with the index of its key in `keys`, in the order added.
  private var entries: [(key: Int32, position: Int32)] = []

  /// An empty grouping.
  init() {}

  /// An empty grouping with room for `capacity` positions.
  init(capacity: Int) {
    entries.reserveCapacity(capacity)
  }

  /// The number of positions added, over every key.
  var count: Int { entries.count }

  /// The positions of each key laid out one key after another: those of the key at index
  /// `i` of `keys` are `positions[starts[i]..<starts[i + 1]]`, in the order added.
  ///
  /// - Complexity: O(*n* + *K*) for *n* positions and *K* keys, in two allocations.
  func layout() -> (starts: [Int32], positions: [Int32]) {
    var starts = [Int32](repeating: 0, count: keys.count + 1)
    for entry in entries { starts[Int(entry.key) + 1] += 1 }
    for index in starts.indices.dropFirst() { starts[index] += starts[index - 1] }
    var next = starts
    let positions = [Int32](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
      for entry in entries {
        buffer[Int(next[Int(entry.key)])] = entry.position
        next[Int(entry.key)] += 1
      }
      initialized = entries.count
    }
    return (starts, positions)
  }

  /// Adds `position` to the list of `key`; returns the index of `key` in `keys`.
  @discardableResult
  mutating func append(_ position: Int, to key: String) -> Int32 {
    let hash = UInt64(UInt32(truncatingIfNeeded: StringTable<Int>.hash(key)))
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = Int32(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
      if slots[slot] >> 32 == hash && keys[Int(index)] == key {
        entries.append((index, Int32(position)))
        return index
      }
      slot = (slot + 1) & mask
    }
    let index = Int32(keys.count)
    slots[slot] = hash << 32 | UInt64(index + 1)
    entries.append((index, Int32(position)))
    keys.append(key)
    if 2 * keys.count > slots.count { grow() }
    return index
  }

  /// Doubles the slots and places every key again.
  private mutating func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: 2 * old.count)
    let mask = slots.count - 1
    for entry in old where entry != 0 {
      var slot = Int(truncatingIfNeeded: entry >> 32) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
