import PromoTestSupport
import Testing

@testable import PromoKit

/// The layered search's record of the deals one layer of a chain tried
/// (``SameFutureDeals``): the answers of a plain dictionary from (lines, amount taken,
/// classes combined with) to the lowest rank tried, both while it lists them and once it
/// has gone over to a dictionary of its own.
@Suite("Same-future deals: the lowest id of the same lines, take and classes")
struct SameFutureDealsTests {
  /// What a deal tried leaves the later layers, as the plain dictionary's key.
  struct Future: Hashable {
    var taken: Int128
    var lines: TargetedLines
    var combines: PromotionClasses
  }

  /// Order deals of every `combinesWith` a format-4 store allows, their ranks their places.
  static func deals() throws -> [DealTerms] {
    let classes = [
      #""stackable": true"#, #""stackable": false"#, #""combinesWith": ["order"]"#,
      #""combinesWith": ["order", "shipping"]"#, #""combinesWith": ["item", "order"]"#,
    ]
    let promotions = (0..<40).map { index in
      #"{"id": "d\#(index)", "kind": "discount", "percentOff": "10", \#(classes[index % classes.count])}"#
    }
    let store = #"{"version": 4, "currency": "EUR", "promotions": [\#(promotions.joined(separator: ","))]}"#
    return try ExactPruningTests.terms(WholeDealBoundsTests.promotions(of: store))
  }

  @Test("every answer is the plain dictionary's, past the listed deals too")
  func answersAsADictionary() throws {
    let deals = try Self.deals()
    var random = SplitMix64(seed: 0x5A_3EF)
    let lineChoices: [TargetedLines] = [.every, .mask(1), .mask(6), .list([0, 70]), .list([3])]
    var longest = 0
    for round in 0..<300 {
      var tried = SameFutureDeals()
      var reference: [Future: Int32] = [:]
      // Few kinds of future in some rounds (many repeats), many in others (past the list).
      let takes = round % 2 == 0 ? 3 : 40
      for _ in 0..<(5 + Int(random.next() % 80)) {
        let deal = deals[Int(random.next() % UInt64(deals.count))]
        let future = Future(
          taken: Int128(random.next() % UInt64(takes)) * 100,
          lines: lineChoices[Int(random.next() % UInt64(lineChoices.count))], combines: deal.combines)
        let expected: Bool
        if let rank = reference[future], rank < deal.rank {
          expected = false
        } else {
          reference[future] = deal.rank
          expected = true
        }
        #expect(tried.isFirst(taken: future.taken, lines: future.lines, terms: deal) == expected)
      }
      longest = max(longest, reference.count)
    }
    #expect(longest > SameFutureDeals.listedAtMost, "some round went past the listed deals")
  }
}
