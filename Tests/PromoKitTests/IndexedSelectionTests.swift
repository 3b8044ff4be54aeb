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

  /// Random promotions and orders of store format 2.
  struct Generator: SeededCaseGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }

    static let idCharacters = Array("aAbBz09._-")
    static let percents = ["1", "5", "10", "12.5", "20", "25", "33.3333", "50", "99.9999", "100"]
    static let sums: [Int64] = [1, 99, 100, 500, 1_000, 1_500, 2_000, 4_999, 5_000, 10_000]
    static let minimums: [Int64] = [0, 1, 100, 4_999, 5_000, 9_999, 10_000, 20_000]
    static let caps: [Int64] = [1, 100, 500, 1_000, 2_500, 5_000]
    static let skus = (0..<24).map { "sku\($0)" }
    static let categories = ["tea", "mug", "pot", "cup", "gift"]
    static let codes = ["VIP", "vip2", "SPRING"]

    func cents(_ value: Int64) -> DecimalNumber { DecimalNumber(significand: value, scale: 2) }

    mutating func percentage() -> Percentage {
      if chance(70) { return Fixture.percent(pick(Self.percents)) }
      return Percentage.valid(DecimalNumber(significand: int(1...1_000_000), scale: 4))
    }

    mutating func sum() -> Int64 { chance(70) ? pick(Self.sums) : int(1...30_000) }

    mutating func minimum() -> Int64 { chance(60) ? pick(Self.minimums) : int(0...40_000) }

    mutating func id(avoiding used: inout Set<String>) -> String {
      while true {
        let length = random.int(1...4)
        let id = String((0..<length).map { _ in pick(Self.idCharacters) })
        if used.insert(id).inserted { return id }
      }
    }

    /// A promotion of any kind; `thresholdMinimum` forces a threshold's minimum.
    mutating func promotion(id: String, kind: PromotionKind) -> Promotion {
      let code: String? = chance(8) ? pick(Self.codes) : nil
      // Now and then a window that has not started or has ended.
      let window = random.int(0...19)
      let start: Timestamp? = window == 0 ? Fixture.timestamp("2026-12-01T00:00:00Z") : nil
      let end: Timestamp? = window == 1 ? Fixture.timestamp("2026-11-01T00:00:00Z") : nil
      let active = chance(92)
      let stackable = chance(60)
      switch kind {
      case .item:
        var target: ItemTarget?
        if chance(75) {
          let skus =
            chance(60)
            ? Array(Set((0..<random.int(1...3)).map { _ in pick(Self.skus) })) : nil
          let categories = skus == nil || chance(30) ? [pick(Self.categories)] : nil
          target = try? ItemTarget(skus: skus, categories: categories)
        }
        let benefit: Benefit
        switch random.int(0...3) {
        case 0: benefit = .percentOff(percentage())
        case 1: benefit = .amountOff(cents(chance(50) ? pick([100, 250, 500, 1_000]) : int(1...3_000)))
        case 2: benefit = .fixedPrice(cents(chance(50) ? pick([0, 500, 1_000, 1_900]) : int(0...3_000)))
        default:
          benefit = .buyGet(
            BuyGet.valid(buy: int(1...3), get: int(1...2), percentOff: chance(50) ? .hundred : percentage()))
        }
        return Fixture.built {
          try Promotion(
            id: id, kind: .item, code: code, target: target, benefit: benefit, startsAt: start, endsAt: end,
            isActive: active, isStackable: stackable)
        }
      case .shipping:
        return Fixture.built {
          try Promotion(
            id: id, kind: .shipping, code: code, benefit: .percentOff(.hundred), startsAt: start, endsAt: end,
            isActive: active, isStackable: stackable)
        }
      case .discount, .threshold:
        let benefit: Benefit
        var cap: DecimalNumber?
        if chance(50) {
          benefit = .percentOff(percentage())
          if chance(45) { cap = cents(chance(70) ? pick(Self.caps) : int(1...20_000)) }
        } else {
          benefit = .amountOff(cents(sum()))
        }
        let minimum = kind == .threshold ? cents(minimum()) : nil
        return Fixture.built {
          try Promotion(
            id: id, kind: kind, code: code, benefit: benefit, minimumAmount: minimum, maximumDiscount: cap,
            startsAt: start, endsAt: end, isActive: active, isStackable: stackable)
        }
      case .gift:  // a gift takes nothing off: never drawn
        return Fixture.built { try Promotion(id: id, kind: .gift, benefit: .gift(GiftGoods(sku: "cup"))) }
      }
    }

    mutating func catalog(count: Int, items: Int = 30) -> Catalog {
      var used: Set<String> = []
      let promotions = (0..<count).map { _ in
        let roll = random.int(0...99)
        let kind: PromotionKind =
          roll < items ? .item : (roll < items + (100 - items) / 2 ? .discount : .threshold)
        return promotion(id: id(avoiding: &used), kind: kind)
      }
      return Fixture.catalog(version: 2, promotions)
    }

    /// An amount near what matters: a minimum (exactly, or a cent off), a cap's
    /// breakpoint, a sum, or anything.
    mutating func amount(near catalog: Catalog) -> Int64 {
      let promotion = pick(catalog.promotions)
      let nudge: Int64 = chance(50) ? 0 : int(-1...1)
      switch random.int(0...4) {
      case 0:
        if let minimum = promotion.minimumAmount, let units = minimum.units(atScale: 2) {
          return max(0, units + nudge)
        }
      case 1:
        if case .percentOff(let rate) = promotion.benefit,
          let cap = promotion.maximumDiscount?.units(atScale: 2)
        {
          return max(
            0,
            Int64((Int128(cap) * 1_000_000 + Int128(rate.tenThousandths) - 1) / Int128(rate.tenThousandths))
              + nudge)
        }
      case 2:
        if case .amountOff(let sum) = promotion.benefit, let units = sum.units(atScale: 2) {
          return max(0, units + nudge)
        }
      default: break
      }
      return chance(10) ? 0 : int(0...50_000)
    }

    mutating func order(_ index: Int, near catalog: Catalog) -> Order {
      let codes = chance(20) ? [pick(Self.codes).lowercased()] : []
      if chance(45) {
        return Order.valid(
          id: "o\(index)", currency: nil, codes: codes,
          amount: Money(minorUnits: Int128(amount(near: catalog)), minorDigits: 2))
      }
      let lines = (0..<random.int(1...6)).map { _ in
        OrderItem.valid(
          sku: chance(90) ? pick(Self.skus) : nil,
          categories: chance(60) ? Array(Set([pick(Self.categories), pick(Self.categories)])) : [],
          unitPrice: Money(
            minorUnits: Int128(chance(60) ? pick([0, 100, 500, 999, 1_900, 2_500, 5_000]) : int(0...20_000)),
            minorDigits: 2),
          quantity: chance(60) ? int(1...4) : int(1...12))
      }
      return (try? Order(id: "o\(index)", currency: nil, codes: codes, items: lines))!
    }
  }

  static func check(_ catalog: Catalog, orders: [Order], codes: [String] = [], context: String) throws {
    let calculator = try PriceCalculator(
      catalog: catalog, context: PricingContext(instant: now, codes: codes))
    // The calculator `promo price` uses for a few orders: no indexes, a pass per order.
    let unindexed = try PriceCalculator(
      catalog: catalog, context: PricingContext(instant: now, codes: codes), indexed: false)
    for (index, order) in orders.enumerated() {
      let indexed = try calculator.bestPlan(for: order)
      let scanned = try calculator.bestPlanByScan(for: order)
      #expect(indexed == scanned, "\(context), order \(order.id) (\(order.subtotal))")
      let explain = index % 100 == 0  // (explaining costs a search per promotion left out)
      #expect(
        try unindexed.quote(for: order, explain: explain) == calculator.quote(for: order, explain: explain),
        "\(context), order \(order.id) without indexes")
    }
  }

  @Test("random format-2 stores of 3,000 promotions, 400 orders each", arguments: [1, 2, 3, 4] as [UInt64])
  func bigStores(seed: UInt64) throws {
    var generator = Generator(seed: seed)
    let catalog = generator.catalog(count: 3_000)
    let orders = (0..<400).map { generator.order($0, near: catalog) }
    try Self.check(catalog, orders: orders, context: "seed \(seed)")
    try Self.check(
      catalog, orders: Array(orders.prefix(100)), codes: ["VIP"], context: "seed \(seed), --code VIP")
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
    let orders = (0..<400).map { index in
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
