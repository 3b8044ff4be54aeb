import PromoKit
import Testing

/// Store format 3 through the public API, every expectation worked out by hand from the
/// contract: the worked examples B-1 and B-2, then each format-3 rule of the documented rules on
/// its own.
@Suite("Format-3 pricing: worked examples and each rule by hand (the documented rules, format 3)")
struct Format3PricingTests {
  // MARK: Worked examples

  @Test("B-1: member-5, then tea-3-pieces on the tea line only, and free shipping: 171.00")
  func workedExampleB1() throws {
    let order = try F3.order(
      [F3.line("tea-green", "25.00", 3, ["tea"]), F3.line("pot-iron", "120.00", 1)], shipping: "12.00",
      groups: ["member"])
    let quote = try F3.quote(F3.storeB(), order)
    #expect(F3.applied(quote) == ["member-5 9.75", "tea-3-pieces 14.25", "ship-free-99 12.00"])
    #expect(quote.discount.description == "36.00")
    #expect(quote.total.description == "171.00")
    #expect(F3.shipping(quote) == "12.00 - 12.00 = 0.00")
    #expect(F3.lines(quote) == ["member-5 3.75, tea-3-pieces 14.25", "member-5 6.00"])
    #expect(quote.lines?.map(\.total.description) == ["57.00", "114.00"])
    let outcomes = F3.outcomes(quote)
    // member-5, every100-10 (10.00 of 185.25) and free shipping; ship-flat-5 stands alone.
    #expect(
      outcomes["every100-10"] == .notBest(planTotal: F3.money("171.00"), bestTotalWith: F3.money("175.25")))
    #expect(
      outcomes["ship-flat-5"] == .notBest(planTotal: F3.money("171.00"), bestTotalWith: F3.money("200.00")))
    #expect(outcomes["mug-19"] == .noEligibleLine)
    #expect(outcomes["member-5"] == .applied(discount: F3.money("9.75")))
  }

  @Test("B-2: mug-19 on 2 of 3 mugs stands alone, shipping paid in full: 89.00")
  func workedExampleB2() throws {
    let order = try F3.order([F3.line("mug-white", "39.00", 3)], shipping: "12.00")
    let quote = try F3.quote(F3.storeB(), order)
    #expect(F3.applied(quote) == ["mug-19 40.00"])
    #expect(quote.total.description == "89.00")
    #expect(quote.discount.description == "40.00")
    #expect(F3.shipping(quote) == "12.00 - 0.00 = 12.00")
    #expect(F3.lines(quote) == ["mug-19 40.00"])
    #expect(quote.lines?.first?.total.description == "77.00")
    let outcomes = F3.outcomes(quote)
    #expect(outcomes["member-5"] == .customerNotEligible)
    #expect(outcomes["tea-3-pieces"] == .noEligibleLine)
    // The stackable alternative, every100-10 with free shipping, 107.00; ship-flat-5 alone 122.00.
    #expect(
      outcomes["every100-10"] == .notBest(planTotal: F3.money("89.00"), bestTotalWith: F3.money("107.00")))
    #expect(
      outcomes["ship-free-99"] == .notBest(planTotal: F3.money("89.00"), bestTotalWith: F3.money("107.00")))
    #expect(
      outcomes["ship-flat-5"] == .notBest(planTotal: F3.money("89.00"), bestTotalWith: F3.money("122.00")))
  }

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

  // MARK: Quantity minimums

  @Test("minimumQuantity alone: units counted over the lines; below it, units and shortByQuantity")
  func quantityMinimum() throws {
    let three = try Promotion(id: "q3", kind: .threshold, benefit: F3.percent("10"), minimumQuantity: 3)
    let short = try F3.quote([three], F3.order([F3.line("a", "10.00", 2)]))
    #expect(short.plan.applied.isEmpty)
    let shortfall = try #require(F3.shortfall(F3.outcomes(short)["q3"]))
    #expect(shortfall.testedAgainst.description == "20.00")
    #expect(shortfall.units == 2)
    #expect(shortfall.minimumQuantity == 3)
    #expect(shortfall.shortByQuantity == 1)
    #expect(shortfall.minimumAmount == nil)
    let enough = try F3.quote([three], F3.order([F3.line("a", "10.00", 2), F3.line("b", "5.00", 1)]))
    #expect(F3.applied(enough) == ["q3 2.50"])
    #expect(F3.lines(enough) == ["q3 2.00", "q3 0.50"])
    // An empty order has 0 units.
    let empty = try F3.quote([three], F3.order([]))
    #expect(F3.shortfall(F3.outcomes(empty)["q3"])?.shortByQuantity == 3)
  }

  @Test("minimumQuantity with minimumAmount: both must be met, each shortfall reported")
  func quantityAndAmountMinimum() throws {
    let both = try Promotion(
      id: "both", kind: .threshold, benefit: F3.amount("5.00"), minimumAmount: Fixture.decimal("50.00"),
      minimumQuantity: 3)
    // 45.00 in 3 units: the amount is short.
    let amountShort = try F3.quote([both], F3.order([F3.line("a", "20.00", 2), F3.line("b", "5.00", 1)]))
    let byAmount = try #require(F3.shortfall(F3.outcomes(amountShort)["both"]))
    #expect(byAmount.shortBy?.description == "5.00")
    #expect(byAmount.units == 3)
    #expect((byAmount.shortByQuantity ?? 0) == 0)
    // 60.00 in 2 units: the units are short.
    let unitsShort = try F3.quote([both], F3.order([F3.line("a", "30.00", 2)]))
    let byUnits = try #require(F3.shortfall(F3.outcomes(unitsShort)["both"]))
    #expect(byUnits.shortByQuantity == 1)
    #expect((byUnits.shortBy?.minorUnits ?? 0) == 0)
    // 50.00 in 4 units: both met.
    let met = try F3.quote([both], F3.order([F3.line("a", "20.00", 2), F3.line("b", "5.00", 2)]))
    #expect(F3.applied(met) == ["both 5.00"])
  }

  // MARK: Repeating thresholds

  @Test("repeat by amount: 10 off every full 100, at most maximumDiscount")
  func repeatByAmount() throws {
    let store = try F3.storeB().filter { $0.id == "every100-10" }
    func discount(_ amount: String) throws -> [String] {
      F3.applied(try F3.quote(store, F3.order(amount: amount)))
    }
    #expect(try discount("250.00") == ["every100-10 20.00"])
    #expect(try discount("399.99") == ["every100-10 30.00"])
    #expect(try discount("500.00") == ["every100-10 30.00"])
    let below = try F3.quote(store, F3.order(amount: "99.99"))
    #expect(F3.shortfall(F3.outcomes(below)["every100-10"])?.shortBy?.description == "0.01")
    let uncapped = try Promotion(
      id: "every100", kind: .threshold, benefit: F3.amount("10.00"), minimumAmount: Fixture.decimal("100"),
      repeats: true)
    #expect(F3.applied(try F3.quote([uncapped], F3.order(amount: "1000.00"))) == ["every100 100.00"])
  }

  @Test("repeat by quantity: amountOff for every full minimumQuantity, capped, never above the base")
  func repeatByQuantity() throws {
    let every2 = try Promotion(
      id: "every2", kind: .threshold, benefit: F3.amount("5.00"), minimumQuantity: 2, repeats: true,
      maximumDiscount: Fixture.decimal("12.00"))
    #expect(F3.applied(try F3.quote([every2], F3.order([F3.line("a", "10.00", 5)]))) == ["every2 10.00"])
    #expect(F3.applied(try F3.quote([every2], F3.order([F3.line("a", "10.00", 6)]))) == ["every2 12.00"])
    let every1 = try Promotion(
      id: "every1", kind: .threshold, benefit: F3.amount("5.00"), minimumQuantity: 1, repeats: true)
    let small = try F3.quote([every1], F3.order([F3.line("a", "3.00", 1)]))
    #expect(F3.applied(small) == ["every1 3.00"])
    #expect(small.total.description == "0.00")
    // Targeted: 3 tea units take 3 × 2.00 off the tea line only.
    let tea = try Promotion(
      id: "tea-each", kind: .threshold, target: F3.categories("tea"), benefit: F3.amount("2.00"),
      minimumQuantity: 1, repeats: true)
    let targeted = try F3.quote(
      [tea], F3.order([F3.line("tea", "5.00", 3, ["tea"]), F3.line("pot", "100.00", 1)]))
    #expect(F3.lines(targeted) == ["tea-each 6.00", ""])
  }

  @Test("repeat with a step finer than the currency: the full steps are counted exactly")
  func repeatFineStep() throws {
    // Every 0.015 in a 2-digit currency: 1.00 holds 66 full steps (not 50 or 100).
    let fine = try Promotion(
      id: "fine", kind: .threshold, benefit: F3.amount("0.01"), minimumAmount: Fixture.decimal("0.015"),
      repeats: true)
    let quote = try F3.quote([fine], F3.order(amount: "1.00"))
    #expect(F3.applied(quote) == ["fine 0.66"])
    #expect(quote.total.description == "0.34")
    // Every 0.001: 50 steps of 0.05 would take 0.50, but never more than the base.
    let finer = try Promotion(
      id: "finer", kind: .threshold, benefit: F3.amount("0.01"), minimumAmount: Fixture.decimal("0.001"),
      repeats: true)
    #expect(F3.applied(try F3.quote([finer], F3.order(amount: "0.05"))) == ["finer 0.05"])
  }

  @Test("repeat whose step count times amountOff exceeds Int128: the base is taken, no overflow")
  func repeatHugeCount() throws {
    let huge = try Promotion(
      id: "huge", kind: .threshold, benefit: F3.amount("1000000000000"),
      minimumAmount: Fixture.decimal("0.001"),
      repeats: true)
    // 10,000 lines of 10^6 units at 10^12: the base is 10^22 (10^24 cents); 10^25 steps of
    // 10^14 cents each is 10^39 cents, beyond Int128.
    let lines = (0..<10_000).map { F3.line("l\($0)", "1000000000000", 1_000_000) }
    let order = try F3.order(lines)
    let calculator = try PriceCalculator(
      catalog: try Catalog(currency: F3.cny, promotions: [huge]), context: PricingContext(instant: F3.now))
    let plan = try calculator.bestPlan(for: order)
    #expect(plan.applied.map(\.id) == ["huge"])
    #expect(plan.applied.first?.discount == order.subtotal)
    #expect(plan.total.minorUnits == 0)
  }

  // MARK: Shipping

  @Test("shipping: percentOff, amountOff and fixedPrice on the shipping, the minimum against the subtotal")
  func shippingBenefits() throws {
    let half99 = try Promotion(
      id: "ship-half-99", kind: .shipping, benefit: F3.percent("50"), minimumAmount: Fixture.decimal("99.00"))
    let met = try F3.quote([half99], F3.order([F3.line("a", "100.00", 1)], shipping: "12.00"))
    #expect(F3.applied(met) == ["ship-half-99 6.00"])
    #expect(F3.shipping(met) == "12.00 - 6.00 = 6.00")
    #expect(met.total.description == "106.00")
    #expect(met.discount.description == "6.00")
    #expect(F3.lines(met) == [""])
    let short = try F3.quote([half99], F3.order([F3.line("a", "98.99", 1)], shipping: "12.00"))
    #expect(short.plan.applied.isEmpty)
    #expect(short.total.description == "110.99")
    let shortfall = try #require(F3.shortfall(F3.outcomes(short)["ship-half-99"]))
    #expect(shortfall.testedAgainst.description == "98.99")
    #expect(shortfall.shortBy?.description == "0.01")
    // Half-up, once: 25% of 0.10 is 0.025 → 0.03.
    let quarter = try Promotion(id: "q", kind: .shipping, benefit: F3.percent("25"))
    #expect(F3.applied(try F3.quote([quarter], F3.order(amount: "10.00", shipping: "0.10"))) == ["q 0.03"])
    // amountOff takes at most the shipping; fixedPrice takes what is above the price.
    let five = try Promotion(id: "five", kind: .shipping, benefit: F3.amount("5.00"))
    let cheap = try F3.quote([five], F3.order(amount: "10.00", shipping: "3.00"))
    #expect(F3.applied(cheap) == ["five 3.00"])
    #expect(cheap.total.description == "10.00")
    let flat = try Promotion(id: "flat", kind: .shipping, benefit: F3.fixed("5.00"))
    #expect(F3.applied(try F3.quote([flat], F3.order(amount: "10.00", shipping: "12.00"))) == ["flat 7.00"])
    let dear = try Promotion(id: "dear", kind: .shipping, benefit: F3.fixed("15.00"))
    let none = try F3.quote([dear], F3.order(amount: "10.00", shipping: "12.00"))
    #expect(none.plan.applied.isEmpty)
    #expect(none.total.description == "22.00")
  }

  @Test("shipping minimum is tested on the subtotal, not on what the discounts left")
  func shippingMinimumOnSubtotal() throws {
    let d10 = try Promotion(id: "d10", kind: .discount, benefit: F3.percent("10"), isStackable: true)
    let free = try F3.storeB().filter { $0.id == "ship-free-99" }
    let quote = try F3.quote([d10] + free, F3.order([F3.line("a", "100.00", 1)], shipping: "10.00"))
    #expect(F3.applied(quote) == ["d10 10.00", "ship-free-99 10.00"])
    #expect(quote.total.description == "90.00")
    // An order given by amount has shipping too.
    let byAmount = try F3.quote(free, F3.order(amount: "120.00", shipping: "8.00"))
    #expect(byAmount.total.description == "120.00")
    #expect(F3.shipping(byAmount) == "8.00 - 8.00 = 0.00")
  }

  @Test("a non-stackable shipping deal stands alone; a stackable one joins stackable deals")
  func shippingStacking() throws {
    let d10 = try Promotion(id: "d10", kind: .discount, benefit: F3.percent("10"), isStackable: true)
    let order = try F3.order([F3.line("a", "100.00", 1)], shipping: "20.00")
    // Alone it gives 100.00; d10 alone 110.00; together (90.00) is not allowed.
    let alone = try Promotion(id: "ship-free", kind: .shipping, benefit: F3.fixed("0"))
    let quote = try F3.quote([d10, alone], order)
    #expect(F3.applied(quote) == ["ship-free 20.00"])
    #expect(quote.total.description == "100.00")
    #expect(
      F3.outcomes(quote)["d10"] == .notBest(planTotal: F3.money("100.00"), bestTotalWith: F3.money("110.00")))
    let joins = try Promotion(id: "ship-free", kind: .shipping, benefit: F3.fixed("0"), isStackable: true)
    let stacked = try F3.quote([d10, joins], order)
    #expect(F3.applied(stacked) == ["d10 10.00", "ship-free 20.00"])
    #expect(stacked.total.description == "90.00")
    // A non-stackable discount keeps a stackable shipping deal out: the better one alone.
    let plain = try Promotion(id: "d30", kind: .discount, benefit: F3.percent("30"))
    let single = try F3.quote([plain, joins], order)
    #expect(F3.applied(single) == ["d30 30.00"])
    #expect(single.total.description == "90.00")
  }

  // MARK: Customer groups

  @Test("customer groups: from the order's customer or the context, compared exactly")
  func customerGroups() throws {
    let member = try F3.storeB().filter { $0.id == "member-5" }
    func outcome(groups: [String]?, context: [String] = []) throws -> PromotionOutcome? {
      F3.outcomes(try F3.quote(member, F3.order(amount: "100.00", groups: groups), groups: context))[
        "member-5"]
    }
    let applied = PromotionOutcome.applied(discount: F3.money("5.00"))
    #expect(try outcome(groups: ["member"]) == applied)
    #expect(try outcome(groups: nil, context: ["member"]) == applied)
    #expect(try outcome(groups: ["vip"], context: ["member"]) == applied)
    #expect(try outcome(groups: ["Member"]) == .customerNotEligible)
    #expect(try outcome(groups: []) == .customerNotEligible)
    #expect(try outcome(groups: nil) == .customerNotEligible)
  }

  @Test("explain order: code-required before customer-not-eligible before no-shipping")
  func explainOrder() throws {
    let both = try Promotion(
      id: "vip-members", kind: .discount, code: "VIP", customerGroups: CustomerGroups(["member"]),
      benefit: F3.percent("10"))
    let ship = try Promotion(
      id: "member-ship", kind: .shipping, customerGroups: CustomerGroups(["member"]),
      benefit: F3.percent("100"))
    let store = [both, ship]
    let nobody = F3.outcomes(try F3.quote(store, F3.order(amount: "50.00")))
    #expect(nobody["vip-members"] == .codeRequired(code: "VIP"))
    #expect(nobody["member-ship"] == .customerNotEligible)
    let coded = F3.outcomes(try F3.quote(store, F3.order(amount: "50.00", codes: ["vip"])))
    #expect(coded["vip-members"] == .customerNotEligible)
    let member = try F3.quote(store, F3.order(amount: "50.00", groups: ["member"], codes: ["vip"]))
    #expect(F3.applied(member) == ["vip-members 5.00"])
    #expect(F3.outcomes(member)["member-ship"] == .noShipping)
    #expect(member.shipping == nil)
    // Shipping 0 is no shipping to take off, but the quote still shows it.
    let zero = try F3.quote(store, F3.order(amount: "50.00", shipping: "0.00", groups: ["member"]))
    #expect(F3.outcomes(zero)["member-ship"] == .noShipping)
    #expect(F3.shipping(zero) == "0.00 - 0.00 = 0.00")
  }

  // MARK: Tie-breaks (4.3)

  @Test("ties: fewer promotions, then ids as byte strings, item ties by lowest id, shipping last")
  func tieBreaks() throws {
    let idle = try F3.idleShipping()
    let order = F3.order(amount: "100.00")
    // 80.00 three ways: big alone beats the pair.
    let fewer = try F3.quote(
      [
        try Promotion(id: "d10", kind: .discount, benefit: F3.amount("10.00"), isStackable: true),
        try Promotion(
          id: "h10", kind: .threshold, benefit: F3.amount("10.00"), minimumAmount: Fixture.decimal("0"),
          isStackable: true),
        try Promotion(id: "big", kind: .discount, benefit: F3.amount("20.00")), idle,
      ], order)
    #expect(F3.applied(fewer) == ["big 20.00"])
    // 90.00 both: "Zeta" < "alpha" as bytes; "a-10" < "a.10".
    let cased = try F3.quote(
      [
        try Promotion(id: "alpha", kind: .discount, benefit: F3.amount("10.00")),
        try Promotion(id: "Zeta", kind: .discount, benefit: F3.percent("10")), idle,
      ], order)
    #expect(F3.applied(cased) == ["Zeta 10.00"])
    let punctuated = try F3.quote(
      [
        try Promotion(id: "a.10", kind: .discount, benefit: F3.amount("10.00")),
        try Promotion(id: "a-10", kind: .discount, benefit: F3.percent("10")), idle,
      ], order)
    #expect(F3.applied(punctuated) == ["a-10 10.00"])
    // Two item deals taking 20.00 off the mug line: the lower id.
    let mugs = try F3.quote(
      [
        try Promotion(id: "mug-b", kind: .item, benefit: F3.fixed("19.00"), maximumQuantity: 1),
        try Promotion(id: "mug-a", kind: .item, benefit: F3.amount("20.00")),
      ], F3.order([F3.line("mug", "39.00", 1)]))
    #expect(F3.applied(mugs) == ["mug-a 20.00"])
    // Two shipping deals taking 5.00: the lower id.
    let ships = try F3.quote(
      [
        try Promotion(id: "ship-b", kind: .shipping, benefit: F3.amount("5.00")),
        try Promotion(id: "ship-a", kind: .shipping, benefit: F3.percent("50")),
      ], F3.order(amount: "10.00", shipping: "10.00"))
    #expect(F3.applied(ships) == ["ship-a 5.00"])
    // Application order: the shipping promotion comes after the order stage, whatever its id.
    let ordered = try F3.quote(
      [
        try Promotion(id: "aa-ship", kind: .shipping, benefit: F3.percent("100"), isStackable: true),
        try Promotion(id: "zz-d", kind: .discount, benefit: F3.percent("10"), isStackable: true),
      ], F3.order(amount: "10.00", shipping: "10.00"))
    #expect(F3.applied(ordered) == ["zz-d 1.00", "aa-ship 10.00"])
  }

  // MARK: no-eligible-line

  @Test(
    "no-eligible-line: a targeted deal with no targeted line, targeted deals and quantity thresholds on an amount"
  )
  func noEligibleLine() throws {
    let teaDiscount = try Promotion(
      id: "tea-10", kind: .discount, target: F3.categories("tea"), benefit: F3.percent("10"))
    let teaThreshold = try Promotion(
      id: "tea-100", kind: .threshold, target: F3.categories("tea"), benefit: F3.amount("5"),
      minimumAmount: Fixture.decimal("0"))
    let quantity = try Promotion(id: "q2", kind: .threshold, benefit: F3.amount("5"), minimumQuantity: 2)
    let plain = try Promotion(id: "d5", kind: .discount, benefit: F3.percent("5"))
    let store = [teaDiscount, teaThreshold, quantity, plain]
    let mugs = F3.outcomes(try F3.quote(store, F3.order([F3.line("mug", "10.00", 1)])))
    #expect(mugs["tea-10"] == .noEligibleLine)
    #expect(mugs["tea-100"] == .noEligibleLine)
    #expect(mugs["q2"].map(\.name) == "below-minimum")
    let amount = try F3.quote(store, F3.order(amount: "100.00"))
    #expect(F3.applied(amount) == ["d5 5.00"])
    let byAmount = F3.outcomes(amount)
    #expect(byAmount["tea-10"] == .noEligibleLine)
    #expect(byAmount["tea-100"] == .noEligibleLine)
    #expect(byAmount["q2"] == .noEligibleLine)
  }

  // MARK: More edges

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

  @Test(
    "a shipping minimum finer than the currency is compared exactly; shortBy is the least amount that reaches it"
  )
  func shippingFineMinimum() throws {
    let fine = try Promotion(
      id: "ship-fine", kind: .shipping, benefit: F3.percent("100"), minimumAmount: Fixture.decimal("99.001"))
    let short = try F3.quote([fine], F3.order(amount: "99.00", shipping: "5.00"))
    #expect(short.plan.applied.isEmpty)
    #expect(F3.shortfall(F3.outcomes(short)["ship-fine"])?.shortBy?.description == "0.01")
    let met = try F3.quote([fine], F3.order(amount: "99.01", shipping: "5.00"))
    #expect(F3.applied(met) == ["ship-fine 5.00"])
  }

  @Test("a repeating threshold stacked after a discount counts its steps on what the discount left")
  func repeatStacked() throws {
    let d10 = try Promotion(id: "d10", kind: .discount, benefit: F3.percent("10"), isStackable: true)
    let every = try Promotion(
      id: "every50", kind: .threshold, benefit: F3.amount("5.00"), minimumAmount: Fixture.decimal("50.00"),
      repeats: true, isStackable: true)
    // 200.00: d10 takes 20.00, leaving 180.00: 3 full 50s, 15.00 (on 200.00 it would be 20.00).
    let quote = try F3.quote([d10, every], F3.order(amount: "200.00"))
    #expect(F3.applied(quote) == ["d10 20.00", "every50 15.00"])
    #expect(quote.total.description == "165.00")
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

  @Test("across lines with too few units to get one: no-eligible-line")
  func acrossLinesTooFew() throws {
    let pots = try Promotion(
      id: "pots", kind: .item, target: F3.categories("teapot"), benefit: F3.buyGet(2, 1, across: true))
    let quote = try F3.quote(
      [pots], F3.order([F3.line("a", "50.00", 1, ["teapot"]), F3.line("b", "40.00", 1, ["teapot"])]))
    #expect(quote.plan.applied.isEmpty)
    #expect(F3.outcomes(quote)["pots"] == .noEligibleLine)
  }
}
