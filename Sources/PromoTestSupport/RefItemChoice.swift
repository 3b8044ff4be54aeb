/// The item stage's choices, alike in both references (the documented rules): which item
/// promotion a line takes, and what each promotion took across the lines.
package enum RefItemChoice {
  /// Of `candidates` (store positions and what each would take off the line, every one
  /// above 0), the one that takes off the most, ties to the lowest id as byte strings;
  /// `nil` when there is none.
  package static func best(
    _ candidates: some Sequence<(promotion: Int, discount: Int128)>, id: (Int) -> String
  ) -> (promotion: Int, discount: Int128)? {
    var chosen: (promotion: Int, discount: Int128)?
    for candidate in candidates {
      if let current = chosen {
        if candidate.discount < current.discount { continue }
        if candidate.discount == current.discount
          && !id(candidate.promotion).utf8.lexicographicallyPrecedes(id(current.promotion).utf8)
        {
          continue
        }
      }
      chosen = candidate
    }
    return chosen
  }

  /// The promotions the lines took, each with its summed discount, by id as byte strings.
  package static func totals(_ lineTakes: [(promotion: Int, discount: Int128)?], id: (Int) -> String)
    -> [(promotion: Int, discount: Int128)]
  {
    var sums: [Int: Int128] = [:]
    for take in lineTakes.compactMap({ $0 }) { sums[take.promotion, default: 0] += take.discount }
    return sums.map { (promotion: $0.key, discount: $0.value) }.sorted {
      id($0.promotion).utf8.lexicographicallyPrecedes(id($1.promotion).utf8)
    }
  }
}
