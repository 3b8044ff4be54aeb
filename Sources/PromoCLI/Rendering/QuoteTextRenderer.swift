import PromoKit

/// Writes a quote for a person: the order, its subtotal, each promotion applied with its
/// discount, and the total, aligned; with the explanation when there is one.
///
///     order A-1001 (CNY), evaluated at 2026-11-22T04:00:00Z
///       subtotal         128.00
///       autumn-20        -25.60  20% off everything
///       spend100-save15  -15.00
///       total             87.40
///
/// A threshold that took a tier says so beside its name (`10 off 100, 25 off 200 (tier 2)`),
/// and the gifts granted follow the total, one line each (`gift cup-free x1 (cup-over-199)`).
///
/// A quote without an explanation whose texts are all printable ASCII is laid out straight
/// into bytes (``render(_:into:)``), where a character is a byte; any other goes through
/// ``TextTable`` (``render(_:style:)``), which the tests hold the fast form against.
struct QuoteTextRenderer {
  /// Whether to style the text for a terminal.
  let style: TextStyle
  /// The evaluation time of the last quote rendered, whose text is ``lastInstantText``.
  private var lastInstant: Instant?
  /// The text of ``lastInstant``, kept: every quote of a command has the same one.
  private var lastInstantText = ""
  /// Where ``render(_:into:)`` lays out a block before appending it.
  private let scratch = ScratchBytes()

  /// A renderer styling as `style` says.
  init(style: TextStyle) {
    self.style = style
  }

  /// One row of the amounts: the subtotal, a promotion applied, the shipping or the
  /// total; its amount is written after `sign` (a discount's `-`, the shipping's `+`).
  private struct AmountRow {
    var label: String
    var sign: UInt8?
    var amount: Money
    /// The third column, a promotion's (``label(of:)``); `nil` for the other rows.
    var third: String?

    /// The amount's text, after its sign.
    var signedAmount: String { (sign.map { String(UnicodeScalar($0)) } ?? "") + amount.description }
  }

  /// The rows of amounts of `quote`, as both forms lay them out: the subtotal, each
  /// promotion applied, the shipping, the shipping deal under the shipping it lowers (a
  /// plan has at most one, applied last), and the total.
  private static func amountRows(of quote: Quote) -> [AmountRow] {
    let applied = quote.plan.applied
    let shippingDeal = (quote.shipping?.discount.minorUnits ?? 0) > 0 ? applied.last : nil
    var rows = [AmountRow(label: "subtotal", amount: quote.subtotal)]
    rows.reserveCapacity(applied.count + 4)
    for promotion in applied.dropLast(shippingDeal == nil ? 0 : 1) {
      rows.append(
        AmountRow(
          label: promotion.id, sign: UInt8(ascii: "-"), amount: promotion.discount,
          third: label(of: promotion)))
    }
    if let shipping = quote.shipping {
      rows.append(AmountRow(label: "shipping", sign: UInt8(ascii: "+"), amount: shipping.amount))
    }
    if let shippingDeal {
      rows.append(
        AmountRow(
          label: shippingDeal.id, sign: UInt8(ascii: "-"), amount: shippingDeal.discount,
          third: shippingDeal.name ?? ""))
    }
    rows.append(AmountRow(label: "total", amount: quote.total))
    return rows
  }

  /// Appends the quote as a block of lines, each ending with a newline, to `output`.
  ///
  /// - Complexity: O(*n*) in the length of the block.
  mutating func render(_ quote: Quote, into output: inout [UInt8]) {
    guard quote.considered == nil, quote.unmatchedCodes?.isEmpty ?? true,
      let (rows, widths) = Self.plainRows(of: quote)
    else {
      OutputBytes.append(Self.render(quote, style: style), to: &output)
      return
    }
    if quote.evaluatedAt != lastInstant {
      lastInstant = quote.evaluatedAt
      lastInstantText = quote.evaluatedAt.description
    }
    // Each row: its label, the amount and its padding (at most two numbers' room), the
    // third column, the colours and the newline; each gift: its words, SKU, quantity (at
    // most 20 digits) and id.
    let rowBound = 2 + widths.label + 2 + 2 * RawWriter.numberBound + 2 + widths.third + 16
    let giftBound = quote.gifts.reduce(0) { $0 + 32 + $1.sku.utf8.count + $1.id.utf8.count + 20 }
    let bound =
      64 + widths.order + lastInstantText.utf8.count + (rows.count + 1) * rowBound + giftBound
    let instant = lastInstantText
    let style = self.style
    scratch.write(atMost: bound, to: &output) { text in
      Self.writeHeading(of: quote, instant: instant, style: style, to: &text)
      Self.writeAmounts(
        rows, noPromotion: quote.plan.applied.isEmpty, labelWidth: widths.label, style: style, to: &text)
      for gift in quote.gifts {
        text.literal("  gift ")
        text.text(gift.sku)
        text.literal(" x")
        text.integer(gift.quantity)
        text.literal(" (")
        text.text(gift.id)
        text.literal(")\n")
      }
    }
  }

