import PromoKit

/// A promotion's benefit in plain words.
extension PromotionRenderer {
  /// The benefit in plain words: `20%`, `20% up to 50.00`, `15.00`, `5.00 off each`,
  /// `19.00 each`, `buy 2 get 1`, `buy 1 get 1 at 50%`; for a shipping deal `free shipping`,
  /// `shipping 5.00`, `20% off shipping`; with the format-3 terms after it (`10.00 every
  /// 100.00 up to 30.00`, `buy 1 get 1 at 50% off across lines`, `..., at most 2 per line`).
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
      if case .buyGet(let terms) = promotion.benefit, terms.acrossLines {
        bytes.appendLiteral(" got")
      } else {
        bytes.appendLiteral(" per line")
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
      if terms.acrossLines { bytes.appendLiteral(" across lines") }
    case .bundle, .tiers, .gift: break  // format 4: its words come with the command line's work on issue 30
    }
  }

  /// ` up to 50.00`: the most the promotion takes off, when it has a most.
  private static func appendCap(of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer) {
    guard let maximum = promotion.maximumDiscount else { return }
    bytes.appendLiteral(" up to ")
    bytes.appendDecimal(maximum, minimumFractionDigits: minorDigits)
  }
}
