/// How many terminal columns text takes: East Asian wide and full-width characters (汉字,
/// かな, 한글, full-width forms, most emoji) take two, combining marks and zero-width
/// characters none, everything else one. Tables use it so that `满100减15` or an order id in
/// Chinese does not push the columns after it out of line.
enum TextWidth {
  /// The columns `text` takes on a terminal.
  ///
  /// - Complexity: O(*n*) for *n* Unicode scalars.
  static func columns(of text: String) -> Int {
    // Plain ASCII, the common case, is one column a byte.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    return text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
  }

  /// The columns one scalar takes.
  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    // CJK ideographs and full-width forms, the common wide text (`满100减15`, `，`): letters
    // and punctuation, none of them a mark, so their category need not be looked up.
    if (0x4E00...0x9FFF).contains(value) || (0xFF00...0xFF60).contains(value) { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    for range in wideRanges where range.contains(value) { return 2 }
    return 1
  }

  /// The scalars a terminal shows two columns wide (East Asian Width W and F, in blocks).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
