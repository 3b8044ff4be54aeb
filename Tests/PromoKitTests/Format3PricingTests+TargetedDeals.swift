import PromoKit
import Testing

/// Format-3 discounts and thresholds targeted at some lines: their base, minimum and
/// rounding on those lines only, how they divide among them, and how they stack.
extension Format3PricingTests {
  // MARK: Targeted order deals

  @Test("a targeted discount: its base is the targeted lines' amounts, its discount theirs alone")
  func targetedDiscount() throws {
    let order = try F3.order([F3.line("tea-green", "25.00", 2, ["tea"]), F3.line("pot-iron", "120.00", 1)])
    let tea10 = try Promotion(
      id: "tea-10", kind: .discount, target: F3.categories("tea"), benefit: F3.percent("10"))
    let quote = try F3.quote([tea10], order)
    #expect(F3.applied(quote) == ["tea-10 5.00"])
    #expect(F3.lines(quote) == ["tea-10 5.00", ""])
    #expect(quote.total.description == "165.00")
    // An amount off larger than the targeted lines takes what they come to, no more.
    let tea80 = try Promotion(
      id: "tea-80", kind: .discount, target: F3.categories("tea"), benefit: F3.amount("80.00"))
    let capped = try F3.quote([tea80], order)
    #expect(F3.lines(capped) == ["tea-80 50.00", ""])
    #expect(capped.total.description == "120.00")
  }

  @Test("a targeted threshold: divided among its lines by largest remainder, untargeted lines get nothing")
  func targetedThresholdAllocation() throws {
    let tea10 = try Promotion(
      id: "tea-10", kind: .threshold, target: F3.categories("tea"), benefit: F3.amount("10.00"),
      minimumAmount: Fixture.decimal("0"))
    let quote = try F3.quote(
      [tea10],
      F3.order([
        F3.line("tea-a", "10.00", 1, ["tea"]), F3.line("pot", "50.00", 1),
        F3.line("tea-b", "20.00", 1, ["tea"]),
      ]))
    // 10.00 over 10.00 : 20.00 → 3.333… and 6.666…: the missing cent to the larger remainder.
    #expect(F3.lines(quote) == ["tea-10 3.33", "", "tea-10 6.67"])
    #expect(quote.total.description == "70.00")
  }

  @Test("a targeted threshold tests its minimum on its lines only: below it although the order is above")
  func targetedThresholdMinimum() throws {
    let tea = try Promotion(
      id: "tea-spend100-15", kind: .threshold, target: F3.categories("tea"), benefit: F3.amount("15.00"),
      minimumAmount: Fixture.decimal("100.00"))
    let quote = try F3.quote(
      [tea], F3.order([F3.line("tea-green", "25.00", 3, ["tea"]), F3.line("pot-iron", "120.00", 1)]))
    #expect(quote.plan.applied.isEmpty)
    let shortfall = F3.shortfall(F3.outcomes(quote)["tea-spend100-15"])
    #expect(shortfall?.testedAgainst.description == "75.00")
    #expect(shortfall?.shortBy?.description == "25.00")
    #expect(shortfall?.minimumAmount == Fixture.decimal("100.00"))
  }

