import Foundation
import PromoTestSupport
import Testing

/// Hand-worked cases of each format-4 rule, priced by the format-4 reference.
@Suite("The format-4 reference pricer: each new rule by hand")
struct Format4ReferenceRuleTests {
  /// The applied promotions as `id discount`, with `#tier` for a threshold with tiers.
  static func applied(_ pricing: Ref4Pricing) -> [String] {
    pricing.promotions.map { entry in
      "\(entry.id) \(pricing.money(entry.discount))" + (pricing.tiers[entry.id].map { " #\($0)" } ?? "")
    }
  }

  /// Each line's shares, as `id discount` joined by `, `.
  static func lines(_ pricing: Ref4Pricing) -> [String] {
    (pricing.lines ?? []).map { line in
      line.promotions.map { "\($0.id) \(pricing.money($0.discount))" }.joined(separator: ", ")
    }
  }

  @Test("layers: three order deals, one per layer, each on what the earlier ones left")
  func threeLayers() throws {
    let store = F4Ref.store([
      #"{"id": "c-layer3", "kind": "discount", "layer": 3, "percentOff": "5", "stackable": true}"#,
      #"{"id": "a-layer1", "kind": "discount", "percentOff": "10", "stackable": true}"#,
      #"{"id": "a-other1", "kind": "discount", "percentOff": "1", "stackable": true}"#,
      #"{"id": "b-layer2", "kind": "threshold", "minimumAmount": "150.00", "amountOff": "20.00", "stackable": true}"#,
    ])
    let order = F4Ref.order([("pot", "120.00", 1, []), ("tea", "80.00", 1, [])])
    let pricing = try F4Ref.pricing(order, store: store)
    // 200.00 − 20.00 = 180.00, then 20.00 (180.00 reaches 150.00), then 5% of 160.00.
    #expect(Self.applied(pricing) == ["a-layer1 20.00", "b-layer2 20.00", "c-layer3 8.00"])
    #expect(pricing.total == 15200)
    #expect(
      Self.lines(pricing) == [
        "a-layer1 12.00, b-layer2 12.00, c-layer3 4.80", "a-layer1 8.00, b-layer2 8.00, c-layer3 3.20",
      ])
    // Never two deals of one layer.
    let plans = try #require(pricing.plans)
    #expect(!plans.contains { $0.ids.contains("a-layer1") && $0.ids.contains("a-other1") })
    // a-other1 in layer 1 instead: 2.00, then 20.00 of 198.00, then 5% of 178.00.
    #expect(F4Ref.considered(pricing, "a-other1")?["bestTotalWith"] as? String == "169.10")
  }

  @Test("combinesWith: a coupon that goes with free shipping and with nothing else (the tea shop's 108.00)")
  func couponWithFreeShipping() throws {
    let coupon = #"{"id": "WELCOME10", "kind": "discount", "code": "WELCOME10", "percentOff": "10""#
    let ship = #"{"id": "free-ship-99", "kind": "shipping", "minimumAmount": "99.00", "percentOff": "100""#
    let spend =
      #"{"id": "spend-5", "kind": "threshold", "minimumAmount": "100.00", "amountOff": "5.00", "stackable": true}"#
    let order = F4Ref.order([("pot-iron", "120.00", 1, [])], shipping: "2.00", codes: ["welcome10"])
    let pricing = try F4Ref.pricing(
      order,
      store: F4Ref.store([
        coupon + #", "combinesWith": ["shipping"]}"#, ship + #", "combinesWith": ["order"]}"#, spend,
      ]))
    #expect(Self.applied(pricing) == ["WELCOME10 12.00", "free-ship-99 2.00"])
    #expect(pricing.total == 10800)
    // The coupon goes with no other order deal, though the threshold is stackable.
    let plans = try #require(pricing.plans)
    #expect(!plans.contains { $0.ids.contains("WELCOME10") && $0.ids.contains("spend-5") })
    #expect(plans.contains { $0.ids == ["spend-5", "free-ship-99"] })
    // As format 3 read it (neither stackable): one of the two, 110.00.
    let before = try F4Ref.pricing(order, store: F4Ref.store([coupon + "}", ship + "}"]))
    #expect(before.total == 11000)
  }

  @Test("tiers: the deepest rung reached, capped by maximumDiscount, never more than B")
  func tiers() throws {
    let capped = #"""
      {"id": "t", "kind": "threshold", "tiers": [{"minimumAmount": "100", "percentOff": "10"}, {"minimumAmount": "200", "percentOff": "15"}], "maximumDiscount": "25.00"}
      """#
    let store = F4Ref.store([capped])
    #expect(
      Self.applied(try F4Ref.pricing(F4Ref.order([("a", "300.00", 1, [])]), store: store)) == ["t 25.00 #2"])
    #expect(
      Self.applied(try F4Ref.pricing(F4Ref.order([("a", "150.00", 1, [])]), store: store)) == ["t 15.00 #1"])
    let below = try F4Ref.pricing(F4Ref.order([("a", "99.99", 1, [])]), store: store)
    #expect(F4Ref.considered(below, "t")?["shortBy"] as? String == "0.01")
    #expect(F4Ref.considered(below, "t")?["minimumAmount"] as? String == "100.00")
    // The deepest rung even where an earlier one takes more.
    let deeper = F4Ref.store([
      #"{"id": "t", "kind": "threshold", "tiers": [{"minimumAmount": "100", "amountOff": "30"}, {"minimumAmount": "150", "percentOff": "10"}]}"#
    ])
    #expect(
      Self.applied(try F4Ref.pricing(F4Ref.order([("a", "160.00", 1, [])]), store: deeper)) == ["t 16.00 #2"])
    // Tiers of units; never more than B.
    let units = F4Ref.store([
      #"{"id": "q", "kind": "threshold", "tiers": [{"minimumQuantity": 1, "amountOff": "50"}, {"minimumQuantity": 2, "amountOff": "80"}]}"#
    ])
    #expect(
      Self.applied(try F4Ref.pricing(F4Ref.order([("a", "30.00", 2, [])]), store: units)) == ["q 60.00 #2"])
    let amount = try F4Ref.pricing(#"{"id": "x", "amount": "500.00"}"#, store: units)
    #expect(F4Ref.outcomes(amount)["q"] == "no-eligible-line")
  }

  @Test("getTarget: units bought on the target's other lines, the cheapest get units got")
  func getTarget() throws {
    let store = F4Ref.store([
      #"{"id": "tea-mug", "kind": "item", "target": {"categories": ["tea"]}, "getTarget": {"categories": ["mug"]}, "buy": 2, "get": 1}"#
    ])
    // 5 teas buy it twice; 3 mug units (one of them also a tea: a get line only).
    let order = F4Ref.order([
      ("tea-green", "20.00", 5, ["tea"]), ("mug-blue", "12.00", 2, ["mug"]),
      ("mug-tea", "9.00", 1, ["mug", "tea"]),
    ])
    let pricing = try F4Ref.pricing(order, store: store)
    #expect(Self.lines(pricing) == ["", "tea-mug 12.00", "tea-mug 9.00"])
    // One tea short of the second time.
    let fewer = try F4Ref.pricing(
      F4Ref.order([("tea-green", "20.00", 3, ["tea"]), ("mug-blue", "12.00", 2, ["mug"])]), store: store)
    #expect(Self.lines(fewer) == ["", "tea-mug 12.00"])
    let none = try F4Ref.pricing(F4Ref.order([("mug-blue", "12.00", 4, ["mug"])]), store: store)
    #expect(F4Ref.outcomes(none)["tea-mug"] == "no-eligible-line")
  }

  @Test("bundle: the dearest units in groups of N while a group's list price is above P")
  func bundle() throws {
    let store = F4Ref.store([
      #"{"id": "any-3-50", "kind": "item", "target": {"categories": ["tea"]}, "bundle": {"quantity": 3, "price": "50.00"}}"#
    ])
    // Units from the dearest: 30 30 20 | 20 10 (a group of two is no group): D = 80 − 50.
    let pricing = try F4Ref.pricing(
      F4Ref.order([("b", "20.00", 2, ["tea"]), ("a", "30.00", 2, ["tea"]), ("c", "10.00", 1, ["tea"])]),
      store: store)
    // 30.00 divided 20.00 : 60.00 (the b unit and the two a units).
    #expect(Self.lines(pricing) == ["any-3-50 7.50", "any-3-50 22.50", ""])
    // 30 30 30 | 20 20 20 | 5 5 5: the third group, 15.00, is not above 50.00 and ends the
    // grouping; D = 40.00 + 10.00, divided 90.00 : 60.00 over the lines, not group by group.
    let stop = try F4Ref.pricing(
      F4Ref.order([("a", "30.00", 3, ["tea"]), ("b", "5.00", 3, ["tea"]), ("c", "20.00", 3, ["tea"])]),
      store: store)
    #expect(Self.applied(stop) == ["any-3-50 50.00"])
    #expect(Self.lines(stop) == ["any-3-50 30.00", "", "any-3-50 20.00"])
  }

  @Test("acrossLines with maximumQuantity: mugs at 19.00, at most 2, on two white and two blue at 29.00")
  func dearestUnitsAcrossLines() throws {
    let deal =
      #"{"id": "mug-19", "kind": "item", "target": {"skus": ["mug-white", "mug-blue"]}, "fixedPrice": "19.00", "maximumQuantity": 2"#
    let order = F4Ref.order([("mug-white", "29.00", 2, []), ("mug-blue", "29.00", 2, [])])
    let across = try F4Ref.pricing(order, store: F4Ref.store([deal + #", "acrossLines": true}"#]))
    #expect(Self.applied(across) == ["mug-19 20.00"])
    #expect(Self.lines(across) == ["mug-19 20.00", ""])
    let perLine = try F4Ref.pricing(order, store: F4Ref.store([deal + "}"]))
    #expect(Self.applied(perLine) == ["mug-19 40.00"])
    // The dearest units first: one blue at 35.00 and one white.
    let dearer = try F4Ref.pricing(
      F4Ref.order([("mug-white", "29.00", 2, []), ("mug-blue", "35.00", 1, [])]),
      store: F4Ref.store([deal + #", "acrossLines": true}"#]))
    #expect(Self.lines(dearer) == ["mug-19 10.00", "mug-19 16.00"])
  }

  @Test("excludeDiscountedLines: the lines that took an item deal are left out of base, minimum and shares")
  func excludeDiscountedLines() throws {
    let store = F4Ref.store([
      #"{"id": "tea-half", "kind": "item", "target": {"categories": ["tea"]}, "percentOff": "50", "stackable": true}"#,
      #"{"id": "fresh", "kind": "threshold", "minimumAmount": "100.00", "percentOff": "10", "excludeDiscountedLines": true, "stackable": true}"#,
    ])
    let pricing = try F4Ref.pricing(
      F4Ref.order([("tea", "40.00", 2, ["tea"]), ("pot", "120.00", 1, [])]), store: store)
    #expect(Self.applied(pricing) == ["tea-half 40.00", "fresh 12.00"])
    #expect(Self.lines(pricing) == ["tea-half 40.00", "fresh 12.00"])
    // The pot alone is below 100.00 though the order is not: the deal stands alone.
    let small = try F4Ref.pricing(
      F4Ref.order([("tea", "40.00", 2, ["tea"]), ("pot", "90.00", 1, [])]), store: store)
    #expect(Self.applied(small) == ["tea-half 40.00"])
    #expect(F4Ref.considered(small, "fresh")?["bestTotalWith"] as? String == "153.00")
  }

  @Test("gifts: minimums tested on what the chosen plan leaves; a gift never changes the plan")
  func giftAfterPlan() throws {
    let gift =
      #"{"id": "cup", "kind": "gift", "minimumAmount": "100.00", "gift": {"sku": "cup-free", "quantity": 2}}"#
    let tin =
      #"{"id": "tin", "kind": "gift", "target": {"skus": ["pot"]}, "minimumQuantity": 1, "gift": {"sku": "tin", "quantity": 1}}"#
    let off = #"{"id": "off-20", "kind": "discount", "percentOff": "20"}"#
    let order = F4Ref.order([("pot", "110.00", 1, [])])
    let pricing = try F4Ref.pricing(order, store: F4Ref.store([gift, tin, off]))
    let without = try F4Ref.pricing(order, store: F4Ref.store([off]))
    #expect(pricing.total == 8800 && without.total == 8800)
    #expect(F4Ref.differences(pricing.resultObject4, without.resultObject4).count == 1)
    #expect(F4Ref.outcomes(pricing)["cup"] == "below-minimum")
    #expect(F4Ref.considered(pricing, "cup")?["testedAgainst"] as? String == "88.00")
    #expect(pricing.gifts == [Ref4GrantedGift(id: "tin", sku: "tin", quantity: 1)])
    let rich = try F4Ref.pricing(
      F4Ref.order([("pot", "130.00", 1, [])]), store: F4Ref.store([tin, gift, off]))
    #expect(rich.gifts.map(\.id) == ["cup", "tin"])
    let amount = try F4Ref.pricing(#"{"id": "x", "amount": "500.00"}"#, store: F4Ref.store([tin, gift]))
    #expect(F4Ref.outcomes(amount) == ["tin": "no-eligible-line", "cup": "applied"])
  }

  @Test("rounding: half-up, half-even and down on every percentage, with .5 cases")
  func rounding() throws {
    let five = #"{"id": "five", "kind": "discount", "percentOff": "5"}"#
    let expectations: [(String?, String, Int128)] = [
      (nil, "172.90", 865), ("half-up", "172.90", 865), ("half-even", "172.90", 864), ("down", "172.90", 864),
      ("half-even", "173.10", 866), ("half-up", "173.10", 866), ("down", "173.10", 865),
      ("down", "172.99", 864), ("half-even", "172.99", 865),
    ]
    for (rule, price, cut) in expectations {
      let pricing = try F4Ref.pricing(
        F4Ref.order([("a", price, 1, [])]), store: F4Ref.store([five], rounding: rule))
      #expect(pricing.promotions.first?.discount == cut, "\(rule ?? "default") \(price)")
    }
    // An item percentage and a shipping percentage round the store's way too.
    let store = F4Ref.store(
      [
        #"{"id": "item", "kind": "item", "percentOff": "50"}"#,
        #"{"id": "ship", "kind": "shipping", "percentOff": "50", "stackable": true}"#,
      ], rounding: "down")
    let pricing = try F4Ref.pricing(F4Ref.order([("a", "0.05", 1, [])], shipping: "0.03"), store: store)
    #expect(Self.applied(pricing) == ["item 0.02"])
    let shipOnly = try F4Ref.pricing(#"{"id": "y", "amount": "1.00", "shipping": "0.03"}"#, store: store)
    #expect(Self.applied(shipOnly) == ["ship 0.01"])
    #expect(
      Ref4Rounding.halfEven.percent(25, 500_000) == 12 && Ref4Rounding.halfEven.percent(35, 500_000) == 18)
  }

  @Test("not-best names bestTotalWith, and leaves it out when no allowed plan applies the promotion")
  func bestTotalWith() throws {
    let store = F4Ref.store([
      #"{"id": "ten", "kind": "discount", "percentOff": "10"}"#,
      #"{"id": "five-off", "kind": "discount", "amountOff": "5.00"}"#,
      #"{"id": "zero", "kind": "discount", "target": {"skus": ["free"]}, "percentOff": "50"}"#,
    ])
    let pricing = try F4Ref.pricing(
      F4Ref.order([("a", "100.00", 1, []), ("free", "0.00", 1, [])]), store: store)
    let five = try #require(F4Ref.considered(pricing, "five-off"))
    #expect(five["outcome"] as? String == "not-best")
    #expect(five["planTotal"] as? String == "90.00")
    #expect(five["bestTotalWith"] as? String == "95.00")
    let zero = try #require(F4Ref.considered(pricing, "zero"))
    #expect(zero["outcome"] as? String == "not-best")
    #expect(zero["bestTotalWith"] == nil)
  }
}
