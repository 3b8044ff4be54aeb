/// Distinct strings, each numbered in the order first met, found by an FNV-1a hash of
/// their bytes in an open-addressing table: for the SKUs and categories of a store and of
/// an order, cheaper than `Dictionary`'s seeded SipHash on such short keys. The one string
/// hash table of pricing: ``StringGrouping`` groups positions by its numbers, and
/// ``StringTable`` maps its numbers to values.
///
///     var keys = StringKeys()
///     keys.insert("tea")   // 0
///     keys.insert("mug")   // 1
///     keys.insert("tea")   // 0
///     keys.index(of: "mug")   // 1
///
/// - Complexity: O(*k*) expected per insertion or lookup of a key of *k* bytes.
struct StringKeys: Sendable {
  /// The keys, in the order first met: a key's number is its place here.
  private(set) var keys: [String] = []
  /// A slot of the table: the 32 bits of its key's hash that it keeps, and the key's
  /// number (-1 when empty): a probe reads the slot alone until the hashes match.
  private struct Slot {
    var hash: UInt32 = 0
    var number: Int32 = -1
  }

  /// The slots, a power of two of them, at most half full.
  private var slots = [Slot](repeating: Slot(), count: 16)

  /// No key yet.
  init() {}

  /// How many keys it has.
  var count: Int { keys.count }

  /// The number of `key`, added after the others when it is new.
  @discardableResult
  mutating func insert(_ key: String) -> Int32 {
    let hash = Self.slotHash(key)
    let (slot, found) = probe(key, hash: hash)
    if let found { return found }
    let index = Int32(keys.count)
    slots[slot] = Slot(hash: hash, number: index)
    keys.append(key)
    if 2 * keys.count > slots.count { grow() }
    return index
  }

  /// The number of `key`, if it is one of the keys.
  @inline(__always)
  func index(of key: String) -> Int32? {
    guard !keys.isEmpty else { return nil }
    return probe(key, hash: Self.slotHash(key)).found
  }

  /// The slot of `key` (whose hash is `hash`) and its number, or the empty slot where it
  /// would go and `nil`.
  @inline(__always)
  private func probe(_ key: String, hash: UInt32) -> (slot: Int, found: Int32?) {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while slots[slot].number >= 0 {
      let number = slots[slot].number
      if slots[slot].hash == hash && keys[Int(number)] == key { return (slot, number) }
      slot = (slot + 1) & mask
    }
    return (slot, nil)
  }

  /// Doubles the slots and places every key again.
  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: 2 * old.count)
    let mask = slots.count - 1
    for entry in old where entry.number >= 0 {
      var slot = Int(entry.hash) & mask
      while slots[slot].number >= 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }

  /// The 32 bits of a key's hash a slot keeps.
  @inline(__always)
  private static func slotHash(_ key: String) -> UInt32 {
    UInt32(truncatingIfNeeded: hash(key))
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

/// Strings mapped to values: the numbers of ``StringKeys`` (taken as they are, not hashed
/// again), each with the value at its place. Read-only.
///
///     let table = StringTable(keys: keys, values: [1, 2])   // keys: "tea", "mug"
///     table["mug"]   // 2
///
/// - Complexity: a lookup is that of ``StringKeys/index(of:)``.
struct StringTable<Value: Sendable>: Sendable {
  /// The keys.
  private let keys: StringKeys
  /// The value of each key, at its number.
  private let values: [Value]

  /// The keys of `keys` with the values at their numbers (as many values as keys).
  init(keys: StringKeys, values: [Value]) {
    precondition(keys.count == values.count, "a value for every key")
    self.keys = keys
    self.values = values
  }

  /// Whether the table has no key.
  var isEmpty: Bool { values.isEmpty }

  /// The value of `key`, if it has one.
  @inline(__always)
  subscript(key: String) -> Value? {
    keys.index(of: key).map { values[Int($0)] }
  }
}
