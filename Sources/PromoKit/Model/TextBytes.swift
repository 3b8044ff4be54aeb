/// Text written as UTF-8 into a byte buffer piece by piece, without building a string for
/// each piece: where a promotion's banner (``Promotion/writeBanner(in:currency:to:)``) and
/// the cells of `promo list` are written. A string is made, when one is wanted, from the
/// bytes at the end, so that every text has one definition for both.
extension [UInt8] {
  /// Appends a literal's bytes.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inline(__always)
  package mutating func appendLiteral(_ literal: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8 bytes as they are.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inline(__always)
  package mutating func appendUTF8(of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends `value` as ``DecimalNumber/formatted(minimumFractionDigits:)`` writes it
  /// (`15.00`, `12.5`, `100`), digit by digit without a string.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package mutating func appendDecimal(_ value: DecimalNumber, minimumFractionDigits: Int) {
    let written: Void? = value.withPlainText(minimumFractionDigits: minimumFractionDigits) {
      append(contentsOf: $0)
    }
    if written == nil { appendUTF8(of: value.formatted(minimumFractionDigits: minimumFractionDigits)) }
  }

  /// Appends a whole number in decimal (`3`, `-12`), as `String(value)` writes it.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package mutating func appendInteger(_ value: Int64) {
    appendDecimal(DecimalNumber(significand: value), minimumFractionDigits: 0)
  }
}
