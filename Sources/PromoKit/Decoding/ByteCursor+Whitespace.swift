extension ByteCursor {
  /// Skips JSON white space: one space alone (the commonest run, after a colon) at once, a
  /// line feed and up to 7 spaces (the canonical indentation of a promotion and its
  /// members) with one word load, else eight bytes at a time while they are spaces and line
  /// feeds, then byte by byte.
  @inline(__always)
  package mutating func skipWhitespace() {
    guard index < bytes.count, bytes[index] <= 0x20 else { return }
    if bytes[index] == 0x20, index &+ 1 < bytes.count, bytes[index &+ 1] > 0x20 {
      index &+= 1
      return
    }
    if bytes[index] == 0x0A, index &+ 9 <= bytes.count {
      // The spaces after the line feed are the word's low bytes that equal 0x20: the
      // lowest set bit of the word XOR spaces lies in the first byte that is not one.
      let spaces = (word(at: index &+ 1) ^ 0x2020_2020_2020_2020).trailingZeroBitCount >> 3
      if spaces < 8, bytes[index &+ 1 &+ spaces] > 0x20 {
        index &+= 1 &+ spaces
        return
      }
    }
    skipWhitespaceRun()
  }

  /// Skips a run of white space of any length.
  package mutating func skipWhitespaceRun() {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    while index &+ 8 <= bytes.count {
      let word = word(at: index)
      // Exactly the bytes that are a space or a line feed get their high bit set.
      let space = word ^ (ones &* 0x20)
      let newline = word ^ (ones &* 0x0A)
      let isSpace = ~(((space & low) &+ low) | space | low)
      let isNewline = ~(((newline & low) &+ low) | newline | low)
      let other = ~(isSpace | isNewline) & (ones &* 0x80)
      if other == 0 {
        index &+= 8
        continue
      }
      index &+= other.trailingZeroBitCount >> 3
      break
    }
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x09, 0x0D: index &+= 1
      default: return
      }
    }
  }
}
