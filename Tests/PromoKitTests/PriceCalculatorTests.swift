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

  // MARK: 4.3 Tie-breaks

  @Test("equal totals: fewer promotions win")
  func fewerPromotionsWin() throws {
    let best = try plan(
      [
        Fixture.discount("a", amount: "10", stackable: true),
        Fixture.threshold("b", minimum: "0", amount: "10", stackable: true),
        Fixture.discount("z", amount: "20"),
      ], cents: 10_000)
    #expect(ids(best) == ["z"])
    #expect(best.total == Fixture.cents(8_000))
  }

  @Test(
    "equal totals and counts: the lowest id as a byte string wins, whatever the store order",
    arguments: [
      (["a", "B"], "B"), (["b", "a"], "a"), (["a_", "a.", "a-"], "a-"), (["abc", "ab"], "ab"),
      (["a", "Z"], "Z"),
      (["9", "10"], "10"), (["z", "Z", "0", "_"], "0"), (["a.b", "a-b", "a_b", "aAb"], "a-b"),
    ])
  func lowestIDWins(ids storeOrder: [String], winner: String) throws {
    let promotions = storeOrder.map { Fixture.discount($0, amount: "10") }
    #expect(ids(try plan(promotions, cents: 10_000)) == [winner])
    #expect(ids(try plan(promotions.reversed(), cents: 10_000)) == [winner])
  }

  @Test("a discount and a threshold with equal totals: the lower id wins")
  func mixedKindTie() throws {
    let best = try plan(
      [Fixture.discount("spend", amount: "10"), Fixture.threshold("save", minimum: "50", amount: "10")],
      cents: 10_000)
    #expect(ids(best) == ["save"])
  }

  @Test("equal pairs: the lowest discount id, then the lowest threshold id")
  func pairTies() throws {
    let promotions = [
      Fixture.threshold("h2", minimum: "0", amount: "10", stackable: true),
      Fixture.discount("d2", amount: "10", stackable: true),
      Fixture.threshold("h1", minimum: "0", amount: "10", stackable: true),
      Fixture.discount("d1", amount: "10", stackable: true),
    ]
    let best = try plan(promotions, cents: 10_000)
    #expect(ids(best) == ["d1", "h1"])
    #expect(best.total == Fixture.cents(8_000))
  }

  @Test("pair ids compare in application order: the discount's id decides first")
  func pairApplicationOrder() throws {
    let promotions = [
      Fixture.discount("b", amount: "5", stackable: true),
      Fixture.discount("a", amount: "10", stackable: true),
      Fixture.threshold("c", minimum: "95", amount: "15", stackable: true),
      Fixture.threshold("z", minimum: "0", amount: "10", stackable: true),
    ]
    // a+z = 80 and b+c = 80 are the best totals; ["a", "z"] < ["b", "c"].
    let best = try plan(promotions, cents: 10_000)
    #expect(ids(best) == ["a", "z"])
    #expect(best.total == Fixture.cents(8_000))
  }

  // MARK: 4.3 Not greedy

  @Test("the best discount plus the best threshold is not the optimum; the calculator finds it")
  func greedyIsNotOptimal() throws {
    let promotions = [
      Fixture.discount("big", percent: "20", stackable: true),  // best discount: 100 → 80
      Fixture.discount("small", amount: "5", stackable: true),  // 100 → 95
      Fixture.threshold("h", minimum: "90", amount: "30", stackable: true),  // needs 90 after the discount
    ]
    // Greedy: big (80), then h does not apply → 80. Best single: h → 70. Optimum: small + h → 65.
    let best = try plan(promotions, cents: 10_000)
    #expect(ids(best) == ["small", "h"])
    #expect(best.total == Fixture.cents(6_500))
  }

  @Test("the best threshold at the subtotal is not the best one after the discount")
  func bestThresholdChanges() throws {
    let promotions = [
      Fixture.discount("d", percent: "10", stackable: true),  // 100 → 90
      Fixture.threshold("h-big", minimum: "100", amount: "25", stackable: true),  // best at 100: 75
      Fixture.threshold("h-mid", minimum: "50", amount: "20", stackable: true),  // applies at 90
    ]
    let best = try plan(promotions, cents: 10_000)
    #expect(ids(best) == ["d", "h-mid"])
    #expect(best.total == Fixture.cents(7_000))
  }

  @Test("a percentage threshold beats a larger fixed one once the amount is large")
  func percentVersusFixed() throws {
    let promotions = [
      Fixture.discount("d", amount: "1", stackable: true),
      Fixture.threshold("fixed", minimum: "10", amount: "50", stackable: true),
      Fixture.threshold("pct", minimum: "10", percent: "30", stackable: true),
    ]
    // 1000 → 999 → pct takes 299.70 (fixed only 50).
    let large = try plan(promotions, cents: 100_000)
    #expect(ids(large) == ["d", "pct"])
    #expect(large.total == Fixture.cents(69_930))
    // 100 → 99 → fixed takes 50 (pct only 29.70).
    let small = try plan(promotions, cents: 10_000)
    #expect(ids(small) == ["d", "fixed"])
    #expect(small.total == Fixture.cents(4_900))
  }

  // MARK: Currencies

  @Test("minor digits: JPY rounds to whole yen, KWD to fils")
  func currencies() throws {
    let yen = try plan(
      [Fixture.discount("d", percent: "15")], cents: 333, currency: Currency.valid("JPY"))
    #expect(yen.applied[0].discount.description == "50")  // 49.95 → 50
    #expect(yen.total.description == "283")
    let fils = try plan(
      [Fixture.discount("d", percent: "15")], cents: 333, currency: Currency.valid("KWD"))
    #expect(fils.applied[0].discount.description == "0.050")  // 0.04995 → 0.050
    #expect(fils.total.description == "0.283")
  }

  @Test("a store without a currency prices a JPY order when its amounts are whole")
  func storeWithoutCurrencyWholeAmounts() throws {
    let catalog = try Catalog(promotions: [
      Fixture.threshold("h", minimum: "100", amount: "15"),
      Fixture.discount("frac", amount: "0.5", active: false),  // not working: ignored
    ])
    let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
    let order = Order.valid(
      id: "o", currency: Currency.valid("JPY"), amount: Money(minorUnits: 100, minorDigits: 0))
    // The promotions prepared for yen are kept: the same plan every time, and fils (three
    // minor digits) in between get their own.
    let fils = Order.valid(
      id: "k", currency: Currency.valid("KWD"), amount: Money(minorUnits: 100_000, minorDigits: 3))
    for _ in 0..<3 {
      let best = try calculator.bestPlan(for: order)
      #expect(ids(best) == ["h"])
      #expect(best.total.description == "85")
      #expect(try calculator.bestPlan(for: fils).total.description == "85.000")
    }
  }

  @Test("a store without a currency cannot price a JPY order when a working amount has a fraction")
  func storeWithoutCurrencyFractionalAmount() throws {
    let catalog = try Catalog(promotions: [
      Fixture.discount("ok", percent: "10"),
      Fixture.discount("frac", amount: "0.5"),
    ])
    let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
    let order = Order.valid(
      id: "o", currency: Currency.valid("JPY"), amount: Money(minorUnits: 100, minorDigits: 0))
    // Every such order reports it, not only the first.
    for _ in 0..<2 {
      do {
        _ = try calculator.bestPlan(for: order)
        Issue.record("priced a JPY order with a 0.5 amountOff")
      } catch {
        #expect(error.category == .invalidData)
        #expect(error.position == "promotions[1].amountOff")
      }
    }
  }

  // MARK: Quotes

  @Test("a quote carries the order, subtotal, plan, discount, total and evaluation time")
  func quote() throws {
    let catalog = try Catalog(
      currency: Currency.valid("CNY"),
      promotions: [Fixture.discount("autumn-20", percent: "20")])
    let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
    let order = try Order(
      id: "A-1001", currency: Currency.valid("CNY"),
      items: [OrderItem(unitPrice: Fixture.cents(6_400), quantity: 2)])
    let quote = try calculator.quote(for: order)
    #expect(quote.order == "A-1001")
    #expect(quote.currency?.code == "CNY")
    #expect(quote.subtotal.description == "128.00")
    #expect(quote.plan.applied == [AppliedPromotion(id: "autumn-20", discount: Fixture.cents(2_560))])
    #expect(quote.discount.description == "25.60")
    #expect(quote.total.description == "102.40")
    #expect(quote.evaluatedAt == Self.now)
    #expect(quote.evaluatedAt.description == "2026-11-22T04:00:00Z")
    #expect(quote.considered == nil)
  }

  @Test("the applied promotion carries its name")
  func appliedName() throws {
    var promotion = Fixture.discount("n", percent: "10")
    promotion.name = "Ten percent"
    let best = try plan([promotion], cents: 1_000)
    #expect(best.applied.first?.name == "Ten percent")
  }
}
