/// The lines of one order by unit price, both ways, ties in line order: the order in which
/// a buy/get across lines gets units (cheapest first), and in which a bundle or a single
/// price with a limit across lines takes them (dearest first). Worked out once per order
/// and read by every deal across lines, each keeping the lines it targets.
///
///     let byPrice = LinesByPrice(items)   // unit prices 5.00, 9.00, 5.00
///     byPrice.cheapestFirst               // [0, 2, 1]
///     byPrice.dearestFirst                // [1, 0, 2]
///
/// - Complexity: O(*L* log *L*) to make, for *L* lines.
struct LinesByPrice {
  /// The lines from the lowest unit price up, ties in line order.
  let cheapestFirst: [Int]
  /// The lines from the highest unit price down, ties in line order.
  let dearestFirst: [Int]

  /// The lines of `items` by unit price.
  init(_ items: [OrderItem]) {
    /// The lines of `items` by unit price, the cheapest first unless `dearest`.
    func sorted(dearest: Bool) -> [Int] {
      items.indices.sorted {
        let (left, right) = (items[$0].unitPrice.minorUnits, items[$1].unitPrice.minorUnits)
        return left != right ? (left > right) == dearest : $0 < $1
      }
    }
    (cheapestFirst, dearestFirst) = (sorted(dearest: false), sorted(dearest: true))
  }
}
