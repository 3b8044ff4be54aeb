/// the documented rules's division of one order-stage discount among the lines it acts on.
package enum Ref3Allocation {
  /// `discount` divided among the lines marked in `acts` in proportion to what they have
  /// left (`left`): `floor(d × b_i / B)` each, then the minor units still missing one each
  /// to the largest remainders `(d × b_i) mod B`, ties to the earlier line. Lines it does
  /// not act on get 0.
  package static func shares(_ discount: Int128, left: [Int128], acts: [Bool]) -> [Int128] {
    let base = left.indices.reduce(Int128(0)) { acts[$1] ? $0 + left[$1] : $0 }
    var shares = [Int128](repeating: 0, count: left.count)
    guard base > 0 else { return shares }
    var remainders: [(index: Int, remainder: Int128)] = []
    for index in left.indices where acts[index] {
      shares[index] = discount * left[index] / base
      remainders.append((index, discount * left[index] % base))
    }
    let missing = discount - shares.reduce(0, +)
    let order = remainders.sorted {
      $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index
    }
    for entry in order.prefix(Int(missing)) { shares[entry.index] += 1 }
    return shares
  }
}
