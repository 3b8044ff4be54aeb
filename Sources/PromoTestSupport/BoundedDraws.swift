/// Bounded draws of the test generators' own, written out rather than taken from the
/// standard library's `random(in:using:)`, so that a seed (or a fuzz input) gives the same
/// case whatever the Swift version.
extension RandomNumberGenerator {
  /// A number in `range`, by the multiply-high method on one draw of 64 bits.
  package mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: width).high)
  }

  /// True `percent` times in a hundred.
  package mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One of `values`, which must not be empty.
  package mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

  /// `count` distinct values of `values` (all of them if there are fewer), in a random order.
  package mutating func distinct<T>(_ values: [T], count: Int) -> [T] {
    var pool = values
    var chosen: [T] = []
    for _ in 0..<min(count, pool.count) { chosen.append(pool.remove(at: int(0...(pool.count - 1)))) }
    return chosen
  }
}
