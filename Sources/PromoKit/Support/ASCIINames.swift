/// Checks and case folding of short ASCII names (ids, coupon codes), asked of the string's
/// own bytes in one pass: a loop over `String.UTF8View` steps through its indices, several
/// times the cost, and these run for every promotion of a store read.
///
///     ASCIINames.isName("VIP10", maximumLength: 32) { $0 != UInt8(ascii: " ") }   // true
///     ASCIINames.capitalized("vip10")                                           // "VIP10"
enum ASCIINames {
  /// Whether `string` has 1 to `maximumLength` bytes, each one that `allowed` accepts.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inline(__always)
  static func isName(_ string: String, maximumLength: Int, allowed: (UInt8) -> Bool) -> Bool {
    let utf8 = string.utf8
    guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
    return utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where !allowed(byte) { return false }
      return true
    } ?? utf8.allSatisfy(allowed)
  }

  /// `string` with its small ASCII letters made capitals: `string` itself when it has none.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  static func capitalized(_ string: String) -> String {
    let isSmall = { (byte: UInt8) in byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    let utf8 = string.utf8
    let hasSmall =
      utf8.withContiguousStorageIfAvailable { $0.contains(where: isSmall) } ?? utf8.contains(where: isSmall)
    guard hasSmall else { return string }
    return String(decoding: utf8.map { isSmall($0) ? $0 - 32 : $0 }, as: UTF8.self)
  }
}
