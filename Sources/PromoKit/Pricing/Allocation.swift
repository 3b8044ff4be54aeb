/// Divides a discount over lines in proportion to what is left of each (the allocation rule): line
/// `i` gets `floor(d × b_i / B)`, and the minor units still missing go one each to the lines
/// with the largest remainders `(d × b_i) mod B`, ties to the earlier line.
///
///     Allocation.divide(1_500, over: amounts, into: shares)   // [5_000, 9_600]: [514, 986]
///
/// - Complexity: O(*n* log *n*) for *n* lines (O(*n* × *m*) for *m* missing units when
///   *n* is small).
package enum Allocation {
  /// Writes the shares of `discount` over `amounts` (all at least 0, with `discount` at
  /// most their sum) into `shares` (as many as `amounts`): they add up to `discount`
  /// exactly, and no share exceeds its amount. It uses no memory of its own but a few
  /// lines' remainders.
  package static func divide(
    _ discount: Int128, over amounts: UnsafeBufferPointer<Int128>,
    into shares: UnsafeMutableBufferPointer<Int128>
  ) {
    let count = amounts.count
    var total: Int128 = 0
    // The one line with something left, when only one has (-1 for none, -2 for more).
    var onlyLine = -1
    for index in 0..<count where amounts[index] > 0 {
      total += amounts[index]
      onlyLine = onlyLine == -1 ? index : -2
    }
    guard total > 0, discount > 0 else {
      for index in 0..<count { shares[index] = 0 }
      return
    }
    if onlyLine >= 0 {
      // floor(d × b / b) = d, the others nothing, with nothing left over: no division.
      for index in 0..<count { shares[index] = 0 }
      shares[onlyLine] = discount
      return
    }
    let divisor = UInt128(total)
    withUnsafeTemporaryAllocation(of: UInt128.self, capacity: count) { remainders in
      var given: Int128 = 0
      // When d and B fit in 64 bits (nearly always), d × b_i fits in 128 and the division
      // is one hardware instruction.
      if let small = UInt64(exactly: total), let smallDiscount = UInt64(exactly: discount) {
        for index in 0..<count {
          let product = smallDiscount.multipliedFullWidth(by: UInt64(amounts[index]))
          let (quotient, remainder) =
            product.high == 0
            ? product.low.quotientAndRemainder(dividingBy: small) : small.dividingFullWidth(product)
          shares[index] = Int128(quotient)
          remainders[index] = UInt128(remainder)
          given += Int128(quotient)
        }
      } else {
        for index in 0..<count {
          // d × b_i can exceed 128 bits; the quotient never does (it is at most d).
          let product = UInt128(discount).multipliedFullWidth(by: UInt128(amounts[index]))
          let (quotient, remainder) = divisor.dividingFullWidth(product)
          shares[index] = Int128(quotient)
          remainders[index] = remainder
          given += Int128(quotient)
        }
      }
      let missing = Int(discount - given)  // fewer than the number of lines
      guard missing > 0 else { return }
      if missing <= 8 {
        // A few units: the largest remainder not yet served, each time (ties: the earlier).
        for _ in 0..<missing {
          var chosen = -1
          for index in 0..<count where remainders[index] != UInt128.max {
            if chosen < 0 || remainders[index] > remainders[chosen] { chosen = index }
          }
          shares[chosen] += 1
          remainders[chosen] = UInt128.max
        }
        return
      }
      let order = (0..<count).sorted {
        remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
      }
      for index in order.prefix(missing) { shares[index] += 1 }
    }
  }
}
