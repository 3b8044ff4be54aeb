extension JSONParser {
  /// Decodes one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and
  /// values past U+10FFFF.
  mutating func parseUTF8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
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
