import PromoKit

/// Writes a ``PricingReport`` as one self-contained HTML page: the sums, the cost of each
/// promotion, the gifts granted (store format 4: a small table, only when any was) and the
/// spread of orders by discount rate, as tables and as inline SVG charts (``ReportCharts``).
///
/// The page needs nothing from anywhere else (no script, style sheet, font or image: the
/// style is in the page, the charts are SVG in it), so it opens offline, attached to a CI
/// run. It is laid out for a window 1280 pixels wide and prints on its own terms
/// (`@media print`). Every id and name is escaped (``HTMLText``): a promotion named
/// `<script>` is shown as that text.
enum ReportHTMLRenderer {
  /// The whole page.
  static func page(_ report: PricingReport) -> String {
    head(report) + figures(report) + costSection(report) + giftSection(report) + rateSection(report) + """
      <footer>Made by <code>promo report</code>.</footer>
      </body>
      </html>

      """
  }

  /// The page up to its first section: the head, with the title and the style, and the
  /// header.
  private static func head(_ report: PricingReport) -> String {
    let currency = report.currency.map { " " + $0.code } ?? ""
    let orders = "\(report.orders) order\(report.orders == 1 ? "" : "s")"
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Promotion report: \(orders)\(currency)</title>
      <style>
      \(style)</style>
      </head>
      <body>
      <header>
      <h1>Promotion report</h1>
      <p class="lead">What the promotions did to \(orders)\(report.currency.map { ", in " + $0.code } ?? "").</p>
      </header>

      """
  }

  /// The section of the sums, one figure each: orders, subtotal, discount, shipping, total.
  private static func figures(_ report: PricingReport) -> String {
    var html = #"<section class="figures" aria-label="Sums">"# + "\n"
    let figures: [(String, String)] = [
      ("orders", String(report.orders)), ("subtotal", report.subtotal.description),
      ("discount", report.discount.description), ("shipping", report.shipping.description),
      ("total", report.total.description),
    ]
    for (label, value) in figures {
      html +=
        #"<div class="figure"><div class="label">\#(label)</div><div class="value" id="\#(label)">\#(value)</div></div>"#
      html += "\n"
    }
    html += "</section>\n"
    return html
  }

  /// The section on what each promotion cost: a bar chart and a table, or a line saying
  /// that none applied.
  private static func costSection(_ report: PricingReport) -> String {
    let costs = report.promotions
    var html = "<section>\n<h2>Cost per promotion</h2>\n"
    if costs.isEmpty {
      html += "<p>No promotion applied to any order.</p>\n"
    } else {
      html += ReportCharts.promotionBars(costs, currency: report.currency, minorDigits: report.minorDigits)
      html += """
        <table>
        <thead><tr><th>Promotion</th><th>Name</th><th class="num">Orders</th><th class="num">Discount</th>\
        <th class="num">Share</th><th class="num">Average</th></tr></thead>
        <tbody>

        """
      for cost in costs {
        html +=
          "<tr><td class=\"id\">\(HTMLText.escaped(cost.id))</td><td>\(HTMLText.escaped(cost.name ?? ""))</td>"
        html += "<td class=\"num\">\(cost.orders)</td><td class=\"num\">\(cost.discount)</td>"
        html +=
          "<td class=\"num\">\(ReportTextRenderer.percent(cost.share))</td><td class=\"num\">\(cost.average)</td></tr>\n"
      }
      html += "</tbody>\n</table>\n"
    }
    html += "</section>\n"
    return html
  }

  /// The section on the gifts granted: a table of each gift promotion's orders and units,
  /// by id, as narrow as the table of rates (its class); nothing when no gift was granted.
  private static func giftSection(_ report: PricingReport) -> String {
    let gifts = report.gifts
    guard !gifts.isEmpty else { return "" }
    var html = """
      <section>
      <h2>Gifts granted</h2>
      <table class="rates">
      <thead><tr><th>Gift promotion</th><th class="num">Orders</th><th class="num">Units</th></tr></thead>
      <tbody>

      """
    for count in gifts {
      html += "<tr><td class=\"id\">\(HTMLText.escaped(count.id))</td>"
      html += "<td class=\"num\">\(count.orders)</td><td class=\"num\">\(count.quantity)</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  /// The section on the orders by discount rate: a note on the buckets, a column chart and
  /// a table.
  private static func rateSection(_ report: PricingReport) -> String {
    var html = """
      <section>
      <h2>Orders by discount rate</h2>
      <p class="note">An order's rate is its discount over its subtotal plus shipping. \
      The first bucket is exactly 0%; each other one holds the rates above its lower bound, \
      up to and including its upper bound.</p>

      """
    html += ReportCharts.rateColumns(report.rates)
    html += """
      <table class="rates">
      <thead><tr><th>Discount rate</th><th class="num">Orders</th></tr></thead>
      <tbody>

      """
    for bucket in report.rates {
      html += "<tr><td>\(ReportTextRenderer.label(bucket))</td><td class=\"num\">\(bucket.orders)</td></tr>\n"
    }
    html += """
      </tbody>
      </table>
      </section>

      """
    return html
  }

  /// The page's style sheet: system fonts, tabular figures, and a print layout without
  /// the screen's frame.
  static let style = """
    :root { color-scheme: light; }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1200px; padding: 24px 40px 40px; background: #fff; color: #1f2328;
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
    h1 { font-size: 26px; margin: 0; }
    h2 { font-size: 19px; margin: 28px 0 10px; }
    .lead, .note, footer { color: #57606a; }
    .lead { margin: 4px 0 16px; }
    .note { margin: 0 0 8px; font-size: 14px; }
    .figures { display: flex; flex-wrap: wrap; gap: 12px; }
    .figure { flex: 1 1 160px; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 14px; }
    .figure .label { font-size: 12px; letter-spacing: 0.04em; text-transform: uppercase; color: #57606a; }
    .figure .value { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
    table { border-collapse: collapse; width: 100%; margin-top: 8px; font-variant-numeric: tabular-nums; }
    table.rates { width: auto; min-width: 320px; }
    th, td { padding: 4px 12px; border-bottom: 1px solid #d0d7de; text-align: left; vertical-align: top; }
    th { font-size: 13px; color: #57606a; font-weight: 600; }
    .num { text-align: right; white-space: nowrap; }
    td.id { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 14px; }
    svg { display: block; width: 100%; max-width: 1100px; height: auto; }
    svg text { font-size: 13px; fill: #1f2328; font-family: inherit; }
    svg text.axis { fill: #57606a; }
    svg .bar { fill: #0969da; }
    svg .bar.none { fill: #8c959f; }
    svg .axis-line { stroke: #57606a; stroke-width: 1; }
    footer { margin-top: 32px; font-size: 13px; }
    @media print {
      @page { margin: 14mm; }
      body { max-width: none; padding: 0; font-size: 11pt; }
      * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      section, .figure, svg, tr { break-inside: avoid; }
      h2 { break-after: avoid; }
      .figure { border-color: #999; }
      footer { display: none; }
    }

    """
}
