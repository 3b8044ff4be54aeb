import PromoKit

/// Writes a quote as its documented one-line JSON object (docs/FORMAT.md, "Results").
///
///     {"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[...],...}
///
/// It keeps the text of the last evaluation time, since every quote of a command has the
/// same one. A quote without an explanation is written straight into the caller's bytes,
/// piece by piece (``render(_:into:)``); one with an explanation goes through a
/// ``JSONWriter`` (``renderWithWriter(_:)``), which the tests hold the fast form against.
struct QuoteJSONRenderer {
  private var lastInstant: Instant?
  private var lastInstantText = ""
  private let scratch = ScratchBytes()

  /// The quote as one line of JSON, with its newline, in UTF-8.
  mutating func render(_ quote: Quote) -> [UInt8] {
    var bytes: [UInt8] = []
    render(quote, into: &bytes)
    return bytes
  }

  /// Appends the quote as one line of JSON, with its newline, to `output`.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  mutating func render(_ quote: Quote, into output: inout [UInt8]) {
    guard quote.considered == nil else {
      output.append(contentsOf: renderWithWriter(quote))
      return
    }
    updateInstant(quote.evaluatedAt)
    // The most the line can take: every string escaped, every number at its longest.
    var bound =
      320 + RawWriter.quotedBound(quote.order) + RawWriter.quotedBound(lastInstantText) + 7
      * RawWriter.numberBound
    for applied in quote.plan.applied {
      bound += 64 + RawWriter.quotedBound(applied.id) + RawWriter.numberBound
    }
    for line in quote.lines ?? [] {
      bound += 160 + RawWriter.quotedBound(line.sku ?? "") + 4 * RawWriter.numberBound
      for share in line.promotions { bound += 64 + RawWriter.quotedBound(share.id) + RawWriter.numberBound }
    }
    let instant = lastInstantText
    scratch.write(atMost: bound, to: &output) { json in
      json.literal(#"{"order":"#)
      json.quoted(quote.order)
      if let currency = quote.currency {
        json.literal(#","currency":"#)
        json.quoted(currency.code)
      }
      json.literal(#","subtotal":""#)
      json.money(quote.subtotal)
      json.literal(#"","promotions":["#)
      Self.shares(quote.plan.applied, to: &json)
      json.literal(#"],"discount":""#)
      json.money(quote.discount)
      json.literal(#"","total":""#)
      json.money(quote.total)
      json.literal(#"","evaluatedAt":"#)
      json.quoted(instant)
      if let shipping = quote.shipping {
        json.literal(#","shipping":{"amount":""#)
        json.money(shipping.amount)
        json.literal(#"","discount":""#)
        json.money(shipping.discount)
        json.literal(#"","total":""#)
        json.money(shipping.total)
        json.literal(#""}"#)
      }
      if let lines = quote.lines {
        json.literal(#","lines":["#)
        for (index, line) in lines.enumerated() {
          if index > 0 { json.byte(UInt8(ascii: ",")) }
          json.byte(UInt8(ascii: "{"))
          if let sku = line.sku {
            json.literal(#""sku":"#)
            json.quoted(sku)
            json.byte(UInt8(ascii: ","))
          }
          json.literal(#""quantity":"#)
          json.integer(line.quantity)
          json.literal(#","subtotal":""#)
          json.money(line.subtotal)
          let discount = line.discount
          json.literal(#"","discount":""#)
          json.money(discount)
          json.literal(#"","total":""#)
          json.money(line.subtotal.subtracting(discount))
          json.literal(#"","promotions":["#)
          Self.shares(line.promotions, to: &json)
          json.literal("]}")
        }
        json.byte(UInt8(ascii: "]"))
      }
      json.literal("}\n")
    }
  }

  /// `{"id":...,"discount":...}` for each promotion, comma-separated.
  private static func shares(_ shares: [AppliedPromotion], to json: inout RawWriter) {
    for (index, share) in shares.enumerated() {
      json.literal(index == 0 ? #"{"id":"# : #",{"id":"#)
      json.quoted(share.id)
      json.literal(#","discount":""#)
      json.money(share.discount)
      json.literal(#""}"#)
    }
  }

  /// Keeps the text of `instant` unless it is the last one's.
  private mutating func updateInstant(_ instant: Instant) {
    if instant != lastInstant {
      lastInstant = instant
      lastInstantText = instant.description
    }
  }

  /// The quote as one line of JSON through a ``JSONWriter``: every quote, with its
  /// explanation when it has one.
  mutating func renderWithWriter(_ quote: Quote) -> [UInt8] {
    updateInstant(quote.evaluatedAt)
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
    if let shipping = quote.shipping {
      json.key("shipping")
      json.beginObject()
      json.member("amount", shipping.amount)
      json.member("discount", shipping.discount)
      json.member("total", shipping.total)
      json.endObject()
    }
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
        case .noEligibleLine, .customerNotEligible, .noShipping: break
        case .belowMinimum(let shortfall):
          json.member("testedAgainst", shortfall.testedAgainst)
          if let minimum = shortfall.minimumAmount {
            json.member("minimumAmount", minimum.formatted(minimumFractionDigits: quote.subtotal.minorDigits))
          }
          if let shortBy = shortfall.shortBy { json.member("shortBy", shortBy) }
          if let units = shortfall.units {
            json.key("units")
            json.integer(units)
          }
          if let least = shortfall.minimumQuantity {
            json.key("minimumQuantity")
            json.integer(least)
          }
          if let short = shortfall.shortByQuantity {
            json.key("shortByQuantity")
            json.integer(short)
          }
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
