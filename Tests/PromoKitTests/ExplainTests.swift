import PromoKit
import PromoTestSupport
import Testing

@Suite("--explain outcomes (the documented rules)")
struct ExplainTests {
  static let now = Fixture.instant("2026-11-22T04:00:00Z")

  func considered(_ promotions: [Promotion], cents: Int64) throws -> (Quote, [String: PromotionOutcome]) {
    let calculator = try PriceCalculator(
      catalog: try Catalog(currency: Currency.valid("CNY"), promotions: promotions), at: Self.now)
    let order = Order.valid(id: "o", currency: Currency.valid("CNY"), amount: Fixture.cents(cents))
    let quote = try calculator.quote(for: order, explain: true)
    let list = try #require(quote.considered)
    #expect(list.map(\.id) == promotions.map(\.id))
    return (quote, Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.outcome) }))
  }

  @Test(
    "the codes presented that no promotion has are listed, each once, as written, with the explanation only")
  func unmatchedCodes() throws {
    let coded = try Promotion(
      id: "vip", kind: .discount, code: "VIP10",
      benefit: .percentOff(Percentage.valid(DecimalNumber(significand: 10))))
    let catalog = try Catalog(currency: Currency.valid("CNY"), promotions: [coded])
    let calculator = try PriceCalculator(
      catalog: catalog, context: PricingContext(instant: Self.now, codes: ["WELCOM", "vip10"]))
    let order = Order.valid(
      id: "o", currency: Currency.valid("CNY"), codes: ["welcom", "Spring", "VIP10"],
      amount: Fixture.cents(10_000))
    #expect(try calculator.quote(for: order, explain: true).unmatchedCodes == ["WELCOM", "Spring"])
    #expect(try calculator.quote(for: order).unmatchedCodes == nil)
  }

  @Test("every promotion is listed, in store order, with its outcome")
  func everyOutcome() throws {
    let promotions = [
      Fixture.discount("off", percent: "50", stackable: true, active: false),
      Fixture.discount("soon", percent: "50", startsAt: "2026-12-01T00:00:00+08:00"),
      Fixture.discount("over", percent: "50", endsAt: "2026-11-22T12:00:00+08:00"),
      Fixture.threshold("big", minimum: "500", amount: "100", stackable: true),
      Fixture.discount("d", percent: "10", stackable: true),
      Fixture.threshold("h", minimum: "100", amount: "15", stackable: true),
      Fixture.discount("plain", amount: "5"),
    ]
    let (quote, outcomes) = try considered(promotions, cents: 12_800)
    // d: 128.00 → 115.20; h: → 100.20.
    #expect(quote.plan.applied.map(\.id) == ["d", "h"])
    #expect(quote.total == Fixture.cents(10_020))
    #expect(quote.discount == Fixture.cents(2_780))
    #expect(outcomes["off"] == .inactive)
    #expect(outcomes["soon"] == .notStarted(startsAt: Fixture.timestamp("2026-12-01T00:00:00+08:00")))
    #expect(outcomes["over"] == .ended(endsAt: Fixture.timestamp("2026-11-22T12:00:00+08:00")))
    #expect(
      outcomes["big"]
        == .belowMinimum(
          MinimumShortfall(
            testedAgainst: Fixture.cents(12_800), minimumAmount: Fixture.decimal("500"),
            shortBy: Fixture.cents(37_200))))
    #expect(outcomes["d"] == .applied(discount: Fixture.cents(1_280)))
    #expect(outcomes["h"] == .applied(discount: Fixture.cents(1_500)))
    // plain can only stand alone: 128.00 − 5.00.
    #expect(
      outcomes["plain"] == .notBest(planTotal: Fixture.cents(10_020), bestTotalWith: Fixture.cents(12_300)))
    let names = try #require(quote.considered).map(\.outcome.name)
    #expect(names == ["inactive", "not-started", "ended", "below-minimum", "applied", "applied", "not-best"])
  }

  @Test("inactive is reported before the window")
  func inactiveBeforeWindow() throws {
    let (_, outcomes) = try considered(
      [
        Fixture.discount("a", percent: "5", active: false, startsAt: "2027-01-01T00:00:00Z"),
        Fixture.discount("b", percent: "5", active: false, endsAt: "2026-01-01T00:00:00Z"),
      ], cents: 1_000)
    #expect(outcomes["a"] == .inactive)
    #expect(outcomes["b"] == .inactive)
  }

  @Test("not-best names the chosen plan's total, also when it is a tie")
  func notBestOnTie() throws {
    let (quote, outcomes) = try considered(
      [Fixture.discount("b", amount: "10"), Fixture.discount("a", amount: "10")], cents: 10_000)
    #expect(quote.plan.applied.map(\.id) == ["a"])
    #expect(outcomes["a"] == .applied(discount: Fixture.cents(1_000)))
    #expect(outcomes["b"] == .notBest(planTotal: Fixture.cents(9_000), bestTotalWith: Fixture.cents(9_000)))
  }

  @Test("a threshold at exactly its minimum is not below it")
  func exactlyMinimum() throws {
    let (_, outcomes) = try considered(
      [Fixture.threshold("h", minimum: "100", amount: "15"), Fixture.discount("d", percent: "50")],
      cents: 10_000)
    #expect(outcomes["h"] == .notBest(planTotal: Fixture.cents(5_000), bestTotalWith: Fixture.cents(8_500)))
    #expect(outcomes["d"] == .applied(discount: Fixture.cents(5_000)))
    let (_, below) = try considered(
      [Fixture.threshold("h", minimum: "100", amount: "15"), Fixture.discount("d", percent: "50")],
      cents: 9_999)
    #expect(
      below["h"]
        == .belowMinimum(
          MinimumShortfall(
            testedAgainst: Fixture.cents(9_999), minimumAmount: Fixture.decimal("100"),
            shortBy: Fixture.cents(1))))
  }

  @Test("below-minimum names the minimum as written, even with more places than the currency")
  func minimumAsWritten() throws {
    let promotions = [Fixture.threshold("h", minimum: "99.995", amount: "10")]
    let (below, outcomes) = try considered(promotions, cents: 9_999)
    #expect(below.plan.applied.isEmpty)
    #expect(
      outcomes["h"]
        == .belowMinimum(
          MinimumShortfall(
            testedAgainst: Fixture.cents(9_999), minimumAmount: Fixture.decimal("99.995"),
            shortBy: Fixture.cents(1))))
    if case .belowMinimum(let shortfall) = outcomes["h"] {
      #expect(shortfall.minimumAmount?.description == "99.995")
    } else {
      Issue.record("expected below-minimum, got \(String(describing: outcomes["h"]))")
    }
    // 100.00 is the first amount in CNY that is not below 99.995.
    let (reached, applied) = try considered(promotions, cents: 10_000)
    #expect(reached.plan.applied.map(\.id) == ["h"])
    #expect(reached.total == Fixture.cents(9_000))
    #expect(applied["h"] == .applied(discount: Fixture.cents(1_000)))
  }

  @Test("no promotion applied: the plan is empty and every working one is not-best")
  func nothingApplied() throws {
    let (quote, outcomes) = try considered(
      [Fixture.discount("d", percent: "10"), Fixture.threshold("h", minimum: "0", amount: "5")], cents: 0)
    #expect(quote.plan.applied.isEmpty)
    #expect(quote.total == Fixture.cents(0))
    #expect(outcomes["d"] == .notBest(planTotal: Fixture.cents(0)))
    #expect(outcomes["h"] == .notBest(planTotal: Fixture.cents(0)))
  }

  @Test("an empty store explains nothing")
  func emptyStore() throws {
    let (quote, outcomes) = try considered([], cents: 1_000)
    #expect(quote.considered == [])
    #expect(outcomes.isEmpty)
  }

  @Test("outcome names are the contract's words")
  func outcomeNames() {
    let money = Fixture.cents(1)
    let stamp = Fixture.timestamp("2026-01-01T00:00:00Z")
    #expect(PromotionOutcome.applied(discount: money).name == "applied")
    #expect(PromotionOutcome.inactive.name == "inactive")
    #expect(PromotionOutcome.notStarted(startsAt: stamp).name == "not-started")
    #expect(PromotionOutcome.ended(endsAt: stamp).name == "ended")
    #expect(
      PromotionOutcome.belowMinimum(
        MinimumShortfall(testedAgainst: money, minimumAmount: Fixture.decimal("0.01"), shortBy: money)
      )
      .name
        == "below-minimum")
    #expect(PromotionOutcome.notBest(planTotal: money).name == "not-best")
  }
}
