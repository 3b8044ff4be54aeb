/// An instant read from RFC 3339 text: whole seconds since 1970 plus the exact fraction.
package struct RefInstant: Comparable, Sendable, CustomStringConvertible {
  /// Whole seconds since 1970-01-01T00:00:00Z.
  package var seconds: Int64
  /// The fraction of a second's decimal digits, without trailing zeros.
  package var fraction: [UInt8]

  /// Reads `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; a timestamp without an offset is an error.
  package init(rfc3339 text: String) throws(RefError) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) throws(RefError) -> Int64 {
      guard range.upperBound <= bytes.count else { throw RefError("timestamp too short: \(text)") }
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
          throw RefError("not a digit in timestamp: \(text)")
        }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    func expect(_ index: Int, _ allowed: String) throws(RefError) {
      guard index < bytes.count, allowed.utf8.contains(bytes[index]) else {
        throw RefError("malformed timestamp: \(text)")
      }
    }
    let year = try number(0..<4)
    try expect(4, "-")
    let month = try number(5..<7)
    try expect(7, "-")
    let day = try number(8..<10)
    try expect(10, "Tt")
    let hour = try number(11..<13)
    try expect(13, ":")
    let minute = try number(14..<16)
    try expect(16, ":")
    let second = try number(17..<19)
    var index = 19
    var fraction: [UInt8] = []
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        fraction.append(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
      guard !fraction.isEmpty else { throw RefError("empty fraction in timestamp: \(text)") }
    }
    while fraction.last == 0 { fraction.removeLast() }
    let offsetSeconds: Int64
    try expect(index, "Zz+-")
    if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
      offsetSeconds = 0
      index += 1
    } else {
      let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      let hours = try number((index + 1)..<(index + 3))
      try expect(index + 3, ":")
      let minutes = try number((index + 4)..<(index + 6))
      guard hours <= 23, minutes <= 59 else { throw RefError("bad offset in timestamp: \(text)") }
      offsetSeconds = sign * (hours * 3600 + minutes * 60)
      index += 6
    }
    guard index == bytes.count else { throw RefError("trailing text in timestamp: \(text)") }
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year), hour <= 23,
      minute <= 59, second <= 59
    else { throw RefError("out-of-range field in timestamp: \(text)") }
    seconds =
      Self.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
      - offsetSeconds
    self.fraction = fraction
  }

  /// An instant of whole seconds since 1970 and the fraction's decimal digits.
  package init(seconds: Int64, fraction: [UInt8] = []) {
    self.seconds = seconds
    var trimmed = fraction
    while trimmed.last == 0 { trimmed.removeLast() }
    self.fraction = trimmed
  }

  /// Whether `lhs` is earlier than `rhs`.
  package static func < (lhs: RefInstant, rhs: RefInstant) -> Bool {
    if lhs.seconds != rhs.seconds { return lhs.seconds < rhs.seconds }
    let length = max(lhs.fraction.count, rhs.fraction.count)
    let left = lhs.fraction + Array(repeating: 0, count: length - lhs.fraction.count)
    let right = rhs.fraction + Array(repeating: 0, count: length - rhs.fraction.count)
    return left.lexicographicallyPrecedes(right)
  }

  /// The instant in UTC: `2026-11-22T04:00:00Z`, with its fraction when it has one.
  package var description: String {
    Self.format(seconds: seconds, fraction: fraction, offsetMinutes: 0)
  }

  /// Formats an instant as RFC 3339 text with the given UTC offset (`Z` for 0).
  package static func format(seconds: Int64, fraction: [UInt8], offsetMinutes: Int64) -> String {
    let local = seconds + offsetMinutes * 60
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = local - days * 86_400
    let (year, month, day) = civil(days: days)
    func pad(_ value: Int64, _ width: Int = 2) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    var text = "\(pad(year, 4))-\(pad(month))-\(pad(day))T"
    text += "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))"
    if !fraction.isEmpty { text += "." + fraction.map(String.init).joined() }
    if offsetMinutes == 0 { return text + "Z" }
    let magnitude = abs(offsetMinutes)
    return text + (offsetMinutes < 0 ? "-" : "+") + "\(pad(magnitude / 60)):\(pad(magnitude % 60))"
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a civil date (the proleptic Gregorian calendar).
  private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count since 1970-01-01.
  private static func civil(days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
