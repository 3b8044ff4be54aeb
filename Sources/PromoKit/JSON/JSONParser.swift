/// A JSON syntax error: where it is (a byte offset) and what is wrong.
package struct JSONSyntaxError: Error, Sendable, Equatable {
  /// The byte offset of the offending text.
  package var offset: Int
  /// What is wrong, in words, with a hint where one helps.
  package var message: String
  /// For a duplicate key: the byte offset of its first use.
  package var earlierOffset: Int?
  /// Whether the text goes on after one complete JSON value (a JSON Lines file read as
  /// one document, say).
  package var isContentAfterValue = false

  /// Creates a syntax error.
  package init(offset: Int, message: String, earlierOffset: Int? = nil) {
    self.offset = offset
    self.message = message
    self.earlierOffset = earlierOffset
  }
}

/// A strict RFC 8259 JSON parser that keeps positions and number literals.
///
/// Unlike `JSONDecoder` on Linux, it rejects what other JSON tools would read differently:
/// trailing commas, duplicate keys, comments, a byte-order mark, invalid UTF-8, lone
/// surrogates, leading zeros and raw control characters in strings. Nesting deeper than
/// ``maximumDepth`` is refused instead of exhausting the stack.
///
///     let root = try JSONParser.parse(Array(#"{"a": [1, 2.50]}"#.utf8))
///
/// Complexity: O(*n*) in the length of the input.
package struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses one complete JSON text: a single value with only whitespace around it.
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONSyntaxError(
        offset: 0, message: "byte-order mark at the start; save the file as UTF-8 without BOM")
    }
    parser.skipWhitespace()
    if parser.index == bytes.count {
      throw JSONSyntaxError(offset: 0, message: "no JSON value: the input is empty")
    }
    let root = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      var error = parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
      error.isContentAfterValue = true
      throw error
    }
    return root
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? index, message: message)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    switch byte {
    case 0x20...0x7E: return "character '\(Character(Unicode.Scalar(byte)))'"
    case 0: return "NUL byte"
    default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return JSONNode(try parseObject(), offset: start)
    case UInt8(ascii: "["): return JSONNode(try parseArray(), offset: start)
    case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(.number(try parseNumber()), offset: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONNode(.bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONNode(.bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONNode(.null, offset: start)
    case UInt8(ascii: "/"):
      throw error("comments are not allowed in JSON")
    case UInt8(ascii: "'"):
      throw error("strings must use double quotes, not single quotes")
    case UInt8(ascii: "]"), UInt8(ascii: "}"):
      throw error("unexpected '\(Character(Unicode.Scalar(bytes[index])))'; expected a value")
    case _ where Self.isWordByte(bytes[index]):
      throw notAValue(at: index)
    default:
      throw error("unexpected \(describeCurrent()); expected a value")
    }
  }

  /// The error for a bare word where a value should be (`not json`, `nul`, `True`): it
  /// quotes the word, so that the reader sees what was found.
  private func notAValue(at start: Int) -> JSONSyntaxError {
    var end = start
    while end < bytes.count && end - start < 24 && Self.isWordByte(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[start..<end], as: UTF8.self)
    var message =
      "not JSON: found \"\(word)\" where a value should be (an object, an array, a string, a number, true, false or null)"
    if let literal = ["true", "false", "null"].first(where: { $0 == word.lowercased() || $0.hasPrefix(word) })
    {
      message += "; did you mean \(literal)?"
    }
    return error(message, at: start)
  }

  /// Letters, digits and `_`: the bytes of a bare word.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let start = index
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected in
      bytes.count - index >= count && bytes[index..<index + count].elementsEqual(expected)
    }
    guard matches else { throw notAValue(at: start) }
    index += count
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    index += 1  // {
    var members: [JSONMember] = []
    var seen: [String: Int] = [:]
    var lastComma = index
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an object; expected a key")
      }
      if bytes[index] == UInt8(ascii: "}") {
        throw error("trailing comma before '}'", at: lastComma)
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "/") { throw error("comments are not allowed in JSON") }
        throw error("unexpected \(describeCurrent()); expected a key in double quotes")
      }
      let keyOffset = index
      let key = try parseString()
      // Small objects (all of promo's) are checked by a scan; large ones by hashing.
      let first: Int?
      if members.count < 16 {
        first = members.first { $0.key == key }?.keyOffset
      } else {
        if seen.isEmpty { for member in members { seen[member.key] = member.keyOffset } }
        first = seen[key]
        seen[key] = seen[key] ?? keyOffset
      }
      if let first {
        throw JSONSyntaxError(offset: keyOffset, message: "duplicate key \"\(key)\"", earlierOffset: first)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an object; expected ',' or '}'")
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        lastComma = index
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
      default: throw error("unexpected \(describeCurrent()); expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    index += 1  // [
    var elements: [JSONNode] = []
    var lastComma = index
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an array; expected a value")
      }
      if bytes[index] == UInt8(ascii: "]") {
        throw error("trailing comma before ']'", at: lastComma)
      }
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an array; expected ',' or ']'")
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        lastComma = index
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
      default: throw error("unexpected \(describeCurrent()); expected ',' or ']'")
      }
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw error("invalid number: a digit must follow '-'", at: start)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw error("invalid number: leading zeros are not allowed", at: start)
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: a digit must follow the decimal point", at: start)
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: a digit must follow the exponent", at: start)
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
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
        throw error("unterminated string (opened at \(SourceLocation(offset: start, in: bytes)))", at: start)
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

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

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

  /// Decodes one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and
  /// values past U+10FFFF.
  private mutating func parseUTF8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = index
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    var minimum: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
    case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
    case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
    default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))", at: start)
    }
    guard bytes.count - index >= length else { throw error("truncated UTF-8 sequence", at: start) }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence", at: start) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, value <= 0x10FFFF, let scalar = Unicode.Scalar(value) else {
      throw error("invalid UTF-8 sequence", at: start)
    }
    index += length
    return scalar
  }
}
