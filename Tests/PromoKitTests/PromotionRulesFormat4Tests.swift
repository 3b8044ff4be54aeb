import PromoTestSupport
import Testing

@testable import PromoKit

/// Every rule store format 4 added, broken once: the draft (and so a store file and a
/// flag) names it with a typed ``PromotionRuleError``, its field, and a message with the
/// allowed range or the way out.
@Suite("Store format 4's rules: each broken one is a PromotionRuleError")
struct PromotionRulesFormat4Tests {
  /// A draft of `kind` with the benefit `percentOff` 10 unless `benefit` is `false`.
  static func draft(_ kind: PromotionKind, percent: Bool = true) -> PromotionDraft {
    var draft = PromotionDraft()
    draft.id = "p"
    draft.kind = kind
    if percent { draft.percentOff = Fixture.decimal("10") }
    return draft
  }

  /// The rules `draft` breaks (in a CNY store).
  static func broken(_ draft: PromotionDraft) -> [PromotionRuleError] {
    draft.violations(currency: .some(try? Currency(code: "CNY")))
  }

  /// A tier as written.
  static func tier(amount: String? = nil, units: Int64? = nil, percent: String? = nil, off: String? = nil)
    -> PromotionDraft.TierTerms
  {
    PromotionDraft.TierTerms(
      minimumAmount: amount.map(Fixture.decimal), minimumQuantity: units,
      percentOff: percent.map(Fixture.decimal),
      amountOff: off.map(Fixture.decimal))
  }

  /// A threshold with these tiers and nothing else.
  static func ladder(_ tiers: [PromotionDraft.TierTerms]) -> PromotionDraft {
    var draft = draft(.threshold, percent: false)
    draft.tiers = tiers
    return draft
  }

  @Test("combinesWith: not empty, no class twice, not with stackable")
  func combinesWith() {
    var draft = Self.draft(.discount)
    draft.combinesWith = []
    #expect(Self.broken(draft) == [.combinesWithEmpty])
    draft.combinesWith = [.order, .shipping, .order]
    #expect(Self.broken(draft) == [.combinesWithDuplicate(.order)])
    #expect(PromotionRuleError.combinesWithDuplicate(.order).field == "combinesWith")
    draft.combinesWith = [.shipping]
    draft.isStackable = true
    #expect(Self.broken(draft) == [.combinesWithAndStackable])
    #expect(PromotionRuleError.combinesWithAndStackable.conflictingField == "stackable")
    draft.isStackable = false
    let promotion = try? draft.promotion(currency: nil)
    #expect(promotion?.combinesWith == PromotionClasses([.shipping]) && promotion?.isStackable == false)
    #expect(promotion?.combination == .classes([.shipping]))
  }

  @Test("a gift has neither stackable nor combinesWith")
  func combinationOnGift() {
    var gift = Self.draft(.gift, percent: false)
    gift.gift = PromotionDraft.GiftTerms(sku: "cup", quantity: 1)
    gift.isStackable = true
    #expect(Self.broken(gift) == [.combinationOnGift(field: "stackable")])
    gift.isStackable = false
    gift.combinesWith = [.order]
    #expect(Self.broken(gift) == [.combinationOnGift(field: "combinesWith")])
  }

