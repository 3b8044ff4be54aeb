/// The item stage of a plan (the documented rules): for a set E of item promotions, what each line took.
package struct Ref3ItemStage {
  /// For each line, the item promotion (store position) it took and what it took off.
  package var lineTakes: [(promotion: Int, discount: Int128)?]
  /// The item promotions that took something, by id as byte strings, with their summed discounts.
  package var totals: [(promotion: Int, discount: Int128)]
  /// Their ids, in that order.
  package var ids: [String]
  /// Whether every one of them is stackable.
  package var allStackable: Bool

  /// The lines' item discounts together.
  package var discount: Int128 { totals.reduce(0) { $0 + $1.discount } }

  /// Each line takes, of the promotions in `set` that apply to it (take more than 0 off it,
  /// as `table[position][line]` says), the one that takes off the most, ties to the
  /// lowest id; a line with none takes nothing.
  package init(_ promotions: [Ref3Promotion], set: [Int], table: [Int: [Int128]], lineCount: Int) {
    lineTakes = (0..<lineCount).map { line in
      var chosen: (promotion: Int, discount: Int128)?
      for position in set {
        let cut = table[position]?[line] ?? 0
        guard cut > 0 else { continue }
        if let current = chosen {
          if cut < current.discount { continue }
          if cut == current.discount
            && !promotions[position].id.utf8.lexicographicallyPrecedes(promotions[current.promotion].id.utf8)
          {
            continue
          }
        }
        chosen = (position, cut)
      }
      return chosen
    }
    var sums: [Int: Int128] = [:]
    for take in lineTakes.compactMap({ $0 }) { sums[take.promotion, default: 0] += take.discount }
    totals = sums.map { (promotion: $0.key, discount: $0.value) }.sorted {
      promotions[$0.promotion].id.utf8.lexicographicallyPrecedes(promotions[$1.promotion].id.utf8)
    }
    ids = totals.map { promotions[$0.promotion].id }
    allStackable = totals.allSatisfy { promotions[$0.promotion].stackable }
  }

  /// What each line has left after this stage.
  package func left(_ amounts: [Int128]) -> [Int128] {
    amounts.indices.map { amounts[$0] - (lineTakes.indices.contains($0) ? lineTakes[$0]?.discount ?? 0 : 0) }
  }

  /// Whether two item stages have every line take the same promotion.
  package func sameTakes(as other: Ref3ItemStage) -> Bool {
    lineTakes.count == other.lineTakes.count
      && zip(lineTakes, other.lineTakes).allSatisfy { $0?.promotion == $1?.promotion }
  }
}
