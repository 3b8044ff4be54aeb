import PromoKit

/// Writes what `promo diff` found: the changed orders and the summary, as text for people
/// or as the contract's JSON lines.
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
  /// The changed orders, kept to be printed as one aligned table.
  struct Table {
    fileprivate var table = TextTable([.left, .right, .right, .right, .left, .left])
    fileprivate var isEmpty = true

    /// Adds a changed order's row.
    mutating func append(_ change: PriceChange) {
      if isEmpty {
        table.append(["ORDER", "BEFORE", "AFTER", "CHANGE", "BEFORE PROMOTIONS", "AFTER PROMOTIONS"])
        isEmpty = false
      }
      table.append([
        change.order, change.before.total.description, change.after.total.description,
        DiffRenderer.signed(change.change), ids(change.before), ids(change.after),
      ])
    }

    /// The ids of a plan's promotions in application order, `-` for none.
    private func ids(_ plan: PricingPlan) -> String {
      plan.applied.isEmpty ? "-" : plan.applied.map(\.id).joined(separator: ",")
    }
  }

  /// The table of changed orders (or a line saying there is none), a blank line, and the
  /// summary.
  static func text(_ table: Table, summary: PriceChangeSummary) -> String {
    var lines = TextTable([.left, .right, .left])
    lines.append(["orders", String(summary.orders)])
    lines.append(["changed", String(summary.changed), "(\(summary.up) up, \(summary.down) down)"])
    lines.append(["total before", summary.before.description])
    lines.append(["total after", summary.after.description])
    lines.append(["difference", signed(summary.change)])
    let changes = table.isEmpty ? "no order's total changed\n" : table.table.render()
    return changes + "\n" + lines.render()
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
