/// How a ``RawWriter`` writes a quoted JSON string.
extension RawWriter {
  /// The most bytes ``quoted(_:)`` writes for `text`: every byte escaped, and the quotes.
  @inline(__always)
  static func quotedBound(_ text: String) -> Int { 6 * text.utf8.count + 2 }

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

  /// The lowercase hexadecimal digit of `value` (`0...15`).
  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
