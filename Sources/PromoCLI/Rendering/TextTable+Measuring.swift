import PromoKit

/// How a cell is measured and made printable: its width in terminal columns, the integer
/// part a decimal column lines up, and control characters escaped.
extension TextTable {
  /// Whether every byte is printable ASCII (`0x20...0x7E`), looked at eight at a time.
  /// Internal (not private) for the appending in `TextTable.swift`, which uses it.
  @inline(__always)
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var at = 0
    var flagged: UInt64 = 0
    while at &+ 8 <= bytes.count {
      let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
      // A byte below 0x20 borrows into its high bit; one above 0x7E carries into it or had it.
      flagged |= (word &- ones &* 0x20) & ~word & highBits
      flagged |= ((word &+ ones) | word) & highBits
      at &+= 8
    }
    while at < bytes.count {
      let byte = bytes[at]
      if byte < 0x20 || byte > 0x7E { return false }
      at &+= 1
    }
    return flagged == 0
  }

  /// ``measure(_:decimal:)`` of a cell from its UTF-8 bytes, scalar by scalar; `nil` for
  /// a cell with a control character (it must be made printable first) or, in a decimal
  /// column, with a byte that is not ASCII (its integer part is counted in characters).
  /// Internal (not private) for the appending in `TextTable.swift`, which uses it.
  static func measureUTF8(_ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool) -> (
    width: Int, integer: Int
  )? {
    if isPrintableASCII(bytes) { return measureASCII(bytes) }
    guard !decimal else { return nil }
    var width = 0
    var at = 0
    while at < bytes.count {
      let lead = bytes[at]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard at &+ length <= bytes.count else { return nil }
      var value = length == 1 ? UInt32(lead) : UInt32(lead & (0x7F >> length))
      for offset in 1..<max(length, 1) { value = value << 6 | UInt32(bytes[at &+ offset] & 0x3F) }
      guard let scalar = Unicode.Scalar(value), !isControl(scalar) else { return nil }
      width &+= TextWidth.columns(of: scalar)
      at &+= length
    }
    return (width, width)
  }

  /// `text` with control characters (line breaks, escape, line separators, bidirectional
  /// overrides, ...) written as `\u{1B}` and the like, so that data cannot break the layout,
  /// reorder it or drive the terminal.
  static func printable(_ text: String) -> String {
    // Printable ASCII, the common case, is looked at byte by byte without decoding scalars.
    var text = text
    let plain = text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    if plain { return text }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The lengths of a cell's integer part (up to the first character that is not a digit,
  /// a sign or a group separator) and of the rest (`.00`, `%`).
  /// Internal (not private) for ``referenceRender(indent:)``, which uses it.
  static func splitAtPoint(_ cell: String) -> (integer: Int, rest: Int) {
    // A cell without digits (a heading, `-`) ends where the integer parts end.
    let width = TextWidth.columns(of: cell)
    guard cell.contains(where: \.isNumber) else { return (width, 0) }
    let integer = cell.prefix { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "," }.count
    return (integer, width - integer)
  }

  /// C0 and C1 controls, the line and paragraph separators, and the bidirectional
  /// controls that could reorder what a terminal shows.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// The width and integer part of one cell (see ``splitAtPoint(_:)``); a cell of ASCII
  /// alone is measured from its bytes.
  /// Internal (not private) for the appending in `TextTable.swift`, which uses it.
  static func measure(_ cell: String, decimal: Bool) -> (width: Int, integer: Int) {
    var cell = cell
    let ascii = cell.withUTF8 { bytes -> (width: Int, integer: Int)? in
      bytes.allSatisfy { $0 < 0x80 } ? measureASCII(bytes) : nil
    }
    if let ascii { return ascii }
    let width = TextWidth.columns(of: cell)
    guard decimal else { return (width, width) }
    return (width, splitAtPoint(cell).integer)
  }

  /// ``measure(_:decimal:)`` of a cell of ASCII alone, from its bytes.
  /// Internal (not private) for the appending in `TextTable.swift`, which uses it.
  @inline(__always)
  static func measureASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, integer: Int) {
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    // The integer part: digits, signs and group separators from the start.
    var integer = 0
    var hasDigit = false
    while integer < bytes.count {
      let byte = bytes[integer]
      if isDigit(byte) {
        hasDigit = true
      } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") && byte != UInt8(ascii: ",") {
        break
      }
      integer &+= 1
    }
    // A cell without digits (a heading, `-`) ends where the integer parts end.
    if !hasDigit && !bytes[integer...].contains(where: isDigit) { return (bytes.count, bytes.count) }
    return (bytes.count, integer)
  }
}
