/// An RFC 3339 timestamp with an explicit offset, kept with the way it was written.
///
/// Keeping how it was written lets a store be rewritten byte for byte as the merchant
/// wrote it, while ``instant`` is what every comparison uses. Every timestamp keeps the
/// offset it is written with (``writtenOffset``); the usual form
/// (`2026-11-01T00:00:00+08:00`, or `Z`) is written out again from it when its ``text`` is
/// asked for, and only another form (a fraction of a second, a lower-case `t` or `z`)
/// keeps its text: a window on a third of 100,000 promotions held 4 MiB of timestamp text.
///
///     let start = try Timestamp(parsing: "2026-11-01T00:00:00+08:00")
///     start.instant.description   // "2026-10-31T16:00:00Z"
public struct Timestamp: Sendable, Hashable, CustomStringConvertible {
  /// The point in time it names.
  public let instant: Instant
  /// The offset it is written with.
  package let writtenOffset: WrittenOffset
  /// Its text, when it is not in the usual form (`nil` for the usual form).
  private let unusualText: String?

  /// The offset from UTC a timestamp is written with.
  package enum WrittenOffset: Hashable, Sendable {
    /// `Z` (or `z`).
    case utc
    /// `+HH:MM` or `-HH:MM`, `minutes` ahead of UTC (`+00:00` is 0).
    case ahead(minutes: Int16)
    /// `-00:00`: UTC, its local offset unknown (RFC 3339).
    case unknownLocal

    /// The offset written `+HH:MM` (or `-HH:MM` when `behind`), or `nil` when its hours
    /// are past 23 or its minutes past 59: the one rule of a numeric offset, which both
    /// readers ask. `-00:00` is ``unknownLocal``.
    init?(behind: Bool, hours: Int64, minutes: Int64) {
      guard (0...23).contains(hours), (0...59).contains(minutes) else { return nil }
      let total = Int16(hours * 60 + minutes)
      self = behind && total == 0 ? .unknownLocal : .ahead(minutes: behind ? -total : total)
    }

    /// How many offsets a timestamp can be written with: `Z`, `-00:00`, and every one from
    /// -23:59 to +23:59.
    package static let count = 2 + 2 * 1439 + 1

    /// Its place among the ``count`` offsets: `Z` 0, `-00:00` 1, then -23:59 to +23:59.
    package var slot: Int {
      switch self {
      case .utc: 0
      case .unknownLocal: 1
      case .ahead(let minutes): 2 + 1439 + Int(minutes)
      }
    }

    /// How far ahead of UTC the local time it is written in runs, in seconds.
    var seconds: Int64 {
      if case .ahead(let minutes) = self { return Int64(minutes) * 60 }
      return 0
    }

    /// As a store writes it: `Z`, `+08:00`, `-05:30`, `-00:00`.
    package var text: String {
      var text = ""
      withText { text = String(decoding: $0, as: UTF8.self) }
      return text
    }

    /// Calls `body` with ``text`` in UTF-8, written in 8 bytes on the stack.
    fileprivate func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      var storage: UInt64 = 0
      withUnsafeMutableBytes(of: &storage) { raw in
        let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
        body(UnsafeBufferPointer(start: text, count: write(at: text)))
      }
    }

