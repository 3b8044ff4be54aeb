extension ByteCursor {
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
    return utf8.withUnsafeBufferPointer(ByteCursor.validString)
  }
}
