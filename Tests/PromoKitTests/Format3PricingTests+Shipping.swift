import PromoKit
import Testing

/// Format-3 shipping deals: their benefits on the shipping, their minimum on the subtotal
/// (compared exactly), and how they stand alone or stack.
extension Format3PricingTests {
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
}
