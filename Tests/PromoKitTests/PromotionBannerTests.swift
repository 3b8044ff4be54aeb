import PromoKit
import PromoTestSupport
import Testing

/// Banners: a promotion described as a shop shows it to customers, from its parts.
@Suite("Promotion banners in English and Chinese")
struct PromotionBannerTests {
  static let yuan = Currency.valid("CNY")

  static func promotion(
    _ kind: PromotionKind, _ benefit: Benefit, minimum: String? = nil, cap: String? = nil,
    target: ItemTarget? = nil, code: String? = nil, endsAt: String? = nil
  ) throws -> Promotion {
    try Promotion(
      id: "p", kind: kind, code: code, target: target, benefit: benefit,
      minimumAmount: minimum.map(Fixture.decimal), maximumDiscount: cap.map(Fixture.decimal),
      endsAt: endsAt.map(Fixture.timestamp))
  }

  static func check(_ promotion: Promotion, english: String, chinese: String) {
    #expect(promotion.banner(currency: yuan) == english)
    #expect(promotion.banner(in: .simplifiedChinese, currency: yuan) == chinese)
  }

  @Test("order deals: 全场限时8折, 满100减15, capped and code-bound ones")
  func orderDeals() throws {
    Self.check(
      try Self.promotion(.discount, .percentOff(Fixture.percent("20")), endsAt: "2026-12-01T00:00:00+08:00"),
      english: "20% off everything, for a limited time", chinese: "全场限时8折")
    Self.check(
      try Self.promotion(.threshold, .amountOff(Fixture.decimal("15.00")), minimum: "100.00"),
      english: "spend 100, get 15 off", chinese: "满100减15")
    Self.check(
      try Self.promotion(.threshold, .percentOff(Fixture.percent("10")), minimum: "200", cap: "50.00"),
      english: "spend 200, get 10% off, up to 50", chinese: "满200打9折，最高减50")
    Self.check(
      try Self.promotion(.discount, .percentOff(Fixture.percent("15")), code: "VIP15"),
      english: "15% off everything with code VIP15", chinese: "全场8.5折（券码VIP15）")
    Self.check(
      try Self.promotion(.discount, .amountOff(Fixture.decimal("12.50"))),
      english: "12.50 off your order", chinese: "全场立减12.50")
    Self.check(
      try Self.promotion(.discount, .percentOff(.hundred)), english: "everything free", chinese: "全场免费")
    Self.check(
      try Self.promotion(.discount, .percentOff(Fixture.percent("12.5"))),
      english: "12.5% off everything", chinese: "全场8.75折")
  }

  @Test("item deals: 第2件5折, 买2送1, 19.00元/件, per-unit and percentage")
  func itemDeals() throws {
    let tea = try ItemTarget(categories: ["tea"])
    let mugs = try ItemTarget(skus: ["mug-white", "mug-blue"])
    let half = try BuyGet(buy: 1, get: 1, percentOff: Fixture.percent("50"))
    Self.check(
      try Self.promotion(.item, .buyGet(half)), english: "2nd item at 50% off", chinese: "第2件5折")
    Self.check(
      try Self.promotion(.item, .buyGet(half), target: tea), english: "tea: 2nd at 50% off",
      chinese: "tea类第2件5折")
    let threeForTwo = try BuyGet(buy: 2, get: 1)
    Self.check(try Self.promotion(.item, .buyGet(threeForTwo)), english: "buy 2 get 1 free", chinese: "买2送1")
    let twoMoreHalf = try BuyGet(buy: 3, get: 2, percentOff: Fixture.percent("50"))
    Self.check(
      try Self.promotion(.item, .buyGet(twoMoreHalf)), english: "buy 3, get 2 more at 50% off",
      chinese: "买3件，另2件5折")
    Self.check(
      try Self.promotion(.item, .fixedPrice(Fixture.decimal("19")), target: mugs),
      english: "selected items: 19.00 each", chinese: "指定商品19.00元/件")
    Self.check(
      try Self.promotion(.item, .amountOff(Fixture.decimal("5.00")), target: tea),
      english: "tea: 5 off each", chinese: "tea类每件减5")
    Self.check(
      try Self.promotion(
        .item, .percentOff(Fixture.percent("30")), target: try ItemTarget(skus: ["x"], categories: ["tea"])),
      english: "tea and selected items: 30% off", chinese: "tea类及指定商品7折")
  }