  @Test("stacked: a targeted threshold's base and minimum are taken after the discount's shares")
  func stackedTargetedThreshold() throws {
    let d20 = try Promotion(id: "d20", kind: .discount, benefit: F3.percent("20"), isStackable: true)
    let tea = try Promotion(
      id: "tea50-10", kind: .threshold, target: F3.categories("tea"), benefit: F3.amount("10.00"),
      minimumAmount: Fixture.decimal("50.00"), isStackable: true)
    // Tea 60.00, pot 40.00: d20 takes 12.00 of the tea and 8.00 of the pot, leaving tea at
    // 48.00, below 50.00: the pair cannot stack, d20 alone (80.00) beats tea50-10 alone (90.00).
    let short = try F3.quote(
      [d20, tea], F3.order([F3.line("tea", "30.00", 2, ["tea"]), F3.line("pot", "40.00", 1)]))
    #expect(F3.applied(short) == ["d20 20.00"])
    #expect(short.total.description == "80.00")
    #expect(
      F3.outcomes(short)["tea50-10"]
        == .notBest(planTotal: F3.money("80.00"), bestTotalWith: F3.money("90.00")))
    // Tea 90.00: d20 takes 18.00 + 8.00; tea is left at 72.00 and tea50-10 takes 10.00 of it.
    let stacked = try F3.quote(
      [d20, tea], F3.order([F3.line("tea", "30.00", 3, ["tea"]), F3.line("pot", "40.00", 1)]))
    #expect(F3.applied(stacked) == ["d20 26.00", "tea50-10 10.00"])
    #expect(F3.lines(stacked) == ["d20 18.00, tea50-10 10.00", "d20 8.00"])
    #expect(stacked.total.description == "94.00")
  }

  @Test("a targeted discount after the item stage: its base is what the item deals left of its lines")
  func targetedAfterItemStage() throws {
    let teaOff = try Promotion(
      id: "tea-less-10", kind: .item, target: F3.categories("tea"), benefit: F3.amount("10.00"),
      maximumQuantity: 1, isStackable: true)
    let tea10 = try Promotion(
      id: "tea-10", kind: .discount, target: F3.categories("tea"), benefit: F3.percent("10"),
      isStackable: true)
    // Tea 50.00 less 10.00 is 40.00: 10% of it is 4.00; the pot keeps its 100.00.
    let quote = try F3.quote(
      [teaOff, tea10], F3.order([F3.line("tea", "25.00", 2, ["tea"]), F3.line("pot", "100.00", 1)]))
    #expect(F3.applied(quote) == ["tea-less-10 10.00", "tea-10 4.00"])
    #expect(F3.lines(quote) == ["tea-less-10 10.00, tea-10 4.00", ""])
    #expect(quote.total.description == "136.00")
  }

  @Test("a targeted percentage is rounded once on its base and capped by maximumDiscount")
  func targetedPercentRoundedOnceAndCapped() throws {
    // 12.5% of 0.33 + 0.33 + 0.33 (0.99) is 0.12375 → 0.12, not 3 × 0.04.
    let tea = try Promotion(
      id: "tea-12.5", kind: .discount, target: F3.categories("tea"), benefit: F3.percent("12.5"))
    let lines = [
      F3.line("a", "0.33", 1, ["tea"]), F3.line("b", "0.33", 1, ["tea"]), F3.line("c", "0.33", 1, ["tea"]),
      F3.line("pot", "5.00", 1),
    ]
    let quote = try F3.quote([tea], F3.order(lines))
    #expect(F3.applied(quote) == ["tea-12.5 0.12"])
    #expect(F3.lines(quote) == ["tea-12.5 0.04", "tea-12.5 0.04", "tea-12.5 0.04", ""])
    let capped = try Promotion(
      id: "tea-50", kind: .threshold, target: F3.categories("tea"), benefit: F3.percent("50"),
      minimumAmount: Fixture.decimal("0.50"), maximumDiscount: Fixture.decimal("0.20"))
    #expect(F3.applied(try F3.quote([capped], F3.order(lines))) == ["tea-50 0.20"])
  }

  @Test("stacked deals targeted at different lines: the threshold's base is its own lines only")
  func stackedDifferentTargets() throws {
    let tea = try Promotion(
      id: "tea-half", kind: .discount, target: F3.categories("tea"), benefit: F3.percent("50"),
      isStackable: true)
    let pot = try Promotion(
      id: "pot-10", kind: .threshold, target: F3.categories("pot"), benefit: F3.percent("10"),
      minimumAmount: Fixture.decimal("100.00"), isStackable: true)
    // tea-half takes 50.00 of the tea; pot-10 takes 10% of the pot's untouched 100.00.
    let quote = try F3.quote(
      [tea, pot], F3.order([F3.line("tea", "100.00", 1, ["tea"]), F3.line("pot", "100.00", 1, ["pot"])]))
    #expect(F3.applied(quote) == ["tea-half 50.00", "pot-10 10.00"])
    #expect(F3.lines(quote) == ["tea-half 50.00", "pot-10 10.00"])
    #expect(quote.total.description == "140.00")
  }
}
