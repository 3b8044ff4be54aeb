extension ByteCursor {
  /// A JSON number literal's bytes (checked by the parser that reads them, whose grammar
  /// is JSON's).
  package mutating func numberLiteral() -> Bytes? {
    skipWhitespace()
    let start = index
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index &+= 1
      default:
        break scan
      }
    }
    return index > start ? bytes[start..<index] : nil
  }

  /// The literal of a decimal written as a JSON number or as a string such as `"12.50"`.
  @inline(__always)
  package mutating func decimalLiteral() -> Bytes? {
    peek(UInt8(ascii: "\"")) ? plainString() : numberLiteral()
  }

  /// A decimal written as a JSON number or as a string such as `"12.50"`.
  package mutating func decimal() -> DecimalNumber? {
    if let (digits, scale) = plainNumber() { return DecimalNumber(significand: digits, scale: scale) }
    guard let literal = decimalLiteral() else { return nil }
    return try? DecimalNumber(utf8: literal)
  }

  /// The next decimal (after white space) when it is written plainly, as a number or a
  /// string (`1219.00`, `"0.5"`, `7`: no sign, no exponent, no leading zero, at most 18
  /// digits): its digits as a whole number and how many of them follow the point, trailing
  /// zeros kept. Any other form answers `nil` and consumes nothing, for the caller to read
  /// it with ``decimalLiteral()`` and the full parser.
  @inline(__always)
  package mutating func plainNumber() -> (digits: Int64, scale: Int)? {
    skipWhitespace()
    let start = index
    let quoted = index < bytes.count && bytes[index] == UInt8(ascii: "\"")
    if quoted { index &+= 1 }
    let wholeStart = index
    var value: Int64 = 0
    while index < bytes.count, bytes[index] &- 48 < 10 {
      value = value &* 10 &+ Int64(bytes[index] &- 48)
      index &+= 1
    }
    let wholeCount = index &- wholeStart
    var scale = 0
    if wholeCount > 0, bytes[wholeStart] != 48 || wholeCount == 1, index < bytes.count,
      bytes[index] == UInt8(ascii: ".")
    {
      index &+= 1
      while index < bytes.count, bytes[index] &- 48 < 10 {
        value = value &* 10 &+ Int64(bytes[index] &- 48)
        scale &+= 1
        index &+= 1
      }
      if scale == 0 { index = start }
    }
    // At most 18 digits (and the point), so the value fits; then the end of the value: the
    // closing quote, or a byte no number literal holds.
    guard index != start, wholeCount > 0, bytes[wholeStart] != 48 || wholeCount == 1,
      index &- wholeStart <= 18
    else {
      index = start
      return nil
    }
    if quoted {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        index = start
        return nil
      }
      index &+= 1
    } else if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index = start
        return nil
      default: break
      }
    }
    return (value, scale)
  }

  /// A whole number written as plain digits (no sign, fraction, exponent or leading
  /// zero), in `range`.
  package mutating func integer(in range: ClosedRange<Int64>) -> Int64? {
    guard let literal = numberLiteral(), literal.count <= 18, literal.first != 48 else { return nil }
    var value: Int64 = 0
    for byte in literal {
      guard byte &- 48 < 10 else { return nil }
      value = value &* 10 &+ Int64(byte &- 48)
    }
    return range.contains(value) ? value : nil
  }
}
