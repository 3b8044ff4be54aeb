/// Builds compact JSON text piece by piece, as UTF-8 bytes, in the order the caller writes
/// keys, with strings escaped as RFC 8259 requires.
///
///     var json = JSONWriter()
///     json.beginObject()
///     json.key("total"); json.string("102.40")
///     json.endObject()
///     json.text   // {"total":"102.40"}
///
/// - Complexity: O(*n*) in the length of the output.
package struct JSONWriter: Sendable {
  /// The UTF-8 bytes written so far.
  package private(set) var bytes: [UInt8] = []
  private var needsComma = false

  /// An empty writer.
  package init() {
    bytes.reserveCapacity(256)
  }

  /// The text written so far.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Starts an object (`{`).
  package mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Ends the current object (`}`).
  package mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Starts an array (`[`).
  package mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Ends the current array (`]`).
  package mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member key; the next value written is its value.
  package mutating func key(_ name: String) {
    separate()
    Self.appendQuoted(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a string value.
  package mutating func string(_ value: String) {
    separate()
    Self.appendQuoted(value, to: &bytes)
    needsComma = true
  }

  /// Writes an amount as a JSON string with exactly its currency's minor digits.
  package mutating func money(_ value: Money) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    value.appendDecimal(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// Writes a member key known at compile time, such as `"total"`; it must need no
  /// escaping (plain ASCII letters, as every key `promo` writes).
  package mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a key known at compile time and its string value.
  package mutating func member(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  /// Writes a key known at compile time and an amount as its string value.
  package mutating func member(_ name: StaticString, _ value: Money) {
    key(name)
    money(value)
  }

  /// Ends the text with a line break, for JSON Lines.
  package mutating func endLine() {
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Writes a boolean value.
  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Self.trueLiteral : Self.falseLiteral)
    needsComma = true
  }

  /// Writes a whole number.
  package mutating func integer(_ value: Int64) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
    needsComma = true
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    bytes.append(contentsOf: Self.nullLiteral)
    needsComma = true
  }

  private static let nullLiteral = Array("null".utf8)
  private static let trueLiteral = Array("true".utf8)
  private static let falseLiteral = Array("false".utf8)

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// Appends `value` as a quoted JSON string to UTF-8 bytes: `"`, `\`, control characters
  /// and the line separators U+2028, U+2029 and U+0085 escaped, everything else as is.
  ///
  /// - Complexity: O(*n*); a string with nothing to escape is copied in one step.
  package static func appendQuoted(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      if !utf8.contains(where: needsCare) {
        output.append(contentsOf: utf8)
        return
      }
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        index += 1
        // U+2028, U+2029 and U+0085 are valid in JSON but break lines for JavaScript and
        // many line readers, so they are escaped too.
        if byte == 0xE2, index + 1 < utf8.count, utf8[index] == 0x80,
          utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9
        {
          output.append(contentsOf: Array((utf8[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
          index += 2
          continue
        }
        if byte == 0xC2, index < utf8.count, utf8[index] == 0x85 {
          output.append(contentsOf: Array("\\u0085".utf8))
          index += 1
          continue
        }
        guard needsEscape(byte) else {
          output.append(byte)
          continue
        }
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
          let hex = Array("0123456789abcdef".utf8)
          output.append(contentsOf: [UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Whether a byte sends a string down the slow path: one to escape, or the lead byte of
  /// U+2028, U+2029 or U+0085. A string without one is written as its bytes.
  @inline(__always)
  package static func needsCare(_ byte: UInt8) -> Bool {
    needsEscape(byte) || byte == 0xE2 || byte == 0xC2
  }
}
