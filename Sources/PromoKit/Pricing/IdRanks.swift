/// The rank of every promotion's id among the store's ids, compared as byte strings (ties,
/// which a valid store does not have, by position): comparing ranks compares ids.
///
/// The ids are sorted as integers, each its first 8 bytes (zero-padded: no id holds a zero
/// byte) above its position; only runs of ids sharing those 8 bytes are then compared
/// whole.
///
/// - Complexity: O(*n* log *n*) integer comparisons, and comparisons of whole ids only
///   within runs sharing their first 8 bytes.
package func idRanks(of promotions: [Promotion]) -> [Int32] {
  var keys: [UInt128] = []
  keys.reserveCapacity(promotions.count)
  HugePages.adviseUnusedCapacity(of: &keys)
  for position in promotions.indices {
    // The first 8 bytes, the first in the highest byte (ids are ASCII: a store holds no
    // other, and the model checks them).
    var prefix: UInt64 = 0
    var id = promotions[position].id
    id.withUTF8 { utf8 in
      for index in 0..<min(utf8.count, 8) { prefix |= UInt64(utf8[index]) << (56 - 8 * index) }
    }
    keys.append(UInt128(prefix) << 64 | UInt128(position))
  }
  // A comparison sort: ids often come in runs already in order, which it takes whole.
  keys.sort()
  var order = keys.map { Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: $0)) }
  // Ids that share their first 8 bytes are in position order: sort each such run by the
  // whole id.
  var start = 0
  while start < keys.count {
    var end = start + 1
    while end < keys.count && keys[end] >> 64 == keys[start] >> 64 { end += 1 }
    if end - start > 1 {
      order[start..<end].sort { left, right in
        let lhs = promotions[left].id.utf8
        let rhs = promotions[right].id.utf8
        if !lhs.elementsEqual(rhs) { return lhs.lexicographicallyPrecedes(rhs) }
        return left < right
      }
    }
    start = end
  }
  var ranks = [Int32](repeating: 0, count: promotions.count)
  for (rank, position) in order.enumerated() { ranks[position] = Int32(rank) }
  return ranks
}
