import PromoTestSupport
import Testing

@testable import PromoKit

/// The allocation rule as the engine works it out (``Allocation/divide(_:over:into:)``),
/// held to the reference's plain reading of it: `floor(d × b_i / B)` each, the units still
/// missing to the largest remainders, ties to the earlier line. Most weights drawn here are
/// zero (lines a deal does not act on), so that one line alone, or none, often has
/// something left: the case the engine answers without dividing.
@Suite("Allocation: a discount divided over lines by what each has left")
struct AllocationTests {
  /// The engine's shares of `discount` over `weights`.
  static func divided(_ discount: Int128, over weights: [Int128]) -> [Int128] {
    var shares = [Int128](repeating: -1, count: weights.count)
    weights.withUnsafeBufferPointer { weights in
      shares.withUnsafeMutableBufferPointer { Allocation.divide(discount, over: weights, into: $0) }
    }
    return shares
  }

  @Test("one line with something left takes all of it; the others nothing")
  func oneLineTakesAll() {
    #expect(Self.divided(700, over: [0, 0, 2_500, 0]) == [0, 0, 700, 0])
    #expect(Self.divided(2_500, over: [2_500]) == [2_500])
    #expect(Self.divided(1, over: [0, 3]) == [0, 1])
  }

  @Test("nothing left, or nothing to divide: every share is 0")
  func nothingToDivide() {
    #expect(Self.divided(0, over: [100, 200]) == [0, 0])
    #expect(Self.divided(0, over: [0, 0, 0]) == [0, 0, 0])
  }

  @Test("the reference's shares, on 20,000 seeded weights (mostly zeros) and discounts")
  func agreesWithTheReference() {
    var random = SplitMix64(seed: 0xA110_C8)
    var differing: [String] = []
    for _ in 0..<20_000 {
      let count = 1 + Int(random.next() % 9)
      let weights: [Int128] = (0..<count).map { _ in
        random.next() % 3 == 0 ? Int128(random.next() % 50_000) : 0
      }
      let whole = weights.reduce(0, +)
      let discount = whole == 0 ? 0 : Int128(random.next() % UInt64(whole + 1))
      let shares = Self.divided(discount, over: weights)
      let expected = Ref3Allocation.shares(discount, left: weights, acts: weights.map { _ in true })
      if shares != expected, differing.count < 5 {
        differing.append("\(discount) over \(weights): \(shares), reference \(expected)")
      }
    }
    #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
  }
}
