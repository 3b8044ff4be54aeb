import PromoKit

/// Appends to UTF-8 output without building strings: the hot path of the quote renderers.
enum OutputBytes {
  /// Appends a literal.
  @inline(__always)
  static func append(_ literal: StaticString, to output: inout [UInt8]) {
    literal.withUTF8Buffer { output.append(contentsOf: $0) }
  }

  /// Appends a string's UTF-8 bytes.
  @inline(__always)
  static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  /// Appends an amount as ``Money/description`` writes it (`"102.40"`, `"100"`, `"1.250"`).
  ///
  /// - Complexity: O(*d*) for *d* digits.
  static func append(_ money: Money, to output: inout [UInt8]) {
    guard let magnitude = UInt64(exactly: money.minorUnits.magnitude), money.minorDigits >= 0,
      money.minorDigits < 20
    else {
      money.appendDecimal(to: &output)
      return
    }
    appendDigits(magnitude, negative: money.minorUnits < 0, fraction: money.minorDigits, to: &output)
  }

  /// Appends a whole number in decimal.
  static func append(_ value: Int64, to output: inout [UInt8]) {
    appendDigits(value.magnitude, negative: value < 0, fraction: 0, to: &output)
  }

  /// Appends `magnitude` in decimal with a point before its last `fraction` digits (and at
  /// least one digit before the point), after a minus sign when `negative`.
  @inline(__always)
  private static func appendDigits(
    _ magnitude: UInt64, negative: Bool, fraction: Int, to output: inout [UInt8]
  ) {
    // At most 20 digits, a point and a sign, written backwards into 32 bytes.
    var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &storage) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var position = 32
      var value = magnitude
      var written = 0
      while value > 0 || written <= fraction {
        if written == fraction && fraction > 0 {
          position -= 1
          bytes[position] = UInt8(ascii: ".")
        }
        position -= 1
        bytes[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        value /= 10
        written += 1
      }
      if negative {
        position -= 1
        bytes[position] = UInt8(ascii: "-")
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
    }
  }

  /// Appends `value` as a quoted JSON string, as ``JSONWriter/appendQuoted(_:to:)`` does,
  /// copying it at once when it has nothing to escape.
  @inline(__always)
  static func appendQuoted(_ value: String, to output: inout [UInt8]) {
    var value = value
    let plain = value.withUTF8 { bytes in
      for byte in bytes
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
        || byte == 0xC2
      {
        return false
      }
      output.append(UInt8(ascii: "\""))
      output.append(contentsOf: bytes)
      output.append(UInt8(ascii: "\""))
      return true
    }
    if !plain { JSONWriter.appendQuoted(value, to: &output) }
  }

  /// The length of `text` in bytes when all of it is printable ASCII (`0x20...0x7E`), so
  /// that its bytes are its characters and nothing in it needs escaping for a terminal;
  /// `nil` otherwise.
  @inline(__always)
  static func printableASCIILength(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
      return bytes.count
    }
  }
}

/// Memory a renderer lays a result out in before appending it to its output in one copy,
/// kept from one result to the next.
final class ScratchBytes {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int

  /// Scratch memory of 4 KiB to begin with.
  init() {
    capacity = 4_096
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Lets `body` write at most `bound` bytes through a ``RawWriter``, then appends what it
  /// wrote to `output`.
  @inline(__always)
  func write(atMost bound: Int, to output: inout [UInt8], _ body: (inout RawWriter) -> Void) {
    if bound > capacity {
      storage.deallocate()
      capacity = max(bound, 2 * capacity)
      storage = .allocate(capacity: capacity)
    }
    var writer = RawWriter(storage, capacity: bound)
    body(&writer)
    output.append(contentsOf: UnsafeBufferPointer(start: storage, count: writer.position - storage))
  }
}

/// Bytes appended one result after the other into memory of their own, kept from one use
/// to the next: the JSON lines of a chunk of a stream, laid out where they stay until they
/// are handed on.
final class ByteBuffer {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes it holds.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes to begin with.
  init(capacity: Int = 1 << 16) {
    self.capacity = max(capacity, 64)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// Lets `body` append at most `bound` bytes through a ``RawWriter``.
  @inline(__always)
  func write(atMost bound: Int, _ body: (inout RawWriter) -> Void) {
    if capacity - count < bound { grow(toHold: count + bound) }
    var writer = RawWriter(storage + count, capacity: bound)
    body(&writer)
    count = writer.position - storage
  }

  /// Appends bytes.
  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      write(atMost: bytes.count) { $0.bytes(base, bytes.count) }
    }
  }

