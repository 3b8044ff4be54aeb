import PromoKit

/// A promotion's benefit in plain words.
extension PromotionRenderer {
  /// The benefit in plain words: `20%`, `20% up to 50.00`, `15.00`, `5.00 off each`,
  /// `19.00 each`, `buy 2 get 1`, `buy 1 get 1 at 50%`; for a shipping deal `free shipping`,
  /// `shipping 5.00`, `20% off shipping`; with the format-3 terms after it (`10.00 every
  /// 100.00 up to 30.00`, `buy 1 get 1 at 50% off across lines`, `..., at most 2 per line`);
  /// and those of format 4: `any 3 for 50.00`, `10.00 off 100.00, 25.00 off 200.00`, `gift
  /// cup-free ×1`, `buy 2 get 1 of mug-white`, `19.00 each, at most 2 per order`.
  /// The text of ``appendBenefit(of:minorDigits:to:)``, made a string.
  static func benefit(of promotion: Promotion, minorDigits: Int) -> String {
    var bytes = TextBuffer()
    appendBenefit(of: promotion, minorDigits: minorDigits, to: &bytes)
    return bytes.text
  }

  /// Appends the benefit in plain words (see ``benefit(of:minorDigits:)``) to `bytes`.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  static func appendBenefit(of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer) {
    if promotion.kind == .shipping {
      switch promotion.benefit {
      case .percentOff(let percentage) where percentage == .hundred:
        return bytes.appendLiteral("free shipping")
      case .fixedPrice(let price) where price.isZero: return bytes.appendLiteral("free shipping")
      case .percentOff(let percentage):
        bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
        return bytes.appendLiteral("% off shipping")
      case .amountOff(let value):
        bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
        return bytes.appendLiteral(" off shipping")
      case .fixedPrice(let price):
        bytes.appendLiteral("shipping ")
        return bytes.appendDecimal(price, minimumFractionDigits: minorDigits)
      case .buyGet, .bundle, .tiers, .gift: break
      }
    }
    if promotion.repeats, case .amountOff(let value) = promotion.benefit {
      bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
      bytes.appendLiteral(" every ")
      if let quantity = promotion.minimumQuantity {
        bytes.appendInteger(quantity)
        bytes.appendLiteral(" units")
      } else if let minimum = promotion.minimumAmount {
        bytes.appendDecimal(minimum, minimumFractionDigits: minorDigits)
      } else {
        bytes.appendLiteral("-")
      }
      appendCap(of: promotion, minorDigits: minorDigits, to: &bytes)
      return
    }
    appendPlainBenefit(of: promotion, minorDigits: minorDigits, to: &bytes)
    if let limit = promotion.maximumQuantity {
      bytes.appendLiteral(", at most ")
      bytes.appendInteger(limit)
      if case .buyGet = promotion.benefit, promotion.countsAcrossLines {
        bytes.appendLiteral(" got")
      } else {
        bytes.appendLiteral(promotion.acrossLines ? " per order" : " per line")
      }
    }
  }

  /// The benefit of formats 1 and 2 in plain words (a buy/get across lines says so).
  private static func appendPlainBenefit(
    of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer
  ) {
    switch promotion.benefit {
    case .percentOff(let percentage):
      bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
      bytes.appendLiteral("%")
      appendCap(of: promotion, minorDigits: minorDigits, to: &bytes)
    case .amountOff(let value):
      bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
      if promotion.kind == .item { bytes.appendLiteral(" off each") }
    case .fixedPrice(let price):
      bytes.appendDecimal(price, minimumFractionDigits: minorDigits)
      bytes.appendLiteral(" each")
    case .buyGet(let terms):
      bytes.appendLiteral("buy ")
      bytes.appendInteger(terms.buy)
      bytes.appendLiteral(" get ")
      bytes.appendInteger(terms.get)
      if terms.percentOff != .hundred {
        bytes.appendLiteral(" at ")
        bytes.appendDecimal(terms.percentOff.decimal, minimumFractionDigits: 0)
        bytes.appendLiteral("% off")
      }
      if let getTarget = promotion.getTarget {
        bytes.appendLiteral(" of ")
        appendNames(of: getTarget, to: &bytes)
      }
      if terms.acrossLines { bytes.appendLiteral(" across lines") }
    case .bundle(let terms):
      bytes.appendLiteral("any ")
      bytes.appendInteger(terms.quantity)
      bytes.appendLiteral(" for ")
      bytes.appendDecimal(terms.price, minimumFractionDigits: minorDigits)
    case .tiers(let ladder):
      appendTiers(ladder, minorDigits: minorDigits, to: &bytes)
      appendCap(of: promotion, minorDigits: minorDigits, to: &bytes)
    case .gift(let goods):
      bytes.appendLiteral("gift ")
      bytes.appendUTF8(of: goods.sku)
      bytes.appendLiteral(" ×")
      bytes.appendInteger(goods.quantity)
    }
  }

  /// `10.00 off 100.00, 25.00 off 200.00`, `10% off 3 units`: each tier's benefit and
  /// minimum, lowest first.
  private static func appendTiers(_ ladder: TierLadder, minorDigits: Int, to bytes: inout TextBuffer) {
    for (index, tier) in ladder.tiers.enumerated() {
      if index > 0 { bytes.appendLiteral(", ") }
      switch tier.benefit {
      case .percentOff(let percentage):
        bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
        bytes.appendLiteral("%")
      case .amountOff(let value): bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break  // a tier takes a percentage or a sum
      }
      bytes.appendLiteral(" off ")
      switch tier.minimum {
      case .amount(let amount): bytes.appendDecimal(amount, minimumFractionDigits: minorDigits)
      case .quantity(let units):
        bytes.appendInteger(units)
        bytes.appendLiteral(units == 1 ? " unit" : " units")
      }
    }
  }

  /// The names a target lists, categories first, then SKUs, comma-separated.
  private static func appendNames(of target: ItemTarget, to bytes: inout TextBuffer) {
    for (index, name) in (target.categories + target.skus).enumerated() {
      if index > 0 { bytes.appendLiteral(",") }
      bytes.appendUTF8(of: name)
    }
  }

  /// ` up to 50.00`: the most the promotion takes off, when it has a most.
  private static func appendCap(of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer) {
    guard let maximum = promotion.maximumDiscount else { return }
    bytes.appendLiteral(" up to ")
    bytes.appendDecimal(maximum, minimumFractionDigits: minorDigits)
  }
}