  @Test("layer: discounts and thresholds only, 1 to 9")
  func layer() {
    var item = Self.draft(.item)
    item.layer = 2
    #expect(Self.broken(item) == [.layerNotAllowed(.item)])
    var discount = Self.draft(.discount)
    discount.layer = 10
    #expect(Self.broken(discount) == [.layerOutOfRange(10)])
    #expect(
      PromotionRuleError.layerOutOfRange(10).message == "layer must be a whole number from 1 to 9, not 10")
  }

  @Test("excludeDiscountedLines: discounts and thresholds only")
  func excludeDiscountedLines() {
    var shipping = Self.draft(.shipping)
    shipping.excludesDiscountedLines = true
    #expect(Self.broken(shipping) == [.excludeDiscountedLinesNotAllowed(.shipping)])
    #expect(PromotionRuleError.excludeDiscountedLinesNotAllowed(.shipping).field == "excludeDiscountedLines")
  }

  @Test("getTarget: an item buy/get only, with a list, each list valid")
  func getTarget() {
    var percent = Self.draft(.item)
    percent.getTarget = PromotionDraft.Target(skus: ["mug"])
    #expect(Self.broken(percent) == [.getTargetNotAllowed])
    var buyGet = Self.draft(.item, percent: false)
    (buyGet.buy, buyGet.get) = (2, 1)
    buyGet.getTarget = PromotionDraft.Target()
    #expect(Self.broken(buyGet) == [.emptyGetTarget])
    buyGet.getTarget = PromotionDraft.Target(categories: ["mug", "mug"])
    #expect(Self.broken(buyGet) == [.invalidGetTargetList(field: "categories", .duplicate("mug"))])
    #expect(
      PromotionRuleError.invalidGetTargetList(field: "categories", .empty).field == "getTarget.categories")
  }

  @Test("\"acrossLines\": false beside a getTarget is refused by the decoder")
  func acrossLinesFalseWithGetTarget() {
    let text =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "item", "getTarget": {"skus": ["m"]}, "buy": 1, "get": 1, "acrossLines": false}]}"#
    let found = StoreDecoder.diagnose(Array(text.utf8), file: "s.json").problems
    #expect(found.map(\.position) == ["promotions[0].acrossLines"])
    #expect(found.first?.message == PromotionRuleError.acrossLinesFalseWithGetTarget.message)
  }

  @Test("acrossLines on a single-price item deal needs maximumQuantity; not on a bundle or an order deal")
  func acrossLines() {
    var fixed = Self.draft(.item, percent: false)
    fixed.fixedPrice = Fixture.decimal("19")
    fixed.acrossLines = true
    #expect(Self.broken(fixed) == [.acrossLinesNeedsMaximumQuantity])
    fixed.maximumQuantity = 2
    #expect(Self.broken(fixed).isEmpty)
    let built = try? fixed.promotion(currency: nil)
    #expect(built?.acrossLines == true && built?.countsAcrossLines == true && built?.requiredVersion == 4)
    var discount = Self.draft(.discount)
    discount.acrossLines = true
    #expect(Self.broken(discount) == [.acrossLinesNotAllowed])
  }

  @Test("bundle: item deals only, 2 to 100 units, a price of at least 0 in currency digits, no unit limit")
  func bundle() {
    var discount = Self.draft(.discount, percent: false)
    discount.bundle = PromotionDraft.BundleTerms(quantity: 3, price: Fixture.decimal("50"))
    #expect(Self.broken(discount) == [.bundleNotAllowed(.discount)])
    var item = Self.draft(.item, percent: false)
    item.bundle = PromotionDraft.BundleTerms(quantity: 1, price: Fixture.decimal("50"))
    #expect(Self.broken(item) == [.bundleQuantityOutOfRange(1)])
    #expect(PromotionRuleError.bundleQuantityOutOfRange(1).field == "bundle.quantity")
    item.bundle = PromotionDraft.BundleTerms(quantity: 3, price: Fixture.decimal("-1"))
    #expect(
      Self.broken(item) == [.amountTooSmall(field: "bundle.price", Fixture.decimal("-1"), allowsZero: true)])
    item.bundle = PromotionDraft.BundleTerms(quantity: 3, price: Fixture.decimal("0.001"))
    #expect(Self.broken(item).map(\.field) == ["bundle.price"])
    item.bundle = PromotionDraft.BundleTerms(quantity: 3, price: Fixture.decimal("50"))
    item.maximumQuantity = 4
    #expect(Self.broken(item) == [.maximumQuantityWithBundle])
    item.maximumQuantity = nil
    item.percentOff = Fixture.decimal("5")
    #expect(Self.broken(item) == [.conflictingBenefits(first: "bundle", second: "percentOff")])
  }

  @Test("tiers: thresholds only, 2 to 20 of them")
  func tiersCount() {
    var discount = Self.draft(.discount, percent: false)
    discount.tiers = [Self.tier(amount: "1", off: "1"), Self.tier(amount: "2", off: "1")]
    #expect(Self.broken(discount) == [.tiersNotAllowed(.discount)])
    #expect(Self.broken(Self.ladder([Self.tier(amount: "1", off: "1")])) == [.tierCountOutOfRange(1)])
    let many = (1...21).map { Self.tier(amount: "\($0)", off: "1") }
    #expect(Self.broken(Self.ladder(many)) == [.tierCountOutOfRange(21)])
  }

  @Test("a tier has one minimum, above 0 or 1 to 1,000,000 units")
  func tierMinimum() {
    let both = Self.ladder([Self.tier(amount: "1", units: 2, off: "1"), Self.tier(amount: "2", off: "1")])
    #expect(Self.broken(both) == [.tierNeedsOneMinimum(index: 0)])
    let zero = Self.ladder([Self.tier(amount: "1", off: "1"), Self.tier(amount: "0", off: "1")])
    #expect(
      Self.broken(zero) == [
        .amountTooSmall(field: "tiers[1].minimumAmount", Fixture.decimal("0"), allowsZero: false)
      ])
    let units = Self.ladder([Self.tier(units: 0, off: "1"), Self.tier(units: 2, off: "1")])
    #expect(Self.broken(units) == [.quantityOutOfRange(field: "tiers[0].minimumQuantity", 0)])
  }

  @Test("every tier has the same kind of minimum, strictly increasing")
  func tierOrder() {
    let mixed = Self.ladder([Self.tier(amount: "100", off: "1"), Self.tier(units: 3, off: "2")])
    #expect(Self.broken(mixed) == [.tierMinimumsMixed(index: 1, expected: "minimumAmount")])
    #expect(
      PromotionRuleError.tierMinimumsMixed(index: 1, expected: "minimumAmount").field
        == "tiers[1].minimumQuantity")
    let flat = Self.ladder([Self.tier(units: 3, off: "1"), Self.tier(units: 3, off: "2")])
    #expect(Self.broken(flat) == [.tierNotIncreasing(index: 1, field: "minimumQuantity")])
  }

  @Test("a tier has one benefit, percentOff or amountOff, each in its range")
  func tierBenefit() {
    let none = Self.ladder([Self.tier(amount: "1"), Self.tier(amount: "2", off: "1")])
    #expect(Self.broken(none) == [.tierNeedsOneBenefit(index: 0)])
    let two = Self.ladder([Self.tier(amount: "1", percent: "5", off: "1"), Self.tier(amount: "2", off: "1")])
    #expect(Self.broken(two) == [.tierNeedsOneBenefit(index: 0)])
    let percent = Self.ladder([Self.tier(amount: "1", percent: "101"), Self.tier(amount: "2", off: "1")])
    #expect(
      Self.broken(percent) == [.percentOutOfRange(field: "tiers[0].percentOff", Fixture.decimal("101"))])
    let digits = Self.ladder([Self.tier(amount: "1", off: "1.001"), Self.tier(amount: "2", off: "1")])
    #expect(Self.broken(digits).map(\.field) == ["tiers[0].amountOff"])
  }

  @Test("a threshold with tiers has no minimum, repeat or benefit of its own; a cap is allowed")
  func notWithTiers() {
    var draft = Self.ladder([Self.tier(amount: "100", off: "10"), Self.tier(amount: "200", off: "25")])
    draft.maximumDiscount = Fixture.decimal("20")
    #expect(Self.broken(draft).isEmpty)
    draft.minimumAmount = Fixture.decimal("5")
    #expect(Self.broken(draft) == [.notWithTiers(field: "minimumAmount")])
    draft.minimumAmount = nil
    draft.amountOff = Fixture.decimal("5")
    #expect(Self.broken(draft) == [.notWithTiers(field: "amountOff")])
    draft.amountOff = nil
    draft.repeats = true
    #expect(Self.broken(draft).contains(.notWithTiers(field: "repeat")))
  }

  @Test("gift: the kind gift only, with goods, and no benefit")
  func gift() {
    var discount = Self.draft(.discount)
    discount.gift = PromotionDraft.GiftTerms(sku: "cup", quantity: 1)
    #expect(Self.broken(discount) == [.giftNotAllowed(.discount)])
    let bare = Self.draft(.gift, percent: false)
    #expect(Self.broken(bare) == [.missingGift])
    var withBenefit = Self.draft(.gift)
    withBenefit.gift = PromotionDraft.GiftTerms(sku: "cup", quantity: 1)
    #expect(Self.broken(withBenefit) == [.benefitOnGift(field: "percentOff")])
  }

  @Test("a gift's goods: a SKU of 1 to 64 characters, 1 to 1000 units")
  func giftGoods() {
    var gift = Self.draft(.gift, percent: false)
    gift.gift = PromotionDraft.GiftTerms(sku: "", quantity: 1)
    #expect(Self.broken(gift) == [.invalidGiftSKU("")])
    gift.gift = PromotionDraft.GiftTerms(sku: String(repeating: "x", count: 65), quantity: 1)
    #expect(Self.broken(gift).map(\.field) == ["gift.sku"])
    gift.gift = PromotionDraft.GiftTerms(sku: "cup", quantity: 1001)
    #expect(Self.broken(gift) == [.giftQuantityOutOfRange(1001)])
    gift.gift = PromotionDraft.GiftTerms(sku: "cup", quantity: 2, name: "Tea cup")
    gift.minimumAmount = Fixture.decimal("199")
    gift.minimumQuantity = 2
    gift.target = PromotionDraft.Target(categories: ["tea"])
    #expect(Self.broken(gift).isEmpty)
    #expect((try? gift.promotion(currency: nil))?.requiredVersion == 4)
  }

  @Test("a gift has no repeat, cap, unit limit, layer or exclusion")
  func giftLimits() {
    var gift = Self.draft(.gift, percent: false)
    gift.gift = PromotionDraft.GiftTerms(sku: "cup", quantity: 1)
    gift.maximumQuantity = 2
    #expect(Self.broken(gift) == [.maximumQuantityNotAllowed(.gift)])
    gift.maximumQuantity = nil
    gift.layer = 1
    #expect(Self.broken(gift) == [.layerNotAllowed(.gift)])
  }

  @Test("the initialiser throws the rules too, and a draft of a promotion gives it back")
  func initialiserAndDraft() throws {
    #expect(throws: PromotionRuleError.layerOutOfRange(0)) {
      try Promotion(id: "a", kind: .discount, benefit: .percentOff(Fixture.percent("5")), layer: 0)
    }
    #expect(throws: PromotionRuleError.tierCountOutOfRange(1)) {
      try TierLadder([Tier(minimum: .amount(Fixture.decimal("1")), benefit: .amountOff(Fixture.decimal("1")))]
      )
    }
    #expect(throws: PromotionRuleError.bundleQuantityOutOfRange(101)) {
      try BundlePrice(quantity: 101, price: Fixture.decimal("1"))
    }
    let promotion = try Promotion(
      id: "a", kind: .threshold, benefit: .percentOff(Fixture.percent("5")),
      minimumAmount: Fixture.decimal("10"),
      combinesWith: PromotionClasses([.order, .shipping]), layer: 4, excludesDiscountedLines: true)
    #expect(try PromotionDraft(promotion).promotion(currency: nil) == promotion)
    #expect(promotion.layer == 4 && promotion.combines(with: .shipping) && !promotion.combines(with: .item))
    var stackable = promotion
    stackable.isStackable = true
    #expect(stackable.combination == .stackable && stackable.combinesWith == .all)
  }

  @Test("the store's rounding rounds a percentage half up, half to even or down")
  func rounding() throws {
    let five = Fixture.percent("5")
    let amount = Money(minorUnits: 17_290, minorDigits: 2)  // 5% is 8.645
    #expect(five.discount(on: amount, rounding: .halfUp).minorUnits == 865)
    #expect(five.discount(on: amount, rounding: .halfEven).minorUnits == 864)
    #expect(five.discount(on: amount, rounding: .down).minorUnits == 864)
    let odd = Money(minorUnits: 17_310, minorDigits: 2)  // 8.655
    #expect(five.discount(on: odd, rounding: .halfEven).minorUnits == 866)
    #expect(five.discount(on: odd, rounding: .halfUp) == five.discount(on: odd))
    let large = Money(minorUnits: 123_456_789_012_345, minorDigits: 2)
    for rule in PercentageRounding.allCases {
      let exact = Int128(123_456_789_012_345) * 5
      let rounded = five.discount(on: large, rounding: rule).minorUnits
      #expect(rounded * 100 <= exact + 100 && rounded * 100 >= exact - 100)
    }
  }
}
