/// The item stage of a format-4 plan (SPEC 4.2): for a set E of item deals, what each line
/// took.
package struct Ref4ItemStage {
  /// For each line, the item deal (store position) it took and what it took off.
  package var lineTakes: [(promotion: Int, discount: Int128)?]
  /// The item deals that took something, by id as byte strings, with their summed discounts.
  package var totals: [(promotion: Int, discount: Int128)]

  /// The lines' item discounts together.
  package var discount: Int128 { totals.reduce(0) { $0 + $1.discount } }

  /// Whether each line took an item deal.
  package var tookItemDeal: [Bool] { lineTakes.map { $0 != nil } }

  /// Each line takes, of the deals in `set` that take more than 0 off it (as
  /// `table[position][line]` says), the one that takes off the most, ties to the lowest
  /// id; a line with none takes nothing.
  package init(_ promotions: [Ref4Promotion], set: [Int], table: [Int: [Int128]], lineCount: Int) {
    let id = { (position: Int) in promotions[position].id }
    lineTakes = (0..<lineCount).map { line in
      RefItemChoice.best(set.lazy.map { ($0, table[$0]?[line] ?? 0) }.filter { $0.1 > 0 }, id: id)
    }
    totals = RefItemChoice.totals(lineTakes, id: id)
  }

  /// What each line has left after this stage (`amounts` has one entry for an order given
  /// by `amount`, which no item deal reaches).
  package func left(_ amounts: [Int128]) -> [Int128] {
    amounts.indices.map { amounts[$0] - (lineTakes.indices.contains($0) ? lineTakes[$0]?.discount ?? 0 : 0) }
  }
}
