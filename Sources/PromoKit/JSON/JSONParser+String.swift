extension JSONParser {
  /// The string at the current position (its opening quote), its escapes replaced; a raw
  /// control character, a malformed escape, a lone surrogate or invalid UTF-8 refused.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1  // opening quote
    // Fast path: a run of plain ASCII without escapes.
    let plainStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: bytes[plainStart..<index], as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      index += 1
    }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: String(decoding: bytes[plainStart..<index], as: UTF8.self).unicodeScalars)
    while true {
      guard index < bytes.count else {
        throw error("unterminated string: the input ends before its closing quote", at: start)
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        scalars.append(try parseEscape())
      case 0..<0x20:
        let name =
          byte == 0
          ? "NUL byte"
          : "control character U+00\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
        throw error("\(name) in a string; write it as an escape such as \\n or \\u0000")
      case 0x20..<0x80:
        scalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        scalars.append(try parseUTF8Scalar())
      }
    }
  }

  /// The scalar an escape (`\n`, `\u00e9`, a surrogate pair) at the current position
  /// stands for.
  private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = index
    index += 1  // backslash
    guard index < bytes.count else { throw error("unterminated escape sequence", at: start) }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4(escapeStart: start)
      if (0xD800..<0xDC00).contains(high) {
        let lowStart = index
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw error(
            "lone surrogate \\u\(hex(high)): a high surrogate must be followed by a low one", at: start)
        }
        index += 2
        let low = try parseHex4(escapeStart: lowStart)
        guard (0xDC00..<0xE000).contains(low) else {
          throw error(
            "lone surrogate \\u\(hex(high)): a high surrogate must be followed by a low one", at: start)
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      if (0xDC00..<0xE000).contains(high) {
        throw error("lone surrogate \\u\(hex(high)): a low surrogate without a high one", at: start)
      }
      return Unicode.Scalar(high)!
    default:
      throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'", at: start)
    }
  }

  /// `value` as at least four uppercase hex digits.
  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The four hex digits at the current position, or an error at `escapeStart`.
  private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - index >= 4 else {
      throw error("\\u must be followed by four hex digits", at: escapeStart)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("\\u must be followed by four hex digits", at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
