import PromoKit
import PromoTestSupport
import Testing

/// Random big format-2 stores: the indexed plan selection (``PriceCalculator/bestPlan(for:)``)
/// is held against the linear one (``PriceCalculator/bestPlanByScan(for:)``, verified in
/// turn against the independent references of `PricingPropertyTests` and
/// `Format2ReferenceTests`) on thousands of promotions and many orders, with the values
/// drawn from small sets so that ties, equal values, capped and uncapped percentages and
/// thresholds at exactly the amount are common.
@Suite("The indexed plan selection agrees with the linear one on random big stores")
struct IndexedSelectionTests {
  static let now = Fixture.instant("2026-11-22T04:00:00Z")

  static func check(_ catalog: Catalog, orders: [Order], codes: [String] = [], context: String) throws {
    let calculator = try PriceCalculator(
      catalog: catalog, context: PricingContext(instant: now, codes: codes))
    // The calculator `promo price` uses for an order alone: no indexes, a pass per order.
    let unindexed = try PriceCalculator(
      catalog: catalog, context: PricingContext(instant: now, codes: codes), indexed: false)
    for (index, order) in orders.enumerated() {
      let indexed = try calculator.bestPlan(for: order)
      let scanned = try calculator.bestPlanByScan(for: order)
      #expect(indexed == scanned, "\(context), order \(order.id) (\(order.subtotal))")
      // (Explaining costs a search per promotion left out: not under AddressSanitizer,
      // TestScale.)
      let explain = !TestScale.isReduced && index % 100 == 0
      #expect(
        try unindexed.quote(for: order, explain: explain) == calculator.quote(for: order, explain: explain),
        "\(context), order \(order.id) without indexes")
    }
  }

  @Test("random format-2 stores of 3,000 promotions, 400 orders each", arguments: [1, 2, 3, 4] as [UInt64])
  func bigStores(seed: UInt64) throws {
    var generator = Generator(seed: seed)
    let catalog = generator.catalog(count: 3_000)
    // (Fewer orders under AddressSanitizer: TestScale.)
    let orders = (0..<TestScale.count(400, reduced: 40)).map { generator.order($0, near: catalog) }
    try Self.check(catalog, orders: orders, context: "seed \(seed)")
    try Self.check(
      catalog, orders: Array(orders.prefix(TestScale.count(100, reduced: 10))), codes: ["VIP"],
      context: "seed \(seed), --code VIP")
  }

  @Test(
    "random stores of order promotions only, all stackable and working", arguments: [5, 6, 7] as [UInt64])
  func stackableOrderStores(seed: UInt64) throws {
    var generator = Generator(seed: seed)
    var used: Set<String> = []
    let promotions = (0..<2_000).map { index in
      let kind: PromotionKind = index % 2 == 0 ? .discount : .threshold
      let base = generator.promotion(id: generator.id(avoiding: &used), kind: kind)
      var draft = PromotionDraft(base)
      draft.isActive = true
      draft.isStackable = true
      draft.code = nil
      draft.startsAt = nil
      draft.endsAt = nil
      return (try? draft.promotion(currency: nil))!
    }
    let catalog = try Catalog(version: 2, promotions: promotions)
    let orders = (0..<TestScale.count(400, reduced: 40)).map { index in
      Order.valid(
        id: "o\(index)", currency: nil,
        amount: Money(minorUnits: Int128(generator.amount(near: catalog)), minorDigits: 2))
    }
    try Self.check(catalog, orders: orders, context: "stackable seed \(seed)")
  }

  @Test("tiered thresholds (minimum equal to the sum, or close to it) with fixed and capped discounts")
  func tieredThresholds() throws {
    var generator = Generator(seed: 11)
    var promotions: [Promotion] = []
    for tier in 1...300 {
      let minimum = Int64(tier) * 100
      let sum = generator.chance(50) ? minimum : minimum / 2 + generator.int(0...50)
      promotions.append(
        Fixture.built {
          try Promotion(
            id: "t\(tier)", kind: .threshold, benefit: .amountOff(generator.cents(sum)),
            minimumAmount: generator.cents(minimum), isStackable: true)
        })
    }
    for index in 0..<300 {
      let benefit: Benefit =
        generator.chance(50)
        ? .amountOff(generator.cents(generator.int(1...30_000))) : .percentOff(generator.percentage())
      let cap: DecimalNumber? =
        if case .percentOff = benefit, generator.chance(50) {
          generator.cents(generator.int(1...20_000))
        } else { nil }
      promotions.append(
        Fixture.built {
          try Promotion(
            id: "d\(index)", kind: .discount, benefit: benefit, maximumDiscount: cap, isStackable: true)
        })
    }
    let catalog = try Catalog(version: 2, promotions: promotions)
    let orders = (0..<500).map { index in
      Order.valid(
        id: "o\(index)", currency: nil,
        amount: Money(minorUnits: Int128(generator.int(0...40_000)), minorDigits: 2))
    }
    try Self.check(catalog, orders: orders, context: "tiers")
  }

  @Test(
    "small amounts and values packed close together: many pairs tie or miss by a cent",
    arguments: [41, 42, 43, 44, 45, 46] as [UInt64])
  func denseSmallValues(seed: UInt64) throws {
    var generator = Generator(seed: seed)
    var used: Set<String> = []
    var promotions: [Promotion] = []
    for _ in 0..<generator.random.int(20...400) {
      let kind: PromotionKind = generator.chance(50) ? .discount : .threshold
      let id = generator.id(avoiding: &used)
      var cap: DecimalNumber?
      let benefit: Benefit
      if generator.chance(50) {
        benefit = .percentOff(
          Percentage.valid(
            DecimalNumber(
              significand: generator.int(1...60) * (generator.chance(50) ? 10_000 : 1_000), scale: 4)))
        if generator.chance(40) { cap = generator.cents(generator.int(1...40)) }
      } else {
        benefit = .amountOff(generator.cents(generator.int(1...40)))
      }
      let minimum = kind == .threshold ? generator.cents(generator.int(0...300)) : nil
      promotions.append(
        Fixture.built {
          try Promotion(
            id: id, kind: kind, benefit: benefit, minimumAmount: minimum, maximumDiscount: cap,
            isStackable: generator.chance(80))
        })
    }
    let catalog = try Catalog(version: 2, promotions: promotions)
    let orders = (0..<300).map { index in
      Order.valid(
        id: "o\(index)", currency: nil,
        amount: Money(minorUnits: Int128(generator.int(0...320)), minorDigits: 2))
    }
    try Self.check(catalog, orders: orders, context: "dense seed \(seed)")
  }

  @Test("pairs tie across two stretches: the lower discount id wins, from the later stretch")
  func tieAcrossStretches() throws {
    // On 1.00: b (55 off) leaves 0.45, where only t5 (5 off) applies: 0.40. a (50 off)
    // leaves 0.50, where t10 (10 off, from 0.50) applies: 0.40 too. The best single is
    // 0.45, so the pair wins, and a beats b.
    func promotion(_ id: String, _ kind: PromotionKind, off: Int64, minimum: Int64? = nil) -> Promotion {
      Fixture.built {
        try Promotion(
          id: id, kind: kind, benefit: .amountOff(DecimalNumber(significand: off, scale: 2)),
          minimumAmount: minimum.map { DecimalNumber(significand: $0, scale: 2) }, isStackable: true)
      }
    }
    let catalog = try Catalog(
      version: 2,
      promotions: [
        promotion("b", .discount, off: 55), promotion("a", .discount, off: 50),
        promotion("t5", .threshold, off: 5, minimum: 0), promotion("t10", .threshold, off: 10, minimum: 50),
      ])
    // The same with 30 more discounts of 1 to 30 cents, which never win but make the
    // search go by thresholds' minimums rather than by discounts.
    let fillers = (1...30).map { promotion("f\($0)", .discount, off: Int64($0)) }
    let stores = [
      ("two stretches", catalog),
      ("two stretches, by minimums", try Catalog(version: 2, promotions: catalog.promotions + fillers)),
    ]
    for (name, store) in stores {
      let calculator = try PriceCalculator(catalog: store, at: Self.now)
      let plan = try calculator.bestPlan(for: Order(id: "o", currency: nil, amount: Fixture.cents(100)))
      #expect(plan.applied.map(\.id) == ["a", "t10"], "\(name)")
      #expect(plan.total == Fixture.cents(40), "\(name)")
      try Self.check(
        store,
        orders: (0...120).map { Order.valid(id: "o\($0)", currency: nil, amount: Fixture.cents(Int64($0))) },
        context: name)
    }
  }

  @Test("an item-heavy store: 4,000 item promotions over SKUs and categories")
  func itemStore() throws {
    var generator = Generator(seed: 21)
    let catalog = generator.catalog(count: 4_000, items: 85)
    let orders = (0..<300).map { generator.order($0, near: catalog) }
    try Self.check(catalog, orders: orders, context: "items")
  }

  @Test(
    "buy-get-heavy item stores of 30 to 1,500 rules: shapes compete with small percentages, sums and prices",
    arguments: [51, 52, 53, 54] as [UInt64])
  func buyGetStores(seed: UInt64) throws {
    var generator = Generator(seed: seed)
    var used: Set<String> = []
    let rates = ["5", "10", "12.5", "20", "25", "50", "100"]
    // From a few rules per SKU (a plain list each) to dozens (indexed groups).
    let count = [30, 120, 400, 1_500][Int(seed % 4)]
    let promotions = (0..<count).map { _ in
      let benefit: Benefit
      switch generator.random.int(0...9) {
      case 0: benefit = .percentOff(Fixture.percent(generator.pick(["1", "5", "10", "12.5", "20"])))
      case 1: benefit = .amountOff(generator.cents(generator.pick([1, 5, 25, 100])))
      case 2: benefit = .fixedPrice(generator.cents(generator.pick([900, 1_900, 4_900])))
      default:
        benefit = .buyGet(
          BuyGet.valid(
            buy: generator.int(1...6), get: generator.int(1...4),
            percentOff: Fixture.percent(generator.pick(rates))))
      }
      let target: ItemTarget? =
        generator.chance(10)
        ? nil
        : generator.chance(60)
          ? try? ItemTarget(skus: [generator.pick(Generator.skus)], categories: nil)
          : try? ItemTarget(skus: nil, categories: [generator.pick(Generator.categories)])
      let id = generator.id(avoiding: &used)
      let stackable = generator.chance(50)
      return Fixture.built {
        try Promotion(id: id, kind: .item, target: target, benefit: benefit, isStackable: stackable)
      }
    }
    let catalog = try Catalog(version: 2, promotions: promotions)
    let orders = (0..<300).map { index in
      let lines = (0..<generator.random.int(1...5)).map { _ in
        OrderItem.valid(
          sku: generator.pick(Generator.skus),
          categories: generator.chance(70) ? [generator.pick(Generator.categories)] : [],
          unitPrice: Money(minorUnits: Int128(generator.pick([100, 999, 1_000, 2_500])), minorDigits: 2),
          quantity: generator.chance(30) ? generator.int(1...10) : generator.int(1...60))
      }
      return (try? Order(id: "o\(index)", currency: nil, items: lines))!
    }
    try Self.check(catalog, orders: orders, context: "buy-get seed \(seed)")
  }

  @Test("a store without a currency priced against JPY orders (other minor digits)")
  func otherMinorDigits() throws {
    var generator = Generator(seed: 31)
    var used: Set<String> = []
    let promotions = (0..<600).map { index in
      let kind: PromotionKind = [.item, .discount, .threshold][index % 3]
      var draft = PromotionDraft(generator.promotion(id: generator.id(avoiding: &used), kind: kind))
      // Whole amounts only, so that a JPY order can be priced.
      switch draft.benefit {
      case .amountOff(let sum)?:
        draft.benefit = .amountOff(DecimalNumber(significand: (sum.units(atScale: 0) ?? 1) + 1, scale: 0))
      case .fixedPrice?:
        draft.benefit = .fixedPrice(DecimalNumber(significand: generator.int(0...30), scale: 0))
      default: break
      }
      if draft.maximumDiscount != nil {
        draft.maximumDiscount = DecimalNumber(significand: generator.int(1...200), scale: 0)
      }
      if draft.minimumAmount != nil {
        draft.minimumAmount = DecimalNumber(significand: generator.int(0...400), scale: 0)
      }
      return (try? draft.promotion(currency: nil))!
    }
    let catalog = try Catalog(version: 2, promotions: promotions)
    let jpy = Currency.valid("JPY")
    let orders = (0..<200).map { index in
      Order.valid(
        id: "o\(index)", currency: jpy,
        amount: Money(minorUnits: Int128(generator.int(0...500)), minorDigits: 0))
    }
    try Self.check(catalog, orders: orders, context: "JPY")
  }
}
