// The offers of store format 4 in Chinese: a bundle, tiers, a gift, and a buy/get whose
// units got come from a get target.

extension Promotion {
  /// The offer of store format 4 in Chinese (see ``hasFormat4Offer``), with what it
  /// targets and `限时` where they go: `tea类任选3件50元`, `满100减10、满200减25`,
  /// `满199送Tea cup`, `买2件tea送1件mug-white`.
  func writeChineseFormat4Offer(currency: Currency?, to bytes: inout TextBuffer) {
    let digits = currency.minorDigits
    switch benefit {
    case .bundle(let terms):
      appendChineseTarget(to: &bytes)
      if endsAt != nil { bytes.appendLiteral("限时") }
      bytes.appendLiteral("任选")
      bytes.appendInteger(terms.quantity)
      bytes.appendLiteral("件")
      Self.appendMoney(terms.price, minorDigits: digits, to: &bytes)
      Self.appendChineseUnit(currency, to: &bytes)
    case .tiers(let ladder):
      if let label = orderTargetLabel { bytes.appendUTF8(of: label) }
      if endsAt != nil { bytes.appendLiteral("限时") }
      appendChineseTiers(ladder, digits: digits, to: &bytes)
    case .gift(let goods):
      if let label = orderTargetLabel { bytes.appendUTF8(of: label) }
      if endsAt != nil { bytes.appendLiteral("限时") }
      appendChineseGift(goods, digits: digits, to: &bytes)
    case .buyGet(let terms):
      if endsAt != nil { bytes.appendLiteral("限时") }
      appendChineseGetTarget(terms, to: &bytes)
    case .percentOff, .amountOff, .fixedPrice: break
    }
  }

  /// `满100减10、满200减25`, `满100打9折`, `满3件9折、满5件减15`, and `，最高减30` when capped.
  private func appendChineseTiers(_ ladder: TierLadder, digits: Int, to bytes: inout TextBuffer) {
    for (index, tier) in ladder.tiers.enumerated() {
      if index > 0 { bytes.appendLiteral("、") }
      bytes.appendLiteral("满")
      switch tier.minimum {
      case .amount(let amount): Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      case .quantity(let units):
        bytes.appendInteger(units)
        bytes.appendLiteral("件")
      }
      switch tier.benefit {
      case .percentOff(let percentage):
        if tier.minimum.measure == .amount { bytes.appendLiteral("打") }
        Self.appendZhe(percentage, to: &bytes)
      case .amountOff(let amount):
        bytes.appendLiteral("减")
        Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break  // a tier takes a percentage or a sum
      }
    }
    appendChineseCap(digits: digits, to: &bytes)
  }

  /// `满199送Tea cup`, `满3件送mug-gift×2`, `满199且满3件送...`, `下单即送Tea cup`: the
  /// minimums, then the goods (their name, else their SKU) and how many when more than one.
  private func appendChineseGift(_ goods: GiftGoods, digits: Int, to bytes: inout TextBuffer) {
    let amount = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    if let amount {
      bytes.appendLiteral("满")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    }
    if let minimumQuantity {
      bytes.appendLiteral(amount == nil ? "满" : "且满")
      bytes.appendInteger(minimumQuantity)
      bytes.appendLiteral("件")
    }
    if amount == nil && minimumQuantity == nil { bytes.appendLiteral("下单即") }
    bytes.appendLiteral("送")
    bytes.appendUTF8(of: goods.name ?? goods.sku)
    if goods.quantity > 1 {
      bytes.appendLiteral("×")
      bytes.appendInteger(goods.quantity)
    }
  }

  /// `买2件tea送1件mug-white`, `买1件teapot，1件tin-tea打5折`: the units bought (of the
  /// target, when there is one) and the units got, of the get target.
  private func appendChineseGetTarget(_ terms: BuyGet, to bytes: inout TextBuffer) {
    bytes.appendLiteral("买")
    bytes.appendInteger(terms.buy)
    bytes.appendLiteral("件")
    if let target { Self.appendNames(of: target, separator: "、", to: &bytes) }
    bytes.appendLiteral(terms.percentOff == .hundred ? "送" : "，")
    bytes.appendInteger(terms.get)
    bytes.appendLiteral("件")
    if let getTarget { Self.appendNames(of: getTarget, separator: "、", to: &bytes) }
    if terms.percentOff != .hundred {
      bytes.appendLiteral("打")
      Self.appendZhe(terms.percentOff, to: &bytes)
    }
  }
}
