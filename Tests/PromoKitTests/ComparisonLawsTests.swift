import PromoKit
import PromoTestSupport
import Testing

/// `<` is a strict total order consistent with `==` and the hash, across minor digits, for
/// every comparable value type of PromoKit (``ComparisonLaws``, as swift-collections'
/// `checkComparable` checks), each against an oracle of its own.
@Suite("Comparison laws of Money, DecimalNumber, Percentage and Instant")
struct ComparisonLawsTests {
  /// Money of every minor-digit count from 0 to 3, at the edges of `Int128` too.
  static let money: [Money] = (0...3).flatMap { digits in
    ([-1_000, -1, 0, 1, 10, 100, 1_000, 12_345, .max, .min + 1] as [Int128]).map {
      Money(minorUnits: $0, minorDigits: digits)
    }
  }

  /// The oracle for money: the exact value `units / 10^digits` as its floor and the rest in
  /// thousandths, compared in that order.
  static func moneyOrder(_ a: Money, _ b: Money) -> ComparisonLaws.Order {
    func parts(_ money: Money) -> (whole: Int128, thousandths: Int128) {
      var scale: Int128 = 1
      for _ in 0..<money.minorDigits { scale *= 10 }
      var (whole, rest) = money.minorUnits.quotientAndRemainder(dividingBy: scale)
      if rest < 0 { (whole, rest) = (whole - 1, rest + scale) }
      return (whole, rest * (1_000 / scale))
    }
    let (left, right) = (parts(a), parts(b))
    let wholes = ComparisonLaws.order(left.whole, right.whole)
    return wholes == .same ? ComparisonLaws.order(left.thousandths, right.thousandths) : wholes
  }

  @Test("Money: irreflexive, asymmetric, transitive, total, and consistent with == and hash")
  func laws() {
    let values = Self.money
    #expect(ComparisonLaws.comparable(values) { Self.moneyOrder(values[$0], values[$1]) } == [])
    #expect(Money(minorUnits: 100, minorDigits: 2) == Money(minorUnits: 1_000, minorDigits: 3))
    #expect(Money(minorUnits: 100, minorDigits: 2) < Money(minorUnits: 1_001, minorDigits: 3))
  }

  @Test("DecimalNumber: compared by value across scales and exponents; equal values hash the same")
  func decimalNumberLaws() {
    let classes = [
      ["-100000000000000000"], ["-1", "-1.0", "-1e0"], ["-0.000000000000000001"],
      ["0", "-0.0", "0e5", "0.000"], ["0.001"], ["12.5", "12.50", "1.25e1"], ["12.51"], ["99.99"],
      ["100", "1e2", "100.00"], ["100000000000000000"],
    ]
    #expect(ComparisonLaws.comparable(ascending: classes.map { $0.map(Fixture.decimal) }) == [])
  }

  @Test("Percentage: compared by value whatever its decimal places")
  func percentageLaws() {
    let classes = [
      ["0.0001"], ["0.5", "0.50"], ["12.5", "12.5000"], ["33.3333"], ["99.9999"], ["100", "100.0"],
    ]
    #expect(ComparisonLaws.comparable(ascending: classes.map { $0.map(Fixture.percent) }) == [])
  }

  @Test("Instant: ordered by seconds, then nanoseconds; the offset it was written with does not count")
  func instantLaws() {
    let classes: [[Instant]] = [
      [Instant(secondsSinceEpoch: -1, nanoseconds: 999_999_999)],
      [Instant(secondsSinceEpoch: 0), Fixture.instant("1970-01-01T08:00:00+08:00")],
      [Instant(secondsSinceEpoch: 0, nanoseconds: 1)], [Instant(secondsSinceEpoch: 1)],
      [Fixture.instant("2026-11-01T00:00:00+08:00"), Fixture.instant("2026-10-31T16:00:00Z")],
      [Fixture.instant("2026-11-01T00:00:00Z")], [Fixture.instant("2026-11-01T00:00:00.1Z")],
      [Fixture.instant("2026-11-01T00:00:00.10000001Z")],
    ]
    #expect(ComparisonLaws.comparable(ascending: classes) == [])
  }

  @Test("the check itself: a wrong oracle, a non-transitive order and unequal hashes are reported")
  func checkCatchesBrokenLaws() {
    #expect(!ComparisonLaws.comparable([1, 2, 3]) { _, _ in .same }.isEmpty)
    #expect(!ComparisonLaws.comparable([3, 2, 1]) { ComparisonLaws.order($0, $1) }.isEmpty)
    #expect(ComparisonLaws.comparable([1, 2, 3]) { ComparisonLaws.order($0, $1) } == [])
    /// Equal by parity, hashed by value.
    struct Parity: Hashable {
      var value: Int
      static func == (a: Parity, b: Parity) -> Bool { a.value % 2 == b.value % 2 }
      func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }
    #expect(!ComparisonLaws.hashable([Parity(value: 1), Parity(value: 3)]) { _, _ in true }.isEmpty)
  }
}
