/// The usual form of a timestamp read at once: `2026-11-01T00:00:00+08:00` or
/// `2026-11-01T00:00:00Z`, the form `promo` writes and nearly every store holds. Any other
/// text (a fraction of a second, a lower-case `t` or `z`, a misplaced or missing field) is
/// left to the scanner, which reads every form and says what is wrong where.
extension Timestamp {
  /// The fields of a timestamp as written, their ranges not yet checked.
  package struct Fields: Equatable {
    package var year: Int64
    package var month: Int64
    package var day: Int64
    package var hour: Int64
    package var minute: Int64
    package var second: Int64
    /// The fraction of a second, in nanoseconds (0 in the usual form).
    package var nanoseconds: Int64 = 0
    package var offset: WrittenOffset
  }

  /// The fields of `bytes` when they are exactly the usual form with an offset in range
  /// (its hours up to 23, its minutes up to 59); `nil` otherwise. The date's and time's own
  /// ranges are not checked here.
  ///
  /// - Complexity: O(1): 20 or 25 bytes, each looked at once.
  package static func usualFields(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
    guard bytes.count == 20 || bytes.count == 25 else { return nil }
    // The separators where the form has them.
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
    else { return nil }
    guard let century = digits(bytes, at: 0), let yearOfCentury = digits(bytes, at: 2),
      let month = digits(bytes, at: 5), let day = digits(bytes, at: 8), let hour = digits(bytes, at: 11),
      let minute = digits(bytes, at: 14), let second = digits(bytes, at: 17)
    else { return nil }
    var fields = Fields(
      year: century * 100 + yearOfCentury, month: month, day: day, hour: hour, minute: minute,
      second: second, offset: .utc)
    if bytes.count == 20 { return bytes[19] == UInt8(ascii: "Z") ? fields : nil }
    let sign = bytes[19]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
      let hours = digits(bytes, at: 20), let minutes = digits(bytes, at: 23),
      let offset = WrittenOffset(behind: sign == UInt8(ascii: "-"), hours: hours, minutes: minutes)
    else { return nil }
    fields.offset = offset
    return fields
  }

  /// The two decimal digits at `index` as a number; `nil` when either is not a digit.
  @inline(__always)
  private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int64? {
    let (tens, ones) = (bytes[index] &- 48, bytes[index + 1] &- 48)
    guard tens <= 9, ones <= 9 else { return nil }
    return Int64(tens) * 10 + Int64(ones)
  }
}
