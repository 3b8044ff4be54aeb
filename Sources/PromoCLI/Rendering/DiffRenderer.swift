import PromoKit

/// Writes what `promo diff` found: the changed orders and the summary, as text for people
/// or as its documented JSON lines.
///
///     ORDER   BEFORE  AFTER  CHANGE  BEFORE PROMOTIONS          AFTER PROMOTIONS
///     A-1001   87.40  75.50  -11.90  autumn-20,spend100-save15  mug-19,tea-2nd-half
///
///     orders        4
///     changed       1  (0 up, 1 down)
///     total before  345.60
///     total after   333.70
///     difference    -11.90
enum DiffRenderer {
  /// The table's heading.
  static let heading = ["ORDER", "BEFORE", "AFTER", "CHANGE", "BEFORE PROMOTIONS", "AFTER PROMOTIONS"]
  /// How each column is aligned: amounts to the right.
  static let alignments: [TextTable.Alignment] = [.left, .right, .right, .right, .left, .left]

  /// The cells of a changed order's row.
  static func cells(_ change: PriceChange) -> [String] {
    func ids(_ plan: PricingPlan) -> String {
      plan.applied.isEmpty ? "-" : plan.applied.map(\.id).joined(separator: ",")
    }
    return [
      change.order, change.before.total.description, change.after.total.description, signed(change.change),
      ids(change.before), ids(change.after),
    ].map(TextTable.printable)
  }

  /// The changed orders of a whole input, kept to be printed as one aligned table.
  struct Table {
    private var table = TextTable(DiffRenderer.alignments)
    private var isEmpty = true

    /// Adds a changed order's row.
    mutating func append(_ change: PriceChange) {
      if isEmpty { table.append(DiffRenderer.heading) }
      isEmpty = false
      table.append(DiffRenderer.cells(change))
    }

    /// The table with its heading, or nothing when no order changed.
    func render() -> String { isEmpty ? "" : table.render() }
  }

  /// The rows of a stream, written as they are found: each row is aligned to the widest
  /// cell of its column so far (starting from widths that hold common ids, amounts up to
  /// 999,999.99 and a few promotions), so columns only ever widen, and memory stays
  /// constant.
  struct StreamedRows {
    private var widths = [10, 9, 9, 9, 28, 28]
    private var started = false

    /// The heading (before the first row) and the row for `change`, with its newline.
    mutating func row(for change: PriceChange) -> String {
      let cells = DiffRenderer.cells(change)
      for (column, cell) in cells.enumerated() {
        widths[column] = max(widths[column], TextWidth.columns(of: cell))
      }
      var text = ""
      if !started {
        text += line(DiffRenderer.heading)
        started = true
      }
      return text + line(cells)
    }

    private func line(_ cells: [String]) -> String {
      var line = ""
      for (column, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - TextWidth.columns(of: cell))
        if column > 0 { line += "  " }
        line += DiffRenderer.alignments[column] == .right ? padding + cell : cell + padding
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line + "\n"
    }
  }

  /// The summary, after a blank line; when no order changed, a line saying so comes first.
  static func text(_ summary: PriceChangeSummary) -> String {
    var lines = TextTable([.left, .right, .left])
    lines.append(["orders", String(summary.orders)])
    lines.append(["changed", String(summary.changed), "(\(summary.up) up, \(summary.down) down)"])
    lines.append(["total before", summary.before.description])
    lines.append(["total after", summary.after.description])
    lines.append(["difference", signed(summary.change)])
    return (summary.changed == 0 ? "no order's total changed\n" : "") + "\n" + lines.render()
  }

  /// One changed order as a JSON line:
  /// `{"order","before","after","change","beforePromotions":[ids],"afterPromotions":[ids]}`.
  static func json(_ change: PriceChange) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.member("order", change.order)
    json.member("before", change.before.total)
    json.member("after", change.after.total)
    json.member("change", change.change)
    for (key, plan) in [("beforePromotions", change.before), ("afterPromotions", change.after)] {
      json.key(key)
      json.beginArray()
      for applied in plan.applied { json.string(applied.id) }
      json.endArray()
    }
    json.endObject()
    json.endLine()
    return json.bytes
  }

  /// The summary as the last JSON line:
  /// `{"summary":{"orders","changed","up","down","before","after","change"}}`.
  static func json(_ summary: PriceChangeSummary) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("summary")
    json.beginObject()
    for (key, count) in [
      ("orders", summary.orders), ("changed", summary.changed), ("up", summary.up), ("down", summary.down),
    ] {
      json.key(key)
      json.integer(Int64(count))
    }
    json.member("before", summary.before)
    json.member("after", summary.after)
    json.member("change", summary.change)
    json.endObject()
    json.endObject()
    json.endLine()
    return json.bytes
  }

  /// An amount with its sign always shown (`+5.00`, `-5.00`, `0.00`), for changes.
  static func signed(_ amount: Money) -> String {
    amount.minorUnits > 0 ? "+" + amount.description : amount.description
  }
}
