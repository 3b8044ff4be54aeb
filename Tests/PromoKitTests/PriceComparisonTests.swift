import PromoKit
import PromoTestSupport
import Testing

/// `promo diff`'s core: each order priced against two catalogs, and the summary.
@Suite("PriceComparison: what a store change does to a set of orders")
struct PriceComparisonTests {
  static let now = PricingPropertyTests.now

  @Test(
    "the summary's difference is the sum of the per-order changes; counts and sums agree",
    arguments: [7, 11, 0xD1FF, 20_261_122] as [UInt64])
  func summaryAddsUp(seed: UInt64) throws {
    var generator = StoreGenerator(seed: seed)
    for round in 0..<40 {
      let baseSpecs = generator.store(count: generator.random.int(0...8))
      let changedSpecs =
        generator.chance(20)
        ? baseSpecs : generator.store(count: generator.random.int(0...8))
      let context = PricingContext(instant: Self.now)
      let comparison = try PriceComparison(
        base: PriceCalculator(catalog: PricingPropertyTests.catalog(baseSpecs), context: context),
        changed: PriceCalculator(catalog: PricingPropertyTests.catalog(changedSpecs), context: context))
      var summary = PriceChangeSummary()
      var changes: Int128 = 0
      var before: Int128 = 0
      var changedCount = 0
      var up = 0
      for _ in 0..<generator.random.int(0...12) {
        let order = PricingPropertyTests.order(generator.subtotal(for: baseSpecs + changedSpecs))
        let change = try comparison.compare(order)
        // Each side is exactly what a calculator of that catalog alone chooses.
        #expect(change.before == (try comparison.base.bestPlan(for: order)))
        #expect(change.after == (try comparison.changed.bestPlan(for: order)))
        #expect(change.change.minorUnits == change.after.total.minorUnits - change.before.total.minorUnits)
        #expect(change.isChanged == (change.change.minorUnits != 0))
        try summary.add(change)
        changes += change.change.minorUnits
        before += change.before.total.minorUnits
        if change.isChanged { changedCount += 1 }
        if change.change.minorUnits > 0 { up += 1 }
      }
      let label = "seed \(seed) round \(round)"
      #expect(summary.change.minorUnits == changes, "\(label)")
      #expect(summary.before.minorUnits == before, "\(label)")
      #expect(summary.after.minorUnits == before + changes, "\(label)")
      #expect(summary.changed == changedCount && summary.up == up, "\(label)")
      #expect(summary.up + summary.down == summary.changed, "\(label)")
      if baseSpecs == changedSpecs {
        #expect(summary.changed == 0, "\(label): the same store changes nothing")
      }
    }
  }

  @Test("catalogs in different currencies cannot be compared")
  func currenciesMustMatch() throws {
    let context = PricingContext(instant: Self.now)
    let yen = try PriceCalculator(
      catalog: try Catalog(currency: Currency.valid("JPY")), context: context)
    let none = try PriceCalculator(catalog: try Catalog(), context: context)
    #expect(throws: PriceComparisonError.currencyMismatch(base: Currency.valid("JPY"), changed: nil)) {
      try PriceComparison(base: yen, changed: none)
    }
  }

  @Test("orders in different currencies cannot be added up; the summary is left as it was")
  func ordersMustShareACurrency() throws {
    let context = PricingContext(instant: Self.now)
    let calculator = try PriceCalculator(catalog: try Catalog(), context: context)
    let comparison = try PriceComparison(base: calculator, changed: calculator)
    let yen = Currency.valid("JPY")
    var summary = PriceChangeSummary()
    try summary.add(
      comparison.compare(Order(id: "a", currency: yen, amount: Money(minorUnits: 500, minorDigits: 0))))
    let dinar = Currency.valid("KWD")
    let other = try comparison.compare(
      Order(id: "b", currency: dinar, amount: Money(minorUnits: 500, minorDigits: 3)))
    let before = summary
    #expect(throws: PriceComparisonError.mixedCurrencies(earlier: yen, order: dinar)) {
      try summary.add(other)
    }
    #expect(summary == before)
    #expect(summary.before == Money(minorUnits: 500, minorDigits: 0))
  }

  @Test(
    "a change is equal to another exactly when its order, currency and plans are (sums by value), and hashes alike"
  )
  func changeEquality() {
    let yen = Currency.valid("JPY")
    func plan(_ total: Int128, digits: Int, applied: [String] = []) -> PricingPlan {
      var scale: Int128 = 1
      for _ in 0..<digits { scale *= 10 }
      return PricingPlan(
        applied: applied.map {
          AppliedPromotion(id: $0, discount: Money(minorUnits: 5 * scale, minorDigits: digits))
        },
        total: Money(minorUnits: total * scale, minorDigits: digits))
    }
    // Each class holds the same change written with sums of 0, 2 and 3 minor digits.
    let classes: [[PriceChange]] = [
      (0...3).filter { $0 != 1 }.map {
        PriceChange(
          order: "a", currency: nil, before: plan(100, digits: $0),
          after: plan(90, digits: $0, applied: ["x"]))
      },
      [
        PriceChange(
          order: "b", currency: nil, before: plan(100, digits: 2), after: plan(90, digits: 2, applied: ["x"]))
      ],
      [
        PriceChange(
          order: "a", currency: yen, before: plan(100, digits: 0), after: plan(90, digits: 0, applied: ["x"]))
      ],
      [
        PriceChange(
          order: "a", currency: nil, before: plan(100, digits: 2), after: plan(90, digits: 2, applied: ["y"]))
      ],
      [
        PriceChange(
          order: "a", currency: nil, before: plan(100, digits: 2), after: plan(95, digits: 2, applied: ["x"]))
      ],
      [
        PriceChange(
          order: "a", currency: nil, before: plan(90, digits: 2, applied: ["x"]), after: plan(100, digits: 2))
      ],
    ]
    let values = classes.flatMap { $0 }
    let rank = classes.indices.flatMap { index in classes[index].map { _ in index } }
    #expect(ComparisonLaws.hashable(values) { rank[$0] == rank[$1] } == [])
  }
}
