import PromoKit
import PromoTestSupport
import Testing

@Suite("RFC 3339 timestamps with an explicit offset")
struct TimestampTests {
  @Test(
    "valid timestamps and the instant they name",
    arguments: [
      ("2026-11-22T04:00:00Z", Int64(1_795_320_000), Int32(0)),
      ("2026-11-22T04:00:00z", 1_795_320_000, 0),
      ("2026-11-22t04:00:00Z", 1_795_320_000, 0),
      ("2026-11-22t04:00:00z", 1_795_320_000, 0),
      ("2026-11-22T04:00:00+00:00", 1_795_320_000, 0),
      ("2026-11-22T04:00:00-00:00", 1_795_320_000, 0),
      ("2026-11-22T12:00:00+08:00", 1_795_320_000, 0),
      ("2026-11-21T22:30:00-05:30", 1_795_320_000, 0),
      ("2026-11-22T05:45:00+01:45", 1_795_320_000, 0),
      ("2026-11-01T00:00:00+08:00", 1_793_462_400, 0),
      ("2026-11-01T00:00:00-05:30", 1_793_511_000, 0),
      ("1970-01-01T00:00:00Z", 0, 0),
      ("1969-12-31T23:59:59Z", -1, 0),
      ("1970-01-01T00:00:00+23:59", -86_340, 0),
      ("2024-02-29T12:00:00Z", 1_709_208_000, 0),
      ("2000-02-29T00:00:00Z", 951_782_400, 0),
      ("0001-01-01T00:00:00Z", -62_135_596_800, 0),
      ("9999-12-31T23:59:59Z", 253_402_300_799, 0),
      ("2026-11-22T04:00:00.5Z", 1_795_320_000, 500_000_000),
      ("2026-11-22T04:00:00.000000001Z", 1_795_320_000, 1),
      ("2026-11-22T04:00:00.123456789Z", 1_795_320_000, 123_456_789),
      ("2026-11-22T04:00:00.120+00:00", 1_795_320_000, 120_000_000),
      ("2026-11-22T04:00:00.0Z", 1_795_320_000, 0),
      ("2026-11-22T12:00:00.75+08:00", 1_795_320_000, 750_000_000),
    ])
  func valid(text: String, seconds: Int64, nanoseconds: Int32) throws {
    let timestamp = try Timestamp(parsing: text)
    #expect(timestamp.instant == Instant(secondsSinceEpoch: seconds, nanoseconds: nanoseconds))
    #expect(timestamp.text == text)
    #expect(timestamp.description == text)
  }

  @Test(
    "malformed or out-of-range timestamps are refused",
    arguments: [
      "",  // empty
      "2026-11-22",  // date only
      "2026-11-22T04:00:00",  // no offset
      "2026-11-22T04:00:00.5",  // no offset after a fraction
      "2026-11-22T04:00",  // no seconds
      "2026-11-22T04:00Z",  // no seconds, with offset
      "2026-11-22 04:00:00Z",  // space instead of T
      "2026-11-22X04:00:00Z",
      "2026/11/22T04:00:00Z",
      "26-11-22T04:00:00Z",
      "2026-1-22T04:00:00Z",
      "+2026-11-22T04:00:00Z",
      "2026-11-22T04:00:00+0800",  // offset without a colon
      "2026-11-22T04:00:00+08",  // offset without minutes
      "2026-11-22T04:00:00+8:00",
      "2026-11-22T04:00:00+24:00",  // offset hour out of range
      "2026-11-22T04:00:00+08:60",  // offset minute out of range
      "2026-11-22T04:00:00UTC",
      "2026-11-22T04:00:00 Z",
      "2026-11-22T04:00:00ZZ",
      "2026-11-22T04:00:00Z ",
      " 2026-11-22T04:00:00Z",
      "2026-11-22T04:00:00.Z",  // a point without digits
      "2026-11-22T04:00:00.1234567890Z",  // ten fraction digits
      "2026-11-22T04:00:00,5Z",
      "2026-00-22T04:00:00Z",  // month 0
      "2026-13-01T00:00:00Z",  // month 13
      "2026-11-00T00:00:00Z",  // day 0
      "2026-01-32T00:00:00Z",
      "2026-04-31T00:00:00Z",  // April has 30 days
      "2026-06-31T00:00:00Z",
      "2026-09-31T00:00:00Z",
      "2026-11-31T00:00:00Z",
      "2026-02-29T00:00:00Z",  // 2026 is not a leap year
      "1900-02-29T00:00:00Z",  // 1900 is not a leap year
      "2024-02-30T00:00:00Z",
      "2026-11-22T24:00:00Z",  // hour 24
      "2026-11-22T23:60:00Z",  // minute 60
      "2026-12-31T23:59:60Z",  // leap second
      "2026-11-22T04:00:61Z",
      "0000-01-01T00:00:00Z",  // year 0
      "2026-11-22T04:00:00-",
      "2026-11-22T04:00:00+",
      "２０２６-11-22T04:00:00Z",
    ])
  func invalid(text: String) {
    #expect(throws: Timestamp.ParseError.self) { try Timestamp(parsing: text) }
  }