  /// The rows of amounts of `quote` (``amountRows(of:)``) with the widths, in bytes, of
  /// the order, of the first column and of the third; `nil` when a text is not all
  /// printable ASCII, for bytes to be characters.
  private static func plainRows(of quote: Quote) -> (
    rows: [AmountRow], widths: (order: Int, label: Int, third: Int)
  )? {
    guard let orderLength = OutputBytes.printableASCIILength(quote.order) else { return nil }
    for gift in quote.gifts {
      guard OutputBytes.printableASCIILength(gift.sku) != nil,
        OutputBytes.printableASCIILength(gift.id) != nil
      else { return nil }
    }
    let rows = amountRows(of: quote)
    var (labelWidth, thirdWidth) = (8, 0)  // "subtotal" and "shipping", wider than "(none)" and "total"
    for row in rows {
      guard let label = OutputBytes.printableASCIILength(row.label) else { return nil }
      labelWidth = max(labelWidth, label)
      if let third = row.third {
        guard let length = OutputBytes.printableASCIILength(third) else { return nil }
        thirdWidth = max(thirdWidth, length)
      }
    }
    return (rows, (orderLength, labelWidth, thirdWidth))
  }

  /// Writes the first line, `order A-1001 (CNY), evaluated at ...`, the order bold when
  /// `style` says so; `instant` is the evaluation time's text.
  @inline(__always)
  private static func writeHeading(
    of quote: Quote, instant: String, style: TextStyle, to text: inout RawWriter
  ) {
    if style.isEnabled { text.literal("\u{1B}[1m") }
    text.literal("order ")
    text.text(quote.order)
    if let currency = quote.currency {
      text.literal(" (")
      text.text(currency.code)
      text.byte(UInt8(ascii: ")"))
    }
    if style.isEnabled { text.literal("\u{1B}[0m") }
    text.literal(", evaluated at ")
    text.text(instant)
    text.byte(UInt8(ascii: "\n"))
  }

