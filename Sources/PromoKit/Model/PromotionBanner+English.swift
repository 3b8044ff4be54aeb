// The English banner: its frame, and the offers of store formats 1 and 2.

extension Promotion {
  /// The English banner: `members only: `, what an order deal or a gift targets, the offer,
  /// its limits (`, at most 2 per order`, `, not on sale items`), the code, what it
  /// combines with and its layer, and `, for a limited time`, each when it applies.
  func writeEnglishBanner(currency: Currency?, to bytes: inout TextBuffer) {
    let digits = currency.minorDigits
    if customerGroups != nil { bytes.appendLiteral("members only: ") }
    if kind.actsOnOrder || kind == .gift, let label = orderTargetLabel {
      bytes.appendUTF8(of: label)
      bytes.appendLiteral(": ")
    }
    if hasFormat4Offer {
      writeEnglishFormat4Offer(digits: digits, to: &bytes)
    } else if hasFormat3Banner {
      writeEnglishFormat3Banner(digits: digits, to: &bytes)
    } else {
      writeEnglishFormat2Banner(digits: digits, to: &bytes)
    }
    appendEnglishLimits(to: &bytes)
    if let code {
      bytes.appendLiteral(" with code ")
      bytes.appendUTF8(of: code)
    }
    appendEnglishCombination(to: &bytes)
    if endsAt != nil { bytes.appendLiteral(", for a limited time") }
  }

  /// The offer of store formats 1 and 2 in English, unchanged: `spend 100, get 15 off`,
  /// `20% off everything`, `tea: 5 off each`, `buy 2 get 1 free`.
  func writeEnglishFormat2Banner(digits: Int, to bytes: inout TextBuffer) {
    let targeted = kind == .item && target != nil
    if targeted {
      appendEnglishTarget(to: &bytes)
      bytes.appendLiteral(": ")
    }
    switch (kind, benefit) {
    case (.threshold, .percentOff(let percentage)) where percentage == .hundred:
      bytes.appendLiteral("spend ")
      Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(", get the order free")
      appendEnglishCap(digits: digits, to: &bytes)
    case (.threshold, .percentOff(let percentage)):
      bytes.appendLiteral("spend ")
      Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(", get ")
      Self.appendPercentage(percentage, to: &bytes)
      bytes.appendLiteral("% off")
      appendEnglishCap(digits: digits, to: &bytes)
    case (.threshold, .amountOff(let amount)):
      bytes.appendLiteral("spend ")
      Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(", get ")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" off")
    case (_, .percentOff(let percentage)) where percentage == .hundred:
      bytes.appendLiteral(targeted ? "free" : "everything free")
    case (_, .percentOff(let percentage)):
      Self.appendPercentage(percentage, to: &bytes)
      if targeted {
        bytes.appendLiteral("% off")
      } else {
        bytes.appendLiteral("% off everything")
        appendEnglishCap(digits: digits, to: &bytes)
      }
    case (.item, .amountOff(let amount)):
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(targeted ? " off each" : " off every item")
    case (_, .amountOff(let amount)):
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral(" off your order")
    case (_, .fixedPrice(let price)) where price.isZero:
      bytes.appendLiteral(targeted ? "free" : "everything free")
    case (_, .fixedPrice(let price)):
      if !targeted { bytes.appendLiteral("every item at ") }
      bytes.appendDecimal(price, minimumFractionDigits: digits)
      bytes.appendLiteral(" each")
    case (_, .buyGet(let terms)):
      if terms.percentOff == .hundred {
        bytes.appendLiteral("buy ")
        bytes.appendInteger(terms.buy)
        bytes.appendLiteral(" get ")
        bytes.appendInteger(terms.get)
        bytes.appendLiteral(" free")
      } else if terms.get == 1 {
        Self.appendOrdinal(terms.buy + 1, to: &bytes)
        bytes.appendLiteral(targeted ? " at " : " item at ")
        Self.appendPercentage(terms.percentOff, to: &bytes)
        bytes.appendLiteral("% off")
      } else {
        bytes.appendLiteral("buy ")
        bytes.appendInteger(terms.buy)
        bytes.appendLiteral(", get ")
        bytes.appendInteger(terms.get)
        bytes.appendLiteral(" more at ")
        Self.appendPercentage(terms.percentOff, to: &bytes)
        bytes.appendLiteral("% off")
      }
    case (_, .bundle), (_, .tiers), (_, .gift): break  // format 4's offers (hasFormat4Offer)
    }
  }

  /// `, up to 30`: the most an English banner's deal takes off, when it has a most.
  func appendEnglishCap(digits: Int, to bytes: inout TextBuffer) {
    guard let maximumDiscount else { return }
    bytes.appendLiteral(", up to ")
    Self.appendMoney(maximumDiscount, minorDigits: digits, to: &bytes)
  }

  /// What an item promotion targets, in English: `everything`, `tea, coffee`, `selected
  /// items`, or `tea and selected items`.
  func appendEnglishTarget(to bytes: inout TextBuffer) {
    guard let target else {
      bytes.appendLiteral("everything")
      return
    }
    for (index, category) in target.categories.enumerated() {
      if index > 0 { bytes.appendLiteral(", ") }
      bytes.appendUTF8(of: category)
    }
    if target.skus.isEmpty { return }
    bytes.appendLiteral(target.categories.isEmpty ? "selected items" : " and selected items")
  }
}
