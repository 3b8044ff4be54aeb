import PromoTestSupport
import Testing

@testable import PromoKit

/// The one list of benefit kinds (``Benefit/Kind``) and the packed values of the pricing
/// that store it (``DealTerms``, ``CompactOrderRule``, ``FewItemRule``): every benefit has
/// its kind, each packed value gives back the kind it was made from, and storing the kind
/// left their sizes as they were.
@Suite("Benefit kinds and the packed values that store them")
struct BenefitKindTests {
  /// One benefit of each kind, in the order of the cases.
  static let benefits: [Benefit] = [
    F3.percent("20"), F3.amount("5"), F3.fixed("19.9"), F3.buyGet(2, 1, percent: "50"),
  ]

  @Test("the kinds are the four benefits, in order, their raw values from 0")
  func kinds() {
    #expect(Benefit.Kind.allCases == [.percentOff, .amountOff, .fixedPrice, .buyGet])
    #expect(Benefit.Kind.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(Self.benefits.map(\.kind) == Benefit.Kind.allCases)
  }

  @Test("the packed values keep their sizes")
  func sizes() {
    // DealTerms: "about 80 bytes" (87, padded to 88); FewItemRule: 16 bytes, four to a
    // cache line; CompactOrderRule: 64 bytes, one cache line.
    #expect(MemoryLayout<DealTerms>.size == 87)
    #expect(MemoryLayout<DealTerms>.stride == 88)
    #expect(MemoryLayout<FewItemRule>.size == 16)
    #expect(MemoryLayout<CompactOrderRule>.size == 64)
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
        let terms = try DealTerms(promotion, storeIndex: 0, rank: 0, minorDigits: 2)
        #expect(terms.benefit == benefit.kind)
      }
    }
  }

  @Test("CompactOrderRule stores a percentage or a sum, and prices as its order rule")
  func compactOrderRule() {
    let money = { (units: Int128) in Money(minorUnits: units, minorDigits: 2) }
    let rules = [
      OrderRule(id: "a", isStackable: true, minimum: nil, reduction: .fixed(money(1_500))),
      OrderRule(
        id: "b", isStackable: false, minimum: money(10_000),
        reduction: .percent(Fixture.percent("15"), cap: nil)),
      OrderRule(
        id: "c", isStackable: true, minimum: money(5_000),
        reduction: .percent(Fixture.percent("20"), cap: money(900))),
    ]
    let kinds: [Benefit.Kind] = [.amountOff, .percentOff, .percentOff]
    for (rule, kind) in zip(rules, kinds) {
      let compact = CompactOrderRule(rule, rank: 7)
      #expect(compact.benefit == kind)
      for units: Int128 in [0, 999, 5_000, 10_000, 18_525, 1_000_000] {
        #expect(compact.value(at: units) == rule.discount(on: money(units))?.minorUnits)
      }
    }
  }

  @Test("FewItemRule packs its rule's kind and prices as the rule", arguments: 1...8)
  func fewItemRule(seed: Int) {
    var generator = SelectionIndexTests.Generator(seed: UInt64(seed))
    for index in 0..<200 {
      var rule = generator.itemRule(only: index % 4)
      rule.isStackable = generator.chance(50)
      let few = FewItemRule(rule, rank: Int32(index))
      #expect(few.kind == rule.reduction.kind)
      #expect(few.isStackable == rule.isStackable)
      #expect(few.rank == Int32(index))
      for (price, quantity) in [(1, 1), (999, 3), (2_500, 7), (19_900, 2)] as [(Int128, Int64)] {
        let unitPrice = Money(minorUnits: price, minorDigits: 2)
        let lineAmount = Money(minorUnits: price * Int128(quantity), minorDigits: 2)
        #expect(
          few.discount(unitPrice: price, quantity: quantity, lineAmount: lineAmount.minorUnits)
            == rule.discount(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount).minorUnits)
      }
    }
  }
}
