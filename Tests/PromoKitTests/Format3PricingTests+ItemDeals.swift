import PromoKit
import Testing

/// Format-3 item deals: buy/get across lines (the cheapest units got, ties, limits, rounding,
/// too few units, other deals on the same lines) and maximumQuantity on each line.
extension Format3PricingTests {
  // MARK: Buy/get across lines

  @Test("across lines: the cheaper of two teapots is got at half price; a targeted threshold stacks")
  func acrossLinesCheapest() throws {
    let pots = try Promotion(
      id: "pot-2nd-half", kind: .item, target: F3.categories("teapot"),
      benefit: F3.buyGet(1, 1, percent: "50", across: true), isStackable: true)
    let order = try F3.order(
      [
        F3.line("pot-iron", "120.00", 1, ["teapot"]), F3.line("pot-clay", "80.00", 1, ["teapot"]),
        F3.line("tea-green", "25.00", 4, ["tea"]),
      ], shipping: "8.00")
    let alone = try F3.quote([pots], order)
    #expect(F3.applied(alone) == ["pot-2nd-half 40.00"])
    #expect(F3.lines(alone) == ["", "pot-2nd-half 40.00", ""])
    #expect(alone.total.description == "268.00")
    // With "spend 100 on tea, get 15 off": the tea line's 100.00 reaches it, the pots do
    // not count, and its 15.00 goes to the tea line alone.
    let tea = try Promotion(
      id: "tea-spend100-15", kind: .threshold, target: F3.categories("tea"), benefit: F3.amount("15.00"),
      minimumAmount: Fixture.decimal("100.00"), isStackable: true)
    let both = try F3.quote([pots, tea], order)
    #expect(F3.applied(both) == ["pot-2nd-half 40.00", "tea-spend100-15 15.00"])
    #expect(F3.lines(both) == ["", "pot-2nd-half 40.00", "tea-spend100-15 15.00"])
    #expect(both.total.description == "253.00")
    #expect(F3.shipping(both) == "8.00 - 0.00 = 8.00")
  }

  @Test("across lines: ties between equal prices go to the earlier line's units")
  func acrossLinesTies() throws {
    let pots = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"), benefit: F3.buyGet(1, 1, across: true))
    // 3 units, 1 got: all at 50.00, the first line's.
    let three = try F3.quote(
      [pots],
      F3.order([
        F3.line("a", "50.00", 1, ["teapot"]), F3.line("b", "50.00", 1, ["teapot"]),
        F3.line("c", "50.00", 1, ["teapot"]),
      ]))
    #expect(F3.lines(three) == ["pots 50.00", "", ""])
    // One unit at 30.00 and two at 30.00: the earlier line's unit, whichever line that is.
    let single = F3.line("single", "30.00", 1, ["teapot"])
    let double = F3.line("double", "30.00", 2, ["teapot"])
    #expect(F3.lines(try F3.quote([pots], F3.order([single, double]))) == ["pots 30.00", ""])
    #expect(F3.lines(try F3.quote([pots], F3.order([double, single]))) == ["pots 30.00", ""])
    // Cheapest first, whatever the order of the lines: buy 1 get 2 of [50, 30, 30, 50]
    // gets 2 units, the two at 30.00.
    let two = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"), benefit: F3.buyGet(1, 2, across: true))
    let four = try F3.quote(
      [two],
      F3.order([
        F3.line("a", "50.00", 1, ["teapot"]), F3.line("b", "30.00", 1, ["teapot"]),
        F3.line("c", "30.00", 1, ["teapot"]), F3.line("d", "50.00", 1, ["teapot"]),
      ]))
    #expect(F3.lines(four) == ["", "pots 30.00", "pots 30.00", ""])
  }

