import PromoKit
import PromoTestSupport
import Testing

/// The rule for the best plan (``PlanPreference``), which both searches call: its order of
/// keys, and the laws of a strict order on random plans.
@Suite("The rule for the best plan")
struct PlanPreferenceTests {
  /// A plan as the rule sees it, ordered by the rule (`<` is "is preferred to").
  struct Summary: Comparable, Hashable, CustomStringConvertible {
    var total: Int128
    var ranks: [Int32]
    var description: String { "total \(total), ranks \(ranks)" }

    func prefers(_ other: Summary) -> Bool {
      PlanPreference.prefers(
        total: total, count: ranks.count, rank: { ranks[$0] },
        overTotal: other.total, count: other.ranks.count, rank: { other.ranks[$0] })
    }

    static func < (lhs: Summary, rhs: Summary) -> Bool { lhs.prefers(rhs) }
  }

  @Test("the lower total, then fewer promotions, then lower ranks in application order")
  func keys() {
    let cheaper = Summary(total: 8_900, ranks: [5, 6, 7])
    let dearer = Summary(total: 8_901, ranks: [0])
    #expect(cheaper.prefers(dearer) && !dearer.prefers(cheaper))
    let fewer = Summary(total: 8_900, ranks: [9])
    #expect(fewer.prefers(cheaper) && !cheaper.prefers(fewer))
    // Equal totals and counts: the first position where the ranks differ decides.
    let first = Summary(total: 8_900, ranks: [1, 9])
    let second = Summary(total: 8_900, ranks: [2, 0])
    #expect(first.prefers(second) && !second.prefers(first))
    // A plan never beats itself or its equal.
    #expect(!first.prefers(first))
    #expect(!first.prefers(Summary(total: 8_900, ranks: [1, 9])))
  }

  @Test("the laws of a strict order on 60 random plans, against an oracle of (total, count, ranks)")
  func laws() {
    var random = SplitMix64(seed: 16)
    let plans = (0..<60).map { _ in
      Summary(
        total: Int128(random.next() % 4),
        ranks: (0..<Int(random.next() % 3)).map { _ in Int32(random.next() % 3) })
    }
    // The oracle: the total, then the count, then the ranks compared one by one.
    let problems = ComparisonLaws.comparable(plans) { i, j in
      let (a, b) = (plans[i], plans[j])
      if a.total != b.total { return ComparisonLaws.order(a.total, b.total) }
      if a.ranks.count != b.ranks.count { return ComparisonLaws.order(a.ranks.count, b.ranks.count) }
      for (x, y) in zip(a.ranks, b.ranks) where x != y { return ComparisonLaws.order(x, y) }
      return .same
    }
    #expect(problems == [])
  }
}
