/// Divides a discount over lines in proportion to what is left of each (contract 4.4): line
/// `i` gets `floor(d × b_i / B)`, and the minor units still missing go one each to the lines
/// with the largest remainders `(d × b_i) mod B`, ties to the earlier line.
///
///     Allocation.shares(of: 1_500, over: [5_000, 9_600])   // [514, 986]
///
/// - Complexity: O(*n* log *n*) for *n* lines.
package enum Allocation {
  /// The shares of `discount` over `amounts` (all at least 0, with `discount` at most their
  /// sum); they add up to `discount` exactly, and no share exceeds its amount.
  package static func shares(of discount: Int128, over amounts: [Int128]) -> [Int128] {
    let total = amounts.reduce(0, +)
    guard total > 0, discount > 0 else { return Array(repeating: 0, count: amounts.count) }
    let divisor = UInt128(total)
    var shares: [Int128] = []
    var remainders: [UInt128] = []
    shares.reserveCapacity(amounts.count)
    remainders.reserveCapacity(amounts.count)
    var given: Int128 = 0
    for amount in amounts {
      // d × b_i can exceed 128 bits; the quotient never does (it is at most d).
      let product = UInt128(discount).multipliedFullWidth(by: UInt128(amount))
      let (quotient, remainder) = divisor.dividingFullWidth(product)
      shares.append(Int128(quotient))
      remainders.append(remainder)
      given += Int128(quotient)
    }
    let missing = Int(discount - given)  // fewer than the number of lines
    if missing > 0 {
      let order = amounts.indices.sorted {
        remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
      }
      for index in order.prefix(missing) { shares[index] += 1 }
    }
    return shares
  }
}
