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
    position.update(from: text.utf8Start, count: count)
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
  mutating func quoted(_ text: String) {
    byte(UInt8(ascii: "\""))
    let done: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
      for value in utf8
      where value < 0x20 || value == UInt8(ascii: "\"") || value == UInt8(ascii: "\\") || value == 0xE2
        || value == 0xC2
      {
        return false
      }
      if let base = utf8.baseAddress { bytes(base, utf8.count) }
      return true
    }
    if done == true {
      byte(UInt8(ascii: "\""))
      return
    }
    var text = text
    text.withUTF8 { utf8 in
      // Nothing to escape (nearly always): one copy.
      var plain = true
      for value in utf8
      where value < 0x20 || value == UInt8(ascii: "\"") || value == UInt8(ascii: "\\") || value == 0xE2
        || value == 0xC2
      {
        plain = false
        break
      }
      if plain {
        if let base = utf8.baseAddress { bytes(base, utf8.count) }
        return
      }
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

  /// 10^`exponent`, for `exponent` in `0..<20`.
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt64 { powersOfTen[exponent] }

  /// 10^0 ... 10^19.
  private static let powersOfTen: [UInt64] = {
    var powers: [UInt64] = [1]
    for _ in 1..<20 { powers.append(powers[powers.count - 1] &* 10) }
    return powers
  }()

  /// "00", "01", ... "99", side by side.
  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
