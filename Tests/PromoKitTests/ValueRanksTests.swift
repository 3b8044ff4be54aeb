import PromoTestSupport
import Testing

@testable import PromoKit

/// ``ValueRanks`` against the distinct values sorted and searched, through the bitmap of a
/// narrow span, by bytes, and by comparison past 2^64.
@Suite("Ranking values: distinct values ascending, each value's rank among them")
struct ValueRanksTests {
  /// Draws from one seed.
  struct Generator: SeededCaseGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }
  }

  /// The distinct values sorted, and each value's position among them.
  static func expected(_ values: [Int128]) -> (distinct: [Int128], ranks: [Int32]) {
    let distinct = Array(Set(values)).sorted()
    return (distinct, values.map { Int32(distinct.firstIndex(of: $0)!) })
  }

  @Test("random values in narrow, wide and huge spans", arguments: 1...24)
  func randomValues(seed: Int) {
    var generator = Generator(seed: UInt64(seed))
    let bases: [Int128] = [0, 12_345, Int128(UInt64.max) - 1_000, Int128(UInt64.max) * 3]
    let base = bases[seed % 4]
    // Spans below, at and past the bitmap's widest, and very wide.
    let spans: [Int64] = [64, 1 << 21 - 1, 1 << 21, 1 << 40]
    let span = spans[(seed / 4) % 4]
    var values: [Int128] = []
    for _ in 0..<generator.int(1...300) {
      let offset: Int64 = generator.int(0...(span - 1))
      values.append(base + Int128(offset))
    }
    let (distinct, ranks) = ValueRanks.of(values)
    let reference = Self.expected(values)
    #expect(distinct == reference.distinct, "seed \(seed)")
    #expect(ranks == reference.ranks, "seed \(seed)")
    let sorted = ValueRanks.bySorting(values)
    #expect(sorted.distinct == reference.distinct && sorted.ranks == reference.ranks, "seed \(seed)")
  }

  @Test("no value, one value, the ends of a 64-value word")
  func edges() {
    #expect(ValueRanks.of([]).distinct.isEmpty)
    #expect(ValueRanks.of([5]) == ([5], [0]))
    let values: [Int128] = [63, 0, 64, 127, 128, 0, 63]
    #expect(ValueRanks.of(values) == ([0, 63, 64, 127, 128], [1, 0, 2, 3, 4, 0, 1]))
  }
}
