import PromoTestSupport
import Testing

@testable import PromoKit

/// The bounds of a SKU's or category's order deals (``OrderStageBounds``), by which the
/// searches leave out a whole block of deals: never below what any of its deals could
/// take (``DealTerms/orderDiscountBound(base:units:)``), on any base and count of units,
/// for every benefit of an order deal in each way of rounding; and the layers its deals
/// stand in, from the lowest to the highest.
@Suite("Bounds of a block of order deals")
struct OrderStageBoundsTests {
  /// The terms of `promotion`, rounded by `rounding`, their extras kept in `extrasKept`
  /// (the terms hold them by an uncounted reference: `extrasKept` must outlive them).
  static func terms(
    _ promotion: Promotion, rounding: PercentageRounding = .halfUp, keeping extrasKept: inout [DealExtras]
  ) throws -> DealTerms {
    try DealTerms(
      promotion, storeIndex: 0, rank: 0, minorDigits: 2, rounding: rounding, keepingExtrasIn: &extrasKept)
  }

  @Test("never below any deal's bound, on any base and units", arguments: 0..<4)
  func neverBelowADeal(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x0B10_C800 + seed)
    let roundings: [PercentageRounding] = [.halfUp, .halfEven, .down]
    var extrasKept: [DealExtras] = []
    defer { withExtendedLifetime(extrasKept) {} }
    for _ in 0..<200 {
      var bounds = OrderStageBounds()
      let deals = try (0..<random.int(1...6)).map { _ in
        try Self.terms(
          LeastLeftBoundTests.promotion(&random), rounding: random.pick(roundings), keeping: &extrasKept)
      }
      for terms in deals { bounds.include(terms) }
      for _ in 0..<20 {
        let (base, units) = (Int128(random.int(0...120_000)), random.int(Int64(0)...12))
        let most = deals.map { $0.orderDiscountBound(base: base, units: units) }.max() ?? 0
        #expect(bounds.any.bound(upTo: base, units: units) >= most, "\(deals.map(\.layer)) on \(base)")
      }
    }
  }

  @Test("the layers of its deals, from the lowest to the highest")
  func layersOfItsDeals() throws {
    var extrasKept: [DealExtras] = []
    defer { withExtendedLifetime(extrasKept) {} }
    var bounds = OrderStageBounds()
    #expect(bounds.layers.isEmpty)
    for layer in [4, 2, 6] {
      bounds.include(
        try Self.terms(
          Promotion(id: "d\(layer)", kind: .discount, benefit: F3.amount("1"), layer: layer),
          keeping: &extrasKept))
    }
    #expect(bounds.layers == 2..<7)
    var other = OrderStageBounds()
    other.include(
      try Self.terms(
        Promotion(
          id: "t", kind: .threshold, benefit: F3.amount("1"),
          minimumAmount: LeastLeftBoundTests.money(100)), keeping: &extrasKept))
    #expect(other.layers == 2..<3)  // a threshold's own layer: 2
    other.formUnion(bounds)
    #expect(other.layers == 2..<7)
    var empty = OrderStageBounds()
    empty.formUnion(OrderStageBounds())
    #expect(empty.layers.isEmpty)
    empty.formUnion(other)
    #expect(empty.layers == 2..<7)
  }
}
