/// A promotion's name as stored: its UTF-8 bytes in a buffer it may share with the names
/// of the other promotions of a store.
///
/// A store read from a file puts every name in one buffer (``PromotionNames``), so that
/// 100,000 named promotions hold one allocation of names rather than 100,000 strings: a
/// name in Chinese, or of more than 15 bytes, is a string of its own on the heap, and
/// making, touching and keeping them was a fifth of the time it takes to price one order
/// against such a store. A name set any other way (a flag, the tree decoder) has a buffer
/// of its own. Two names are equal when their strings are (as `String` compares them).
///
///     let name = PromotionName("Autumn sale")
///     name.string   // "Autumn sale"
struct PromotionName: Sendable, Hashable {
  /// The buffer holding the name's bytes.
  private let buffer: PromotionNames.Buffer
  /// Where they start in it, and how many there are (a store is at most 64 MiB, and a
  /// name of its own far less than 4 GiB).
  private let start: UInt32
  private let count: UInt32

  /// A name of its own.
  ///
  /// - Complexity: O(*n*) for its *n* bytes.
  init(_ string: String) {
    buffer = PromotionNames.Buffer(bytes: Array(string.utf8))
    (start, count) = (0, UInt32(buffer.bytes.count))
  }

  /// The name of the `count` bytes from `start` of `buffer`, which are valid UTF-8.
  init(in buffer: PromotionNames.Buffer, start: Int, count: Int) {
    (self.buffer, self.start, self.count) = (buffer, UInt32(start), UInt32(count))
  }

  /// Calls `body` with the name's UTF-8 bytes, in place.
  ///
  /// - Complexity: O(1), and what `body` does.
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    buffer.bytes.withUnsafeBufferPointer { bytes in
      body(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start + count)]))
    }
  }

  /// The name as a string (a new one: a name of more than 15 bytes is an allocation).
  ///
  /// - Complexity: O(*n*) for its *n* bytes.
  var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// Whether the two names are the same string (the same bytes are; other bytes may be
  /// too, as `String` compares them).
  static func == (left: PromotionName, right: PromotionName) -> Bool {
    if left.buffer === right.buffer && left.start == right.start && left.count == right.count { return true }
    let sameBytes = left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in leftBytes.elementsEqual(rightBytes) }
    }
    return sameBytes || left.string == right.string
  }

  /// Hashes the name as its string hashes.
  func hash(into hasher: inout Hasher) {
    hasher.combine(string)
  }
}

/// The names of the promotions of one store as it is read: their bytes, one after another
/// in one buffer, each name found by where it starts and how long it is
/// (``PromotionName``).
///
/// The bytes are gathered here and handed to the shared buffer once every name is read
/// (``finish()``), after one check that they are UTF-8 (``UTF8Check``), with a byte of
/// ASCII after each name so that no two names' bytes can make one character together.
/// (Appending to the shared buffer itself, a class's property, paid a run-time exclusivity
/// check for each name.)
///
/// - Complexity: O(*b*) for the *b* bytes of the names, in all.
struct PromotionNames {
  /// The bytes of a store's names: empty while the store is read, then set once
  /// (``PromotionNames/finish()``) before any promotion naming it is handed out; read-only
  /// after.
  final class Buffer: @unchecked Sendable {
    fileprivate(set) var bytes: [UInt8]

    fileprivate init(bytes: [UInt8]) { self.bytes = bytes }
  }

  /// The buffer the names will be in.
  private let buffer = Buffer(bytes: [])
  /// Their bytes so far.
  private var bytes: [UInt8] = []

  /// Room for names of `capacity` bytes in all (more grows it).
  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// How many bytes the names take so far (where the next one starts).
  var byteCount: Int { bytes.count }

  /// Adds the name of `utf8`; returns it (to be read once ``finish()`` is done).
  mutating func add(_ utf8: UnsafeBufferPointer<UInt8>) -> PromotionName {
    let start = bytes.count
    bytes.append(contentsOf: utf8)
    // (ASCII between two names: an unfinished character of one cannot end in the next.)
    bytes.append(0x20)
    return PromotionName(in: buffer, start: start, count: utf8.count)
  }

  /// Forgets the names added from byte `start` on (a promotion read again).
  mutating func removeNames(from start: Int) {
    bytes.removeSubrange(start...)
  }

  /// Hands the names to the promotions that name them; `false`, and none handed, when a
  /// name is not valid UTF-8.
  ///
  /// - Complexity: O(*b*) for the *b* bytes of the names.
  mutating func finish() -> Bool {
    guard bytes.withUnsafeBufferPointer(UTF8Check.isValid) else { return false }
    // (Without the room reserved for names that did not come, once it is most of it.)
    buffer.bytes = bytes.count < bytes.capacity / 2 ? Array(bytes) : bytes
    bytes = []
    return true
  }
}