  @Test("what makes something free says so: 满100免单, a fixed price of 0")
  func free() throws {
    Self.check(
      try Self.promotion(.threshold, .percentOff(.hundred), minimum: "100"),
      english: "spend 100, get the order free", chinese: "满100免单")
    Self.check(
      try Self.promotion(.item, .fixedPrice(Fixture.decimal("0")), target: try ItemTarget(skus: ["mug"])),
      english: "selected items: free", chinese: "指定商品免费")
    Self.check(
      try Self.promotion(.threshold, .amountOff(Fixture.decimal("15.50")), minimum: "99.90"),
      english: "spend 99.90, get 15.50 off", chinese: "满99.90减15.50")
  }

  @Test("a fixed price in another currency names it; the ordinal of the unit got is English")
  func currenciesAndOrdinals() throws {
    let price = try Self.promotion(.item, .fixedPrice(Fixture.decimal("500")))
    #expect(price.banner(in: .simplifiedChinese, currency: Currency.valid("JPY")) == "全场500 JPY/件")
    #expect(price.banner(currency: Currency.valid("KWD")) == "every item at 500.000 each")
    for (buy, ordinal) in [(2, "3rd"), (10, "11th"), (20, "21st"), (21, "22nd"), (110, "111th")]
      as [(Int64, String)]
    {
      let terms = try BuyGet(buy: buy, get: 1, percentOff: Fixture.percent("50"))
      #expect(try Self.promotion(.item, .buyGet(terms)).banner() == "\(ordinal) item at 50% off")
    }
  }

  @Test("format 3: 满3件8折, 每满100减10，最多减30, 满99包邮, 运费5元, 茶叶满100减15, 会员专享, 立减5")
  func format3() throws {
    let yuan = Fixture.decimal
    Self.check(
      try Promotion(
        id: "q", kind: .threshold, benefit: .percentOff(Fixture.percent("20")), minimumQuantity: 3),
      english: "buy 3, get 20% off", chinese: "满3件8折")
    Self.check(
      try Promotion(
        id: "r", kind: .threshold, benefit: .amountOff(yuan("10")), minimumAmount: yuan("100"), repeats: true,
        maximumDiscount: yuan("30")),
      english: "10 off every 100, up to 30", chinese: "每满100减10，最多减30")
    Self.check(
      try Promotion(
        id: "s", kind: .shipping, benefit: .percentOff(Fixture.percent("100")), minimumAmount: yuan("99")),
      english: "spend 99, get free shipping", chinese: "满99包邮")
    Self.check(
      try Promotion(id: "t", kind: .shipping, benefit: .fixedPrice(yuan("5.00"))),
      english: "shipping 5.00", chinese: "运费5元")
    Self.check(
      try Promotion(
        id: "u", kind: .threshold, target: try ItemTarget(categories: ["茶叶", "咖啡"]),
        benefit: .amountOff(yuan("15")), minimumAmount: yuan("100")),
      english: "茶叶: spend 100, get 15 off", chinese: "茶叶满100减15")
    Self.check(
      try Promotion(
        id: "v", kind: .discount, customerGroups: try CustomerGroups(["member"]),
        benefit: .percentOff(Fixture.percent("20"))),
      english: "members only: 20% off everything", chinese: "会员专享全场8折")
    Self.check(
      try Promotion(id: "w", kind: .threshold, benefit: .amountOff(yuan("5")), minimumAmount: yuan("0")),
      english: "5 off", chinese: "立减5")
  }
}