  @Test("across lines: maximumQuantity limits the units got in the whole order, not per line")
  func acrossLinesLimit() throws {
    let order = try F3.order([F3.line("x", "30.00", 4, ["teapot"]), F3.line("y", "20.00", 2, ["teapot"])])
    let capped = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"), benefit: F3.buyGet(1, 1, across: true),
      maximumQuantity: 2)
    // 6 units: 3 got without the limit (y, y, then one x: 70.00); 2 with it (y, y: 40.00).
    let quote = try F3.quote([capped], order)
    #expect(F3.lines(quote) == ["", "pots 40.00"])
    #expect(quote.total.description == "120.00")
    let free = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"), benefit: F3.buyGet(1, 1, across: true))
    #expect(F3.lines(try F3.quote([free], order)) == ["pots 30.00", "pots 40.00"])
  }

  @Test("across lines: a line whose units were only counted may take another deal; a got line may prefer one")
  func acrossLinesAndOtherDeals() throws {
    let pots = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"),
      benefit: F3.buyGet(1, 1, percent: "50", across: true))
    let iron = try Promotion(
      id: "iron-10", kind: .item, target: F3.skus("pot-iron"), benefit: F3.percent("10"))
    let lines = [F3.line("pot-iron", "120.00", 1, ["teapot"]), F3.line("pot-clay", "80.00", 1, ["teapot"])]
    // The iron pot's unit is counted, not got: it takes iron-10 (12.00); clay is got (40.00).
    let quote = try F3.quote([pots, iron], F3.order(lines))
    #expect(F3.applied(quote) == ["iron-10 12.00", "pots 40.00"])
    #expect(F3.lines(quote) == ["iron-10 12.00", "pots 40.00"])
    #expect(quote.total.description == "148.00")
    // A deal taking 60.00 off the clay pot beats the 40.00 it would get: pots applies to no
    // line it wins, so it is left out (not-best: it did apply to the clay line).
    let clay = try Promotion(
      id: "clay-20", kind: .item, target: F3.skus("pot-clay"), benefit: F3.fixed("20.00"))
    let beaten = try F3.quote([pots, clay], F3.order(lines))
    #expect(F3.applied(beaten) == ["clay-20 60.00"])
    #expect(F3.lines(beaten) == ["", "clay-20 60.00"])
    #expect(F3.outcomes(beaten)["pots"] == .notBest(planTotal: F3.money("140.00")))
  }

  @Test("across lines: each line's units got are priced once, round(n × u × p)")
  func acrossLinesRoundedPerLine() throws {
    let half = try Promotion(
      id: "half", kind: .item, benefit: F3.buyGet(1, 1, percent: "50", across: true))
    // 6 units of 0.33: 3 got on the one line, round(3 × 0.33 × 50%) = round(0.495) = 0.50.
    #expect(F3.lines(try F3.quote([half], F3.order([F3.line("a", "0.33", 6)]))) == ["half 0.50"])
    // Two lines of 3 units at 0.33: 3 got, the earlier line's 3 first: 0.50 and nothing.
    let two = try F3.quote([half], F3.order([F3.line("a", "0.33", 3), F3.line("b", "0.33", 3)]))
    #expect(F3.lines(two) == ["half 0.50", ""])
  }

  @Test("across lines with too few units to get one: no-eligible-line")
  func acrossLinesTooFew() throws {
    let pots = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"), benefit: F3.buyGet(2, 1, across: true))
    let quote = try F3.quote(
      [pots], F3.order([F3.line("a", "50.00", 1, ["teapot"]), F3.line("b", "40.00", 1, ["teapot"])]))
    #expect(quote.plan.applied.isEmpty)
    #expect(F3.outcomes(quote)["pots"] == .noEligibleLine)
  }

  // MARK: maximumQuantity per line

  @Test("maximumQuantity per line: percentOff, amountOff, fixedPrice and buy/get count at most m units")
  func unitLimitPerLine() throws {
    func shares(_ benefit: Benefit, _ limit: Int64, _ lines: [OrderItem]) throws -> [String] {
      let deal = try Promotion(id: "deal", kind: .item, benefit: benefit, maximumQuantity: limit)
      return F3.lines(try F3.quote([deal], F3.order(lines)))
    }
    // round(15.00 × 2 × 10%) = 3.00; round(20.00 × 2 × 10%) = 4.00.
    #expect(
      try shares(F3.percent("10"), 2, [F3.line("a", "15.00", 5), F3.line("b", "20.00", 3)])
        == ["deal 3.00", "deal 4.00"])
    // round(0.99 × 3 × 12.5%) = round(0.37125) = 0.37, once for the line.
    #expect(try shares(F3.percent("12.5"), 3, [F3.line("a", "0.99", 7)]) == ["deal 0.37"])
    // 2 × min(4.00, 3.00) = 6.00; 1 × min(4.00, 10.00) = 4.00.
    #expect(
      try shares(F3.amount("4.00"), 2, [F3.line("a", "3.00", 5), F3.line("b", "10.00", 1)])
        == ["deal 6.00", "deal 4.00"])
    // 3 × (25.00 − 10.00) = 45.00; 2 × (12.00 − 10.00) = 4.00.
    #expect(
      try shares(F3.fixed("10.00"), 3, [F3.line("a", "25.00", 5), F3.line("b", "12.00", 2)])
        == ["deal 45.00", "deal 4.00"])
    // buy 2 get 1 of 9: floor(9 / 3) = 3 units got, at most 1: 9.00; of 2: none.
    #expect(
      try shares(F3.buyGet(2, 1), 1, [F3.line("a", "9.00", 9), F3.line("b", "5.00", 2)]) == ["deal 9.00", ""])
    // buy 1 get 1 at 50% of 10, at most 3 got: round(3 × 8.00 × 50%) = 12.00.
    #expect(try shares(F3.buyGet(1, 1, percent: "50"), 3, [F3.line("a", "8.00", 10)]) == ["deal 12.00"])
  }
}
