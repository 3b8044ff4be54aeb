// The offers of store format 3 in English.

extension Promotion {
  /// The offer of store format 3 in English (see ``hasFormat3Banner``): `free shipping`,
  /// `spend 99, get 5 off shipping`, `buy 3, get 20% off`, `10 off every 100, up to 30`.
  func writeEnglishFormat3Banner(digits: Int, to bytes: inout TextBuffer) {
    switch kind {
    case .shipping: writeEnglishShippingOffer(digits: digits, to: &bytes)
    case .threshold: writeEnglishThresholdOffer(digits: digits, to: &bytes)
    case .discount: writeEnglishDiscountOffer(digits: digits, to: &bytes)
    case .item, .gift: break
    }
  }

  /// A shipping deal's offer: `free shipping`, `spend 99, get 5 off shipping`.
  func writeEnglishShippingOffer(digits: Int, to bytes: inout TextBuffer) {
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    if let minimum {
      bytes.appendLiteral("spend ")
      Self.appendMoney(minimum, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(", get ")
    }
    switch benefit {
    case .percentOff(let percentage) where percentage == .hundred: bytes.appendLiteral("free shipping")
    case .fixedPrice(let price) where price.isZero: bytes.appendLiteral("free shipping")
    case .percentOff(let percentage):
      Self.appendPercentage(percentage, to: &bytes)
      bytes.appendLiteral("% off shipping")
    case .amountOff(let amount):
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" off shipping")
    case .fixedPrice(let price):
      bytes.appendLiteral("shipping ")
      bytes.appendDecimal(price, minimumFractionDigits: digits)
    case .buyGet, .bundle, .tiers, .gift: bytes.appendLiteral("free shipping")
    }
  }

  /// A format-3 threshold's offer: `buy 3, get 20% off`, `10 off every 100, up to 30`.
  func writeEnglishThresholdOffer(digits: Int, to bytes: inout TextBuffer) {
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    if repeats, case .amountOff(let amount) = benefit {
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" off every ")
      if let minimumQuantity {
        bytes.appendInteger(minimumQuantity)
        bytes.appendLiteral(" items")
      } else {
        Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      }
      appendEnglishCap(digits: digits, to: &bytes)
      return
    }
    switch (minimum, minimumQuantity) {
    case (let amount?, let quantity?):
      bytes.appendLiteral("spend ")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" and buy ")
      bytes.appendInteger(quantity)
      bytes.appendLiteral(", get ")
    case (nil, let quantity?):
      bytes.appendLiteral("buy ")
      bytes.appendInteger(quantity)
      bytes.appendLiteral(", get ")
    case (let amount?, nil):
      bytes.appendLiteral("spend ")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(", get ")
    case (nil, nil): break
    }
    switch benefit {
    case .percentOff(let percentage) where percentage == .hundred:
      bytes.appendLiteral("the order free")
      appendEnglishCap(digits: digits, to: &bytes)
    case .percentOff(let percentage):
      Self.appendPercentage(percentage, to: &bytes)
      bytes.appendLiteral("% off")
      appendEnglishCap(digits: digits, to: &bytes)
    case .amountOff(let amount):
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" off")
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break
    }
  }

  /// A targeted discount's offer: `20% off`, `5 off`.
  func writeEnglishDiscountOffer(digits: Int, to bytes: inout TextBuffer) {
    switch benefit {
    case .percentOff(let percentage) where percentage == .hundred:
      bytes.appendLiteral("free")
      appendEnglishCap(digits: digits, to: &bytes)
    case .percentOff(let percentage):
      Self.appendPercentage(percentage, to: &bytes)
      bytes.appendLiteral("% off")
      appendEnglishCap(digits: digits, to: &bytes)
    case .amountOff(let amount):
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" off")
    case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break
    }
  }
}
