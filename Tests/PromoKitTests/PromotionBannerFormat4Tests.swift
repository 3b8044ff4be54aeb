import PromoKit
import Testing

/// The banners of store format 4's rules, in English and Chinese: tiers, a bundle, a buy/get
/// with a get target, a gift, the classes a deal combines with, a layer, leaving out lines
/// on sale, and a unit limit across the order.
@Suite("Promotion banners of store format 4 in English and Chinese")
struct PromotionBannerFormat4Tests {
  static let yuan = Currency.valid("CNY")

  static func check(_ promotion: Promotion, english: String, chinese: String) {
    #expect(promotion.banner(currency: yuan) == english)
    #expect(promotion.banner(in: .simplifiedChinese, currency: yuan) == chinese)
  }

  static func amountTier(_ minimum: String, _ benefit: Benefit) -> Tier {
    Tier(minimum: .amount(Fixture.decimal(minimum)), benefit: benefit)
  }

  @Test("tiers: 满100减10、满200减25, a percentage rung, rungs of units and a cap")
  func tiers() throws {
    let ladder = try TierLadder([
      Self.amountTier("100.00", .amountOff(Fixture.decimal("10.00"))),
      Self.amountTier("200.00", .amountOff(Fixture.decimal("25.00"))),
    ])
    Self.check(
      try Promotion(id: "t", kind: .threshold, benefit: .tiers(ladder)),
      english: "10 off 100, 25 off 200", chinese: "满100减10、满200减25")
    let mixed = try TierLadder([
      Self.amountTier("100", .percentOff(Fixture.percent("10"))),
      Self.amountTier("300", .amountOff(Fixture.decimal("40.50"))),
    ])
    Self.check(
      try Promotion(
        id: "t", kind: .threshold, benefit: .tiers(mixed), maximumDiscount: Fixture.decimal("60"),
        endsAt: Fixture.timestamp("2026-12-01T00:00:00+08:00")),
      english: "10% off 100, 40.50 off 300, up to 60, for a limited time",
      chinese: "限时满100打9折、满300减40.50，最高减60")
    let units = try TierLadder([
      Tier(minimum: .quantity(3), benefit: .percentOff(Fixture.percent("10"))),
      Tier(minimum: .quantity(5), benefit: .amountOff(Fixture.decimal("15"))),
    ])
    Self.check(
      try Promotion(
        id: "t", kind: .threshold, target: try ItemTarget(categories: ["tea"]), benefit: .tiers(units)),
      english: "tea: 10% off 3 items, 15 off 5 items", chinese: "tea满3件9折、满5件减15")
  }

  @Test("a bundle: any 3 for 30.00, 任选3件30元, with and without a target")
  func bundle() throws {
    let terms = try BundlePrice(quantity: 3, price: Fixture.decimal("30"))
    Self.check(
      try Promotion(
        id: "b", kind: .item, target: try ItemTarget(categories: ["tea"]), benefit: .bundle(terms)),
      english: "tea: any 3 for 30.00", chinese: "tea类任选3件30元")
    Self.check(
      try Promotion(id: "b", kind: .item, benefit: .bundle(terms)), english: "any 3 for 30.00",
      chinese: "全场任选3件30元")
  }

  @Test("buy/get with a get target: buy 1 teapot, get 1 tin-tea free; 买1件teapot送1件tin-tea")
  func getTarget() throws {
    let pots = try ItemTarget(categories: ["teapot"])
    let tins = try ItemTarget(skus: ["tin-tea"])
    Self.check(
      try Promotion(
        id: "g", kind: .item, target: pots, benefit: .buyGet(try BuyGet(buy: 1, get: 1)), getTarget: tins),
      english: "buy 1 teapot, get 1 tin-tea free", chinese: "买1件teapot送1件tin-tea")
    let half = try BuyGet(buy: 2, get: 1, percentOff: Fixture.percent("50"))
    Self.check(
      try Promotion(
        id: "g", kind: .item, target: try ItemTarget(categories: ["tea", "coffee"]), benefit: .buyGet(half),
        getTarget: try ItemTarget(skus: ["mug-white", "mug-blue"])),
      english: "buy 2 tea or coffee, get 1 mug-white or mug-blue at 50% off",
      chinese: "买2件tea、coffee，1件mug-white、mug-blue打5折")
  }

  @Test("a gift: free Tea cup over 199, 满199送Tea cup; units, a target and no minimum")
  func gift() throws {
    let cup = try GiftGoods(sku: "cup-free", quantity: 1, name: "Tea cup")
    Self.check(
      try Promotion(id: "c", kind: .gift, benefit: .gift(cup), minimumAmount: Fixture.decimal("199.00")),
      english: "free Tea cup over 199", chinese: "满199送Tea cup")
    let mugs = try GiftGoods(sku: "mug-gift", quantity: 2)
    Self.check(
      try Promotion(
        id: "m", kind: .gift, target: try ItemTarget(categories: ["tea"]), benefit: .gift(mugs),
        minimumAmount: Fixture.decimal("100"), minimumQuantity: 3),
      english: "tea: free mug-gift ×2 over 100 with 3 items", chinese: "tea满100且满3件送mug-gift×2")
    Self.check(
      try Promotion(id: "w", kind: .gift, code: "HELLO", benefit: .gift(cup)),
      english: "free Tea cup with every order with code HELLO", chinese: "下单即送Tea cup（券码HELLO）")
  }

  @Test("combinesWith when some classes, a written layer, not on sale items, at most 2 per order")
  func terms() throws {
    Self.check(
      try Promotion(
        id: "w", kind: .discount, code: "WELCOME10", benefit: .percentOff(Fixture.percent("10")),
        combinesWith: PromotionClasses([.shipping])),
      english: "10% off everything with code WELCOME10, combines with shipping deals",
      chinese: "全场9折（券码WELCOME10），可与包邮同享")
    Self.check(
      try Promotion(
        id: "s", kind: .shipping, benefit: .percentOff(.hundred), minimumAmount: Fixture.decimal("99"),
        combinesWith: PromotionClasses([.item, .order])),
      english: "spend 99, get free shipping, combines with item deals and order deals",
      chinese: "满99包邮，可与单品优惠、订单优惠同享")
    // All three classes, or none, are stackable or not: a banner leaves them unsaid.
    Self.check(
      try Promotion(
        id: "a", kind: .discount, benefit: .percentOff(Fixture.percent("10")), combinesWith: .all),
      english: "10% off everything", chinese: "全场9折")
    Self.check(
      try Promotion(
        id: "f", kind: .discount, benefit: .percentOff(Fixture.percent("10")), isStackable: true, layer: 3,
        excludesDiscountedLines: true),
      english: "10% off everything, not on sale items, layer 3", chinese: "全场9折，不含特价商品，第3层")
    Self.check(
      try Promotion(
        id: "m", kind: .item, target: try ItemTarget(skus: ["mug-white", "mug-blue"]),
        benefit: .fixedPrice(Fixture.decimal("19.00")), maximumQuantity: 2, acrossLines: true),
      english: "selected items: 19.00 each, at most 2 per order", chinese: "指定商品19.00元/件，每单限2件")
    // A unit limit per line (no acrossLines) stays unsaid, as in format 3.
    Self.check(
      try Promotion(
        id: "m", kind: .item, target: try ItemTarget(skus: ["mug-white"]),
        benefit: .fixedPrice(Fixture.decimal("19.00")), maximumQuantity: 2),
      english: "selected items: 19.00 each", chinese: "指定商品19.00元/件")
  }
}
