import PromoKit
import PromoTestSupport
import Testing

@Suite("PriceCalculator picks the best plan (the documented rules)")
struct PriceCalculatorTests {
  static let now = Fixture.instant("2026-11-22T04:00:00Z")

  func plan(
    _ promotions: [Promotion], cents: Int64, currency: Currency? = nil, at instant: Instant = now
  ) throws -> PricingPlan {
    let calculator = try PriceCalculator(
      catalog: try Catalog(currency: currency, promotions: promotions), at: instant)
    let digits = currency.minorDigits
    return try calculator.bestPlan(
      for: Order(id: "o", currency: currency, amount: Money(minorUnits: Int128(cents), minorDigits: digits))
    )
  }

  func ids(_ plan: PricingPlan) -> [String] { plan.applied.map(\.id) }

  // MARK: Basics

  @Test("no promotion: the total is the subtotal")
  func noPromotion() throws {
    let best = try plan([], cents: 12_800)
    #expect(best.applied.isEmpty)
    #expect(best.total == Fixture.cents(12_800))
  }

  @Test("the documented store stacks the discount and the threshold")
  func specStore() throws {
    let autumn = Fixture.discount(
      "autumn-20", percent: "20", stackable: true, startsAt: "2026-11-01T00:00:00+08:00",
      endsAt: "2026-12-01T00:00:00+08:00")
    let spend = Fixture.threshold("spend100-save15", minimum: "100.00", amount: "15.00", stackable: true)
    let best = try plan([autumn, spend], cents: 12_800, currency: Currency.valid("CNY"))
    #expect(ids(best) == ["autumn-20", "spend100-save15"])
    #expect(best.applied.map(\.discount.description) == ["25.60", "15.00"])
    #expect(best.total.description == "87.40")
    // Without stacking, the better single one wins.
    let single = try plan(
      [
        Fixture.discount("autumn-20", percent: "20"),
        Fixture.threshold("spend", minimum: "100", amount: "15"),
      ],
      cents: 12_800)
    #expect(ids(single) == ["autumn-20"])
    #expect(single.total.description == "102.40")
  }

  @Test("a zero subtotal takes no promotion")
  func zeroSubtotal() throws {
    let best = try plan(
      [
        Fixture.discount("d", percent: "50", stackable: true),
        Fixture.threshold("h", minimum: "0", amount: "10", stackable: true),
      ], cents: 0)
    #expect(best.applied.isEmpty)
    #expect(best.total == Fixture.cents(0))
  }

  @Test("an amountOff larger than the amount takes the amount, never below zero")
  func cappedAtZero() throws {
    let best = try plan([Fixture.discount("big", amount: "500")], cents: 12_345)
    #expect(ids(best) == ["big"])
    #expect(best.applied[0].discount == Fixture.cents(12_345))
    #expect(best.total == Fixture.cents(0))
    let stacked = try plan(
      [
        Fixture.discount("d", amount: "100", stackable: true),
        Fixture.threshold("h", minimum: "0", amount: "100", stackable: true),
      ], cents: 5_000)
    // The discount alone reaches 0; the pair (with a threshold taking 0) is not better.
    #expect(ids(stacked) == ["d"])
    #expect(stacked.total == Fixture.cents(0))
  }

  // MARK: 4.1 Working promotions only

  @Test("non-working promotions never apply")
  func nonWorking() throws {
    let promotions = [
      Fixture.discount("off", percent: "100", active: false),
      Fixture.discount("soon", percent: "100", startsAt: "2026-11-22T04:00:00.000000001Z"),
      Fixture.discount("over", percent: "100", endsAt: "2026-11-22T04:00:00Z"),
      Fixture.threshold("off-h", minimum: "0", amount: "1000", stackable: true, active: false),
      Fixture.threshold(
        "soon-h", minimum: "0", amount: "1000", stackable: true, startsAt: "2027-01-01T00:00:00Z"),
      Fixture.discount("over-d", percent: "90", stackable: true, endsAt: "2026-11-22T12:00:00+08:00"),
    ]
    let best = try plan(promotions, cents: 10_000)
    #expect(best.applied.isEmpty)
    #expect(best.total == Fixture.cents(10_000))
  }

  @Test("a promotion applies from startsAt and up to (not at) endsAt")
  func windowEdges() throws {
    let promotion = Fixture.discount(
      "w", percent: "10", startsAt: "2026-11-01T00:00:00+08:00", endsAt: "2026-12-01T00:00:00+08:00")
    let atStart = try plan([promotion], cents: 1_000, at: Fixture.instant("2026-10-31T16:00:00Z"))
    #expect(ids(atStart) == ["w"])
    let before = try plan([promotion], cents: 1_000, at: Fixture.instant("2026-10-31T15:59:59.999Z"))
    #expect(before.applied.isEmpty)
    let atEnd = try plan([promotion], cents: 1_000, at: Fixture.instant("2026-11-30T16:00:00Z"))
    #expect(atEnd.applied.isEmpty)
    let justBefore = try plan(
      [promotion], cents: 1_000, at: Fixture.instant("2026-11-30T15:59:59.999999999Z"))
    #expect(ids(justBefore) == ["w"])
  }

