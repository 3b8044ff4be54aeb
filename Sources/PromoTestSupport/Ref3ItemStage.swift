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
    let id = { (position: Int) in promotions[position].id }
    lineTakes = (0..<lineCount).map { line in
      RefItemChoice.best(
        set.lazy.map { ($0, table[$0]?[line] ?? 0) }.filter { $0.1 > 0 }, id: id)
    }
    totals = RefItemChoice.totals(lineTakes, id: id)
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
