import PromoKit
import PromoTestSupport

/// The seeded generator of the random big format-2 stores and their orders: values drawn
/// from small sets, and amounts near the minimums, caps and sums that matter.
extension IndexedSelectionTests {
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
}