    /// Writes ``text`` from `start` (at most 6 bytes); returns how many bytes it took.
    fileprivate func write(at start: UnsafeMutablePointer<UInt8>) -> Int {
      switch self {
      case .utc:
        start[0] = UInt8(ascii: "Z")
        return 1
      case .unknownLocal:
        start[0] = UInt8(ascii: "-")
        Timestamp.writeDigits(0, 2, at: start + 1)
        start[3] = UInt8(ascii: ":")
        Timestamp.writeDigits(0, 2, at: start + 4)
      case .ahead(let minutes):
        start[0] = minutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        Timestamp.writeDigits(Int64(abs(minutes)) / 60, 2, at: start + 1)
        start[3] = UInt8(ascii: ":")
        Timestamp.writeDigits(Int64(abs(minutes)) % 60, 2, at: start + 4)
      }
      return 6
    }
  }

  /// Why a text is not an RFC 3339 timestamp with an offset.
  public struct ParseError: Error, Sendable, Equatable {
    /// What is wrong, in words.
    public var reason: String
  }

  /// The text as it was written.
  public var text: String {
    if let unusualText { return unusualText }
    var text = ""
    withText { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  /// Calls `body` with the UTF-8 bytes of ``text``; the usual form is written out in a
  /// buffer on the stack, no string made. They are ASCII, none of them a quote or a
  /// backslash: a store writes them between quotes as they are. (Not generic: called from
  /// another module, a generic function runs unspecialized, three times slower.)
  package func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if var unusualText { return unusualText.withUTF8(body) }
    Self.withUsualForm(of: instant, offset: writtenOffset, body)
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`.
  ///
  /// `T` and `Z` may be lower case, as RFC 3339 allows. The year is 0001 through 9999,
  /// every field is range-checked (including the days of each month), the fraction has at
  /// most nine digits, and a leap second (`:60`) is refused.
  public init(parsing text: String) throws(ParseError) {
    // Read in the string's own bytes (a copy of them into an array was a third of the
    // time of each of a store's timestamps).
    var utf8 = text
    let parsed = utf8.withUTF8 { bytes in
      Result { () throws(ParseError) in try Self(parsing: bytes, text: text) }
    }
    self = try parsed.get()
  }

  /// Parses the UTF-8 `bytes` of a timestamp, as ``init(parsing:)`` does, making a string
  /// of them only when they are not in the usual form.
  package init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) {
    try self.init(parsing: bytes, text: nil)
  }

  /// Parses `bytes`, whose text is `text` when the caller has it as a string.
  private init(parsing bytes: UnsafeBufferPointer<UInt8>, text: String?) throws(ParseError) {
    let isUsual: Bool
    (instant, writtenOffset, isUsual) = try Self.instant(parsing: bytes)
    unusualText = isUsual ? nil : text ?? String(decoding: bytes, as: UTF8.self)
  }

  /// Calls `body` with the usual form of `instant` written with `offset`:
  /// `YYYY-MM-DDTHH:MM:SS` in local time, then the offset (`Z`, `+08:00`), written in 32
  /// bytes on the stack.
  private static func withUsualForm(
    of instant: Instant, offset: WrittenOffset, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let local = instant.secondsSinceEpoch + offset.seconds
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = local - days * 86_400
    let (year, month, day) = CivilDate.from(daysSinceEpoch: days)
    var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &storage) { raw in
      let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
      writeDigits(year, 4, at: text)
      text[4] = UInt8(ascii: "-")
      writeDigits(month, 2, at: text + 5)
      text[7] = UInt8(ascii: "-")
      writeDigits(day, 2, at: text + 8)
      text[10] = UInt8(ascii: "T")
      writeDigits(secondOfDay / 3600, 2, at: text + 11)
      text[13] = UInt8(ascii: ":")
      writeDigits(secondOfDay / 60 % 60, 2, at: text + 14)
      text[16] = UInt8(ascii: ":")
      writeDigits(secondOfDay % 60, 2, at: text + 17)
      body(UnsafeBufferPointer(start: text, count: 19 + offset.write(at: text + 19)))
    }
  }

  /// Writes `value` (not negative) in `width` decimal digits from `start`.
  @inline(__always)
  fileprivate static func writeDigits(_ value: Int64, _ width: Int, at start: UnsafeMutablePointer<UInt8>) {
    var rest = value
    for position in (0..<width).reversed() {
      start[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
      rest /= 10
    }
  }

  /// The instant the UTF-8 `bytes` of a timestamp name, the offset they are written with,
  /// and whether they are in the usual form: read at once (``usualFields(_:)``), any other
  /// form by the scanner.
  private static func instant(
    parsing bytes: UnsafeBufferPointer<UInt8>
  ) throws(ParseError) -> (instant: Instant, offset: WrittenOffset, isUsual: Bool) {
    // (Not `??`: its autoclosure would throw an untyped error.)
    let usual = usualFields(bytes)
    let fields: Fields
    if let usual { fields = usual } else { fields = try scannedFields(bytes) }
    try checkRanges(
      year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute,
      second: fields.second)
    let days = CivilDate.daysSinceEpoch(year: fields.year, month: fields.month, day: fields.day)
    let seconds =
      days * 86_400 + fields.hour * 3600 + fields.minute * 60 + fields.second - fields.offset.seconds
    return (
      Instant(secondsSinceEpoch: seconds, nanoseconds: Int32(fields.nanoseconds)), fields.offset, usual != nil
    )
  }

  /// The fields of `bytes` in any form RFC 3339 allows, read a field at a time, or the
  /// first thing wrong with them and where.
  package static func scannedFields(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Fields {
    var scanner = Scanner(bytes: bytes)
    try scanner.checkLength()
    let year = try scanner.number(4, "the year")
    try scanner.expect(UInt8(ascii: "-"), "'-' after the year")
    let month = try scanner.number(2, "the month")
    try scanner.expect(UInt8(ascii: "-"), "'-' after the month")
    let day = try scanner.number(2, "the day")
    try scanner.expect(UInt8(ascii: "T"), or: UInt8(ascii: "t"), "'T' between date and time")
    let hour = try scanner.number(2, "the hour")
    try scanner.expect(UInt8(ascii: ":"), "':' after the hour")
    let minute = try scanner.number(2, "the minute")
    try scanner.expect(UInt8(ascii: ":"), "':' after the minute")
    let second = try scanner.number(2, "the second")
    let nanoseconds = try scanner.fraction()
    let offset = try scanner.offset()
    guard scanner.isAtEnd else { throw ParseError(reason: "unexpected text after the offset") }
    return Fields(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      nanoseconds: nanoseconds,
      offset: offset)
  }

  /// Checks that each field of a date and time is in its range: the year 0001 or later,
  /// the day within its month, no leap second.
  private static func checkRanges(
    year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
  ) throws(ParseError) {
    guard year >= 1 else { throw ParseError(reason: "the year must be 0001 or later") }
    guard (1...12).contains(month) else { throw ParseError(reason: "the month \(month) is out of range") }
    guard day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
      throw ParseError(reason: "the day \(day) is out of range for that month")
    }
    guard hour <= 23 else { throw ParseError(reason: "the hour \(hour) is out of range") }
    guard minute <= 59 else { throw ParseError(reason: "the minute \(minute) is out of range") }
    guard second <= 59 else {
      throw ParseError(reason: "the second \(second) is out of range (leap seconds are not accepted)")
    }
  }

  /// Reads a timestamp's UTF-8 bytes from the start, a field at a time, throwing a
  /// ``ParseError`` that says what is wrong where.
  private struct Scanner {
    /// The text's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next field starts.
    var index = 0

    /// Whether every byte has been read.
    var isAtEnd: Bool { index == bytes.count }

    /// Throws unless the text is long enough for a date and a time (a date alone is
    /// told apart).
    func checkLength() throws(ParseError) {
      let shape = "write it like 2026-11-01T00:00:00+08:00 or 2026-11-01T00:00:00Z"
      guard bytes.count >= 19 else {
        if bytes.count == 10 {
          throw ParseError(reason: "a date without a time and offset; \(shape)")
        }
        throw ParseError(reason: "not an RFC 3339 timestamp; \(shape)")
      }
    }

    /// Reads `width` digits as a number; `field` names it in an error (a static string:
    /// a string is made of it only for the error).
    mutating func number(_ width: Int, _ field: StaticString) throws(ParseError) -> Int64 {
      guard bytes.count - index >= width else { throw ParseError(reason: "\(field) is missing") }
      var value: Int64 = 0
      for _ in 0..<width {
        let byte = bytes[index]
        guard byte >= 48 && byte <= 57 else { throw ParseError(reason: "\(field) must be \(width) digits") }
        value = value * 10 + Int64(byte - 48)
        index += 1
      }
      return value
    }

    /// Reads `separator` (or `other`, when given); `what` says what was expected in an
    /// error. (Two bytes rather than a list: a list is an allocation, and every timestamp
    /// of a store is read here.)
    mutating func expect(_ separator: UInt8, or other: UInt8? = nil, _ what: StaticString) throws(ParseError)
    {
      guard index < bytes.count, bytes[index] == separator || bytes[index] == other else {
        throw ParseError(reason: "expected \(what) at position \(index + 1)")
      }
      index += 1
    }

    /// Reads the fraction of a second, `.` and up to nine digits, if there is one: the
    /// nanoseconds it gives (0 without one).
    mutating func fraction() throws(ParseError) -> Int64 {
      var nanoseconds: Int64 = 0
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        var digits = 0
        while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
          digits += 1
          guard digits <= 9 else {
            throw ParseError(reason: "the fraction of a second has more than 9 digits")
          }
          nanoseconds = nanoseconds * 10 + Int64(bytes[index] - 48)
          index += 1
        }
        guard digits > 0 else { throw ParseError(reason: "a digit must follow the '.' of the seconds") }
        for _ in digits..<9 { nanoseconds *= 10 }
      }
      return nanoseconds
    }

    /// Reads the offset, `Z` or `+HH:MM` or `-HH:MM` (`-00:00`: the local offset unknown).
    mutating func offset() throws(ParseError) -> WrittenOffset {
      guard index < bytes.count else {
        throw ParseError(reason: "no UTC offset; add Z or +HH:MM (a time without an offset is ambiguous)")
      }
      switch bytes[index] {
      case UInt8(ascii: "Z"), UInt8(ascii: "z"):
        index += 1
        return .utc
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        let behind = bytes[index] == UInt8(ascii: "-")
        index += 1
        let offsetHour = try number(2, "the offset's hours")
        try expect(UInt8(ascii: ":"), "':' in the offset")
        let offsetMinute = try number(2, "the offset's minutes")
        guard let offset = WrittenOffset(behind: behind, hours: offsetHour, minutes: offsetMinute) else {
          throw ParseError(reason: "the UTC offset is out of range")
        }
        return offset
      default:
        throw ParseError(reason: "expected Z or an offset like +08:00 at position \(index + 1)")
      }
    }
  }

  /// The text as it was written.
  public var description: String { text }
}
