import PromoKit
import Testing

/// Format-3 thresholds: minimumQuantity alone and with minimumAmount, and repeating
/// thresholds (by amount, by quantity, fine steps, huge counts, stacked after a discount).
extension Format3PricingTests {
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
}
