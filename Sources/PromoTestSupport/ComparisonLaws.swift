/// The laws of `Equatable`, `Hashable` and `Comparable`, checked over a list of values
/// against an oracle that says how any two of them compare, in the manner of
/// swift-collections' `checkEquatable`, `checkHashable` and `checkComparable`. Each check
/// returns every law it finds broken (empty when all hold), so that a test states
/// `#expect(ComparisonLaws.comparable(values, oracle: ...) == [])` and a failure names the
/// values.
package enum ComparisonLaws {
  /// How the oracle says two values compare.
  package enum Order: Equatable, Sendable {
    /// The first value is below the second.
    case ascending
    /// The two values are equal.
    case same
    /// The first value is above the second.
    case descending
  }

  /// `==` and `!=` agree with `oracle` (are the values at these two indices equal?) on every
  /// pair, and `==` is reflexive, symmetric and transitive.
  package static func equatable<T: Equatable>(_ values: [T], oracle: (Int, Int) -> Bool) -> [String] {
    var problems: [String] = []
    for i in values.indices {
      if values[i] != values[i] { problems.append("\(values[i]) is not equal to itself") }
      for j in values.indices {
        let (a, b) = (values[i], values[j])
        let expected = oracle(i, j)
        if (a == b) != expected { problems.append("\(a) == \(b) is \(a == b), expected \(expected)") }
        if (a != b) == (a == b) { problems.append("\(a) != \(b) is not the negation of ==") }
        if (a == b) != (b == a) { problems.append("\(a) == \(b) is not symmetric") }
      }
    }
    for i in values.indices {
      for j in values.indices where values[i] == values[j] {
        for k in values.indices where values[j] == values[k] && values[i] != values[k] {
          problems.append("== is not transitive: \(values[i]), \(values[j]), \(values[k])")
        }
      }
    }
    return problems
  }

  /// The laws of ``equatable(_:oracle:)``, and equal values hash the same.
  package static func hashable<T: Hashable>(_ values: [T], oracle: (Int, Int) -> Bool) -> [String] {
    var problems = equatable(values, oracle: oracle)
    for i in values.indices {
      for j in values.indices where values[i] == values[j] && values[i].hashValue != values[j].hashValue {
        problems.append("\(values[i]) and \(values[j]) are equal but hash differently")
      }
    }
    return problems
  }

  /// `<`, `<=`, `>`, `>=`, `==` and `!=` agree with `oracle` on every pair (so `<` is
  /// irreflexive, asymmetric and total over the values, exactly one of `<`, `==`, `>`
  /// holding), `<` is transitive, and equal values hash the same.
  package static func comparable<T: Comparable & Hashable>(_ values: [T], oracle: (Int, Int) -> Order)
    -> [String]
  {
    var problems = hashable(values, oracle: { oracle($0, $1) == .same })
    for i in values.indices {
      for j in values.indices {
        let (a, b) = (values[i], values[j])
        let expected = oracle(i, j)
        let observed: [Bool] = [a < b, a <= b, a > b, a >= b]
        let wanted: [Bool] =
          switch expected {
          case .ascending: [true, true, false, false]
          case .same: [false, true, false, true]
          case .descending: [false, false, true, true]
          }
        if observed != wanted {
          problems.append("\(a) vs \(b): <, <=, >, >= are \(observed), expected \(wanted) (\(expected))")
        }
      }
    }
    for i in values.indices {
      for j in values.indices where values[i] < values[j] {
        for k in values.indices where values[j] < values[k] && !(values[i] < values[k]) {
          problems.append("< is not transitive: \(values[i]), \(values[j]), \(values[k])")
        }
      }
    }
    return problems
  }

  /// ``comparable(_:oracle:)`` with the oracle given by position: `classes` lists the
  /// values in ascending order, each inner list holding values that are equal.
  package static func comparable<T: Comparable & Hashable>(ascending classes: [[T]]) -> [String] {
    let values = classes.flatMap { $0 }
    let rank = classes.indices.flatMap { index in classes[index].map { _ in index } }
    return comparable(values) {
      rank[$0] < rank[$1] ? .ascending : rank[$0] == rank[$1] ? .same : .descending
    }
  }

  /// The oracle's order of two comparable keys: what `a` is to `b`.
  package static func order<K: Comparable>(_ a: K, _ b: K) -> Order {
    a < b ? .ascending : a == b ? .same : .descending
  }
}
