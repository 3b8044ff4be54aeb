import PromoKit
import Testing

@Suite("Promotion windows are half-open and status checks the switch first")
struct PromotionWindowTests {
  let windowed = Fixture.discount(
    "autumn", percent: "20", startsAt: "2026-11-01T00:00:00+08:00", endsAt: "2026-12-01T00:00:00+08:00")

  @Test("startsAt is inclusive, written with an offset or in UTC")
  func startInclusive() {
    #expect(windowed.isEffective(at: Fixture.instant("2026-11-01T00:00:00+08:00")))
    #expect(windowed.isEffective(at: Fixture.instant("2026-10-31T16:00:00Z")))
    #expect(windowed.status(at: Fixture.instant("2026-10-31T16:00:00Z")) == .working)
    #expect(!windowed.isEffective(at: Fixture.instant("2026-10-31T15:59:59.999999999Z")))
    #expect(windowed.status(at: Fixture.instant("2026-10-31T15:59:59.999999999Z")) == .notStarted)
    // Midnight UTC on Nov 1 is after the +08:00 start.
    #expect(windowed.isEffective(at: Fixture.instant("2026-11-01T00:00:00Z")))
    // 2026-10-31T23:00:00Z is 2026-11-01T07:00 in +08:00: inside.
    #expect(windowed.isEffective(at: Fixture.instant("2026-10-31T23:00:00Z")))
  }

  @Test("endsAt is exclusive, written with an offset or in UTC")
  func endExclusive() {
    #expect(!windowed.isEffective(at: Fixture.instant("2026-12-01T00:00:00+08:00")))
    #expect(!windowed.isEffective(at: Fixture.instant("2026-11-30T16:00:00Z")))
    #expect(windowed.status(at: Fixture.instant("2026-11-30T16:00:00Z")) == .ended)
    #expect(windowed.isEffective(at: Fixture.instant("2026-11-30T15:59:59.999999999Z")))
    #expect(windowed.status(at: Fixture.instant("2026-11-30T15:59:59Z")) == .working)
    // Nov 30 20:00 UTC is Dec 1 04:00 in +08:00: ended, although it is still November in UTC.
    #expect(windowed.status(at: Fixture.instant("2026-11-30T20:00:00Z")) == .ended)
  }

  @Test("a missing bound is unbounded")
  func openBounds() {
    let noStart = Fixture.discount("a", percent: "5", endsAt: "2026-01-01T00:00:00Z")
    let noEnd = Fixture.discount("b", percent: "5", startsAt: "2026-01-01T00:00:00Z")
    let none = Fixture.discount("c", percent: "5")
    let ancient = Fixture.instant("0001-01-01T00:00:00Z")
    let far = Fixture.instant("9999-12-31T23:59:59Z")
    #expect(noStart.isEffective(at: ancient))
    #expect(!noStart.isEffective(at: far))
    #expect(!noEnd.isEffective(at: ancient))
    #expect(noEnd.isEffective(at: far))
    #expect(none.isEffective(at: ancient))
    #expect(none.isEffective(at: far))
    #expect(none.status(at: far) == .working)
  }

  @Test("inactive comes before the window checks")
  func inactiveFirst() {
    let off = Fixture.discount(
      "off", percent: "20", active: false, startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z")
    #expect(off.status(at: Fixture.instant("2026-10-01T00:00:00Z")) == .inactive)
    #expect(off.status(at: Fixture.instant("2026-11-15T00:00:00Z")) == .inactive)
    #expect(off.status(at: Fixture.instant("2027-01-01T00:00:00Z")) == .inactive)
    #expect(off.isEffective(at: Fixture.instant("2026-11-15T00:00:00Z")))
    #expect(!off.isWorking(at: Fixture.instant("2026-11-15T00:00:00Z")))
  }

  @Test("working is active and effective")
  func working() {
    let at = Fixture.instant("2026-11-15T00:00:00Z")
    #expect(windowed.isWorking(at: at))
    #expect(!windowed.isWorking(at: Fixture.instant("2027-01-01T00:00:00Z")))
  }

  @Test("catalog filters by status")
  func catalogFilters() throws {
    let at = Fixture.instant("2026-11-15T00:00:00Z")
    let catalog = try Catalog(promotions: [
      windowed,
      Fixture.discount("off", percent: "5", active: false),
      Fixture.threshold("later", minimum: "10", amount: "1", startsAt: "2027-01-01T00:00:00Z"),
      Fixture.threshold("spend", minimum: "10", amount: "1"),
    ])
    #expect(catalog.working(at: at).map(\.id) == ["autumn", "spend"])
    #expect(catalog.effective(at: at).map(\.id) == ["autumn", "off", "spend"])
    #expect(catalog.ofKind(.threshold).map(\.id) == ["later", "spend"])
    #expect(catalog.promotion(id: "off")?.isActive == false)
    #expect(catalog.promotion(id: "nope") == nil)
  }

  @Test(
    "ids: 1 to 64 characters of A-Z a-z 0-9 . _ -",
    arguments: [
      ("a", true), ("autumn-20", true), ("A.b_c-9", true), (String(repeating: "x", count: 64), true),
      ("", false), (String(repeating: "x", count: 65), false), ("has space", false), ("é", false),
      ("a/b", false), ("a+b", false), ("a:b", false), ("ＡＢ", false), ("tab\t", false),
    ])
  func ids(id: String, valid: Bool) {
    #expect(Promotion.isValidID(id) == valid)
  }

  @Test("status names are the contract's words")
  func statusNames() {
    #expect(PromotionStatus.working.rawValue == "working")
    #expect(PromotionStatus.inactive.rawValue == "inactive")
    #expect(PromotionStatus.notStarted.rawValue == "not-started")
    #expect(PromotionStatus.ended.rawValue == "ended")
  }
}
