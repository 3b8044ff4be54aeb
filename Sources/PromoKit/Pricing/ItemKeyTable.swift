/// The SKUs (or the categories) that item promotions target, each with the positions of its
/// rules and where they are prepared (``PreparedPromotions/ItemTargetRules``), found by one
/// probe of an open-addressing table of 32-byte slots.
///
/// A line reads its SKU's slot and finds in it, in one place in memory, the key to compare
/// (a SKU of up to 15 bytes is held in the string itself) and where the SKU's rules are.
/// Keys are compared whole, so a hash collision costs a probe, never a wrong answer.
///
///     var table = ItemKeyTable()
///     table.add(0, to: "tea")
///     table.add(3, to: "tea")
///     table.finishGrouping()
///     table.forEachPosition(of: "tea") { print($0) }   // 0, 3
///
/// - Complexity: O(*n* + *k*) to build for *n* positions of *k* key bytes in all; a lookup is
///   O(*k*) for a key of *k* bytes, expected.
struct ItemKeyTable: Sendable {
  /// A key's place: the key, the high half of its hash, its index in `keys` (-1: the slot is
  /// empty), and where its rules are prepared.
  private struct Slot: Sendable {
    var text = ""
    var tag: UInt32 = 0
    var key: Int32 = -1
    var rules = PreparedPromotions.ItemTargetRules()
  }

  /// The keys, in the order first added.
  private(set) var keys: [String] = []
  private var slots = [Slot](repeating: Slot(), count: 16)
  /// Each key's positions are `positions[starts[key]..<starts[key + 1]]`, in the order
  /// added (after ``finishGrouping()``).
  private var starts: [Int32] = [0]
  private var positions: [Int32] = []
  /// While building: each position added, under its key's index (`key << 32 | position`).
  private var pairs: [UInt64] = []

  /// An empty table.
  init() {}

  /// Whether no key was added.
  var isEmpty: Bool { keys.isEmpty }

  /// How many positions were added, to all keys.
  var positionCount: Int { pairs.count + positions.count }

  /// Adds `position` to the positions of `key`; ``finishGrouping()`` groups them.
  mutating func add(_ position: Int, to key: String) {
    let hash = Self.hash(key)
    let tag = UInt32(truncatingIfNeeded: hash >> 32)
    var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
    while slots[slot].key >= 0 {
      let index = Int(slots[slot].key)
      if slots[slot].tag == tag && keys[index] == key {
        pairs.append(UInt64(index) << 32 | UInt64(position))
        return
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    slots[slot] = Slot(text: key, tag: tag, key: Int32(keys.count))
    pairs.append(UInt64(keys.count) << 32 | UInt64(position))
    keys.append(key)
    // At most 5/8 full, so that a probe usually ends at its first or second slot.
    if 8 * keys.count > 5 * slots.count { grow() }
  }

  /// Doubles the slots and places every key again.
  private mutating func grow() {
    var grown = [Slot](repeating: Slot(), count: 2 * slots.count)
    let mask = grown.count - 1
    for slot in slots where slot.key >= 0 {
      var place = Int(truncatingIfNeeded: Self.hash(keys[Int(slot.key)])) & mask
      while grown[place].key >= 0 { place = (place + 1) & mask }
      grown[place] = slot
    }
    slots = grown
  }

  /// Lays out each key's positions one after the other (a counting sort: each key's in the
  /// order added), and drops what only adding needed.
  mutating func finishGrouping() {
    var counts = [Int32](repeating: 0, count: keys.count + 1)
    for pair in pairs { counts[Int(pair >> 32) + 1] += 1 }
    for index in 0..<keys.count { counts[index + 1] += counts[index] }
    starts = counts
    var next = counts
    positions = [Int32](repeating: 0, count: pairs.count)
    for pair in pairs {
      let key = Int(pair >> 32)
      positions[Int(next[key])] = Int32(truncatingIfNeeded: pair)
      next[key] += 1
    }
    pairs = []
  }

  /// Sets where the rules of each key are prepared: `rules` is given each key's index and
  /// positions, in key order.
  mutating func setRules(_ rules: (Int, ArraySlice<Int32>) -> PreparedPromotions.ItemTargetRules) {
    var prepared: [PreparedPromotions.ItemTargetRules] = []
    prepared.reserveCapacity(keys.count)
    for index in keys.indices {
      prepared.append(rules(index, positions[Int(starts[index])..<Int(starts[index + 1])]))
    }
    for slot in slots.indices where slots[slot].key >= 0 {
      slots[slot].rules = prepared[Int(slots[slot].key)]
    }
  }

  /// The slot of `key`, if it was added.
  @inline(__always)
  private func slot(of key: String) -> Int? {
    let hash = Self.hash(key)
    let tag = UInt32(truncatingIfNeeded: hash >> 32)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      if slots[slot].key < 0 { return nil }
      if slots[slot].tag == tag && slots[slot].text == key { return slot }
      slot = (slot + 1) & mask
    }
  }

  /// Where the rules of `key` are prepared, if any rule targets it.
  @inline(__always)
  func rules(of key: String) -> PreparedPromotions.ItemTargetRules? {
    slot(of: key).map { slots[$0].rules }
  }

  /// Calls `body` with each position added to `key`, in the order added.
  func forEachPosition(of key: String, _ body: (Int) -> Void) {
    guard let slot = slot(of: key) else { return }
    let index = Int(slots[slot].key)
    for position in positions[Int(starts[index])..<Int(starts[index + 1])] { body(Int(position)) }
  }

  /// A hash of the key's UTF-8 bytes, read 8 at a time: a multiply and a shift per word, then
  /// a final mix so that both halves (the slot and the tag) depend on every byte.
  @inline(__always)
  static func hash(_ key: String) -> UInt64 {
    if let hash = key.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
      return hash
    }
    let bytes = Array(key.utf8)
    return bytes.withUnsafeBytes { hash($0) }
  }

  /// ``hash(_:)`` of `bytes`.
  @inline(__always)
  private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash = UInt64(bytes.count) &* 0x9e37_79b9_7f4a_7c15
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xbf58_476d_1ce4_e5b9
      hash ^= hash >> 31
      offset += 8
    }
    if offset < bytes.count {
      var word: UInt64 = 0
      for index in offset..<bytes.count { word |= UInt64(bytes[index]) << (8 * (index - offset)) }
      hash = (hash ^ word) &* 0xbf58_476d_1ce4_e5b9
    }
    hash ^= hash >> 29
    hash &*= 0x94d0_49bb_1331_11eb
    return hash ^ (hash >> 32)
  }
}
