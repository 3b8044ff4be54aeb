/// Bounded draws of the test generators' own, written out rather than taken from the
/// standard library's `random(in:using:)`, so that a seed (or a fuzz input) gives the same
/// case whatever the Swift version.
extension RandomNumberGenerator {
  /// A number in `range`, by the multiply-high method on one draw of 64 bits.
  package mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: width).high)
  }

  /// A number in `range`, drawn as an `Int` is.
  package mutating func int(_ range: ClosedRange<Int64>) -> Int64 {
    Int64(int(Int(range.lowerBound)...Int(range.upperBound)))
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

/// A test's own case generator that holds a seeded ``SplitMix64`` and draws from it: it is a
/// generator itself, so it has the bounded draws above (`int`, `chance`, `pick`,
/// `distinct`) instead of writing its own, and its draws are those of its seed.
package protocol SeededCaseGenerator: RandomNumberGenerator {
  /// The seeded generator every draw comes from.
  var random: SplitMix64 { get set }
}

extension SeededCaseGenerator {
  /// The next 64 bits of ``random``.
  package mutating func next() -> UInt64 { random.next() }
}
