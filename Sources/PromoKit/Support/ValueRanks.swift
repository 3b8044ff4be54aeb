/// The distinct values of a list, ascending, and the rank of each value among them: the
/// keys of the selection indexes (a sum's or a rate's rank stands for it in their trees).
///
///     let (distinct, ranks) = ValueRanks.of([300, 7, 300, 1])
///     // distinct [1, 7, 300], ranks [2, 1, 2, 0]
///
/// Values in a narrow span (amounts of a few thousand minor units apart, rates, which are
/// at most 10^6) are ranked through a bitmap of the span: one bit set per value, then a
/// count of the bits below each. Others are sorted by bytes (``RadixSort``), or compared
/// when they do not fit in 64 bits.
package enum ValueRanks {
  /// The widest span ranked through a bitmap: 2^21 values, a 256 KiB bitmap.
  static let widestBitmapSpan: Int128 = 1 << 21

  /// The distinct `values`, ascending, and the rank of each value among them.
  ///
  /// - Complexity: O(*n* + *s* / 64) for *n* values in a span of *s* ≤ 2^21; otherwise
  ///   O(*n*) by bytes when every value is in `0...UInt64.max`, O(*n* log *n*) beyond.
  package static func of(_ values: [Int128]) -> (distinct: [Int128], ranks: [Int32]) {
    guard var smallest = values.first else { return ([], []) }
    var largest = smallest
    for value in values {
      smallest = min(smallest, value)
      largest = max(largest, value)
    }
    if largest - smallest < widestBitmapSpan {
      return byBitmap(values, from: smallest, span: Int(largest - smallest) + 1)
    }
    return bySorting(values)
  }

  /// ``of(_:)`` through a bitmap of the `span` values from `smallest`.
  private static func byBitmap(_ values: [Int128], from smallest: Int128, span: Int) -> (
    distinct: [Int128], ranks: [Int32]
  ) {
    var words = [UInt64](repeating: 0, count: (span + 63) / 64)
    // Each value's place in the span, found once (a 64-bit subtraction).
    let offsets = values.map { Int(truncatingIfNeeded: $0 - smallest) }
    for offset in offsets { words[offset >> 6] |= 1 << UInt64(offset & 63) }
    // The number of values present below each word, and the values in order.
    var below = [Int32](repeating: 0, count: words.count)
    var distinct: [Int128] = []
    distinct.reserveCapacity(min(values.count, span))
    var count: Int32 = 0
    for (index, word) in words.enumerated() {
      below[index] = count
      count += Int32(word.nonzeroBitCount)
      var bits = word
      while bits != 0 {
        distinct.append(smallest + Int128(index << 6 + bits.trailingZeroBitCount))
        bits &= bits - 1
      }
    }
    let ranks = offsets.map { offset in
      let mask: UInt64 = (1 << UInt64(offset & 63)) - 1
      return below[offset >> 6] + Int32((words[offset >> 6] & mask).nonzeroBitCount)
    }
    return (distinct, ranks)
  }

  /// ``of(_:)`` by sorting: by bytes when every value is in `0...UInt64.max`, by
  /// comparison otherwise.
  package static func bySorting(_ values: [Int128]) -> (distinct: [Int128], ranks: [Int32]) {
    var distinct: [Int128] = []
    var ranks = [Int32](repeating: 0, count: values.count)
    guard values.allSatisfy({ $0 >= 0 && $0 <= Int128(UInt64.max) }) else {
      for value in values.sorted() where distinct.last != value { distinct.append(value) }
      for index in values.indices { ranks[index] = Int32(distinct.firstIndex(notBelow: values[index])) }
      return (distinct, ranks)
    }
    // Each value above its index, sorted by value: equal values come out together.
    var keys = values.indices.map { UInt128(UInt64(values[$0])) << 64 | UInt128($0) }
    RadixSort.sortByHighWord(&keys)
    for key in keys {
      let value = Int128(UInt64(truncatingIfNeeded: key >> 64))
      if distinct.last != value { distinct.append(value) }
      ranks[Int(UInt64(truncatingIfNeeded: key))] = Int32(distinct.count - 1)
    }
    return (distinct, ranks)
  }
}
