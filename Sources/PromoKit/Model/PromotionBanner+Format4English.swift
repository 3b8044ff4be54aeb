// The offers of store format 4 in English: a bundle, tiers, a gift, and a buy/get whose
// units got come from a get target.

extension Promotion {
  /// Whether the offer is one of store format 4: a bundle, tiers, a gift, or a buy/get
  /// with a get target (its own words, in both languages).
  var hasFormat4Offer: Bool {
    switch benefit {
    case .bundle, .tiers, .gift: true
    case .buyGet: getTarget != nil
    case .percentOff, .amountOff, .fixedPrice: false
    }
  }

  /// The offer of store format 4 in English (see ``hasFormat4Offer``): `tea: any 3 for
  /// 50.00`, `10 off 100, 25 off 200`, `free Tea cup over 199`, `buy 2 tea, get 1
  /// mug-white free`.
  func writeEnglishFormat4Offer(digits: Int, to bytes: inout TextBuffer) {
    switch benefit {
    case .bundle(let terms):
      if target != nil {
        appendEnglishTarget(to: &bytes)
        bytes.appendLiteral(": ")
      }
      bytes.appendLiteral("any ")
      bytes.appendInteger(terms.quantity)
      bytes.appendLiteral(" for ")
      bytes.appendDecimal(terms.price, minimumFractionDigits: digits)
    case .tiers(let ladder): appendEnglishTiers(ladder, digits: digits, to: &bytes)
    case .gift(let goods): appendEnglishGift(goods, digits: digits, to: &bytes)
    case .buyGet(let terms): appendEnglishGetTarget(terms, to: &bytes)
    case .percentOff, .amountOff, .fixedPrice: break
    }
  }

  /// `10 off 100, 25 off 200`, `10% off 3 items, 15 off 5 items`, and `, up to 30` when
  /// capped: each tier's benefit and minimum, lowest first.
  private func appendEnglishTiers(_ ladder: TierLadder, digits: Int, to bytes: inout TextBuffer) {
    for (index, tier) in ladder.tiers.enumerated() {
      if index > 0 { bytes.appendLiteral(", ") }
      switch tier.benefit {
      case .percentOff(let percentage):
        Self.appendPercentage(percentage, to: &bytes)
        bytes.appendLiteral("% off ")
      case .amountOff(let amount):
        Self.appendMoney(amount, minorDigits: digits, to: &bytes)
        bytes.appendLiteral(" off ")
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break  // a tier takes a percentage or a sum
      }
      switch tier.minimum {
      case .amount(let amount): Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      case .quantity(let units):
        bytes.appendInteger(units)
        bytes.appendLiteral(units == 1 ? " item" : " items")
      }
    }
    appendEnglishCap(digits: digits, to: &bytes)
  }

  /// `free Tea cup over 199`, `free mug-gift ×2 with 3 items`, `free Tea cup with every
  /// order`: the goods (their name, else their SKU), how many when more than one, and the
  /// minimums.
  private func appendEnglishGift(_ goods: GiftGoods, digits: Int, to bytes: inout TextBuffer) {
    bytes.appendLiteral("free ")
    bytes.appendUTF8(of: goods.name ?? goods.sku)
    if goods.quantity > 1 {
      bytes.appendLiteral(" ×")
      bytes.appendInteger(goods.quantity)
    }
    if let minimumAmount, !minimumAmount.isZero {
      bytes.appendLiteral(" over ")
      Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
    }
    if let minimumQuantity {
      bytes.appendLiteral(" with ")
      bytes.appendInteger(minimumQuantity)
      bytes.appendLiteral(minimumQuantity == 1 ? " item" : " items")
    }
    if minimumQuantity == nil && (minimumAmount?.isZero ?? true) { bytes.appendLiteral(" with every order") }
  }

  /// `buy 2 tea, get 1 mug-white free`, `buy 1 teapot, get 1 tin-tea at 50% off`: the units
  /// bought (of the target, when there is one) and the units got, of the get target.
  private func appendEnglishGetTarget(_ terms: BuyGet, to bytes: inout TextBuffer) {
    bytes.appendLiteral("buy ")
    bytes.appendInteger(terms.buy)
    if let target {
      bytes.appendLiteral(" ")
      Self.appendNames(of: target, separator: " or ", to: &bytes)
    }
    bytes.appendLiteral(", get ")
    bytes.appendInteger(terms.get)
    if let getTarget {
      bytes.appendLiteral(" ")
      Self.appendNames(of: getTarget, separator: " or ", to: &bytes)
    }
    if terms.percentOff == .hundred {
      bytes.appendLiteral(" free")
    } else {
      bytes.appendLiteral(" at ")
      Self.appendPercentage(terms.percentOff, to: &bytes)
      bytes.appendLiteral("% off")
    }
  }

  /// The names a target lists, categories first, then SKUs, joined by `separator`.
  static func appendNames(of target: ItemTarget, separator: StaticString, to bytes: inout TextBuffer) {
    for (index, name) in (target.categories + target.skus).enumerated() {
      if index > 0 { bytes.appendLiteral(separator) }
      bytes.appendUTF8(of: name)
    }
  }
}
