// The offers of store format 3 in Chinese.

extension Promotion {
  /// The offer of store format 3 in Chinese (see ``hasFormat3Banner``): `满99包邮`, `运费5元`,
  /// `满3件8折`, `每满100减10，最多减30`, `立减5`, a targeted discount.
  func writeChineseFormat3Banner(currency: Currency?, to bytes: inout TextBuffer) {
    switch kind {
    case .shipping: writeChineseShippingOffer(currency: currency, to: &bytes)
    case .threshold: writeChineseThresholdOffer(digits: currency.minorDigits, to: &bytes)
    case .discount: writeChineseDiscountOffer(digits: currency.minorDigits, to: &bytes)
    case .item, .gift: break
    }
  }

  /// A shipping deal's offer: `满99包邮`, `运费5元`.
  func writeChineseShippingOffer(currency: Currency?, to bytes: inout TextBuffer) {
    let digits = currency.minorDigits
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    if let minimum {
      bytes.appendLiteral("满")
      Self.appendMoney(minimum, minorDigits: digits, to: &bytes)
    }
    switch benefit {
    case .percentOff(let percentage) where percentage == .hundred: bytes.appendLiteral("包邮")
    case .fixedPrice(let price) where price.isZero: bytes.appendLiteral("包邮")
    case .percentOff(let percentage):
      bytes.appendLiteral("运费")
      Self.appendZhe(percentage, to: &bytes)
    case .amountOff(let amount):
      bytes.appendLiteral("运费减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case .fixedPrice(let price):
      bytes.appendLiteral("运费")
      Self.appendMoney(price, minorDigits: digits, to: &bytes)
      Self.appendChineseUnit(currency, to: &bytes)
    case .buyGet, .bundle, .tiers, .gift: bytes.appendLiteral("包邮")
    }
  }

  /// A format-3 threshold's offer: `满3件8折`, `每满100减10，最多减30`.
  func writeChineseThresholdOffer(digits: Int, to bytes: inout TextBuffer) {
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    if repeats, case .amountOff(let amount) = benefit {
      bytes.appendLiteral("每满")
      if let minimumQuantity {
        bytes.appendInteger(minimumQuantity)
        bytes.appendLiteral("件")
      } else {
        Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      }
      bytes.appendLiteral("减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      if let maximumDiscount {
        bytes.appendLiteral("，最多减")
        Self.appendMoney(maximumDiscount, minorDigits: digits, to: &bytes)
      }
      return
    }
    switch (minimum, minimumQuantity) {
    case (let amount?, let quantity?):
      bytes.appendLiteral("满")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral("且满")
      bytes.appendInteger(quantity)
      bytes.appendLiteral("件")
    case (nil, let quantity?):
      bytes.appendLiteral("满")
      bytes.appendInteger(quantity)
      bytes.appendLiteral("件")
    case (let amount?, nil):
      bytes.appendLiteral("满")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case (nil, nil): break
    }
    switch benefit {
    case .percentOff(let percentage) where percentage == .hundred:
      bytes.appendLiteral("免单")
      appendChineseCap(digits: digits, to: &bytes)
    case .percentOff(let percentage):
      Self.appendZhe(percentage, to: &bytes)
      appendChineseCap(digits: digits, to: &bytes)
    case .amountOff(let amount):
      bytes.appendLiteral(minimum == nil && minimumQuantity == nil ? "立减" : "减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break
    }
  }

  /// A targeted discount's offer: `8折`, `立减5`.
  func writeChineseDiscountOffer(digits: Int, to bytes: inout TextBuffer) {
    switch benefit {
    case .percentOff(let percentage):
      Self.appendZhe(percentage, to: &bytes)
      appendChineseCap(digits: digits, to: &bytes)
    case .amountOff(let amount):
      bytes.appendLiteral("立减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break
    }
  }
}