  /// Lets `body` read the bytes held.
  @inline(__always)
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: storage, count: count))
  }

  /// Forgets the bytes held, keeping the memory.
  func removeAll() { count = 0 }

  /// Moves the bytes into memory of at least `needed` bytes.
  private func grow(toHold needed: Int) {
    let larger = max(needed, 2 * capacity)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: storage, count: count)
    storage.deallocate()
    storage = moved
    capacity = larger
  }
}

/// Writes bytes into memory the caller made large enough: no check per byte in a release
/// build; a debug build stops at the first write past the room (`assert`).
struct RawWriter {
  /// Where the next byte goes.
  private(set) var position: UnsafeMutablePointer<UInt8>
  /// The end of the room the caller made.
  private let end: UnsafeMutablePointer<UInt8>

  /// A writer of at most `capacity` bytes starting at `start`.
  init(_ start: UnsafeMutablePointer<UInt8>, capacity: Int) {
    position = start
    end = start + capacity
  }

  /// Checks, in a debug build, that `count` more bytes fit.
  @inline(__always)
  private func checkRoom(_ count: Int) {
    assert(end - position >= count, "RawWriter: a write of \(count) bytes past the room its caller made")
  }

  /// The most bytes ``quoted(_:)`` writes for `text`: every byte escaped, and the quotes.
  @inline(__always)
  static func quotedBound(_ text: String) -> Int { 6 * text.utf8.count + 2 }

  /// The most bytes ``money(_:)`` or ``integer(_:)`` writes.
  static let numberBound = 48

  /// Writes one byte.
  @inline(__always)
  mutating func byte(_ value: UInt8) {
    checkRoom(1)
    position.pointee = value
    position += 1
  }

  /// Writes a literal.
  @inline(__always)
  mutating func literal(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    checkRoom(count)
    // A copy of a length known when compiled: a few moves rather than a call to memcpy.
    UnsafeMutableRawPointer(position).copyMemory(from: text.utf8Start, byteCount: count)
    position += count
  }

