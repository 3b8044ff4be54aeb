import PromoLibc

extension ByteCursor {
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
    return Self.validString(buffer)
  }

  /// The string of UTF-8 `bytes`, or `nil` when they are not valid UTF-8: decoded (an
  /// invalid byte would be replaced) and compared with the bytes, the same bytes back only
  /// for valid UTF-8. (`String(validating:as:)` looked up generic metadata at each call,
  /// 650 instructions of each name in Chinese.)
  package static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var string = String(decoding: bytes, as: UTF8.self)
    let same = string.withUTF8 { decoded in
      decoded.count == bytes.count
        && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
    }
    return same ? string : nil
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

  /// The bytes of the next key of an object and the colon after it.
  @inline(__always)
  package mutating func key() -> Bytes? {
    guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
    return key
  }
}
