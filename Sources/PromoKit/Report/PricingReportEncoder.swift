/// Writes a ``PricingReport`` as its documented JSON object, on one line: what
/// `promo report --format json` prints and `promo report --merge` reads back
/// (``PricingReportDecoder``).
///
///     {"orders":6,"currency":"CNY","subtotal":"612.00","discount":"130.36","shipping":"0.00",
///      "total":"481.64","promotions":[{"id":"autumn-20","name":"20% off everything, up to 50",
///      "orders":5,"discount":"80.00","share":"61.37","average":"16.00"}, ...],
///      "rates":[{"from":0,"to":0,"orders":1},{"from":0,"to":5,"orders":0}, ...]}
///
/// Amounts are strings with exactly the currency's minor digits; `share` is a string with
/// two decimal places. `currency` is left out when the orders name none, `name` when the
/// promotion has none. After `rates`, `"gifts":[{"id","orders","quantity"},...]` (store
/// format 4) counts each gift promotion granted, by id; it is left out when no gift was. Every sum a merge needs is there exactly; `share` and `average`
/// are derived, and recomputed after a merge.
///
/// - Complexity: O(*p* log *p*) for the *p* promotions and gifts of the report.
public enum PricingReportEncoder {
  /// The report as one line of JSON, ending with a line break.
  ///
  ///     let line = PricingReportEncoder.encode(report)   // {"orders":6,"currency":"CNY",...}\n
  public static func encode(_ report: PricingReport) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("orders")
    json.integer(report.orders)
    if let currency = report.currency { json.member("currency", currency.code) }
    json.member("subtotal", report.subtotal)
    json.member("discount", report.discount)
    json.member("shipping", report.shipping)
    json.member("total", report.total)
    json.key("promotions")
    json.beginArray()
    for cost in report.promotions {
      json.beginObject()
      json.member("id", cost.id)
      if let name = cost.name { json.member("name", name) }
      json.key("orders")
      json.integer(cost.orders)
      json.member("discount", cost.discount)
      json.member("share", cost.share.formatted(minimumFractionDigits: 2))
      json.member("average", cost.average)
      json.endObject()
    }
    json.endArray()
    json.key("rates")
    json.beginArray()
    for bucket in report.rates {
      json.beginObject()
      json.key("from")
      json.integer(Int64(bucket.from))
      json.key("to")
      json.integer(Int64(bucket.to))
      json.key("orders")
      json.integer(bucket.orders)
      json.endObject()
    }
    json.endArray()
    let gifts = report.gifts
    if !gifts.isEmpty {
      json.key("gifts")
      json.beginArray()
      for count in gifts {
        json.beginObject()
        json.member("id", count.id)
        json.key("orders")
        json.integer(count.orders)
        json.key("quantity")
        json.integer(count.quantity)
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
    json.endLine()
    return json.bytes
  }
}
