extension DecimalNumber {
  /// The text of ``formatted(minimumFractionDigits:)`` (the same characters: the tests
  /// hold the two together on random values), written digit by digit into one small
  /// string, for the renderers that format a value for every promotion of a big store.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package func plainText(minimumFractionDigits: Int) -> String {
    let places = max(scale, minimumFractionDigits)
    // Past 36 places (never for an amount of a store) the general formatter answers.
    guard places - scale <= 18, places <= 36 else {
      return formatted(minimumFractionDigits: minimumFractionDigits)
    }
    let (magnitude, overflow) = significand.magnitude.multipliedReportingOverflow(
      by: UInt64(Self.powerOfTen(places - scale)))
    if overflow { return formatted(minimumFractionDigits: minimumFractionDigits) }
    return String(unsafeUninitializedCapacity: 48) { buffer in
      // The digits from the last, with zeros in front so that one stands before the point.
      var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
      return withUnsafeMutableBytes(of: &digits) { scratch in
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
        return length
      }
    }
  }
}
