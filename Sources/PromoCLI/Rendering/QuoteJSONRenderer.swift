import PromoKit

/// Writes a quote as the contract's one-line JSON object (section 4.4).
///
///     {"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[...],...}
enum QuoteJSONRenderer {
  /// The quote as one line of JSON, without the newline.
  static func render(_ quote: Quote) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.member("order", quote.order)
    if let currency = quote.currency { json.member("currency", currency.code) }
    json.member("subtotal", quote.subtotal.description)
    json.key("promotions")
    json.beginArray()
    for applied in quote.plan.applied {
      json.beginObject()
      json.member("id", applied.id)
      json.member("discount", applied.discount.description)
      json.endObject()
    }
    json.endArray()
    json.member("discount", quote.discount.description)
    json.member("total", quote.total.description)
    json.member("evaluatedAt", quote.evaluatedAt.description)
    if let considered = quote.considered {
      json.key("considered")
      json.beginArray()
      for consideration in considered {
        json.beginObject()
        json.member("id", consideration.id)
        json.member("outcome", consideration.outcome.name)
        switch consideration.outcome {
        case .applied(let discount): json.member("discount", discount.description)
        case .inactive: break
        case .notStarted(let startsAt): json.member("startsAt", startsAt.text)
        case .ended(let endsAt): json.member("endsAt", endsAt.text)
        case .belowMinimum(let tested, let minimum):
          json.member("testedAgainst", tested.description)
          json.member("minimumAmount", minimum.description)
        case .notBest(let planTotal): json.member("planTotal", planTotal.description)
        }
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
    return json.text
  }
}
