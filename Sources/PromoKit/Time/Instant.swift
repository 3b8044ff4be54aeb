/// A point on the UTC time line: seconds since 1970-01-01T00:00:00Z plus nanoseconds.
///
/// Every date check takes an `Instant` from its caller (`at:`); the core never reads the
/// clock.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Whole seconds since the Unix epoch (negative before it).
  public var secondsSinceEpoch: Int64
  /// The fraction of a second, 0 through 999,999,999.
  public var nanoseconds: Int32

  /// Creates an instant; `nanoseconds` must be in 0..<1,000,000,000.
  public init(secondsSinceEpoch: Int64, nanoseconds: Int32 = 0) {
    precondition((0..<1_000_000_000).contains(nanoseconds), "nanoseconds out of range")
    self.secondsSinceEpoch = secondsSinceEpoch
    self.nanoseconds = nanoseconds
  }

  /// Whether the instant falls in the years 0001 through 9999 in UTC, the range RFC 3339
  /// can write.
  public var hasFourDigitYear: Bool {
    let first = CivilDate.daysSinceEpoch(year: 1, month: 1, day: 1) * 86_400
    let afterLast = CivilDate.daysSinceEpoch(year: 10_000, month: 1, day: 1) * 86_400
    return secondsSinceEpoch >= first && secondsSinceEpoch < afterLast
  }

  /// Orders instants in time.
  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    (lhs.secondsSinceEpoch, lhs.nanoseconds) < (rhs.secondsSinceEpoch, rhs.nanoseconds)
  }

  /// RFC 3339 in UTC, such as `2026-11-22T04:00:00Z`; a fraction is written only when it is
  /// not zero, without trailing zeros (`...T04:00:00.5Z`).
  public var description: String {
    let days = secondsSinceEpoch >= 0 ? secondsSinceEpoch / 86_400 : (secondsSinceEpoch - 86_399) / 86_400
    let secondOfDay = secondsSinceEpoch - days * 86_400
    let (year, month, day) = CivilDate.from(daysSinceEpoch: days)
    var text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
      + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    if nanoseconds != 0 {
      var fraction = pad(Int64(nanoseconds), 9)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "Z"
  }

  private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// Conversions between proleptic Gregorian dates and days since 1970-01-01.
///
/// These are Howard Hinnant's `days_from_civil` and `civil_from_days` algorithms.
enum CivilDate {
  /// Days since 1970-01-01 of a valid date.
  static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01.
  static func from(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The number of days in a month of a year.
  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
