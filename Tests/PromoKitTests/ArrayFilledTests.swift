import Testing

@testable import PromoKit

/// ``Swift/Array/init(filled:count:)`` against the standard library's
/// `init(repeating:count:)`, for the element types the pricing fills.
@Suite("Filling an array: count copies of one value")
struct ArrayFilledTests {
  @Test("the same elements as init(repeating:count:), for every count up to 40")
  func sameAsRepeating() {
    for count in 0...40 {
      #expect([Int](filled: -1, count: count) == [Int](repeating: -1, count: count))
      #expect([Int128](filled: .max, count: count) == [Int128](repeating: .max, count: count))
      #expect([Bool](filled: true, count: count) == [Bool](repeating: true, count: count))
      #expect([Int32?](filled: nil, count: count) == [Int32?](repeating: nil, count: count))
      #expect([[Int]](filled: [count], count: count) == [[Int]](repeating: [count], count: count))
    }
  }

  @Test("room for exactly the elements asked for, and growing from there")
  func capacityAndGrowth() {
    var filled = [Int](filled: 3, count: 5)
    #expect(filled.capacity >= 5)
    filled.append(4)
    #expect(filled == [3, 3, 3, 3, 3, 4])
  }
}
