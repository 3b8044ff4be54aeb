import PromoKit

/// Writes a quote as the contract's one-line JSON object (section 4.4).
///
///     {"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[...],...}
///
/// It keeps the text of the last evaluation time, since every quote of a command has the
/// same one.
struct QuoteJSONRenderer {
  private var lastInstant: Instant?
  private var lastInstantText = ""

  /// The quote as one line of JSON, with its newline, in UTF-8.
  mutating func render(_ quote: Quote) -> [UInt8] {
    if quote.evaluatedAt != lastInstant {
      lastInstant = quote.evaluatedAt
      lastInstantText = quote.evaluatedAt.description
    }
    var json = JSONWriter()
    json.beginObject()
    json.member("order", quote.order)
    if let currency = quote.currency { json.member("currency", currency.code) }
    json.member("subtotal", quote.subtotal)
    json.key("promotions")
    json.beginArray()
    for applied in quote.plan.applied {
      json.beginObject()
      json.member("id", applied.id)
      json.member("discount", applied.discount)
      json.endObject()
    }
    json.endArray()
    json.member("discount", quote.discount)
    json.member("total", quote.total)
    json.member("evaluatedAt", lastInstantText)
    if let considered = quote.considered {
      json.key("considered")
      json.beginArray()
      for consideration in considered {
        json.beginObject()
        json.member("id", consideration.id)
        json.member("outcome", consideration.outcome.name)
        switch consideration.outcome {
        case .applied(let discount): json.member("discount", discount)
        case .inactive: break
        case .notStarted(let startsAt): json.member("startsAt", startsAt.text)
        case .ended(let endsAt): json.member("endsAt", endsAt.text)
        case .belowMinimum(let tested, let minimum):
          json.member("testedAgainst", tested)
          json.member("minimumAmount", minimum.formatted(minimumFractionDigits: quote.subtotal.minorDigits))
        case .notBest(let planTotal): json.member("planTotal", planTotal)
        }
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
    json.endLine()
    return json.bytes
  }
}
