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
    if let lines = quote.lines {
      json.key("lines")
      json.beginArray()
      for line in lines {
        json.beginObject()
        if let sku = line.sku { json.member("sku", sku) }
        json.key("quantity")
        json.integer(line.quantity)
        json.member("subtotal", line.subtotal)
        json.member("discount", line.discount)
        json.member("total", line.total)
        json.key("promotions")
        json.beginArray()
        for share in line.promotions {
          json.beginObject()
          json.member("id", share.id)
          json.member("discount", share.discount)
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      json.endArray()
    }
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
        case .codeRequired(let code): json.member("code", code)
        case .noEligibleLine: break
        case .belowMinimum(let tested, let minimum, let shortBy):
          json.member("testedAgainst", tested)
          json.member("minimumAmount", minimum.formatted(minimumFractionDigits: quote.subtotal.minorDigits))
          json.member("shortBy", shortBy)
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
