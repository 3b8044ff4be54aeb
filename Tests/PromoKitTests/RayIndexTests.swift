import PromoTestSupport
import Testing

@testable import PromoKit

/// ``RayIndex`` and ``WholeAmountIndex``, each held against a pass over what it indexes, on
/// random rays and sums with few distinct values (so that ties, shared lower ends and keys
/// without a ray are common), and at the amounts where something changes.
@Suite("The ray indexes agree with a pass over their rays")
struct RayIndexTests {
  /// Draws from one seed.
  struct Generator: SeededCaseGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }
  }

  @Test(
    "RayIndex: maximum key, greatest key at most a bound, lowest weight in a key range", arguments: 1...30)
  func rayIndex(seed: Int) {
    var generator = Generator(seed: UInt64(seed))
    let keyCount = generator.int(1...(seed % 3 == 0 ? 4 : 60))
    // Past 2^64 now and then, where the lower ends are sorted by comparison instead.
    let huge: Int128 = seed % 5 == 0 ? Int128(UInt64.max) * 4 : 0
    let scale = seed % 2 == 0 ? 30 : 5_000
    let rays = (0..<generator.int(0...200)).map { weight in
      RayIndex.Ray(
        lower: generator.chance(25) ? nil : huge + Int128(generator.int(0...scale)),
        key: Int32(generator.int(0...(keyCount - 1))), weight: Int32(weight))
    }
    let index = RayIndex(rays, keyCount: keyCount)
    let marks = rays.compactMap(\.lower)
    for _ in 0..<300 {
      let amount =
        generator.chance(60) && !marks.isEmpty
        ? generator.pick(marks) + Int128(generator.int(-1...1))
        : huge + Int128(generator.int(-2...(scale + 2)))
      let containing = rays.filter { ($0.lower ?? .min) <= amount }
      #expect(index.maximumKey(at: amount) == containing.map(\.key).max(), "seed \(seed), amount \(amount)")
      for _ in 0..<3 {
        let bound = Int32(generator.int(-1...keyCount))
        #expect(
          index.greatestKey(at: amount, atMost: bound) == containing.map(\.key).filter { $0 <= bound }.max(),
          "seed \(seed), amount \(amount), at most \(bound)")
        let low = Int32(generator.int(-1...keyCount))
        let high = low + Int32(generator.int(-1...keyCount))
        #expect(
          index.lowestWeight(at: amount, keysFrom: low, through: high)
            == containing.filter { $0.key >= low && $0.key <= high }.map(\.weight).min(),
          "seed \(seed), amount \(amount), keys \(low)...\(high)")
      }
    }
  }

  @Test("RayIndex: a hundred keys tying on one amount, their weights shuffled", arguments: 1...6)
  func manyTyingKeys(seed: Int) {
    var generator = Generator(seed: UInt64(seed))
    let keyCount = 100
    // Every key has rays from low amounts up, in a shuffled weight order; a few have none
    // and a few have a ray with no lower end.
    var weights = Array(0..<(4 * keyCount))
    weights.shuffle(using: &generator)
    let rays = weights.map { weight in
      RayIndex.Ray(
        lower: generator.chance(5) ? nil : Int128(generator.int(0...40)),
        key: Int32(generator.int(0...(keyCount - 8))), weight: Int32(weight))
    }
    let index = RayIndex(rays, keyCount: keyCount)
    for amount in [0, 1, 10, 20, 39, 40, 41] as [Int128] {
      for (low, high) in [(0, keyCount - 1), (5, keyCount - 20), (keyCount / 2, keyCount - 1)] {
        let expected = rays.filter { ($0.lower ?? .min) <= amount && $0.key >= low && $0.key <= high }
          .map(\.weight).min()
        #expect(
          index.lowestWeight(at: amount, keysFrom: Int32(low), through: Int32(high)) == expected,
          "seed \(seed), amount \(amount), keys \(low)...\(high)")
      }
    }
  }

  @Test("RayIndex: no ray answers nothing")
  func emptyRayIndex() {
    let index = RayIndex()
    #expect(index.isEmpty)
    #expect(index.maximumKey(at: 0) == nil)
    #expect(index.greatestKey(at: 100, atMost: 5) == nil)
    #expect(index.lowestWeight(at: 100, keysFrom: 0, through: 5) == nil)
  }

  @Test("WholeAmountIndex: the lowest weight of the sums taking off all of an amount", arguments: 1...30)
  func wholeAmountIndex(seed: Int) {
    var generator = Generator(seed: UInt64(seed))
    let scale = seed % 2 == 0 ? 40 : 3_000
    // Past 2^64 now and then, where the ends are sorted by comparison instead.
    let huge: Int128 = seed % 5 == 0 ? Int128(UInt64.max) * 2 : 0
    // In weight order or not: both are indexed the same.
    var weights = Array(0..<generator.int(0...150))
    if seed % 3 == 0 { weights.shuffle(using: &generator) }
    let sums: [(lower: Int128?, sum: Int128, weight: Int32)] = weights.map { weight in
      (
        lower: generator.chance(30) ? nil : huge + Int128(generator.int(0...scale)),
        sum: huge + Int128(generator.int(1...scale)), weight: Int32(weight)
      )
    }
    let index = WholeAmountIndex(
      sums.map { RayIndex.Ray(lower: $0.lower, key: 0, weight: $0.weight) }, sums: sums.map(\.sum))
    let marks: [Int128] = sums.map { $0.lower ?? 0 } + sums.map(\.sum)
    for _ in 0..<300 {
      let amount =
        generator.chance(60) && !marks.isEmpty
        ? max(0, generator.pick(marks) + Int128(generator.int(-1...1)))
        : huge + Int128(generator.int(0...(scale + 2)))
      let taking = sums.filter { ($0.lower ?? 0) <= amount && $0.sum >= amount }
      #expect(index.lowestWeight(at: amount) == taking.map(\.weight).min(), "seed \(seed), amount \(amount)")
    }
  }

  @Test("WholeAmountIndex: no sum, and a sum below where it starts, take off nothing whole")
  func wholeAmountIndexEdges() {
    #expect(WholeAmountIndex().lowestWeight(at: 0) == nil)
    let index = WholeAmountIndex(
      [.init(lower: 500, key: 0, weight: 0), .init(lower: nil, key: 1, weight: 3)], sums: [200, 100])
    #expect(index.lowestWeight(at: 0) == 3)
    #expect(index.lowestWeight(at: 100) == 3)
    #expect(index.lowestWeight(at: 101) == nil)
    #expect(index.lowestWeight(at: 500) == nil)
  }
}
