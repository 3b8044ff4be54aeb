import PromoLibc

extension ByteCursor {
  /// Consumes `byte` after optional white space.
  @inline(__always)
  package mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index &+= 1
    return true
  }

  /// Whether the next byte after white space is `byte` (not consumed).
  @inline(__always)
  package mutating func peek(_ byte: UInt8) -> Bool {
    skipWhitespace()
    return index < bytes.count && bytes[index] == byte
  }

  /// Consumes `literal` (not empty) when the bytes go on with it: the first byte compared
  /// alone, which tells most candidates apart, then the whole as ``equal(_:_:)`` does (two
  /// word loads up to 16 bytes). For the fixed pieces of a canonical layout.
  @inline(__always)
  package mutating func takeLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count &- index >= count, bytes[index] == literal.utf8Start.pointee,
      Self.equal(bytes[index..<(index &+ count)], literal)
    else {
      return false
    }
    index &+= count
    return true
  }

  /// Consumes `word` when the bytes go on with it.
  @inline(__always)
  package mutating func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count &- index >= count, let base = bytes.baseAddress,
      memcmp(base + index, word.utf8Start, count) == 0
    else { return false }
    index &+= count
    return true
  }
}
