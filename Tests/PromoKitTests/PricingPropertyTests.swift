import PromoKit
import Testing

@Suite("PriceCalculator agrees with a brute-force reference on random stores")
struct PricingPropertyTests {
  static let nowText = "2026-11-22T04:00:00Z"
  static let now = Fixture.instant(nowText)
  static let epoch = now.secondsSinceEpoch

  static func catalog(_ specs: [PromotionSpec]) -> Catalog {
    Fixture.catalog(version: 1, specs.map { $0.promotion(epoch: epoch) })
  }

  static func order(_ cents: Int64) -> Order {
    Order.valid(id: "random", currency: nil, amount: Fixture.cents(cents))
  }

  static func reference(of plan: PricingPlan) -> ReferencePlan {
    ReferencePlan(
      ids: plan.applied.map(\.id), discounts: plan.applied.map { Int64($0.discount.minorUnits) },
      total: Int64(plan.total.minorUnits))
  }

  /// Checks one store and subtotal against the reference and the properties of the documented rules.
  static func check(
    _ specs: [PromotionSpec], subtotal: Int64, calculator: PriceCalculator, context: String
  ) throws {
    let plan = try calculator.bestPlan(for: order(subtotal))
    let actual = reference(of: plan)
    let plans = ReferencePricing.allPlans(specs, subtotal: subtotal)
    let expected = ReferencePricing.best(of: plans)
    #expect(actual == expected, "\(context), subtotal \(subtotal)")
    // Never worse than any plan the rules allow (none, any single, any allowed pair).
    let beaten = plans.filter { $0.total < actual.total }
    #expect(beaten.isEmpty, "\(context): \(beaten.first?.description ?? "") beats \(actual)")
    // Never negative, never above the subtotal; the discounts add up.
    #expect(plan.total.minorUnits >= 0 && plan.total.minorUnits <= Int128(subtotal), "\(context)")
    #expect(
      plan.applied.map(\.discount.minorUnits).reduce(0, +) == Int128(subtotal) - plan.total.minorUnits,
      "\(context)")
    #expect(plan.applied.count <= 2, "\(context)")
  }

  @Test(
    "random stores of 0 to 12 promotions: same plan as the brute force, with every property",
    arguments: [1, 2, 3, 4, 5, 0xC0FFEE, 0xDEAD_BEEF, 20_261_122] as [UInt64])
  func randomStores(seed: UInt64) throws {
    var generator = StoreGenerator(seed: seed)
    for round in 0..<60 {
      let specs = generator.store(count: generator.random.int(0...12))
      let catalog = Self.catalog(specs)
      let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
      for _ in 0..<8 {
        let subtotal = generator.subtotal(for: specs)
        try Self.check(
          specs, subtotal: subtotal, calculator: calculator, context: "seed \(seed) round \(round)")
      }
    }
  }

  @Test(
    "the same input gives the same output, whatever the store order",
    arguments: [11, 12, 13] as [UInt64])
  func deterministic(seed: UInt64) throws {
    var generator = StoreGenerator(seed: seed)
    for round in 0..<50 {
      let specs = generator.store(count: generator.random.int(0...12))
      let subtotal = generator.subtotal(for: specs)
      let first = try PriceCalculator(catalog: Self.catalog(specs), at: Self.now).bestPlan(
        for: Self.order(subtotal))
      let again = try PriceCalculator(catalog: Self.catalog(specs), at: Self.now).bestPlan(
        for: Self.order(subtotal))
      #expect(first == again, "seed \(seed) round \(round)")
      var shuffled = specs
      shuffled.shuffle(using: &generator.random)
      let reordered = try PriceCalculator(catalog: Self.catalog(shuffled), at: Self.now)
        .bestPlan(for: Self.order(subtotal))
      #expect(first == reordered, "seed \(seed) round \(round): store order changed the plan")
    }
  }

  @Test(
    "random stores read from JSON price exactly like the stores built in code",
    arguments: [21, 22] as [UInt64])
  func throughJSON(seed: UInt64) throws {
    var generator = StoreGenerator(seed: seed)
    for round in 0..<60 {
      let specs = generator.store(count: generator.random.int(0...12))
      let quote = generator.chance(50)
      let text =
        #"{"version": 1, "promotions": ["#
        + specs.map { $0.json(epoch: Self.epoch, quoteNumbers: quote) }.joined(separator: ",\n") + "]}"
      let decoded = try StoreDecoder.decode(Array(text.utf8), file: "random.json")
      #expect(decoded == Self.catalog(specs), "seed \(seed) round \(round)")
      let calculator = try PriceCalculator(catalog: decoded, at: Self.now)
      for _ in 0..<4 {
        let subtotal = generator.subtotal(for: specs)
        try Self.check(
          specs, subtotal: subtotal, calculator: calculator, context: "json seed \(seed) round \(round)")
      }
    }
  }

  @Test("explain agrees with the reference for every promotion", arguments: [31, 32] as [UInt64])
  func explainAgrees(seed: UInt64) throws {
    var generator = StoreGenerator(seed: seed)
    for round in 0..<60 {
      let specs = generator.store(count: generator.random.int(0...12))
      let catalog = Self.catalog(specs)
      let calculator = try PriceCalculator(catalog: catalog, at: Self.now)
      let subtotal = generator.subtotal(for: specs)
      let quote = try calculator.quote(for: Self.order(subtotal), explain: true)
      let expected = ReferencePricing.best(specs, subtotal: subtotal)
      #expect(Self.reference(of: quote.plan) == expected)
      let considered = try #require(quote.considered)
      #expect(considered.map(\.id) == specs.map(\.id))
      for (spec, consideration) in zip(specs, considered) {
        let context = "seed \(seed) round \(round) \(spec.id)"
        let outcome = consideration.outcome
        if !spec.active {
          #expect(outcome == .inactive, "\(context)")
        } else if let start = spec.start, start > 0 {
          #expect(outcome.name == "not-started", "\(context)")
        } else if let end = spec.end, end <= 0 {
          #expect(outcome.name == "ended", "\(context)")
        } else if let index = expected.ids.firstIndex(of: spec.id) {
          #expect(outcome == .applied(discount: Fixture.cents(expected.discounts[index])), "\(context)")
        } else if let minimum = spec.minimum, subtotal < minimum {
          #expect(
            outcome
              == .belowMinimum(
                MinimumShortfall(
                  testedAgainst: Fixture.cents(subtotal),
                  minimumAmount: DecimalNumber(significand: minimum, scale: 2),
                  shortBy: Fixture.cents(minimum - subtotal))),
            "\(context)")
        } else if case .notBest(let planTotal, let bestTotalWith) = outcome {
          // (The format-1 and 2 reference names no bestTotalWith: it is never below the
          // chosen plan's total, the best.)
          #expect(planTotal == Fixture.cents(expected.total), "\(context)")
          #expect(bestTotalWith.map { $0 >= planTotal } ?? true, "\(context)")
        } else {
          Issue.record("\(outcome) is no not-best: \(context)")
        }
      }
    }
  }

  /// The greedy choice the documented rules forbids: the best discount, the best threshold, stacked
  /// when both are stackable and the threshold still applies, else the better of the two.
  static func greedyTotal(_ specs: [PromotionSpec], subtotal: Int64) -> Int64 {
    let working = specs.filter(\.isWorking)
    func bestSingle(_ kind: PromotionKind) -> PromotionSpec? {
      working.filter { $0.kind == kind && $0.applies(to: subtotal) }
        .min { $0.reduction(of: subtotal) > $1.reduction(of: subtotal) }
    }
    let discount = bestSingle(.discount)
    let threshold = bestSingle(.threshold)
    var total = subtotal
    for single in [discount, threshold].compactMap({ $0 }) {
      total = min(total, subtotal - single.reduction(of: subtotal))
    }
    if let discount, let threshold, discount.stackable, threshold.stackable {
      let remaining = subtotal - discount.reduction(of: subtotal)
      if threshold.applies(to: remaining) {
        total = min(total, remaining - threshold.reduction(of: remaining))
      }
    }
    return total
  }

  @Test("the random cases cover every kind of plan, ties, and cases where greedy is wrong")
  func generatorCoverage() throws {
    var generator = StoreGenerator(seed: 1)
    var chosenSizes = [0, 0, 0]
    var ties = 0
    var greedyWrong = 0
    var zeroSubtotals = 0
    for _ in 0..<400 {
      let specs = generator.store(count: generator.random.int(0...12))
      let subtotal = generator.subtotal(for: specs)
      let plans = ReferencePricing.allPlans(specs, subtotal: subtotal)
      let best = ReferencePricing.best(of: plans)
      chosenSizes[best.ids.count] += 1
      if plans.filter({ $0.total == best.total }).count > 1 { ties += 1 }
      if best.total < Self.greedyTotal(specs, subtotal: subtotal) { greedyWrong += 1 }
      if subtotal == 0 { zeroSubtotals += 1 }
    }
    #expect(chosenSizes.allSatisfy { $0 >= 20 }, "plans chosen by size: \(chosenSizes)")
    #expect(ties >= 20, "ties: \(ties)")
    #expect(greedyWrong >= 5, "cases where greedy is not optimal: \(greedyWrong)")
    #expect(zeroSubtotals >= 10, "zero subtotals: \(zeroSubtotals)")
  }

  @Test("2,000 random promotions: the indexed search agrees with every pair tried")
  func largeStore() throws {
    var generator = StoreGenerator(seed: 2_000)
    let specs = generator.store(count: 2_000, maximumIDLength: 5)
    let calculator = try PriceCalculator(catalog: Self.catalog(specs), at: Self.now)
    for index in 0..<40 {
      let subtotal = generator.subtotal(for: specs)
      try Self.check(
        specs, subtotal: subtotal, calculator: calculator, context: "large store, subtotal #\(index)")
    }
  }

  @Test("2,000 stackable working promotions with close minimums: every pair is a candidate")
  func largeStackableStore() throws {
    var generator = StoreGenerator(seed: 4_000)
    var specs = generator.store(count: 2_000, maximumIDLength: 5)
    for index in specs.indices {
      specs[index].active = true
      specs[index].stackable = true
      specs[index].start = nil
      specs[index].end = nil
      if specs[index].kind == .threshold {
        specs[index].minimum = Int64(generator.random.int(9_000...11_000))
      }
    }
    let calculator = try PriceCalculator(catalog: Self.catalog(specs), at: Self.now)
    for subtotal: Int64 in [0, 8_999, 9_000, 10_000, 11_000, 11_500, 12_345, 20_000] {
      try Self.check(specs, subtotal: subtotal, calculator: calculator, context: "large stackable store")
    }
  }
}
