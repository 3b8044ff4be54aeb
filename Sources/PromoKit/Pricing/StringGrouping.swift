/// Positions grouped by string key, as they are added: the keys in the order first met
/// (``StringKeys``), each with its positions; cheaper than a `Dictionary` of arrays for
/// the many short keys (SKUs) of a big store.
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
  /// The keys, numbered in the order first met.
  private(set) var table = StringKeys()
  /// Every position added, with the number of its key, in the order added.
  private var entries: [KeyedPosition] = []

  /// A position with the number of its key.
  private struct KeyedPosition {
    var key: Int32
    var position: Int32
  }

  /// The keys, in the order first met.
  var keys: [String] { table.keys }

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
    // (No position: an empty list. `Array(unsafeUninitializedCapacity: 0)` would set the
    // count of the runtime's one shared empty array, a write other threads may be reading.)
    guard !entries.isEmpty else { return (starts, []) }
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
    let index = table.insert(key)
    entries.append(KeyedPosition(key: index, position: Int32(position)))
    return index
  }
}