  /// Writes `rows` (`(none)` after the first when `noPromotion`), the last green when
  /// `style` says so; the first column `labelWidth` wide, the amounts aligned on their
  /// decimal points, then each row's name and tier.
  @inline(__always)
  private static func writeAmounts(
    _ rows: [AmountRow], noPromotion: Bool, labelWidth: Int, style: TextStyle, to text: inout RawWriter
  ) {
    // The amounts are written once, in the scratch after the block's room, to measure.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rows.count * RawWriter.numberBound) { amounts in
      withUnsafeTemporaryAllocation(of: (start: Int, integer: Int, end: Int).self, capacity: rows.count) {
        cells in
        let (integerWidth, restWidth) = measureAmounts(of: rows, into: amounts, cells: cells)
        for (index, row) in rows.enumerated() {
          let last = index == rows.count - 1
          if last && style.isEnabled { text.literal("\u{1B}[32m") }
          let lineStart = text.position
          text.literal("  ")
          text.text(row.label)
          text.spaces(labelWidth - row.label.utf8.count + 2)
          let cell = cells[index]
          text.spaces(integerWidth - cell.integer)
          text.bytes(amounts.baseAddress! + cell.start, cell.end - cell.start)
          text.spaces(restWidth - (cell.end - cell.start - cell.integer) + 2)
          if let third = row.third { text.text(third) }
          text.trimSpaces(after: lineStart)
          if last && style.isEnabled { text.literal("\u{1B}[0m") }
          text.byte(UInt8(ascii: "\n"))
          if index == 0 && noPromotion { text.literal("  (none)\n") }
        }
      }
    }
  }

  /// Writes the amounts of `rows`, each after its sign, one after another into `amounts`,
  /// and where each starts, ends and ends its integer part (its sign and digits before the
  /// point) into `cells`; returns the widest integer part and the widest rest.
  @inline(__always)
  private static func measureAmounts(
    of rows: [AmountRow], into amounts: UnsafeMutableBufferPointer<UInt8>,
    cells: UnsafeMutableBufferPointer<(start: Int, integer: Int, end: Int)>
  ) -> (integerWidth: Int, restWidth: Int) {
    var cursor = RawWriter(amounts.baseAddress!, capacity: amounts.count)
    var integerWidth = 0
    var restWidth = 0
    for (index, row) in rows.enumerated() {
      let start = cursor.position - amounts.baseAddress!
      if let sign = row.sign { cursor.byte(sign) }
      cursor.money(row.amount)
      let end = cursor.position - amounts.baseAddress!
      // (Its integer part as a decimal column of TextTable measures it.)
      let integer = TextTable.measureASCII(UnsafeBufferPointer(rebasing: amounts[start..<end])).integer
      cells[index] = (start, integer, end)
      integerWidth = max(integerWidth, integer)
      restWidth = max(restWidth, end - start - integer)
    }
    return (integerWidth, restWidth)
  }

  /// The quote as a block of lines, each ending with a newline, laid out by ``TextTable``.
  static func render(_ quote: Quote, style: TextStyle) -> String {
    let currency = quote.currency.map { " (\($0.code))" } ?? ""
    var output =
      style.bold("order \(TextTable.printable(quote.order))\(currency)")
      + ", evaluated at \(quote.evaluatedAt)\n"
    var table = TextTable([.left, .decimal, .left])
    for (index, row) in amountRows(of: quote).enumerated() {
      table.append([row.label, row.signedAmount] + (row.third.map { [$0] } ?? []))
      if index == 0 && quote.plan.applied.isEmpty { table.append(["(none)"]) }
    }
    var lines = table.render(indent: "  ").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    if let last = lines.indices.last { lines[last] = Substring(style.green(String(lines[last]))) }
    output += lines.joined(separator: "\n") + "\n"
    for gift in quote.gifts {
      output +=
        "  gift \(TextTable.printable(gift.sku)) x\(gift.quantity) (\(TextTable.printable(gift.id)))\n"
    }
    if let considered = quote.considered, considered.isEmpty {
      output += "  considered: none (the store has no promotions)\n"
    } else if let considered = quote.considered {
      output += "  considered:\n"
      var explanation = TextTable([.left, .left, .left])
      for consideration in considered {
        explanation.append([consideration.id, consideration.outcome.name, detail(of: consideration.outcome)])
      }
      output += explanation.render(indent: "    ")
    }
    for code in quote.unmatchedCodes ?? [] {
      output += "  code \(TextTable.printable(code)): no promotion of the store has it\n"
    }
    if quote.considered != nil, let lines = quote.lines, !lines.isEmpty {
      output += "  lines:\n" + linesTable(lines)
    }
    return output
  }

  /// What the third column says of a promotion applied: its name, and the tier it took,
  /// if any (`10 off 100, 25 off 200 (tier 2)`, or `tier 2` for a promotion without a name).
  private static func label(of applied: AppliedPromotion) -> String {
    guard let tier = applied.tier else { return applied.name ?? "" }
    return applied.name.map { "\($0) (tier \(tier))" } ?? "tier \(tier)"
  }

  /// The allocation, one row per line and one per share of its discount:
  ///
  ///     tea-green x3  75.00
  ///       tea-2nd-half  -12.50
  ///       autumn-20     -12.50
  ///       = 44.86
  private static func linesTable(_ lines: [LineQuote]) -> String {
    var table = TextTable([.left, .right, .right, .right, .right])
    table.append(["LINE", "QTY", "SUBTOTAL", "DISCOUNT", "TOTAL"])
    for (index, line) in lines.enumerated() {
      let label = TextTable.printable(line.sku ?? line.name ?? "line \(index + 1)")
      table.append([
        // A line nothing was taken off shows 0.00, not -0.00.
        label, String(line.quantity), line.subtotal.description,
        line.discount.minorUnits == 0 ? line.discount.description : "-" + line.discount.description,
        line.total.description,
      ])
      for share in line.promotions {
        table.append(["  " + share.id, "", "", "-" + share.discount.description, ""])
      }
    }
    return table.render(indent: "    ")
  }

  /// "120.00 is below the minimum 150.00 (short by 30.00)", "2 units are below the
  /// minimum 3 (short by 1)", or both, joined by "; ".
  private static func detail(of shortfall: MinimumShortfall) -> String {
    var parts: [String] = []
    let tested = shortfall.testedAgainst
    if let minimum = shortfall.minimumAmount, let shortBy = shortfall.shortBy, shortBy.minorUnits > 0 {
      parts.append(
        "\(tested) is below the minimum \(minimum.formatted(minimumFractionDigits: tested.minorDigits)) (short by \(shortBy))"
      )
    }
    if let units = shortfall.units, let least = shortfall.minimumQuantity,
      let short = shortfall.shortByQuantity,
      short > 0
    {
      parts.append(
        "\(units) \(units == 1 ? "unit is" : "units are") below the minimum \(least) (short by \(short))")
    }
    return parts.joined(separator: "; ")
  }

  /// What an outcome of the explanation says in words: `took off 25.60`, `switched off`,
  /// `starts at ...`, the shortfall of a minimum, and so on.
  private static func detail(of outcome: PromotionOutcome) -> String {
    switch outcome {
    case .applied(let discount): "took off \(discount)"
    case .granted(let gift): "grants \(gift.sku) x\(gift.quantity)"
    case .inactive: "switched off"
    case .notStarted(let startsAt): "starts at \(startsAt)"
    case .ended(let endsAt): "ended at \(endsAt)"
    case .codeRequired(let code): "needs the code \(code)"
    case .noEligibleLine: "targets no line it can lower"
    case .customerNotEligible: "is for customer groups the order's customer is not in"
    case .noShipping: "the order has no shipping to lower"
    case .belowMinimum(let shortfall): detail(of: shortfall)
    case .notBest(let planTotal, nil): "applies, but the chosen plan's total \(planTotal) is as low or lower"
    case .notBest(let planTotal, let bestTotalWith?):
      "applies, but the chosen plan's total \(planTotal) is as low or lower (\(bestTotalWith) with it)"
    }
  }
}
