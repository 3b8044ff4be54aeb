import PromoKit

/// The two charts of the HTML report, drawn as inline SVG (no script, no image): a
/// horizontal bar per promotion by cost, and a column per discount-rate bucket. Every
/// length is worked out in whole pixels from the exact amounts, and every label is
/// escaped.
enum ReportCharts {
  /// The width of both charts' drawing, in SVG units (it scales down with the page).
  static let width = 1100

  /// A horizontal bar per promotion, as long as its total discount is against the
  /// largest, with the amount at its end; under them an axis of round amounts in the
  /// currency's digits, from 0 to at least the largest (``scale(_:)``).
  static func promotionBars(_ costs: [PromotionCost], currency: Currency?, minorDigits: Int) -> String {
    let labelWidth = 240
    let plotWidth = 720
    let row = 30
    let top = 10
    let plotHeight = max(costs.count, 1) * row
    let height = top + plotHeight + 56
    let (step, ticks) = scale(costs.first?.discount.minorUnits ?? 0)
    let largest = step * Int128(ticks)
    var svg = open(
      height: height, title: "Total discount per promotion",
      summary: "A horizontal bar per promotion, its length its total discount")
    for (index, cost) in costs.enumerated() {
      let y = top + index * row
      let length = Int(
        PromotionCost.roundedQuotient(cost.discount.minorUnits, times: Int128(plotWidth), over: largest))
      svg +=
        #"<text x="\#(labelWidth - 10)" y="\#(y + 19)" text-anchor="end">\#(HTMLText.escaped(shortened(cost.id)))</text>"#
      svg +=
        #"<rect class="bar" x="\#(labelWidth)" y="\#(y + 5)" width="\#(max(length, 1))" height="\#(row - 10)"><title>\#(HTMLText.escaped(cost.id)): \#(cost.discount)</title></rect>"#
      svg += #"<text x="\#(labelWidth + length + 6)" y="\#(y + 19)">\#(cost.discount)</text>"#
      svg += "\n"
    }
    let axisY = top + plotHeight
    svg += line(x1: labelWidth, y1: top, x2: labelWidth, y2: axisY)
    svg += line(x1: labelWidth, y1: axisY, x2: labelWidth + plotWidth, y2: axisY)
    for tick in 0...ticks {
      let x = labelWidth + plotWidth * tick / ticks
      let amount = Money(minorUnits: step * Int128(tick), minorDigits: minorDigits)
      svg += line(x1: x, y1: axisY, x2: x, y2: axisY + 5)
      svg += #"<text x="\#(x)" y="\#(axisY + 20)" text-anchor="middle">\#(amount)</text>"#
    }
    let unit = currency.map { " (\($0.code))" } ?? ""
    svg +=
      #"<text class="axis" x="\#(labelWidth + plotWidth / 2)" y="\#(axisY + 44)" text-anchor="middle">total discount\#(unit)</text>"#
    svg +=
      #"<text class="axis" x="12" y="\#(top + plotHeight / 2)" transform="rotate(-90 12 \#(top + plotHeight / 2))" text-anchor="middle">promotion</text>"#
    return svg + "</svg>\n"
  }

  /// A column per discount-rate bucket, as tall as its orders against the fullest, with
  /// the count on top; the x axis marks each bucket's upper bound, the y axis orders.
  static func rateColumns(_ buckets: [DiscountRateBucket]) -> String {
    let left = 70
    let plotWidth = width - left - 20
    let plotHeight = 220
    let top = 20
    let height = top + plotHeight + 56
    let column = plotWidth / max(buckets.count, 1)
    let (step, ticks) = scale(Int128(buckets.map(\.orders).max() ?? 0))
    let scaleTop = step * Int128(ticks)
    var svg = open(
      height: height, title: "Orders by discount rate",
      summary: "A column per discount-rate bucket, its height the number of orders")
    let axisY = top + plotHeight
    for tick in 0...ticks {
      let y = axisY - plotHeight * tick / ticks
      svg += line(x1: left - 5, y1: y, x2: left, y2: y)
      svg += #"<text x="\#(left - 8)" y="\#(y + 4)" text-anchor="end">\#(step * Int128(tick))</text>"#
    }
    for (index, bucket) in buckets.enumerated() {
      let x = left + index * column
      let barHeight = Int(
        PromotionCost.roundedQuotient(Int128(bucket.orders), times: Int128(plotHeight), over: scaleTop))
      let label = ReportTextRenderer.label(bucket)
      svg +=
        #"<rect class="\#(bucket.to == 0 ? "bar none" : "bar")" x="\#(x + 6)" y="\#(axisY - barHeight)" width="\#(column - 12)" height="\#(barHeight)"><title>\#(label): \#(bucket.orders) orders</title></rect>"#
      svg +=
        #"<text x="\#(x + column / 2)" y="\#(axisY - barHeight - 5)" text-anchor="middle">\#(bucket.orders)</text>"#
      svg += #"<text x="\#(x + column / 2)" y="\#(axisY + 18)" text-anchor="middle">\#(bucket.to)%</text>"#
      svg += "\n"
    }
    svg += line(x1: left, y1: top, x2: left, y2: axisY)
    svg += line(x1: left, y1: axisY, x2: left + plotWidth, y2: axisY)
    svg +=
      #"<text class="axis" x="\#(left + plotWidth / 2)" y="\#(axisY + 44)" text-anchor="middle">discount rate (each column: above the mark before it, up to its own; 0% is nothing off)</text>"#
    svg +=
      #"<text class="axis" x="16" y="\#(top + plotHeight / 2)" transform="rotate(-90 16 \#(top + plotHeight / 2))" text-anchor="middle">orders</text>"#
    return svg + "</svg>\n"
  }

  /// A round axis for values from 0 to `largest` (whole units: minor units, or orders):
  /// the step between marks is 1, 2, 2.5 or 5 times a power of ten (2.5 only where it is
  /// whole), at least a fifth of `largest`, and there are as many marks after 0 as reach
  /// `largest` (at least one).
  ///
  /// - Complexity: O(log `largest`).
  static func scale(_ largest: Int128) -> (step: Int128, ticks: Int) {
    let wanted = max((largest + 4) / 5, 1)
    var power: Int128 = 1
    while true {
      for factor: Int128 in [10, 20, 25, 50] where factor != 25 || power >= 10 {
        let (product, overflow) = factor.multipliedReportingOverflow(by: power)
        // Past what 128 bits hold: one mark at the largest value itself.
        if overflow { return (max(largest, 1), 1) }
        let step = product / 10
        if step >= wanted && step > 0 {
          let ticks = max(largest / step + (largest % step > 0 ? 1 : 0), 1)
          // The last mark must be a value too: near the top of 128 bits, one mark will do.
          if step.multipliedReportingOverflow(by: ticks).overflow { return (max(largest, 1), 1) }
          return (step, Int(ticks))
        }
      }
      power *= 10
    }
  }

  /// The opening of a chart: its size, its accessible title and description.
  private static func open(height: Int, title: String, summary: String) -> String {
    """
    <svg viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" \
    role="img" aria-label="\(title)"><title>\(title)</title><desc>\(summary)</desc>

    """
  }

  /// A thin axis line.
  private static func line(x1: Int, y1: Int, x2: Int, y2: Int) -> String {
    #"<line class="axis-line" x1="\#(x1)" y1="\#(y1)" x2="\#(x2)" y2="\#(y2)"/>"#
  }

  /// An id cut to fit the label column (the table beside the chart has it whole).
  private static func shortened(_ id: String) -> String {
    id.count > 30 ? id.prefix(29) + "…" : id
  }
}
