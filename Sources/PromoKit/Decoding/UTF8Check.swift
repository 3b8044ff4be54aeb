/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong form, no
/// surrogate, nothing above U+10FFFF), told without making a string: the check of every
/// name of a store at once (``PromotionNames``). ASCII, the common case, is passed over
/// eight bytes at a time.
///
///     UTF8Check.isValid(buffer)   // false for [0xC0, 0x80]: an overlong "\0"
enum UTF8Check {
  /// Whether `bytes` are well-formed UTF-8.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      // Eight bytes of ASCII at once.
      if index &+ 8 <= count,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index &+= 8
        continue
      }
      let lead = base[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      // How many bytes follow the lead, and the range the first of them must be in.
      let (following, low, high): (Int, UInt8, UInt8) =
        switch lead {
        case 0xC2...0xDF: (1, 0x80, 0xBF)
        case 0xE0: (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80, 0xBF)
        case 0xED: (2, 0x80, 0x9F)
        case 0xF0: (3, 0x90, 0xBF)
        case 0xF1...0xF3: (3, 0x80, 0xBF)
        case 0xF4: (3, 0x80, 0x8F)
        default: (0, 0, 0)
        }
      guard following > 0, index &+ following < count, (low...high).contains(base[index &+ 1]) else {
        return false
      }
      for offset in 2..<(following &+ 1) where base[index &+ offset] & 0xC0 != 0x80 { return false }
      index &+= following &+ 1
    }
    return true
  }
}
