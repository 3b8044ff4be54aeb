import PromoKit

/// Writes a quote for a person: the order, its subtotal, each promotion applied with its
/// discount, and the total, aligned; with the explanation when there is one.
///
///     order A-1001 (CNY), evaluated at 2026-11-22T04:00:00Z
///       subtotal         128.00
///       autumn-20        -25.60  20% off everything
///       spend100-save15  -15.00
///       total             87.40
enum QuoteTextRenderer {
  /// The quote as a block of lines, each ending with a newline.
  static func render(_ quote: Quote, style: TextStyle) -> String {
    let currency = quote.currency.map { " (\($0.code))" } ?? ""
    var output =
      style.bold("order \(TextTable.printable(quote.order))\(currency)")
      + ", evaluated at \(quote.evaluatedAt)\n"
    var table = TextTable([.left, .decimal, .left])
    table.append(["subtotal", quote.subtotal.description])
    if quote.plan.applied.isEmpty {
      table.append(["(none)"])
    }
    for applied in quote.plan.applied {
      table.append([applied.id, "-" + applied.discount.description, applied.name ?? ""])
    }
    table.append(["total", quote.total.description])
    var lines = table.render(indent: "  ").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    if let last = lines.indices.last { lines[last] = Substring(style.green(String(lines[last]))) }
    output += lines.joined(separator: "\n") + "\n"
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
    if quote.considered != nil, let lines = quote.lines, !lines.isEmpty {
      output += "  lines:\n" + linesTable(lines)
    }
    return output
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
        label, String(line.quantity), line.subtotal.description, "-" + line.discount.description,
        line.total.description,
      ])
      for share in line.promotions {
        table.append(["  " + share.id, "", "", "-" + share.discount.description, ""])
      }
    }
    return table.render(indent: "    ")
  }

  private static func detail(of outcome: PromotionOutcome) -> String {
    switch outcome {
    case .applied(let discount): "took off \(discount)"
    case .inactive: "switched off"
    case .notStarted(let startsAt): "starts at \(startsAt)"
    case .ended(let endsAt): "ended at \(endsAt)"
    case .codeRequired(let code): "needs the code \(code)"
    case .noEligibleLine: "targets no line it can lower"
    case .belowMinimum(let tested, let minimum, let shortBy):
      "\(tested) is below the minimum \(minimum.formatted(minimumFractionDigits: tested.minorDigits)) (short by \(shortBy))"
    case .notBest(let planTotal): "applies, but the chosen plan's total \(planTotal) is as low or lower"
    }
  }
}
