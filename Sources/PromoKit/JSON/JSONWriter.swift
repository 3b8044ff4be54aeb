/// Builds compact JSON text piece by piece, in the order the caller writes keys, with
/// strings escaped as RFC 8259 requires.
///
///     var json = JSONWriter()
///     json.beginObject()
///     json.key("total"); json.string("102.40")
///     json.endObject()
///     json.text   // {"total":"102.40"}
///
/// Complexity: O(*n*) in the length of the output.
public struct JSONWriter: Sendable {
  /// The text written so far.
  public private(set) var text = ""
  private var needsComma = false

  /// An empty writer.
  public init() {}

  /// Starts an object (`{`).
  public mutating func beginObject() {
    separate()
    text += "{"
    needsComma = false
  }

  /// Ends the current object (`}`).
  public mutating func endObject() {
    text += "}"
    needsComma = true
  }

  /// Starts an array (`[`).
  public mutating func beginArray() {
    separate()
    text += "["
    needsComma = false
  }

  /// Ends the current array (`]`).
  public mutating func endArray() {
    text += "]"
    needsComma = true
  }

  /// Writes a member key; the next value written is its value.
  public mutating func key(_ name: String) {
    separate()
    Self.appendQuoted(name, to: &text)
    text += ":"
    needsComma = false
  }

  /// Writes a string value.
  public mutating func string(_ value: String) {
    separate()
    Self.appendQuoted(value, to: &text)
    needsComma = true
  }

  /// Writes a key and its string value.
  public mutating func member(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  /// Writes a boolean value.
  public mutating func bool(_ value: Bool) {
    separate()
    text += value ? "true" : "false"
    needsComma = true
  }

  /// Writes a number value from its literal text.
  public mutating func number(_ literal: String) {
    separate()
    text += literal
    needsComma = true
  }

  private mutating func separate() {
    if needsComma { text += "," }
  }

  /// Appends `value` as a quoted JSON string: `"`, `\` and control characters escaped,
  /// everything else as UTF-8.
  public static func appendQuoted(_ value: String, to output: inout String) {
    output += "\""
    var plainStart = value.utf8.startIndex
    var index = plainStart
    let utf8 = value.utf8
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
        output += String(value[plainStart..<index])
        switch byte {
        case UInt8(ascii: "\""): output += "\\\""
        case UInt8(ascii: "\\"): output += "\\\\"
        case 0x0A: output += "\\n"
        case 0x0D: output += "\\r"
        case 0x09: output += "\\t"
        case 0x08: output += "\\b"
        case 0x0C: output += "\\f"
        default:
          let hex = String(byte, radix: 16, uppercase: false)
          output += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
        }
        plainStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    output += String(value[plainStart..<index])
    output += "\""
  }
}