  @Test("leap days are accepted exactly on leap years")
  func leapYears() {
    for year in ["2000", "2024", "2028", "1600", "0004"] {
      #expect(throws: Never.self) { try Timestamp(parsing: "\(year)-02-29T00:00:00Z") }
    }
    for year in ["1900", "2100", "2026", "2025", "0001"] {
      #expect(throws: Timestamp.ParseError.self) { try Timestamp(parsing: "\(year)-02-29T00:00:00Z") }
    }
  }

  @Test("the last day of every month is accepted, the next one refused")
  func monthLengths() {
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for (index, length) in lengths.enumerated() {
      let month = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
      #expect(throws: Never.self) { try Timestamp(parsing: "2026-\(month)-\(length)T00:00:00Z") }
      #expect(throws: Timestamp.ParseError.self) {
        try Timestamp(parsing: "2026-\(month)-\(length + 1)T00:00:00Z")
      }
    }
  }

  @Test("the errors say what is wrong")
  func reasons() {
    func reason(_ text: String) -> String {
      do {
        _ = try Timestamp(parsing: text)
        return "accepted"
      } catch {
        return error.reason
      }
    }
    #expect(reason("2026-11-22T04:00:00").contains("offset"))
    #expect(reason("2026-11-22").contains("date without a time"))
    #expect(reason("2026-12-31T23:59:60Z").contains("leap second"))
    #expect(reason("2026-04-31T00:00:00Z").contains("day"))
    #expect(reason("2026-13-01T00:00:00Z").contains("month"))
    #expect(reason("2026-11-22T24:00:00Z").contains("hour"))
    #expect(reason("2026-11-22T23:60:00Z").contains("minute"))
    #expect(reason("2026-11-22T04:00:00.1234567890Z").contains("9 digits"))
  }

  @Test("the same instant written with different offsets is equal")
  func sameInstant() throws {
    let east = try Timestamp(parsing: "2026-11-01T00:00:00+08:00")
    let utc = try Timestamp(parsing: "2026-10-31T16:00:00Z")
    let west = try Timestamp(parsing: "2026-10-31T11:00:00-05:00")
    #expect(east.instant == utc.instant)
    #expect(west.instant == utc.instant)
    #expect(east.instant.description == "2026-10-31T16:00:00Z")
    #expect(east != utc)  // the text is kept
  }

  @Test("the usual form is written out again from its instant and offset, across years, days and offsets")
  func usualFormRoundTrip() throws {
    var generator = SplitMix64(seed: 3339)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    for _ in 0..<5_000 {
      let year = Int.random(in: 1...9999, using: &generator)
      let month = Int.random(in: 1...12, using: &generator)
      let day = Int.random(in: 1...28, using: &generator)
      let time =
        "\(two(Int.random(in: 0...23, using: &generator))):\(two(Int.random(in: 0...59, using: &generator)))"
        + ":\(two(Int.random(in: 0...59, using: &generator)))"
      let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
      let offsets = ["Z", "+00:00", "-00:00", "+08:00", "-05:30", "+23:59", "-23:59", "+01:45"]
      let offset = offsets[Int.random(in: 0..<offsets.count, using: &generator)]
      let text = "\(yearText)-\(two(month))-\(two(day))T\(time)\(offset)"
      let timestamp = try Timestamp(parsing: text)
      #expect(timestamp.text == text)
      var bytes = text
      let fromBytes = try bytes.withUTF8 { buffer in try Timestamp(parsing: buffer) }
      #expect(fromBytes == timestamp)
      #expect(fromBytes.text == text)
    }
  }

  @Test("two timestamps are equal exactly when their texts are")
  func equalityFollowsText() throws {
    let texts = [
      "2026-11-22T04:00:00Z", "2026-11-22T04:00:00z", "2026-11-22T04:00:00+00:00",
      "2026-11-22T04:00:00-00:00",
      "2026-11-22T04:00:00.0Z", "2026-11-22t04:00:00Z", "2026-11-22T12:00:00+08:00",
    ]
    for first in texts {
      for second in texts {
        let (left, right) = (try Timestamp(parsing: first), try Timestamp(parsing: second))
        #expect((left == right) == (first == second), "\(first) \(second)")
        if first == second { #expect(left.hashValue == right.hashValue) }
      }
    }
  }

  @Test(
    "the offset a timestamp is written with, in every form, and as a store writes it",
    arguments: [
      ("2026-11-22T04:00:00Z", "Z"), ("2026-11-22T04:00:00z", "Z"), ("2026-11-22T04:00:00.5Z", "Z"),
      ("2026-11-22T04:00:00+00:00", "+00:00"), ("2026-11-22T04:00:00-00:00", "-00:00"),
      ("2026-11-22T12:00:00+08:00", "+08:00"), ("2026-11-22t12:00:00+08:00", "+08:00"),
      ("2026-11-22T12:00:00.75+08:00", "+08:00"), ("2026-11-21T22:30:00-05:30", "-05:30"),
      ("1970-01-01T00:00:00+23:59", "+23:59"), ("1970-01-01T00:00:00-23:59", "-23:59"),
    ])
  func writtenOffset(text: String, offset: String) throws {
    let written = try Timestamp(parsing: text).writtenOffset
    #expect(written.text == offset)
    // Two timestamps share an offset exactly when its text is the same (`z` is `Z`).
    #expect(written == (try Timestamp(parsing: "2000-01-01T00:00:00" + offset).writtenOffset))
  }
}

