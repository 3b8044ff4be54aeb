import PromoKit
import Testing

/// Gifts with purchase (store format 4, SPEC 4.6): ``GiftGrants`` on quotes made by hand
/// (the contract's orders C-1 and C-2 among them), each rule on its own.
@Suite("Gifts: granted on what the chosen plan leaves of their lines")
struct GiftGrantsTests {
  @Test("C-1: the plan leaves 164.26 of the goods, under 199.00: the cup is below its minimum")
  func orderC1() throws {
    let order = try Gifts.orderC1()
    let grants = Gifts.grants([Gifts.cup], order, Gifts.quoteC1(order))
    #expect(grants.granted.isEmpty)
    #expect(
      Gifts.outcomes(grants, [Gifts.cup])["cup-over-199"]
        == Gifts.shortfall("164.26", minimum: "199.00", shortBy: "34.74"))
  }

  @Test("C-2: the plan leaves 213.41 of the goods: the cup is granted")
  func orderC2() throws {
    let order = try Gifts.orderC2()
    let grants = Gifts.grants([Gifts.cup], order, Gifts.quoteC2(order))
    let cup = GrantedGift(id: "cup-over-199", sku: "cup-free", quantity: 1)
    #expect(grants.granted == [cup])
    #expect(grants.outcomes.map(\.position) == [0])
    #expect(grants.outcomes.first?.outcome == .granted(cup))
  }

  @Test("minimumQuantity counts the units of the lines the gift targets")
  func minimumQuantity() throws {
    let teas = Gifts.gift("tea-3-cup", minimumQuantity: 3, target: try F3.categories("tea"))
    let c1 = try Gifts.orderC1()
    #expect(Gifts.grants([teas], c1, Gifts.quoteC1(c1)).granted.map(\.id) == ["tea-3-cup"])
    let c2 = try Gifts.orderC2()
    // One tea, left at 20.06 by the plan.
    #expect(
      Gifts.outcomes(Gifts.grants([teas], c2, Gifts.quoteC2(c2)), [teas])["tea-3-cup"]
        == Gifts.shortfall("20.06", units: 1, minimumQuantity: 3, shortByQuantity: 2))
    // Without a target, every line's units count: C-2 has 3.
    let any3 = Gifts.gift("any-3", minimumQuantity: 3)
    #expect(Gifts.grants([any3], c2, Gifts.quoteC2(c2)).granted.map(\.id) == ["any-3"])
  }

  @Test("both minimums must be met; the explanation gives both")
  func bothMinimums() throws {
    let order = try Gifts.orderC2()
    let both = Gifts.gift("both", minimum: "200.00", minimumQuantity: 4)
    #expect(
      Gifts.outcomes(Gifts.grants([both], order, Gifts.quoteC2(order)), [both])["both"]
        == Gifts.shortfall(
          "213.41", minimum: "200.00", shortBy: "0.00", units: 3, minimumQuantity: 4, shortByQuantity: 1))
  }

  @Test("a targeted minimumAmount is tested against what the plan leaves of the targeted lines")
  func targetedAmount() throws {
    let pots = Gifts.gift("pot-150", minimum: "150.00", target: try F3.skus("pot-iron"))
    let c2 = try Gifts.orderC2()
    #expect(Gifts.grants([pots], c2, Gifts.quoteC2(c2)).granted.map(\.id) == ["pot-150"])
    let c1 = try Gifts.orderC1()
    #expect(
      Gifts.outcomes(Gifts.grants([pots], c1, Gifts.quoteC1(c1)), [pots])["pot-150"]
        == Gifts.shortfall("97.00", minimum: "150.00", shortBy: "53.00"))
  }

  @Test("a targeted gift that targets no line is no-eligible-line, whatever its minimums")
  func targetsNoLine() throws {
    let kettles = [
      Gifts.gift("kettle", target: try F3.skus("kettle")),
      Gifts.gift("kettle-100", minimum: "100.00", target: try F3.skus("kettle")),
    ]
    let order = try Gifts.orderC2()
    let grants = Gifts.grants(kettles, order, Gifts.quoteC2(order))
    #expect(grants.granted.isEmpty)
    #expect(grants.outcomes.map(\.outcome) == [.noEligibleLine, .noEligibleLine])
  }

  @Test(
    "an order given by amount: the amount less the plan's discount, shipping apart; no line to target or count"
  )
  func amountOrder() throws {
    let order = F3.order(amount: "250.00", shipping: "12.00")
    // 30.00 off the amount and the shipping free: 220.00 of the goods is left.
    let free = Gifts.quote(
      order, applied: [Gifts.share("d30", "30.00"), Gifts.share("ship", "12.00")], total: "220.00",
      shipping: ("12.00", "12.00"))
    // 30.00 off the amount, the shipping paid: still 220.00 of the goods.
    let paid = Gifts.quote(
      order, applied: [Gifts.share("d30", "30.00")], total: "232.00", shipping: ("12.00", "0.00"))
    let promotions = [
      Gifts.gift("g220", minimum: "220.00"), Gifts.gift("g221", minimum: "221.00"), Gifts.gift("plain"),
      Gifts.gift("targeted", target: try F3.skus("pot-iron")), Gifts.gift("units", minimumQuantity: 1),
    ]
    for quote in [free, paid] {
      let grants = Gifts.grants(promotions, order, quote)
      #expect(grants.granted.map(\.id) == ["g220", "plain"])
      let outcomes = Gifts.outcomes(grants, promotions)
      #expect(outcomes["g221"] == Gifts.shortfall("220.00", minimum: "221.00", shortBy: "1.00"))
      #expect(outcomes["targeted"] == .noEligibleLine)
      #expect(outcomes["units"] == .noEligibleLine)
    }
  }

  @Test("an empty order: a gift without minimums or target is granted; a targeted one has no line")
  func emptyOrder() throws {
    let order = try F3.order([])
    let quote = Gifts.quote(order, applied: [], total: "0.00", lines: [])
    let promotions = [
      Gifts.gift("plain"), Gifts.gift("zero", minimum: "0"), Gifts.gift("targeted", target: try F3.skus("x")),
      Gifts.gift("units", minimumQuantity: 1), Gifts.gift("amount", minimum: "0.01"),
    ]
    let grants = Gifts.grants(promotions, order, quote)
    #expect(grants.granted.map(\.id) == ["plain", "zero"])
    let outcomes = Gifts.outcomes(grants, promotions)
    #expect(outcomes["targeted"] == .noEligibleLine)
    #expect(outcomes["units"] == Gifts.shortfall("0.00", units: 0, minimumQuantity: 1, shortByQuantity: 1))
    #expect(outcomes["amount"] == Gifts.shortfall("0.00", minimum: "0.01", shortBy: "0.01"))
  }

  @Test(
    "only gifts working for the order are decided: switched on, in their window, code presented, customer admitted"
  )
  func working() throws {
    let promotions = [
      Gifts.gift("off", active: false), Gifts.gift("ended", endsAt: "2026-11-01T00:00:00Z"),
      Gifts.gift("coupon", code: "CUP"), Gifts.gift("members", groups: ["member"]),
    ]
    let order = try Gifts.orderC2()
    let quote = Gifts.quoteC2(order)
    let none = Gifts.grants(promotions, order, quote)
    #expect(none.granted.isEmpty && none.outcomes.isEmpty)
    // A code is compared without regard to case, from the context or the order.
    let given = Gifts.grants(promotions, order, quote, codes: ["cup"], groups: ["member"])
    #expect(given.granted.map(\.id) == ["coupon", "members"])
    #expect(given.outcomes.map(\.position) == [2, 3])
    // Not a gift: passed over, even at a position asked for.
    let discount = Fixture.discount("d", percent: "10")
    let mixed = GiftGrants(
      promotions: [discount, Gifts.cup], positions: [0, 1], context: PricingContext(instant: F3.now),
      order: order, quote: quote)
    #expect(mixed.outcomes.map(\.position) == [1])
  }

  @Test("the gifts granted are listed by promotion id as UTF-8 bytes; the outcomes in store order")
  func sortedByID() throws {
    let ids = ["b", "a-1", "B", "a", "Z9", "_x", ".y", "0"]
    let promotions = ids.map { Gifts.gift($0, sku: "sku-" + $0, quantity: 2) }
    let order = try Gifts.orderC2()
    let grants = Gifts.grants(promotions, order, Gifts.quoteC2(order))
    #expect(grants.granted.map(\.id) == [".y", "0", "B", "Z9", "_x", "a", "a-1", "b"])
    #expect(grants.granted.allSatisfy { $0.sku == "sku-" + $0.id && $0.quantity == 2 })
    #expect(grants.outcomes.map(\.position) == Array(0..<ids.count))
  }

  @Test("a minimum finer than the currency is compared exactly")
  func fineMinimum() throws {
    let order = try Gifts.orderC2()
    let quote = Gifts.quoteC2(order)  // 213.41 left
    let promotions = [
      Gifts.gift("at", minimum: "213.41"), Gifts.gift("below", minimum: "213.409"),
      Gifts.gift("above", minimum: "213.411"),
    ]
    let grants = Gifts.grants(promotions, order, quote)
    #expect(grants.granted.map(\.id) == ["at", "below"])
    #expect(
      Gifts.outcomes(grants, promotions)["above"]
        == Gifts.shortfall("213.41", minimum: "213.411", shortBy: "0.01"))
  }
}
