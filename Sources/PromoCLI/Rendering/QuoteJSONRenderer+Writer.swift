import PromoKit

// The members of a quote's JSON object that ``QuoteJSONRenderer/renderWithWriter(_:)`` writes
// through a ``JSONWriter``: the promotions, the shipping, the gifts, the lines and the
// explanation.

extension QuoteJSONRenderer {
  /// Writes `"promotions":[{"id":...,"discount":...},...]`, one object for each share, with
  /// `"tier":N` after the discount of a promotion that took a tier when `tiers` is set
  /// (the quote's promotions, not a line's shares).
  static func write(shares: [AppliedPromotion], tiers: Bool, to json: inout JSONWriter) {
    json.key("promotions")
    json.beginArray()
    for share in shares {
      json.beginObject()
      json.member("id", share.id)
      json.member("discount", share.discount)
      if tiers, let tier = share.tier {
        json.key("tier")
        json.integer(Int64(tier))
      }
      json.endObject()
    }
    json.endArray()
  }

  /// Writes `"gifts":[{"id":...,"sku":...,"quantity":N},...]`, one object for each gift.
  static func write(gifts: [GrantedGift], to json: inout JSONWriter) {
    json.key("gifts")
    json.beginArray()
    for gift in gifts {
      json.beginObject()
      json.member("id", gift.id)
      json.member("sku", gift.sku)
      json.key("quantity")
      json.integer(gift.quantity)
      json.endObject()
    }
    json.endArray()
  }

  /// Writes `"shipping":{"amount":...,"discount":...,"total":...}`.
  static func write(shipping: ShippingQuote, to json: inout JSONWriter) {
    json.key("shipping")
    json.beginObject()
    json.member("amount", shipping.amount)
    json.member("discount", shipping.discount)
    json.member("total", shipping.total)
    json.endObject()
  }

  /// Writes `"lines":[...]`: each line's SKU, quantity, sums and shares.
  static func write(lines: [LineQuote], to json: inout JSONWriter) {
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
      write(shares: line.promotions, tiers: false, to: &json)
      json.endObject()
    }
    json.endArray()
  }

  /// Writes `"considered":[...]`: each promotion's id, outcome and the outcome's details,
  /// a minimum amount with at least `minorDigits` fraction digits.
  static func write(
    considered: [Consideration], minorDigits: Int, to json: inout JSONWriter
  ) {
    json.key("considered")
    json.beginArray()
    for consideration in considered {
      json.beginObject()
      json.member("id", consideration.id)
      json.member("outcome", consideration.outcome.name)
      write(outcome: consideration.outcome, minorDigits: minorDigits, to: &json)
      json.endObject()
    }
    json.endArray()
  }

  /// Writes the members that tell more of `outcome` (none for most), a minimum amount with
  /// at least `minorDigits` fraction digits.
  static func write(outcome: PromotionOutcome, minorDigits: Int, to json: inout JSONWriter) {
    switch outcome {
    case .applied(let discount): json.member("discount", discount)
    case .granted, .inactive: break  // a granted gift has no discount
    case .notStarted(let startsAt): json.member("startsAt", startsAt.text)
    case .ended(let endsAt): json.member("endsAt", endsAt.text)
    case .codeRequired(let code): json.member("code", code)
    case .noEligibleLine, .customerNotEligible, .noShipping: break
    case .belowMinimum(let shortfall):
      json.member("testedAgainst", shortfall.testedAgainst)
      if let minimum = shortfall.minimumAmount {
        json.member("minimumAmount", minimum.formatted(minimumFractionDigits: minorDigits))
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
    case .notBest(let planTotal, let bestTotalWith):
      json.member("planTotal", planTotal)
      if let bestTotalWith { json.member("bestTotalWith", bestTotalWith) }
    }
  }
}
