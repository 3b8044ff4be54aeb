import PromoTestSupport
import Testing

@testable import PromoKit

/// The one list of benefit kinds (``Benefit/Kind``) and the terms of the pricing that
/// store it (``DealTerms``): every benefit has its kind, the terms give back the kind they
/// were made from, and storing the kind left their size as it was.
@Suite("Benefit kinds and the packed values that store them")
struct BenefitKindTests {
  /// One benefit of each kind, in the order of the cases.
  static let benefits: [Benefit] = {
    do {
      return [
        F3.percent("20"), F3.amount("5"), F3.fixed("19.9"), F3.buyGet(2, 1, percent: "50"),
        .bundle(try BundlePrice(quantity: 3, price: DecimalNumber(significand: 50))),
        .tiers(
          try TierLadder([
            Tier(minimum: .amount(DecimalNumber(significand: 100)), benefit: F3.amount("10")),
            Tier(minimum: .amount(DecimalNumber(significand: 200)), benefit: F3.amount("25")),
          ])),
        .gift(try GiftGoods(sku: "cup-free")),
      ]
    } catch {
      preconditionFailure("the benefits are valid: \(error)")
    }
  }()

  @Test("the kinds are the seven benefits, in order, their raw values from 0")
  func kinds() {
    #expect(
      Benefit.Kind.allCases == [.percentOff, .amountOff, .fixedPrice, .buyGet, .bundle, .tiers, .gift])
    #expect(Benefit.Kind.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
    #expect(Self.benefits.map(\.kind) == Benefit.Kind.allCases)
  }

  @Test("the packed values keep their sizes")
  func sizes() {
    // DealTerms: "about 80 bytes" (88; what few deals have more of is in its extras).
    #expect(MemoryLayout<DealTerms>.size == 88)
    #expect(MemoryLayout<DealTerms>.stride == 88)
    #expect(MemoryLayout<Benefit.Kind>.size == 1)
  }

  @Test("DealTerms stores the kind of its promotion's benefit")
  func dealTerms() throws {
    for benefit in Self.benefits {
      for kind in [PromotionKind.item, .discount, .threshold, .shipping] {
        let minimum: DecimalNumber? = kind == .threshold ? Fixture.decimal("100") : nil
        guard
          let promotion = try? Promotion(
            id: "p", kind: kind, benefit: benefit, minimumAmount: minimum)
        else { continue }  // a benefit its kind does not allow
        var extrasKept: [DealExtras] = []
        let terms = try DealTerms(
          promotion, storeIndex: 0, rank: 0, minorDigits: 2, keepingExtrasIn: &extrasKept)
        #expect(terms.benefit == benefit.kind)
      }
    }
  }
}
