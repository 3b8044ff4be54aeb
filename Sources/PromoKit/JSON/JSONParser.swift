/// A strict RFC 8259 JSON parser that keeps positions and number literals.
///
/// Unlike `JSONDecoder` on Linux, it rejects what other JSON tools would read differently:
/// trailing commas, duplicate keys, comments, a byte-order mark, invalid UTF-8, lone
/// surrogates, leading zeros and raw control characters in strings. Nesting deeper than
/// ``maximumDepth`` is refused instead of exhausting the stack.
///
///     let root = try JSONParser.parse(Array(#"{"a": [1, 2.50]}"#.utf8))
///
/// - Complexity: O(*n*) in the length of the input.
package struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64

  /// The text being parsed. Internal (not private) for the `JSONParser+…` files.
  let bytes: [UInt8]
  /// The position of the next byte to read.
  var index = 0
  /// How many arrays and objects enclose the value being read.
  var depth = 0

  /// A parser at the start of `bytes`.
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

  /// A syntax error with `message` at `offset`, or at the current position.
  func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? index, message: message)
  }

  /// The byte at the current position, in words (a character, a NUL byte, a byte in hex
  /// or the end of input), for error messages.
  func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    switch byte {
    case 0x20...0x7E: return "character '\(Character(Unicode.Scalar(byte)))'"
    case 0: return "NUL byte"
    default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }

  /// Skips JSON white space: spaces, tabs, line feeds and carriage returns.
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// The value at the current position (after white space), of any kind.
  mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
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
}
