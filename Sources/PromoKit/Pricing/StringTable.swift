/// Strings mapped to values, found by an FNV-1a hash of their bytes in an open-addressing
/// table: for the SKUs and categories every order line looks up, cheaper than
/// `Dictionary`'s seeded SipHash on such short keys. Built once; read-only after.
///
///     let table = StringTable(["tea": 1, "mug": 2])
///     table["mug"]   // 2
///
/// - Complexity: O(*n*) to build for *n* keys; a lookup is O(*k*) for a key of *k* bytes,
///   expected.
struct StringTable<Value: Sendable>: Sendable {
  private var keys: [String] = []
  private var values: [Value] = []
  /// For each slot, the position of its key in `keys`, or -1.
  private var slots: [Int32] = []
  private var mask = 0

  /// The pairs of `dictionary`.
  init(_ dictionary: [String: Value]) {
    guard !dictionary.isEmpty else { return }
    var capacity = 4
    while capacity < 2 * dictionary.count { capacity *= 2 }
    mask = capacity - 1
    slots = [Int32](repeating: -1, count: capacity)
    keys.reserveCapacity(dictionary.count)
    values.reserveCapacity(dictionary.count)
    for (key, value) in dictionary {
      var slot = Self.hash(key) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(keys.count)
      keys.append(key)
      values.append(value)
    }
  }

  /// Whether the table has no key.
  var isEmpty: Bool { keys.isEmpty }

  /// The value of `key`, if it has one.
  @inline(__always)
  subscript(key: String) -> Value? {
    guard !keys.isEmpty else { return nil }
    var slot = Self.hash(key) & mask
    while true {
      let position = Int(slots[slot])
      if position < 0 { return nil }
      if keys[position] == key { return values[position] }
      slot = (slot + 1) & mask
    }
  }

  /// The FNV-1a hash of the key's UTF-8 bytes.
  @inline(__always)
  private static func hash(_ key: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    if let found = key.utf8.withContiguousStorageIfAvailable({ bytes in
      var hash = hash
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return hash
    }) {
      hash = found
    } else {
      for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
