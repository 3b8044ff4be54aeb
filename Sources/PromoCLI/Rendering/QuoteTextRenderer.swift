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
    return output
  }

  private static func detail(of outcome: PromotionOutcome) -> String {
    switch outcome {
    case .applied(let discount): "took off \(discount)"
    case .inactive: "switched off"
    case .notStarted(let startsAt): "starts at \(startsAt)"
    case .ended(let endsAt): "ended at \(endsAt)"
    case .belowMinimum(let tested, let minimum):
      "\(tested) is below the minimum \(minimum.formatted(minimumFractionDigits: tested.minorDigits))"
    case .notBest(let planTotal): "applies, but the chosen plan's total \(planTotal) is as low or lower"
    }
  }
}
