import PromoTestSupport
import Testing

@testable import PromoKit

/// The item rules a line's search leaves out, held against a brute-force pass over every
/// rule: a rule another outdoes (``FewItemRule/outdoes(_:)``) is left out of a target's few
/// rules and of an item group's members (``PreparedPromotions/ItemGroups/unoutdone(_:)``),
/// and the best of what is left, of all the rules and of the stackable ones, is the best of
/// them all. The rules are drawn from small sets of values, so that equal numbers, equal
/// discounts and rules outdone by outdone rules are common.
@Suite("Item rules left out of a line's search never change its answer")
struct ItemRulePruningTests {
  /// Random rules of every kind, with random ranks and stackability, and the best of them
  /// on a line by a pass over ``ItemRule/discount(unitPrice:quantity:lineAmount:)``.
  struct Case {
    var rules: [ItemRule]
    var compact: [FewItemRule]

    init(_ generator: inout SelectionIndexTests.Generator, count: Int) {
      let only = generator.chance(30) ? generator.int(0...3) : nil
      let ranks = (0..<count).map { Int32($0) }.shuffled(using: &generator)
      rules = (0..<count).map { index in
        var rule = generator.itemRule(only: only.map { Int($0) })
        // Few distinct values, so that rules often outdo one another.
        if generator.chance(60) {
          switch rule.reduction {
          case .percent: rule.reduction = .percent(Fixture.percent(generator.pick(["10", "20", "50"])))
          case .perUnit: rule.reduction = .perUnit(generator.money(generator.pick([100, 250, 1_000])))
          case .fixedPrice: rule.reduction = .fixedPrice(generator.money(generator.pick([0, 500, 1_900])))
          case .buyGet:
            rule.reduction = .buyGet(
              BuyGet.valid(
                buy: generator.int(1...2), get: 1,
                percentOff: generator.chance(50) ? .hundred : Fixture.percent("50")))
          }
        }
        rule.storeIndex = index
        rule.isStackable = generator.chance(50)
        return rule
      }
      compact = zip(rules, ranks).map { FewItemRule($0, rank: $1) }
    }

    /// The most any of `positions` takes off the line and the lowest rank taking that much,
    /// of all of them and of the stackable ones; `nil` when none takes off more than 0.
    func expected(_ positions: [Int], unitPrice: Money, quantity: Int64) -> (
      all: (Int128, Int32)?, stackable: (Int128, Int32)?
    ) {
      let lineAmount = Money(minorUnits: unitPrice.minorUnits * Int128(quantity), minorDigits: 2)
      var all: (Int128, Int32)?
      var stackable: (Int128, Int32)?
      func offer(_ found: (Int128, Int32), to best: inout (Int128, Int32)?) {
        if best == nil || found.0 > best!.0 || (found.0 == best!.0 && found.1 < best!.1) { best = found }
      }
      for position in positions {
        let discount = rules[position].discount(
          unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount
        )
        .minorUnits
        guard discount > 0 else { continue }
        offer((discount, compact[position].rank), to: &all)
        if rules[position].isStackable { offer((discount, compact[position].rank), to: &stackable) }
      }
      return (all, stackable)
    }
  }

  /// A line's unit price and quantity, now and then at the values where formulas meet.
  static func line(_ generator: inout SelectionIndexTests.Generator) -> (unitPrice: Money, quantity: Int64) {
    let unitPrice = generator.money(
      generator.chance(30)
        ? generator.pick([0, 1, 100, 250, 500, 1_000, 1_900, 2_999]) : generator.int(0...4_000))
    let quantity: Int64 = generator.chance(80) ? generator.int(1...9) : generator.int(1...1_000)
    return (unitPrice, quantity)
  }

