import PromoTestSupport
import Testing

@testable import PromoKit

/// What a SKU's or category's stretch leaves out: a discount or threshold of that one
/// target that another of the same target outdoes on its lines
/// (``DealTerms/outdoesOnSameLines(_:lastLayer:)``), held to what it would have found.
@Suite("Exact search: the order deals of one target that another outdoes")
struct StretchPruningTests {
  /// Random discounts and thresholds of one SKU: sums and percentages (some capped), some
  /// with minimums of amount or units, some repeating, some stackable, some for members.
  static func deals(count: Int, random: inout SplitMix64) throws -> [DealTerms] {
    var promotions: [Promotion] = []
    for index in 0..<count {
      let kind: PromotionKind = random.next() % 2 == 0 ? .discount : .threshold
      let percent = random.next() % 2 == 0
      let repeats = kind == .threshold && !percent && random.next() % 4 == 0
      let byUnits = kind == .threshold && random.next() % 3 == 0
      let promotion = try? Promotion(
        id: "p\(index)", kind: kind,
        customerGroups: random.next() % 6 == 0 ? try CustomerGroups(["member"]) : nil,
        target: try F3.skus("a-sku"),
        benefit: percent ? F3.percent("\(1 + random.next() % 40)") : F3.amount("\(1 + random.next() % 30)"),
        minimumAmount: kind == .threshold && !byUnits ? Fixture.decimal("\(10 + random.next() % 200)") : nil,
        minimumQuantity: byUnits ? Int64(1 + random.next() % 5) : nil, repeats: repeats,
        maximumDiscount: percent && random.next() % 3 == 0
          ? Fixture.decimal("\(5 + random.next() % 40)") : nil,
        isStackable: random.next() % 2 == 0)
      if let promotion { promotions.append(promotion) }
    }
    return try ExactPruningTests.terms(promotions)
  }

  @Test("a deal that outdoes another of its target takes at least as much wherever the other applies")
  func outdoingOnSameLines() throws {
    var random = SplitMix64(seed: 0x57_2E7C)
    var outdone = 0
    for _ in 0..<20 {
      let deals = try Self.deals(count: 30, random: &random)
      for first in deals {
        for second in deals where first.outdoesOnSameLines(second, lastLayer: 2) {
          outdone += 1
          #expect(first.kind == second.kind && first.rank < second.rank && !first.isForCustomerGroups)
          #expect(first.isStackable || !second.isStackable)
          // A stackable discount may be followed by a threshold its take decides: never outdone.
          #expect(second.kind == .threshold || !second.isStackable)
          for _ in 0..<20 {
            let base = Int128(random.next() % 40_000)
            let units = Int64(random.next() % 8)
            #expect(
              first.orderDiscount(base: base, units: units) >= second.orderDiscount(base: base, units: units))
          }
        }
      }
    }
    #expect(outdone > 100)
  }

  @Test("a stackable discount that takes less is kept: what it leaves can reach a threshold's minimum")
  func smallerDiscountReachesThreshold() throws {
    // On one 100.00 line: 5.00 off leaves 95.00, below the threshold's 97.00; 3.00 off
    // leaves 97.00, which reaches it: 3.00 then 20.00 is the best plan (77.00).
    let promotions = [
      try Promotion(
        id: "d-five", kind: .discount, target: F3.skus("a-sku"), benefit: F3.amount("5"), isStackable: true),
      try Promotion(
        id: "d-three", kind: .discount, target: F3.skus("a-sku"), benefit: F3.amount("3"), isStackable: true),
      try Promotion(
        id: "t-twenty", kind: .threshold, target: F3.skus("a-sku"), benefit: F3.amount("20"),
        minimumAmount: Fixture.decimal("97"), isStackable: true),
    ]
    let quote = try F3.quote(promotions, try F3.order([F3.line("a-sku", "100.00", 1)]))
    #expect(F3.applied(quote) == ["d-three 3.00", "t-twenty 20.00"])
    #expect(quote.total == F3.money("77.00"))
  }

  @Test("a threshold another of its target outdoes is left out, and the plan is the one a pass finds")
  func outdoneThresholdLeftOut() throws {
    let promotions = [
      try Promotion(
        id: "t-a-ten", kind: .threshold, target: F3.skus("a-sku"), benefit: F3.amount("10"),
        minimumAmount: Fixture.decimal("50"), isStackable: true),
      try Promotion(
        id: "t-b-eight", kind: .threshold, target: F3.skus("a-sku"), benefit: F3.amount("8"),
        minimumAmount: Fixture.decimal("60")),
      try Promotion(
        id: "d-half", kind: .discount, target: F3.skus("a-sku"), benefit: F3.percent("50"), isStackable: true),
    ]
    // (t-a-ten has the lower id: it wins a tie, so it outdoes t-b-eight.)
    let catalog = try Catalog(currency: F3.cny, promotions: promotions)
    let candidates = try #require(
      ExactCandidates(
        catalog: catalog, instant: F3.now, ranks: idRanks(of: promotions), minorDigits: 2))
    #expect(candidates.table.map(\.storeIndex).sorted() == [0, 2])
    let calculator = try PriceCalculator(catalog: catalog, at: F3.now)
    for price in ["40.00", "55.00", "70.00", "130.00"] {
      let order = try F3.order([F3.line("a-sku", price, 1), F3.line("b-sku", "10.00", 1)])
      #expect(try calculator.bestPlan(for: order) == calculator.bestPlanByScan(for: order), "at \(price)")
    }
  }
}
