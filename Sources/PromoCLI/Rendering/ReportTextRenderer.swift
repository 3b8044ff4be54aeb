import PromoKit

/// Writes a ``PricingReport`` as aligned tables for a terminal: the sums, the cost of each
/// promotion (the largest first), the gifts granted (store format 4, by id; only when any
/// was) and the spread of orders by discount rate.
///
///     orders    6
///     currency  CNY
///     subtotal  612.00
///     ...
///
///     PROMOTION        ORDERS  DISCOUNT   SHARE  AVERAGE  NAME
///     autumn-20             5     80.00  61.37%    16.00  20% off everything, up to 50
///
///     GIFT          ORDERS  UNITS
///     cup-over-199       3      3
///
///     DISCOUNT RATE  ORDERS
///     0%                  1
///     0-5%                0
///     ...
enum ReportTextRenderer {
  /// The whole report, its headings in bold when `style` is on.
  static func text(_ report: PricingReport, style: TextStyle) -> String {
    var sums = TextTable([.left, .right])
    sums.append(["orders", String(report.orders)])
    if let currency = report.currency { sums.append(["currency", currency.code]) }
    sums.append(["subtotal", report.subtotal.description])
    sums.append(["discount", report.discount.description])
    sums.append(["shipping", report.shipping.description])
    sums.append(["total", report.total.description])
    var output = sums.render() + "\n"

    let promotions = report.promotions
    if promotions.isEmpty {
      output += "no promotion applied to any order\n"
    } else {
      var table = TextTable([.left, .right, .right, .right, .right, .left])
      table.append(["PROMOTION", "ORDERS", "DISCOUNT", "SHARE", "AVERAGE", "NAME"])
      for cost in promotions {
        table.append([
          cost.id, String(cost.orders), cost.discount.description, percent(cost.share),
          cost.average.description,
          cost.name ?? "",
        ])
      }
      output += headed(table, style: style)
    }
    let gifts = report.gifts
    if !gifts.isEmpty {
      var table = TextTable([.left, .right, .right])
      table.append(["GIFT", "ORDERS", "UNITS"])
      for count in gifts { table.append([count.id, String(count.orders), String(count.quantity)]) }
      output += "\n" + headed(table, style: style)
    }
    output += "\n"
    var rates = TextTable([.left, .right])
    rates.append(["DISCOUNT RATE", "ORDERS"])
    for bucket in report.rates { rates.append([label(bucket), String(bucket.orders)]) }
    return output + headed(rates, style: style)
  }

  /// A bucket as the tables show it: `0%` for exactly nothing off, else `5-10%`, meaning
  /// above 5% and up to 10%.
  static func label(_ bucket: DiscountRateBucket) -> String {
    bucket.to == 0 ? "0%" : "\(bucket.from)-\(bucket.to)%"
  }

  /// A share as the tables show it: `61.37%`.
  static func percent(_ share: DecimalNumber) -> String {
    share.formatted(minimumFractionDigits: 2) + "%"
  }

  /// The table with its first line (the heading) in bold.
  private static func headed(_ table: TextTable, style: TextStyle) -> String {
    var lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[0] = style.bold(lines[0])
    return lines.joined(separator: "\n")
  }
}