@Suite("The usual form of a timestamp, read at once")
struct TimestampUsualFormTests {
  @Test(
    "what the usual form's reader accepts, the scanner reads the same; what it refuses is left to the scanner"
  )
  func agreesWithTheScanner() {
    var generator = SplitMix64(seed: 20_261_128)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let alphabet = Array("0123456789-:TtZz+.x ".utf8)
    var (accepted, refusedButScanned) = (0, 0)
    for _ in 0..<20_000 {
      // Fields in and out of their ranges, then often one byte changed, added or removed.
      let year = String(Int.random(in: 0...9999, using: &generator))
      var text =
        String(repeating: "0", count: 4 - year.count) + year + "-"
        + two(Int.random(in: 0...13, using: &generator))
        + "-" + two(Int.random(in: 0...32, using: &generator)) + "T"
        + two(Int.random(in: 0...24, using: &generator)) + ":"
        + two(Int.random(in: 0...60, using: &generator))
        + ":" + two(Int.random(in: 0...60, using: &generator))
      let offsets = ["Z", "+00:00", "-00:00", "+08:00", "-05:30", "+23:59", "-23:59", "+24:00", "-12:60"]
      text += offsets[Int.random(in: 0..<offsets.count, using: &generator)]
      var bytes = Array(text.utf8)
      switch Int.random(in: 0..<6, using: &generator) {
      case 0:
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = alphabet.randomElement(using: &generator)!
      case 1:
        bytes.insert(
          alphabet.randomElement(using: &generator)!, at: Int.random(in: 0...bytes.count, using: &generator))
      case 2: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
      case 3: bytes.insert(contentsOf: Array(".25".utf8), at: 19)  // a fraction of a second
      case 4: bytes[10] = UInt8(ascii: "t")
      default: break
      }
      bytes.withUnsafeBufferPointer { buffer in
        let scanned = try? Timestamp.scannedFields(buffer)
        if let usual = Timestamp.usualFields(buffer) {
          accepted += 1
          #expect(usual == scanned, "\(String(decoding: bytes, as: UTF8.self))")
        } else if scanned != nil {
          refusedButScanned += 1
          // Refused only when not exactly the usual form: a lower-case t or z, a fraction.
          #expect(
            bytes.contains(UInt8(ascii: "t")) || bytes.contains(UInt8(ascii: "z"))
              || bytes.contains(UInt8(ascii: ".")), "\(String(decoding: bytes, as: UTF8.self))")
        }
      }
    }
    // Both kinds of case were met.
    #expect(accepted > 1_000)
    #expect(refusedButScanned > 100)
  }
}

@Suite("The offsets a timestamp is written with, as slots")
struct WrittenOffsetSlotTests {
  @Test("every offset a timestamp can be written with has a slot of its own, below the count")
  func slotsAreDistinct() throws {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var texts = ["Z", "-00:00"]
    for hours in 0...23 {
      for minutes in 0...59 where hours + minutes > 0 {
        texts += ["+\(two(hours)):\(two(minutes))", "-\(two(hours)):\(two(minutes))"]
      }
    }
    texts.append("+00:00")
    var seen: Set<Int> = []
    for text in texts {
      let slot = try Timestamp(parsing: "2026-01-01T00:00:00" + text).writtenOffset.slot
      #expect((0..<Timestamp.WrittenOffset.count).contains(slot), "\(text)")
      #expect(seen.insert(slot).inserted, "\(text) shares a slot")
    }
    #expect(seen.count == Timestamp.WrittenOffset.count)
  }
}
