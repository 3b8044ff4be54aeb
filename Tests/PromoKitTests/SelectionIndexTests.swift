import PromoTestSupport
import Testing

@testable import PromoKit

/// The pieces of the indexed plan selection, each held against a brute-force pass over its
/// deals on random deals and amounts: ``PlainDealIndex`` (every query) and the rate
/// arithmetic.
@Suite("The selection indexes agree with a pass over their rules")
struct SelectionIndexTests {
  /// Random order rules with values from small sets, so that ties are common.
  struct Generator: SeededCaseGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }

    /// `units` hundredths.
    func cents(_ units: Int64) -> DecimalNumber { DecimalNumber(significand: units, scale: 2) }

    mutating func rate() -> Percentage {
      let units =
        chance(60)
        ? pick(
          [1, 5_000, 10_000, 100_000, 125_000, 200_000, 333_333, 500_000, 999_999, 1_000_000] as [Int64])
        : int(1...1_000_000)
      return Percentage.valid(DecimalNumber(significand: units, scale: 4))
    }

    /// A plain discount or threshold, as the index reads it; `scale` bounds its sums and
    /// minimums; `only` picks one benefit form (0 fixed, 1 uncapped, 2 capped) or any.
    mutating func orderDeal(threshold: Bool, scale: Int64, only: Int? = nil) -> DealTerms {
      let benefit: Benefit
      var cap: DecimalNumber?
      switch only ?? random.int(0...2) {
      case 0: benefit = .amountOff(cents(int(1...scale)))
      case 1: benefit = .percentOff(rate())
      default:
        benefit = .percentOff(rate())
        cap = cents(int(1...scale))
      }
      let minimum = threshold ? cents(chance(20) ? 0 : int(0...scale * 2)) : nil
      let promotion = Fixture.built {
        try Promotion(
          id: "r", kind: threshold ? .threshold : .discount, benefit: benefit, minimumAmount: minimum,
          maximumDiscount: cap, isStackable: true)
      }
      var extrasKept: [DealExtras] = []  // (none: no tiers or fine steps)
      return
        (try? DealTerms(
          promotion, storeIndex: 0, rank: 0, minorDigits: 2, keepingExtrasIn: &extrasKept))!
    }

  }

  @Test(
    "PlainDealIndex: best, lowest weight reaching a value or within a range, greatest not above",
    arguments: 1...24)
  func plainDealIndex(seed: Int) {
    var generator = Generator(seed: UInt64(seed))
    let threshold = seed % 2 == 0
    let scale: Int64 = seed % 3 == 0 ? 50 : 20_000
    let only = seed % 4 == 3 ? nil : seed % 4
    let deals = (0..<generator.random.int(1...300)).map { _ in
      generator.orderDeal(threshold: threshold, scale: scale, only: only)
    }
    let set = PlainDealIndex(deals, weights: deals.indices.map { Int32($0) })
    // Amounts where something changes: minimums, sums, caps and the amounts where a capped
    // percentage reaches its cap, each a minor unit either side; and anything.
    var marks: [Int128] = []
    for deal in deals {
      if deal.hasMinimum { marks.append(deal.minimum) }
      if deal.benefit == .amountOff { marks.append(deal.sum) }
      if deal.benefit == .percentOff && deal.cap != .max {
        marks.append(deal.cap)
        marks.append(RateArithmetic.breakpoint(rate: deal.rate, cap: deal.cap))
      }
    }
    for _ in 0..<400 {
      let amount =
        generator.chance(60) && !marks.isEmpty
        ? max(0, generator.pick(marks) + Int128(generator.int(-1...1))) : Int128(generator.int(0...scale * 3))
      // What each takes by its own formula, or nil below its minimum.
      let values = deals.map { $0.minimum > amount ? nil : $0.orderDiscount(base: amount, units: .max) }
      let best = values.compactMap { $0 }.max()
      #expect(set.best(at: amount) == best, "seed \(seed), amount \(amount)")
      func lowest(_ accept: (Int128) -> Bool) -> Int32? {
        values.indices.first { values[$0].map(accept) ?? false }.map { Int32($0) }
      }
      for value in [best ?? 0, (best ?? 0) - 1, Int128(generator.int(0...scale)), 0, amount] where value >= 0
      {
        #expect(
          set.lowestWeight(at: amount, reaching: value) == (value <= amount ? lowest { $0 >= value } : nil),
          "seed \(seed), amount \(amount), reaching \(value)")
      }
      for _ in 0..<4 {
        let low = Int128(generator.int(0...Int64(amount)))
        let high =
          generator.chance(20) ? amount + Int128(generator.int(0...5)) : low + Int128(generator.int(0...30))
        #expect(
          set.lowestWeight(at: amount, within: low, high) == lowest { $0 >= low && $0 <= high },
          "seed \(seed), amount \(amount), within \(low)...\(high)")
        let bound = Int128(generator.int(0...Int64(amount) + 3))
        #expect(
          set.greatest(at: amount, notAbove: bound) == values.compactMap { $0 }.filter { $0 <= bound }.max(),
          "seed \(seed), amount \(amount), not above \(bound)")
      }
    }
  }

  @Test("a capped threshold whose minimum is one minor unit below where it reaches its cap")
  func capReachedJustAfterMinimum() throws {
    // 20% capped at 50.00 reaches the cap from 249.98; from a minimum of 249.97, it takes
    // 20% of 249.97 = 49.99 there, and the cap above.
    let threshold = Fixture.built {
      try Promotion(
        id: "t", kind: .threshold, benefit: .percentOff(Fixture.percent("20")),
        minimumAmount: Fixture.decimal("249.97"), maximumDiscount: Fixture.decimal("50"), isStackable: true)
    }
    var extrasKept: [DealExtras] = []
    let deal = try #require(
      try? DealTerms(threshold, storeIndex: 0, rank: 0, minorDigits: 2, keepingExtrasIn: &extrasKept))
    let set = PlainDealIndex([deal], weights: [0])
    #expect(set.best(at: 24_996) == nil)
    #expect(set.best(at: 24_997) == 4_999)
    #expect(set.best(at: 24_998) == 5_000)
    #expect(set.best(at: 1_000_000) == 5_000)
    #expect(set.lowestWeight(at: 24_997, reaching: 4_999) == 0)
    #expect(set.greatest(at: 24_997, notAbove: 4_999) == 4_999)
  }

  @Test("rate arithmetic: the same rounding as Percentage, and exact inverses")
  func rateArithmetic() {
    var generator = Generator(seed: 99)
    for _ in 0..<20_000 {
      let rate = generator.rate()
      let amount = Int128(generator.chance(50) ? generator.int(0...2_000) : generator.int(0...Int64.max / 4))
      let money = Money(minorUnits: amount, minorDigits: 2)
      let value = Percentage.rounded(amount, tenThousandths: rate.tenThousandths)
      #expect(value == rate.discount(on: money).minorUnits)
      if let least = RateArithmetic.leastRate(reaching: value, on: amount) {
        #expect(least <= rate.tenThousandths && Percentage.rounded(amount, tenThousandths: least) >= value)
        #expect(least == 0 || Percentage.rounded(amount, tenThousandths: least - 1) < value)
      }
      let greatest = RateArithmetic.greatestRate(notAbove: value, on: amount)
      #expect(
        greatest >= rate.tenThousandths && Percentage.rounded(amount, tenThousandths: greatest) <= value)
      #expect(
        greatest == RateArithmetic.hundredPercent
          || Percentage.rounded(amount, tenThousandths: greatest + 1) > value)
    }
    let huge: Int128 = 10_000_000_000_000_000_000_000_000  // beyond 64 bits
    #expect(Percentage.rounded(huge + 1, tenThousandths: 500_000) == huge / 2 + 1)
    #expect(RateArithmetic.breakpoint(rate: 200_000, cap: 5_000) == 24_998)  // 20% of 249.98 rounds to 50.00
    #expect(RateArithmetic.breakpoint(rate: 333_333, cap: 1) == 2)
  }
}
