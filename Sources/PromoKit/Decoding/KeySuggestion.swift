/// Finds the known key a mistyped one was probably meant to be.
///
///     KeySuggestion.nearest(to: "startAt", in: ["startsAt", "endsAt"])   // "startsAt"
package enum KeySuggestion {
  /// The closest of `candidates` to `key`, or `nil` when none is close enough to be a
  /// plausible typo. Case, `_` and `-` differences count as equal, and a key that is the
  /// start of a known one suggests it.
  ///
  /// - Complexity: O(*k* × *m*²) for *k* candidates of length *m*.
  package static func nearest(to key: String, in candidates: [String]) -> String? {
    nearest(to: key, in: candidates, withinTypoDistance: true)
  }

  /// The closest of `candidates` to `key`, however far: an abbreviation (`qty` for
  /// `quantity`) first, then a known key that contains it (`price` for `unitPrice`), else
  /// the fewest edits. `nil` only when there is no candidate.
  package static func closest(to key: String, in candidates: [String]) -> String? {
    let folded = fold(key)
    if let abbreviated = candidates.filter({ isAbbreviation(folded, of: fold($0)) }).min(by: {
      $0.count < $1.count
    }) {
      return abbreviated
    }
    // A key that is part of a known one (`price` for `unitPrice`).
    if folded.count >= 3,
      let longer = candidates.filter({ fold($0).count > folded.count && contains(fold($0), folded) })
        .min(by: { $0.count < $1.count })
    {
      return longer
    }
    return nearest(to: key, in: candidates, withinTypoDistance: false)
  }

  /// Whether `text` contains `part` as a run of characters.
  private static func contains(_ text: [Character], _ part: [Character]) -> Bool {
    guard part.count <= text.count else { return false }
    return (0...(text.count - part.count)).contains { start in
      text[start..<(start + part.count)].elementsEqual(part)
    }
  }

  /// Whether every character of `short` appears in `long`, in order, starting with its
  /// first character.
  private static func isAbbreviation(_ short: [Character], of long: [Character]) -> Bool {
    guard let first = short.first, long.first == first, short.count >= 2 else { return false }
    var remaining = long[...]
    for character in short {
      guard let index = remaining.firstIndex(of: character) else { return false }
      remaining = remaining[(index + 1)...]
    }
    return true
  }

  private static func nearest(to key: String, in candidates: [String], withinTypoDistance: Bool) -> String? {
    let folded = fold(key)
    if let exact = candidates.first(where: { fold($0) == folded }) { return exact }
    // A key that is the start of a known one (`minimum` for `minimumAmount`).
    if folded.count >= 3, let longer = candidates.first(where: { fold($0).starts(with: folded) }) {
      return longer
    }
    var best: (key: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(folded, fold(candidate))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, !withinTypoDistance || best.distance <= max(2, folded.count / 3) else { return nil }
    return best.key
  }

  private static func fold(_ text: String) -> [Character] {
    Array(text.lowercased().filter { $0 != "_" && $0 != "-" })
  }

  /// The Levenshtein distance between two strings of characters.
  package static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for (i, left) in lhs.enumerated() {
      current[0] = i + 1
      for (j, right) in rhs.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }
}
