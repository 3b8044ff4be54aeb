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
    // At most 20 digits, 18 zeros before them, a sign and a point: 40 bytes each.
    var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &digits) { scratch in
      withUnsafeMutableBytes(of: &text) { buffer in
        // The digits from the last, with zeros in front so that one stands before the point.
        var rest = magnitude
        var count = 0
        repeat {
          scratch[count] = UInt8(48 + rest % 10)
          rest /= 10
          count += 1
        } while rest > 0
        while places > 0 && count <= places {
          scratch[count] = 48
          count += 1
        }
        var length = 0
        if significand < 0 {
          buffer[length] = UInt8(ascii: "-")
          length += 1
        }
        for position in stride(from: count - 1, through: 0, by: -1) {
          if position == places - 1 {
            buffer[length] = UInt8(ascii: ".")
            length += 1
          }
          buffer[length] = scratch[position]
          length += 1
        }
        return body(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[..<length]))
      }
    }
  }
}
