import PromoKit
import Testing

/// Which plan wins (the documented rules, 4.3): the tie-breaks between plans of equal totals,
/// and the best pair where taking the best discount and the best threshold would miss it.
extension PriceCalculatorTests {
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
}