  /// Writes a string's UTF-8 bytes as they are.
  @inline(__always)
  mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      checkRoom(bytes.count)
      if let base = bytes.baseAddress { position.update(from: base, count: bytes.count) }
      position += bytes.count
    }
  }

  /// Writes `count` spaces.
  @inline(__always)
  mutating func spaces(_ count: Int) {
    guard count > 0 else { return }
    checkRoom(count)
    position.update(repeating: UInt8(ascii: " "), count: count)
    position += count
  }

  /// Takes back the spaces written at the end, down to `start` at most.
  @inline(__always)
  mutating func trimSpaces(after start: UnsafeMutablePointer<UInt8>) {
    while position > start && (position - 1).pointee == UInt8(ascii: " ") { position -= 1 }
  }

  /// Writes bytes already in memory.
  @inline(__always)
  mutating func bytes(_ start: UnsafePointer<UInt8>, _ count: Int) {
    checkRoom(count)
    position.update(from: start, count: count)
    position += count
  }

  /// Writes `text` as a quoted JSON string exactly as ``JSONWriter/appendQuoted(_:to:)``
  /// does: `"`, `\`, control characters and U+2028, U+2029 and U+0085 escaped.
  @inline(__always)
  mutating func quoted(_ text: String) {
    // Nothing to escape (nearly every id, SKU and order name): copied as it is scanned, in
    // one pass.
    let written: Bool? = text.utf8.withContiguousStorageIfAvailable { quotedPlainASCII($0) }
    if written != true { quotedEscaping(text) }
  }

  /// Writes `"utf8"` and returns `true` when no byte of `utf8` may need escaping
  /// (``plainBytes``); otherwise writes nothing (bytes past ``position`` may have changed)
  /// and returns `false`.
  @inline(__always)
  private mutating func quotedPlainASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = utf8.count
    checkRoom(count + 2)
    let target = position
    target.pointee = UInt8(ascii: "\"")
    if let source = utf8.baseAddress {
      let plain = RawWriter.plainBytes.utf8Start
      for index in 0..<count {
        let value = source[index]
        guard plain[Int(value)] == UInt8(ascii: "1") else { return false }
        target[index + 1] = value
      }
    }
    target[count + 1] = UInt8(ascii: "\"")
    position = target + count + 2
    return true
  }

  /// `"1"` at each byte value that ``quoted(_:)`` copies as it is, `"0"` at those that may
  /// need escaping: control characters, `"`, `\`, and 0xC2 and 0xE2, which start U+0085,
  /// U+2028 and U+2029.
  private static let plainBytes: StaticString =
    "0000000000000000000000000000000011011111111111111111111111111111111111111111111111111111111101111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111101111111111111111111111111111111011111111111111111111111111111"

  /// ``quoted(_:)`` for any text: a string with something to escape, or not ASCII.
  private mutating func quotedEscaping(_ text: String) {
    byte(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var index = 0
      let count = utf8.count
      while index < count {
        let value = utf8[index]
        index += 1
        if value >= 0x20 && value != UInt8(ascii: "\"") && value != UInt8(ascii: "\\") && value != 0xE2
          && value != 0xC2
        {
          byte(value)
          continue
        }
        if value == 0xE2 && index + 1 < count && utf8[index] == 0x80
          && (utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9)
        {
          literal(utf8[index + 1] == 0xA8 ? "\\u2028" : "\\u2029")
          index += 2
          continue
        }
        if value == 0xC2 && index < count && utf8[index] == 0x85 {
          literal("\\u0085")
          index += 1
          continue
        }
        if value >= 0x20 && value != UInt8(ascii: "\"") && value != UInt8(ascii: "\\") {
          byte(value)  // 0xE2 or 0xC2 starting some other character
          continue
        }
        byte(UInt8(ascii: "\\"))
        switch value {
        case UInt8(ascii: "\""): byte(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): byte(UInt8(ascii: "\\"))
        case 0x0A: byte(UInt8(ascii: "n"))
        case 0x0D: byte(UInt8(ascii: "r"))
        case 0x09: byte(UInt8(ascii: "t"))
        case 0x08: byte(UInt8(ascii: "b"))
        case 0x0C: byte(UInt8(ascii: "f"))
        default:
          literal("u00")
          byte(RawWriter.hexDigit(value >> 4))
          byte(RawWriter.hexDigit(value & 0xF))
        }
      }
    }
    byte(UInt8(ascii: "\""))
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Writes an amount as ``Money/description`` does.
  mutating func money(_ value: Money) {
    guard let magnitude = UInt64(exactly: value.minorUnits.magnitude), value.minorDigits >= 0,
      value.minorDigits < 20
    else {
      var bytes: [UInt8] = []
      value.appendDecimal(to: &bytes)
      bytes.withUnsafeBufferPointer { self.bytes($0.baseAddress!, $0.count) }
      return
    }
    digits(magnitude, negative: value.minorUnits < 0, fraction: value.minorDigits)
  }

  /// Writes a whole number in decimal.
  mutating func integer(_ value: Int64) {
    digits(value.magnitude, negative: value < 0, fraction: 0)
  }

  /// Writes `magnitude` in decimal with a point before its last `fraction` digits (and at
  /// least one digit before it), after a minus sign when `negative`.
  @inline(__always)
  private mutating func digits(_ magnitude: UInt64, negative: Bool, fraction: Int) {
    if magnitude < 100_000_000 && fraction <= 3 {
      if negative { byte(UInt8(ascii: "-")) }
      eightDigits(UInt32(truncatingIfNeeded: magnitude), fraction: fraction)
    } else {
      anyDigits(magnitude, negative: negative, fraction: fraction)
    }
  }

  /// ``digits(_:negative:fraction:)`` for a value below 10^8 and at most 3 fraction digits,
  /// without a branch on the number of digits: the value's 8 digits (leading zeros
  /// included) are made in one word, two at a time, and written whole, from the first one
  /// that is not a leading zero; the fraction's digits are then moved one byte on, after the
  /// point. The words written reach at most 12 bytes past ``position``, within
  /// ``numberBound``.
  @inline(__always)
  private mutating func eightDigits(_ value: UInt32, fraction: Int) {
    checkRoom(12)
    let pairs = UnsafeRawPointer(RawWriter.digitPairs.utf8Start)
    func pair(_ twoDigits: UInt32) -> UInt64 {
      UInt64(UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: Int(twoDigits) &* 2, as: UInt16.self)))
    }
    let high = value / 10_000
    let low = value % 10_000
    // The digits in memory order: the most significant in the lowest byte.
    let word = pair(high / 100) | pair(high % 100) << 16 | pair(low / 100) << 32 | pair(low % 100) << 48
    let leadingZeros = (word ^ 0x3030_3030_3030_3030).trailingZeroBitCount >> 3
    let length = max(8 - leadingZeros, fraction + 1)
    let target = UnsafeMutableRawPointer(position)
    target.storeBytes(of: (word >> (UInt64(8 - length) &* 8)).littleEndian, as: UInt64.self)
    guard fraction > 0 else {
      position += length
      return
    }
    let whole = length - fraction
    target.storeBytes(of: UInt8(ascii: "."), toByteOffset: whole, as: UInt8.self)
    let fractionDigits = UInt32(truncatingIfNeeded: word >> (UInt64(8 - fraction) &* 8))
    target.storeBytes(of: fractionDigits.littleEndian, toByteOffset: whole + 1, as: UInt32.self)
    position += length + 1
  }

  /// ``digits(_:negative:fraction:)`` for any value and number of fraction digits.
  private mutating func anyDigits(_ magnitude: UInt64, negative: Bool, fraction: Int) {
    // The number of digits: ⌊log10 2^bits⌋ (1233/4096 is just above log10 2), plus one when
    // the value reaches the next power of ten.
    var length = ((64 - magnitude.leadingZeroBitCount) &* 1_233) >> 12
    if length < 20 && magnitude >= RawWriter.powerOfTen(length) { length += 1 }
    length = max(length, fraction + 1)
    if negative { byte(UInt8(ascii: "-")) }
    let total = length + (fraction > 0 ? 1 : 0)
    checkRoom(total)
    var cursor = position + total
    position = cursor
    var value = magnitude
    var written = 0
    let pairs = RawWriter.digitPairs.utf8Start
    // The fraction's digits (two at a time for cents), then the point.
    if fraction == 2 {
      let pair = Int(value % 100) &* 2
      value /= 100
      cursor -= 2
      cursor[0] = pairs[pair]
      cursor[1] = pairs[pair + 1]
      written = 2
    } else {
      while written < fraction {
        cursor -= 1
        cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        value /= 10
        written += 1
      }
    }
    if fraction > 0 {
      cursor -= 1
      cursor.pointee = UInt8(ascii: ".")
    }
    // The whole part, two digits at a time.
    while length - written >= 2 {
      let pair = Int(value % 100) &* 2
      value /= 100
      cursor -= 2
      cursor[0] = pairs[pair]
      cursor[1] = pairs[pair + 1]
      written += 2
    }
    if written < length {
      cursor -= 1
      cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }
  }

  /// 10^`exponent`, for `exponent` in `0..<20`: a constant table, with no lazy global to
  /// check on each call.
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// "00", "01", ... "99", side by side.
  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
