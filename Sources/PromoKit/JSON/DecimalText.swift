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
    return Self.withDigits(of: magnitude, negative: significand < 0, places: places, body)
  }

  /// Calls `body` with the text of `magnitude` with a point before its last `places`
  /// digits (at most 36) and at least one digit before the point (zeros in front as
  /// needed), after a `-` when `negative`: the one layout of a decimal as bytes, written
  /// from the last digit back on the stack.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  @inline(__always)
  package static func withDigits<Result>(
    of magnitude: UInt64, negative: Bool, places: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    // At most 36 places and one digit before them (or 20 digits), a point and a sign fit
    // in 40 bytes.
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &text) { buffer in
      var position = buffer.count
      var rest = magnitude
      // The places from the last (zeros once the digits run out), the point, then the
      // digits before it, at least one; each digit from one division.
      for _ in 0..<places {
        let quotient = rest / 10
        position &-= 1
        buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest &- quotient &* 10)
        rest = quotient
      }
      if places > 0 {
        position &-= 1
        buffer[position] = UInt8(ascii: ".")
      }
      repeat {
        let quotient = rest / 10
        position &-= 1
        buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest &- quotient &* 10)
        rest = quotient
      } while rest > 0
      if negative {
        position &-= 1
        buffer[position] = UInt8(ascii: "-")
      }
      return body(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[position...]))
    }
  }
}
