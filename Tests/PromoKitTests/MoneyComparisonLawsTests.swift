import PromoKit
import Testing

/// `<` is a strict total order consistent with `==` and the hash, across minor digits (as
/// swift-collections' `checkComparable` checks).
@Suite("Money comparison laws")
struct MoneyComparisonLawsTests {
  @Test("irreflexive, asymmetric, transitive, total, and consistent with == and hash")
  func laws() {
    var values: [Money] = []
    for digits in 0...3 {
      for units: Int128 in [-1_000, -1, 0, 1, 10, 100, 1_000, 12_345, .max, .min + 1] {
        values.append(Money(minorUnits: units, minorDigits: digits))
      }
    }
    for a in values {
      #expect(!(a < a))
      for b in values {
        let exactlyOne = [a < b, a == b, b < a].filter { $0 }.count
        #expect(exactlyOne == 1, "\(a) vs \(b)")
        if a == b { #expect(a.hashValue == b.hashValue) }
        for c in values where a < b && b < c { #expect(a < c) }
      }
    }
    #expect(Money(minorUnits: 100, minorDigits: 2) == Money(minorUnits: 1_000, minorDigits: 3))
    #expect(Money(minorUnits: 100, minorDigits: 2) < Money(minorUnits: 1_001, minorDigits: 3))
  }
}
