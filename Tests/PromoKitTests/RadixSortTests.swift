import PromoKit
import PromoTestSupport
import Testing

/// ``RadixSort`` replaces comparison sorts in the preparation for pricing: it must order
/// exactly as `sort()` does, keep ties in their order where it promises to, and fall
/// back to comparisons for values it cannot sort by bytes.
@Suite("Radix sort")
struct RadixSortTests {
  /// Random values of a few shapes: small amounts (most bytes equal), full 64-bit values,
  /// many repeats.
  static func samples(seed: UInt64) -> [[UInt64]] {
    var random = SplitMix64(seed: seed)
    return (0..<60).map { round in
      let count = Int(random.next() % 3_000)
      switch round % 3 {
      case 0: return (0..<count).map { _ in random.next() % 200_000 }
      case 1: return (0..<count).map { _ in random.next() }
      default: return (0..<count).map { _ in (random.next() % 5) << 40 | random.next() % 3 }
      }
    }
  }

  @Test("unsigned keys come out as sort() orders them, empty and single arrays included")
  func unsignedKeys() {
    for values in Self.samples(seed: 7) + [[], [42], [3, 3, 3], [UInt64.max, 0, 1 << 63]] {
      var sorted = values
      RadixSort.sort(&sorted)
      #expect(sorted == values.sorted())
    }
  }

  @Test("keys sorted by their high word keep the order of equal high words")
  func highWordIsStable() {
    for values in Self.samples(seed: 11) {
      // The payload is the position, so the stable order is the fully sorted order.
      var keys = values.indices.map { UInt128(values[$0] % 97) << 64 | UInt128($0) }
      RadixSort.sortByHighWord(&keys)
      #expect(keys == keys.sorted())
      // A payload that falls as the position rises shows the ties were not reordered.
      var falling = values.indices.map { UInt128(values[$0] % 5) << 64 | UInt128(values.count - $0) }
      let expected = falling.enumerated().sorted { left, right in
        left.element >> 64 != right.element >> 64
          ? left.element >> 64 < right.element >> 64 : left.offset < right.offset
      }.map(\.element)
      RadixSort.sortByHighWord(&falling)
      #expect(falling == expected)
    }
  }

  @Test("signed values sort by bytes when none is out of range, and by comparisons otherwise")
  func signedValues() {
    for values in Self.samples(seed: 13) {
      var wide = values.map { Int128($0) }
      RadixSort.sort(&wide)
      #expect(wide == values.map { Int128($0) }.sorted())
      var narrow = values.map { Int64(bitPattern: $0 >> 1) }
      RadixSort.sort(&narrow)
      #expect(narrow == values.map { Int64(bitPattern: $0 >> 1) }.sorted())
    }
    var mixed: [Int128] = [5, -3, Int128(UInt64.max) + 1, 0, -3]
    RadixSort.sort(&mixed)
    #expect(mixed == [-3, -3, 0, 5, Int128(UInt64.max) + 1])
    var negative: [Int64] = [4, -1, Int64.min, 4, 0]
    RadixSort.sort(&negative)
    #expect(negative == [Int64.min, -1, 0, 4, 4])
  }
}
