/// Strings mapped to values, found by an FNV-1a hash of their bytes in an open-addressing
/// table: for the SKUs and categories every order line looks up, cheaper than
/// `Dictionary`'s seeded SipHash on such short keys. Built once; read-only after.
///
///     let table = StringTable(keys: ["tea", "mug"], values: [1, 2])
///     table["mug"]   // 2
///
/// - Complexity: O(*n*) to build for *n* keys; a lookup is O(*k*) for a key of *k* bytes,
///   expected.
struct StringTable<Value: Sendable>: Sendable {
  /// A key with its hash and value, in the slot its hash leads to (or a later one).
  private struct Entry: Sendable {
    var hash: Int
    var key: String
    var value: Value
  }

  /// The slots: each holds its entry in place, so that a lookup reads one place in memory
  /// (a line's SKU is usually met for the first time in a while).
  private var slots: [Entry?] = []
  private var mask = 0

  /// The keys with the values at the same positions (the keys distinct).
  init(keys: [String], values: [Value]) {
    guard !keys.isEmpty else { return }
    var capacity = 4
    while capacity < 2 * keys.count { capacity *= 2 }
    mask = capacity - 1
    slots = [Entry?](repeating: nil, count: capacity)
    for (key, value) in zip(keys, values) {
      let hash = Self.hash(key)
      var slot = hash & mask
      while slots[slot] != nil { slot = (slot + 1) & mask }
      slots[slot] = Entry(hash: hash, key: key, value: value)
    }
  }

  /// Whether the table has no key.
  var isEmpty: Bool { slots.isEmpty }

  /// The value of `key`, if it has one.
  @inline(__always)
  subscript(key: String) -> Value? {
    guard !slots.isEmpty else { return nil }
    let hash = Self.hash(key)
    var slot = hash & mask
    while let entry = slots[slot] {
      if entry.hash == hash && entry.key == key { return entry.value }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The FNV-1a hash of the key's UTF-8 bytes.
  @inline(__always)
  static func hash(_ key: String) -> Int {
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