  // MARK: 4.1 Threshold minimums

  @Test("a single threshold's minimum is tested against the subtotal, inclusively")
  func singleMinimum() throws {
    let threshold = Fixture.threshold("h", minimum: "100", amount: "15")
    #expect(try plan([threshold], cents: 9_999).applied.isEmpty)
    let at = try plan([threshold], cents: 10_000)
    #expect(ids(at) == ["h"])
    #expect(at.total == Fixture.cents(8_500))
  }

  @Test("a stacked threshold's minimum is tested against the discounted amount")
  func stackedMinimum() throws {
    let promotions = [
      Fixture.discount("d", percent: "1", stackable: true),
      Fixture.threshold("h", minimum: "100", amount: "10", stackable: true),
    ]
    // 100.00 → 99.00 after d: h no longer applies, so the pair is not a plan.
    let exact = try plan(promotions, cents: 10_000)
    #expect(ids(exact) == ["h"])
    #expect(exact.total == Fixture.cents(9_000))
    // 102.00 → 100.98 after d: the pair applies and wins (90.98 < 92.00).
    let above = try plan(promotions, cents: 10_200)
    #expect(ids(above) == ["d", "h"])
    #expect(above.applied.map(\.discount) == [Fixture.cents(102), Fixture.cents(1_000)])
    #expect(above.total == Fixture.cents(9_098))
    // 101.01 → 100.00 after d (1.0101 rounds to 1.01): the minimum is reached exactly.
    let boundary = try plan(promotions, cents: 10_101)
    #expect(ids(boundary) == ["d", "h"])
    #expect(boundary.total == Fixture.cents(9_000))
  }

  @Test("a stacked threshold's percentage is of the discounted amount")
  func stackedPercentage() throws {
    let best = try plan(
      [
        Fixture.discount("d", amount: "10", stackable: true),
        Fixture.threshold("h", minimum: "0", percent: "50", stackable: true),
      ], cents: 10_000)
    // H(D(S)) = 90 − 45 = 45 (D(H(S)) would be 40, but that order is not a plan).
    #expect(ids(best) == ["d", "h"])
    #expect(best.applied.map(\.discount) == [Fixture.cents(1_000), Fixture.cents(4_500)])
    #expect(best.total == Fixture.cents(4_500))
  }

  // MARK: 4.2 Which pairs exist

  @Test("two discounts never stack, however stackable")
  func twoDiscounts() throws {
    let best = try plan(
      [
        Fixture.discount("a", percent: "30", stackable: true),
        Fixture.discount("b", percent: "20", stackable: true),
      ],
      cents: 10_000)
    #expect(ids(best) == ["a"])
    #expect(best.total == Fixture.cents(7_000))
  }

  @Test("two thresholds never stack, however stackable")
  func twoThresholds() throws {
    let best = try plan(
      [
        Fixture.threshold("a", minimum: "0", amount: "30", stackable: true),
        Fixture.threshold("b", minimum: "0", amount: "20", stackable: true),
      ], cents: 10_000)
    #expect(ids(best) == ["a"])
    #expect(best.total == Fixture.cents(7_000))
  }

  @Test("a pair needs both promotions to be stackable")
  func bothStackable() throws {
    let onlyDiscount = try plan(
      [
        Fixture.discount("d", amount: "10", stackable: true),
        Fixture.threshold("h", minimum: "0", amount: "20", stackable: false),
      ], cents: 10_000)
    #expect(ids(onlyDiscount) == ["h"])
    let onlyThreshold = try plan(
      [
        Fixture.discount("d", amount: "10", stackable: false),
        Fixture.threshold("h", minimum: "0", amount: "20", stackable: true),
      ], cents: 10_000)
    #expect(ids(onlyThreshold) == ["h"])
    let both = try plan(
      [
        Fixture.discount("d", amount: "10", stackable: true),
        Fixture.threshold("h", minimum: "0", amount: "20", stackable: true),
      ], cents: 10_000)
    #expect(ids(both) == ["d", "h"])
    #expect(both.total == Fixture.cents(7_000))
  }

  @Test("a pair needs both promotions to be working")
  func bothWorking() throws {
    let best = try plan(
      [
        Fixture.discount("d", amount: "10", stackable: true, active: false),
        Fixture.threshold("h", minimum: "0", amount: "20", stackable: true),
      ], cents: 10_000)
    #expect(ids(best) == ["h"])
  }
}
