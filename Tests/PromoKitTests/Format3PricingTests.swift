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
}
