import PromoLibc

/// A cursor over the bytes of a JSON text, reading the pieces the fast paths
/// (``StoreFastPath``, ``OrderFastPath``) are made of: white space, punctuation, strings,
/// number literals, decimals, whole numbers and booleans.
///
/// Every reading method answers `nil` (or `false`) when the bytes are not of the plain form
/// it reads; the fast path then gives up and the full decoder, with its located messages,
/// decides. Strings and white space are scanned eight bytes at a time.
///
/// The bytes must outlive the cursor. Word loads check their bounds with `assert`, so a
/// debug build stops on a read past the end; a release build relies on the checks before
/// them.
///
/// - Complexity: each method is O(*n*) in the bytes it consumes.
package struct ByteCursor {
  /// A run of the bytes: a string's contents, a number literal.
  package typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

  /// A string's bytes between its quotes, and what a reader must still do with them.
  package struct RawString {
    /// The bytes between the quotes.
    package var bytes: Bytes
    /// Whether they are all ASCII (else they still need UTF-8 validation).
    package var isASCII: Bool
    /// Whether they hold a backslash (then they need ``ByteCursor/unescaped(_:)``).
    package var isEscaped: Bool
  }

  /// The bytes read.
  package let bytes: UnsafeBufferPointer<UInt8>
  /// The position of the next byte to read.
  package var index = 0

  /// A cursor at the start of `bytes`.
  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  package var isAtEnd: Bool { index >= bytes.count }

  /// Eight bytes from `position` as one little-endian word; `position + 8` must be within
  /// the bytes.
  @inline(__always)
  private func word(at position: Int) -> UInt64 {
    assert(position >= 0 && position &+ 8 <= bytes.count, "word load past the end of the bytes")
    return UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + position).loadUnaligned(as: UInt64.self)
      .littleEndian
  }

  // MARK: White space and punctuation

  /// Skips JSON white space: one space alone (the commonest run, after a colon) at once, a
  /// line feed and up to 7 spaces (the canonical indentation of a promotion and its
  /// members) with one word load, else eight bytes at a time while they are spaces and line
  /// feeds, then byte by byte.
  @inline(__always)
  package mutating func skipWhitespace() {
    guard index < bytes.count, bytes[index] <= 0x20 else { return }
    if bytes[index] == 0x20, index &+ 1 < bytes.count, bytes[index &+ 1] > 0x20 {
      index &+= 1
      return
    }
    if bytes[index] == 0x0A, index &+ 9 <= bytes.count {
      // The spaces after the line feed are the word's low bytes that equal 0x20: the
      // lowest set bit of the word XOR spaces lies in the first byte that is not one.
      let spaces = (word(at: index &+ 1) ^ 0x2020_2020_2020_2020).trailingZeroBitCount >> 3
      if spaces < 8, bytes[index &+ 1 &+ spaces] > 0x20 {
        index &+= 1 &+ spaces
        return
      }
    }
    skipWhitespaceRun()
  }

  /// Skips a run of white space of any length.
  package mutating func skipWhitespaceRun() {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    while index &+ 8 <= bytes.count {
      let word = word(at: index)
      // Exactly the bytes that are a space or a line feed get their high bit set.
      let space = word ^ (ones &* 0x20)
      let newline = word ^ (ones &* 0x0A)
      let isSpace = ~(((space & low) &+ low) | space | low)
      let isNewline = ~(((newline & low) &+ low) | newline | low)
      let other = ~(isSpace | isNewline) & (ones &* 0x80)
      if other == 0 {
        index &+= 8
        continue
      }
      index &+= other.trailingZeroBitCount >> 3
      break
    }
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x09, 0x0D: index &+= 1
      default: return
      }
    }
  }

  /// Consumes `byte` after optional white space.
  @inline(__always)
  package mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index &+= 1
    return true
  }

  /// Whether the next byte after white space is `byte` (not consumed).
  @inline(__always)
  package mutating func peek(_ byte: UInt8) -> Bool {
    skipWhitespace()
    return index < bytes.count && bytes[index] == byte
  }

  /// Consumes `literal` (not empty) when the bytes go on with it: the first byte compared
  /// alone, which tells most candidates apart, then the whole as ``equal(_:_:)`` does (two
  /// word loads up to 16 bytes). For the fixed pieces of a canonical layout.
  @inline(__always)
  package mutating func takeLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count &- index >= count, bytes[index] == literal.utf8Start.pointee,
      Self.equal(bytes[index..<(index &+ count)], literal)
    else {
      return false
    }
    index &+= count
    return true
  }

  /// Consumes `word` when the bytes go on with it.
  @inline(__always)
  package mutating func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count &- index >= count, let base = bytes.baseAddress,
      memcmp(base + index, word.utf8Start, count) == 0
    else { return false }
    index &+= count
    return true
  }

  // MARK: Strings

  /// The next string (after white space) without control characters, its bytes between
  /// the quotes, whether they are ASCII and whether they hold an escape.
  @inline(__always)
  package mutating func rawString() -> RawString? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    var high: UInt8 = 0
    var escaped = false
    let ones: UInt64 = 0x0101_0101_0101_0101
    while true {
      // Eight bytes at a time up to the first that is a quote, a backslash, a control
      // character or non-ASCII (the lowest byte the usual zero-byte tests flag is exactly
      // the first such byte); that byte is then looked at alone.
      if index &+ 8 <= bytes.count {
        let word = word(at: index)
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let special =
          (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            | ((word &- ones &* 0x20) & ~word)
            | word) & (ones &* 0x80)
        if special == 0 {
          index &+= 8
          continue
        }
        index &+= special.trailingZeroBitCount >> 3
      }
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index &+= 1
        return RawString(bytes: bytes[start..<(index &- 1)], isASCII: high < 0x80, isEscaped: escaped)
      }
      guard byte >= 0x20 else { return nil }
      if byte == UInt8(ascii: "\\") {
        // The escaped byte is checked by `unescaped`; it never ends the string.
        escaped = true
        index &+= 2
        continue
      }
      high |= byte
      index &+= 1
    }
  }

  /// The bytes of a string without escapes (keys, kinds, ids and decimals: an escape in
  /// one of those is the full decoder's to read). They may hold non-ASCII bytes, not yet
  /// validated.
  @inline(__always)
  package mutating func plainString() -> Bytes? {
    guard let string = rawString(), !string.isEscaped else { return nil }
    return string.bytes
  }

  /// A string as a `String`, its escapes replaced; invalid UTF-8 or a malformed escape
  /// gives up.
  package mutating func text() -> String? {
    guard let string = rawString() else { return nil }
    if string.isEscaped { return Self.unescaped(string.bytes) }
    let buffer = UnsafeBufferPointer(rebasing: string.bytes)
    if string.isASCII {
      // Built in place (a short one inside the string itself), without the repairing
      // decoder's passes.
      return String(unsafeUninitializedCapacity: buffer.count) { $0.initialize(fromContentsOf: buffer) }
    }
    return String(validating: buffer, as: UTF8.self)
  }

  /// An array of strings (``text()``), or `nil` past `limit` entries.
  package mutating func strings(atMost limit: Int = .max) -> [String]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var strings: [String] = []
    if take(UInt8(ascii: "]")) { return strings }
    repeat {
      guard strings.count < limit, let string = text() else { return nil }
      strings.append(string)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? strings : nil
  }

  /// The string a JSON string's bytes (between its quotes) stand for, its escapes
  /// replaced (`\n`, `\u00e9`, a surrogate pair), or `nil` for a malformed escape, a lone
  /// surrogate or invalid UTF-8.
  package static func unescaped(_ slice: Bytes) -> String? {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(slice.count)
    var index = slice.startIndex
    let end = slice.endIndex
    func hex4(at start: Int) -> UInt32? {
      guard end - start >= 4 else { return nil }
      var value: UInt32 = 0
      for byte in slice[start..<(start + 4)] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < end {
      let byte = slice[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      guard index + 1 < end else { return nil }
      let simple: UInt8
      switch slice[index + 1] {
      case UInt8(ascii: "\""): simple = 0x22
      case UInt8(ascii: "\\"): simple = 0x5C
      case UInt8(ascii: "/"): simple = 0x2F
      case UInt8(ascii: "b"): simple = 0x08
      case UInt8(ascii: "f"): simple = 0x0C
      case UInt8(ascii: "n"): simple = 0x0A
      case UInt8(ascii: "r"): simple = 0x0D
      case UInt8(ascii: "t"): simple = 0x09
      case UInt8(ascii: "u"):
        guard var value = hex4(at: index + 2) else { return nil }
        index += 6
        if (0xD800..<0xDC00).contains(value) {
          guard end - index >= 6, slice[index] == UInt8(ascii: "\\"), slice[index + 1] == UInt8(ascii: "u"),
            let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low)
          else { return nil }
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }  // a lone low surrogate
        UTF8.encode(scalar) { utf8.append($0) }
        continue
      default: return nil
      }
      utf8.append(simple)
      index += 2
    }
    return String(validating: utf8, as: UTF8.self)
  }

  /// Whether `bytes` are those of `literal`: up to 16 bytes compared as two loads each
  /// (overlapping when shorter than twice the load, never past either end), longer ones
  /// with `memcmp`.
  @inline(__always)
  package static func equal(_ bytes: Bytes, _ literal: StaticString) -> Bool {
    equal(bytes, literal.utf8Start, literal.utf8CodeUnitCount)
  }

  /// Whether `bytes` are the `count` bytes at `expected`, compared as
  /// ``equal(_:_:)-(_,StaticString)`` compares them.
  @inline(__always)
  package static func equal(_ bytes: Bytes, _ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    guard bytes.count == count else { return false }
    guard count > 0, let base = bytes.base.baseAddress else { return count == 0 }
    let actual = UnsafeRawPointer(base + bytes.startIndex)
    let expected = UnsafeRawPointer(start)
    @inline(__always)
    func same<Word: FixedWidthInteger>(_: Word.Type) -> Bool {
      let last = count &- MemoryLayout<Word>.size
      assert(last >= 0 && last < count, "word compare outside the key")
      return actual.loadUnaligned(as: Word.self) == expected.loadUnaligned(as: Word.self)
        && actual.loadUnaligned(fromByteOffset: last, as: Word.self)
          == expected.loadUnaligned(fromByteOffset: last, as: Word.self)
    }
    switch count {
    case 1: return actual.load(as: UInt8.self) == expected.load(as: UInt8.self)
    case 2...3: return same(UInt16.self)
    case 4...7: return same(UInt32.self)
    case 8...16: return same(UInt64.self)
    default: return memcmp(actual, expected, count) == 0
    }
  }

  /// The bytes of the next key of an object and the colon after it.
  @inline(__always)
  package mutating func key() -> Bytes? {
    guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
    return key
  }

  /// Whether `name` is 1 to `maximumLength` bytes of `A–Z a–z 0–9 . _ -`: the characters
  /// of ids (``Promotion/isValidID(_:)``) and of customer groups
  /// (``CustomerGroups/isValidName(_:)``).
  package static func isIDName(_ name: Bytes, maximumLength: Int) -> Bool {
    guard !name.isEmpty, name.count <= maximumLength else { return false }
    for byte in name {
      let letter = byte | 0x20
      guard
        (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      else { return false }
    }
    return true
  }

  // MARK: Numbers and booleans

  /// A JSON number literal's bytes (checked by the parser that reads them, whose grammar
  /// is JSON's).
  package mutating func numberLiteral() -> Bytes? {
    skipWhitespace()
    let start = index
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index &+= 1
      default:
        break scan
      }
    }
    return index > start ? bytes[start..<index] : nil
  }

  /// The literal of a decimal written as a JSON number or as a string such as `"12.50"`.
  @inline(__always)
  package mutating func decimalLiteral() -> Bytes? {
    peek(UInt8(ascii: "\"")) ? plainString() : numberLiteral()
  }

  /// A decimal written as a JSON number or as a string such as `"12.50"`.
  package mutating func decimal() -> DecimalNumber? {
    if let (digits, scale) = plainNumber() { return DecimalNumber(significand: digits, scale: scale) }
    guard let literal = decimalLiteral() else { return nil }
    return try? DecimalNumber(utf8: literal)
  }

  /// The next decimal (after white space) when it is written plainly, as a number or a
  /// string (`1219.00`, `"0.5"`, `7`: no sign, no exponent, no leading zero, at most 18
  /// digits): its digits as a whole number and how many of them follow the point, trailing
  /// zeros kept. Any other form answers `nil` and consumes nothing, for the caller to read
  /// it with ``decimalLiteral()`` and the full parser.
  @inline(__always)
  package mutating func plainNumber() -> (digits: Int64, scale: Int)? {
    skipWhitespace()
    let start = index
    let quoted = index < bytes.count && bytes[index] == UInt8(ascii: "\"")
    if quoted { index &+= 1 }
    let wholeStart = index
    var value: Int64 = 0
    while index < bytes.count, bytes[index] &- 48 < 10 {
      value = value &* 10 &+ Int64(bytes[index] &- 48)
      index &+= 1
    }
    let wholeCount = index &- wholeStart
    var scale = 0
    if wholeCount > 0, bytes[wholeStart] != 48 || wholeCount == 1, index < bytes.count,
      bytes[index] == UInt8(ascii: ".")
    {
      index &+= 1
      while index < bytes.count, bytes[index] &- 48 < 10 {
        value = value &* 10 &+ Int64(bytes[index] &- 48)
        scale &+= 1
        index &+= 1
      }
      if scale == 0 { index = start }
    }
    // At most 18 digits (and the point), so the value fits; then the end of the value: the
    // closing quote, or a byte no number literal holds.
    guard index != start, wholeCount > 0, bytes[wholeStart] != 48 || wholeCount == 1,
      index &- wholeStart <= 18
    else {
      index = start
      return nil
    }
    if quoted {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        index = start
        return nil
      }
      index &+= 1
    } else if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index = start
        return nil
      default: break
      }
    }
    return (value, scale)
  }

  /// A whole number written as plain digits (no sign, fraction, exponent or leading
  /// zero), in `range`.
  package mutating func integer(in range: ClosedRange<Int64>) -> Int64? {
    guard let literal = numberLiteral(), literal.count <= 18, literal.first != 48 else { return nil }
    var value: Int64 = 0
    for byte in literal {
      guard byte &- 48 < 10 else { return nil }
      value = value &* 10 &+ Int64(byte &- 48)
    }
    return range.contains(value) ? value : nil
  }

  /// `true` or `false`.
  package mutating func bool() -> Bool? {
    skipWhitespace()
    if matches("true") { return true }
    if matches("false") { return false }
    return nil
  }
}