  @Test("outdoes: the rule that outdoes another takes off at least as much on every line", arguments: 1...10)
  func outdoesTakesAtLeastAsMuch(seed: Int) {
    var generator = SelectionIndexTests.Generator(seed: UInt64(seed) &* 7_919)
    let testCase = Case(&generator, count: 60)
    var pairs = 0
    for (first, outdoer) in testCase.compact.enumerated() {
      for (second, outdone) in testCase.compact.enumerated() where outdoer.outdoes(outdone) {
        pairs += 1
        #expect(outdoer.rank < outdone.rank && (outdoer.isStackable || !outdone.isStackable))
        for _ in 0..<20 {
          let (unitPrice, quantity) = Self.line(&generator)
          let lineAmount = Money(minorUnits: unitPrice.minorUnits * Int128(quantity), minorDigits: 2)
          let more = testCase.rules[first].discount(
            unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
          let less = testCase.rules[second].discount(
            unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
          #expect(
            more >= less,
            "seed \(seed): rule \(first) outdoes \(second) but takes less off \(quantity) × \(unitPrice)")
        }
      }
    }
    #expect(pairs > 0, "seed \(seed): no rule outdoes another; the test checks nothing")
  }

  @Test(
    "a target's few rules without the outdone ones: the same best of all and of the stackable ones",
    arguments: 1...40)
  func fewRules(seed: Int) {
    var generator = SelectionIndexTests.Generator(seed: UInt64(seed) &* 31)
    let testCase = Case(&generator, count: generator.int(1...PreparedPromotions.ItemGroups.fewRules))
    // As the preparation lays them out: every rule that no other outdoes, found in one
    // pass in id order; the same as comparing every pair of rules.
    let kept = PreparedPromotions.ItemGroups.unoutdone(testCase.compact.sorted { $0.rank < $1.rank })
    let byPairs = testCase.compact.filter { rule in !testCase.compact.contains { $0.outdoes(rule) } }
    #expect(Set(kept.map(\.storeIndex)) == Set(byPairs.map(\.storeIndex)), "seed \(seed)")
    for _ in 0..<300 {
      let (unitPrice, quantity) = Self.line(&generator)
      let expected = testCase.expected(
        Array(testCase.rules.indices), unitPrice: unitPrice, quantity: quantity)
      let found = kept.withUnsafeBufferPointer { rules in
        FewItemRule.best(
          of: rules, unitPrice: unitPrice.minorUnits, quantity: quantity,
          lineAmount: unitPrice.minorUnits * Int128(quantity))
      }
      let allMatches = found.all?.discount == expected.all?.0 && found.all?.rank == expected.all?.1
      let stackableMatches =
        found.stackable?.discount == expected.stackable?.0 && found.stackable?.rank == expected.stackable?.1
      #expect(allMatches, "seed \(seed), \(quantity) × \(unitPrice)")
      #expect(stackableMatches, "seed \(seed), \(quantity) × \(unitPrice)")
      if let all = found.all {
        let rank = testCase.compact[all.storeIndex].rank
        #expect(rank == all.rank)
      }
    }
  }

  @Test(
    "an item group's members: exactly the rules no other outdoes, and the same best picks", arguments: 1...20)
  func itemGroups(seed: Int) {
    var generator = SelectionIndexTests.Generator(seed: UInt64(seed) &* 101)
    let testCase = Case(&generator, count: generator.int(17...300))
    // In id order, as the preparation passes them.
    let inIdOrder = testCase.compact.sorted { $0.rank < $1.rank }
    let unoutdone = PreparedPromotions.ItemGroups.unoutdone(inIdOrder)
    #expect(unoutdone.map(\.rank) == unoutdone.map(\.rank).sorted())
    let byPairs = testCase.compact.filter { rule in !testCase.compact.contains { $0.outdoes(rule) } }
    #expect(Set(unoutdone.map(\.storeIndex)) == Set(byPairs.map(\.storeIndex)), "seed \(seed)")
    #expect(
      unoutdone.count < testCase.compact.count, "seed \(seed): nothing left out; the test checks little")
    let groups = PreparedPromotions.ItemGroups(Array(inIdOrder.indices), of: inIdOrder)
    for _ in 0..<300 {
      let (unitPrice, quantity) = Self.line(&generator)
      let expected = testCase.expected(
        Array(testCase.rules.indices), unitPrice: unitPrice, quantity: quantity)
      let lineAmount = unitPrice.minorUnits * Int128(quantity)
      let all = groups.all.best(unitPrice: unitPrice.minorUnits, quantity: quantity, lineAmount: lineAmount)
      let stackable = groups.stackable.best(
        unitPrice: unitPrice.minorUnits, quantity: quantity, lineAmount: lineAmount)
      let allRank = all.map { groups.members[Int($0.weight)].rank }
      let stackableRank = stackable.map { groups.members[Int($0.weight)].rank }
      let allMatches = all?.discount == expected.all?.0 && allRank == expected.all?.1
      let stackableMatches =
        stackable?.discount == expected.stackable?.0 && stackableRank == expected.stackable?.1
      #expect(allMatches, "seed \(seed), \(quantity) × \(unitPrice)")
      #expect(stackableMatches, "seed \(seed), \(quantity) × \(unitPrice)")
    }
  }
}
