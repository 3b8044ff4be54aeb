/// Sorting of integer keys by their bytes (least significant digit first), for the big
/// sorts of preparing a store for pricing: amounts, rates and ids' first bytes.
///
/// Each pass counts one byte of every key and moves the keys into place by those counts,
/// so the order of equal keys is kept. A byte that is the same in every key (the high
/// bytes of amounts, which are far below 2^64) needs no pass and gets none.
///
///     var keys: [UInt64] = [300, 7, 300, 1]
///     RadixSort.sort(&keys)   // [1, 7, 300, 300]
///
/// - Complexity: O(*p* (*n* + 256)) for *n* keys and *p* ≤ 8 bytes that differ among them:
///   no comparisons.
package enum RadixSort {
  /// Sorts `keys` ascending.
  package static func sort(_ keys: inout [UInt64]) {
    sort(&keys, by: { $0 })
  }

  /// Sorts `values` ascending: by bytes when every one is in `0...UInt64.max` (amounts
  /// and rates are), by comparisons otherwise.
  package static func sort(_ values: inout [Int128]) {
    guard values.allSatisfy({ $0 >= 0 && $0 <= Int128(UInt64.max) }) else { return values.sort() }
    var keys = values.map { UInt64(truncatingIfNeeded: $0) }
    sort(&keys)
    values = keys.map { Int128($0) }
  }

  /// Sorts `values` ascending: by bytes when none is negative, by comparisons otherwise.
  package static func sort(_ values: inout [Int64]) {
    guard values.allSatisfy({ $0 >= 0 }) else { return values.sort() }
    sort(&values, by: { UInt64(bitPattern: $0) })
  }

  /// Sorts `keys` by their high 64 bits, keeping the order of keys whose high words are
  /// equal: for keys packed as `value << 64 | payload`, with the payloads in the order
  /// that ties should keep.
  package static func sortByHighWord(_ keys: inout [UInt128]) {
    sort(&keys, by: { UInt64(truncatingIfNeeded: $0 >> 64) })
  }

  /// Sorts `elements` stably by `key`.
  @inline(__always)
  private static func sort<Element>(_ elements: inout [Element], by key: (Element) -> UInt64) {
    let count = elements.count
    guard count > 1 else { return }
    // One histogram per byte, in one pass over the keys.
    var histograms = [Int](repeating: 0, count: 8 * 256)
    var all: UInt64 = ~0
    var any: UInt64 = 0
    for element in elements {
      let value = key(element)
      all &= value
      any |= value
      for byte in 0..<8 { histograms[byte &* 256 &+ Int((value >> (8 &* UInt64(byte))) & 0xFF)] &+= 1 }
    }
    // Bytes where some key has a 1 and some a 0 are the only ones that order anything.
    let differing = all ^ any
    var scratch = elements
    var sourceIsElements = true
    for byte in 0..<8 where (differing >> (8 &* UInt64(byte))) & 0xFF != 0 {
      var next = [Int](repeating: 0, count: 256)
      var total = 0
      for digit in 0..<256 {
        next[digit] = total
        total &+= histograms[byte &* 256 &+ digit]
      }
      let shift = 8 &* UInt64(byte)
      if sourceIsElements {
        scatter(from: elements, into: &scratch, next: &next, shift: shift, key: key)
      } else {
        scatter(from: scratch, into: &elements, next: &next, shift: shift, key: key)
      }
      sourceIsElements.toggle()
    }
    if !sourceIsElements { swap(&elements, &scratch) }
  }

  /// Moves every element of `source` to its place in `target` for the byte at `shift`.
  @inline(__always)
  private static func scatter<Element>(
    from source: [Element], into target: inout [Element], next: inout [Int], shift: UInt64,
    key: (Element) -> UInt64
  ) {
    target.withUnsafeMutableBufferPointer { target in
      next.withUnsafeMutableBufferPointer { next in
        for element in source {
          let digit = Int((key(element) >> shift) & 0xFF)
          target[next[digit]] = element
          next[digit] &+= 1
        }
      }
    }
  }
}
