import PromoTestSupport

/// One byte of a text dropped, changed or inserted (JSON punctuation, a space, a digit or a
/// quote), drawn from a seeded generator: how the fast paths' tests make input that is
/// nearly valid, which each fast path must refuse or read as the full decoder does.
///
///     var generator = SplitMix64(seed: 7)
///     OneByteDamage.applied(to: #"{"id":"a"}"#, &generator)   // e.g. {"id""a"}
enum OneByteDamage {
  /// `text` (not empty) with one byte dropped, changed or inserted.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  static func applied(to text: String, _ generator: inout SplitMix64) -> String {
    var bytes = Array(text.utf8)
    let position = Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: bytes.remove(at: position)
    case 1: bytes[position] = UInt8.random(in: 0...255, using: &generator)
    default:
      let inserted = Array(#",:{}[]" 0\"#.utf8)
      bytes.insert(inserted[Int.random(in: 0..<inserted.count, using: &generator)], at: position)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
