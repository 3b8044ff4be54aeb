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
