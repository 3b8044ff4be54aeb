extension DecimalNumber {
  /// The text of ``formatted(minimumFractionDigits:)`` (the same characters: the tests
  /// hold the two together on random values), written digit by digit into one small
  /// string, for the renderers that format a value for every promotion of a big store.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package func plainText(minimumFractionDigits: Int) -> String {
    withPlainText(minimumFractionDigits: minimumFractionDigits) { String(decoding: $0, as: UTF8.self) }
      ?? formatted(minimumFractionDigits: minimumFractionDigits)
  }

  /// Calls `body` with the bytes of ``formatted(minimumFractionDigits:)``, written digit
  /// by digit on the stack, and returns what it returns; `nil` (without calling it) for a
  /// value of more than 36 places or whose digits do not fit in 64 bits, which never is an
  /// amount of a store: the caller then uses ``formatted(minimumFractionDigits:)``.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package func withPlainText<Result>(
    minimumFractionDigits: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    let places = max(scale, minimumFractionDigits)
    guard places - scale <= 18, places <= 36 else { return nil }
    let (magnitude, overflow) = significand.magnitude.multipliedReportingOverflow(
      by: UInt64(Self.powerOfTen(places - scale)))
    if overflow { return nil }
    // The text is written from its end: at most 36 places and one digit before them (or
    // 20 digits), a point and a sign fit in 64 bytes.
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &text) { buffer in
      var position = buffer.count
      var rest = magnitude
      var written = 0
      // The digits from the last, the point after `places` of them, and zeros up to one
      // digit before the point.
      repeat {
        if written == places && places > 0 {
          position &-= 1
          buffer[position] = UInt8(ascii: ".")
        }
        position &-= 1
        buffer[position] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
        rest /= 10
        written &+= 1
      } while rest > 0 || written <= places
      if significand < 0 {
        position &-= 1
        buffer[position] = UInt8(ascii: "-")
      }
      return body(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[position...]))
    }
  }
}
