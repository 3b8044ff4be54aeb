import PromoKit
import Testing

@Suite("Instants order in time and print in UTC")
struct InstantTests {
  @Test("ordering by seconds, then nanoseconds")
  func ordering() {
    let a = Instant(secondsSinceEpoch: -1, nanoseconds: 999_999_999)
    let b = Instant(secondsSinceEpoch: 0)
    let c = Instant(secondsSinceEpoch: 0, nanoseconds: 1)
    let d = Instant(secondsSinceEpoch: 1)
    #expect(a < b)
    #expect(b < c)
    #expect(c < d)
    #expect(!(b < b))
    #expect([d, b, c, a].sorted() == [a, b, c, d])
    #expect(Fixture.instant("2026-11-01T00:00:00+08:00") < Fixture.instant("2026-11-01T00:00:00Z"))
    #expect(Fixture.instant("2026-11-01T00:00:00.1Z") < Fixture.instant("2026-11-01T00:00:00.10000001Z"))
  }

  @Test(
    "description is RFC 3339 in UTC, fraction without trailing zeros",
    arguments: [
      (Int64(1_795_320_000), Int32(0), "2026-11-22T04:00:00Z"),
      (1_795_320_000, 500_000_000, "2026-11-22T04:00:00.5Z"),
      (1_795_320_000, 120_000_000, "2026-11-22T04:00:00.12Z"),
      (1_795_320_000, 1, "2026-11-22T04:00:00.000000001Z"),
      (1_795_320_000, 123_456_789, "2026-11-22T04:00:00.123456789Z"),
      (1_795_320_000, 100, "2026-11-22T04:00:00.0000001Z"),
      (0, 0, "1970-01-01T00:00:00Z"),
      (-1, 0, "1969-12-31T23:59:59Z"),
      (-86_400, 0, "1969-12-31T00:00:00Z"),
      (-86_401, 0, "1969-12-30T23:59:59Z"),
      (951_782_400, 0, "2000-02-29T00:00:00Z"),
      (1_709_208_000, 0, "2024-02-29T12:00:00Z"),
      (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
      (253_402_300_799, 0, "9999-12-31T23:59:59Z"),
    ])
  func description(seconds: Int64, nanoseconds: Int32, expected: String) {
    #expect(Instant(secondsSinceEpoch: seconds, nanoseconds: nanoseconds).description == expected)
  }

  @Test("an offset timestamp prints as its UTC instant")
  func offsetToUTC() {
    #expect(Fixture.instant("2026-11-22T12:00:00+08:00").description == "2026-11-22T04:00:00Z")
    #expect(Fixture.instant("2026-11-01T00:00:00-05:30").description == "2026-11-01T05:30:00Z")
    #expect(Fixture.instant("2026-01-01T07:00:00.250+08:00").description == "2025-12-31T23:00:00.25Z")
  }

  @Test("description round-trips through Timestamp for every day of a leap year")
  func roundTrip() throws {
    let start = Fixture.instant("2024-01-01T00:00:00Z").secondsSinceEpoch
    for day in Int64(0)..<367 {
      let instant = Instant(secondsSinceEpoch: start + day * 86_400 + 3_723, nanoseconds: 40_000_000)
      let parsed = try Timestamp(parsing: instant.description)
      #expect(parsed.instant == instant)
    }
  }
}
