/// The lines of one order a deal acts on: every line, or some of them, kept without an
/// allocation for orders of at most 64 lines.
///
///     var lines = TargetedLines.none(count: 3)
///     lines.insert(2)
///     lines.forEach(count: 3) { print($0) }   // 2
///
/// - Complexity: O(1) to insert; O(*L*) to visit for *L* lines of the order.
enum TargetedLines: Sendable, Hashable {
  /// Every line (a deal without a target).
  case every
  /// The lines whose bits are set, for an order of at most 64 lines.
  case mask(UInt64)
  /// The lines listed, in increasing order, for a larger order.
  case list([Int])

  /// No line yet, for an order of `count` lines.
  static func none(count: Int) -> TargetedLines { count <= 64 ? .mask(0) : .list([]) }

  /// Only `line`, of an order of `count` lines.
  static func only(_ line: Int, count: Int) -> TargetedLines {
    count <= 64 ? .mask(1 << UInt64(line)) : .list([line])
  }

  /// The lines of `lines`, in increasing order (a line may repeat), of an order of
  /// `count` lines.
  ///
  /// - Complexity: O(*m*) for *m* lines.
  static func sorted(_ lines: [Int], count: Int) -> TargetedLines {
    if count <= 64 {
      var bits: UInt64 = 0
      for line in lines { bits |= 1 << UInt64(line) }
      return .mask(bits)
    }
    var distinct: [Int] = []
    distinct.reserveCapacity(lines.count)
    for line in lines where distinct.last != line { distinct.append(line) }
    return .list(distinct)
  }

  /// Adds `line`, which is above every line added before or equal to the last one.
  mutating func insert(_ line: Int) {
    switch self {
    case .every: break
    case .mask(let bits): self = .mask(bits | (1 << UInt64(line)))
    case .list(var lines):
      if lines.last != line { lines.append(line) }
      self = .list(lines)
    }
  }

  /// Adds the lines of `other`, found through another SKU or category of the same order.
  mutating func formUnion(_ other: TargetedLines) {
    switch (self, other) {
    case (.every, _): break
    case (_, .every): self = .every
    case (.mask(let bits), .mask(let otherBits)): self = .mask(bits | otherBits)
    default:
      // Both in increasing order: merged, each line once.
      var (first, second): ([Int], [Int]) = ([], [])
      forEach(count: Int.max) { first.append($0) }
      other.forEach(count: Int.max) { second.append($0) }
      var merged: [Int] = []
      merged.reserveCapacity(first.count + second.count)
      var (left, right) = (0, 0)
      while left < first.count || right < second.count {
        if right == second.count || (left < first.count && first[left] < second[right]) {
          merged.append(first[left])
          left += 1
        } else {
          if left < first.count && first[left] == second[right] { left += 1 }
          merged.append(second[right])
          right += 1
        }
      }
      self = .list(merged)
    }
  }

  /// Calls `body` with each line, in increasing order, of an order of `count` lines.
  @inline(__always)
  func forEach(count: Int, _ body: (Int) -> Void) {
    switch self {
    case .every: for line in 0..<count { body(line) }
    case .mask(var bits):
      while bits != 0 {
        body(bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    case .list(let lines): for line in lines { body(line) }
    }
  }

  /// Whether `line` is one of them.
  ///
  /// - Complexity: O(1), or O(log *L*) for a list of *L* lines.
  func contains(_ line: Int) -> Bool {
    switch self {
    case .every: return true
    case .mask(let bits): return line < 64 && bits & (1 << UInt64(line)) != 0
    case .list(let lines):
      var (low, high) = (0, lines.count)
      while low < high {
        let middle = (low + high) / 2
        if lines[middle] < line { low = middle + 1 } else { high = middle }
      }
      return low < lines.count && lines[low] == line
    }
  }

  /// Whether it is known to have no line in common with `other` (`false` when that would
  /// take more than a comparison of masks to tell).
  func isDisjoint(with other: TargetedLines) -> Bool {
    if case .mask(let bits) = self, case .mask(let otherBits) = other { return bits & otherBits == 0 }
    return false
  }

  /// Whether it is known to have every line of `other` (`false` when that would take
  /// more than a comparison of masks to tell).
  func isKnownSuperset(of other: TargetedLines) -> Bool {
    switch (self, other) {
    case (.every, _): return true
    case (.mask(let bits), .mask(let otherBits)): return otherBits & ~bits == 0
    default: return false
    }
  }

  /// These lines but those of `other`, of an order of `count` lines.
  ///
  /// - Complexity: O(1) for masks; O(*L*) otherwise.
  func subtracting(_ other: TargetedLines, count: Int) -> TargetedLines {
    switch (self, other) {
    case (_, .every): return .none(count: count)
    case (.mask(let bits), .mask(let otherBits)): return .mask(bits & ~otherBits)
    case (.every, .mask(let otherBits)) where count <= 64:
      return .mask((count == 64 ? UInt64.max : (1 << UInt64(count)) - 1) & ~otherBits)
    default:
      var kept = TargetedLines.none(count: count)
      forEach(count: count) { if !other.contains($0) { kept.insert($0) } }
      return kept
    }
  }

  /// Whether it is every line.
  var isEvery: Bool {
    if case .every = self { return true }
    return false
  }
}
