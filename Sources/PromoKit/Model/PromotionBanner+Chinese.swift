// The Chinese banner: its frame, and the offers of store formats 1 and 2.

extension Promotion {
  /// The Chinese banner: `会员专享`, what the deal targets, `限时`, the offer, its limits
  /// (`，每单限2件`, `，不含特价商品`), the code (`（券码VIP15）`), what it combines with
  /// and its layer, each when it applies.
  func writeChineseBanner(currency: Currency?, to bytes: inout TextBuffer) {
    if customerGroups != nil { bytes.appendLiteral("会员专享") }
    if hasFormat4Offer {
      writeChineseFormat4Offer(currency: currency, to: &bytes)
    } else if hasFormat3Banner {
      if kind.actsOnOrder, let label = orderTargetLabel { bytes.appendUTF8(of: label) }
      if endsAt != nil { bytes.appendLiteral("限时") }
      writeChineseFormat3Banner(currency: currency, to: &bytes)
    } else {
      if kind == .threshold, let label = orderTargetLabel { bytes.appendUTF8(of: label) }
      writeChineseFormat2Banner(currency: currency, to: &bytes)
    }
    appendChineseLimits(to: &bytes)
    if let code {
      bytes.appendLiteral("（券码")
      bytes.appendUTF8(of: code)
      bytes.appendLiteral("）")
    }
    appendChineseCombination(to: &bytes)
  }

  /// The offer of store formats 1 and 2 in Chinese, unchanged, with `限时` where it goes:
  /// `限时满100减15`, `全场8折`, `tea类每件减5`, `指定商品19.00元/件`, `买2送1`.
  func writeChineseFormat2Banner(currency: Currency?, to bytes: inout TextBuffer) {
    let digits = currency.minorDigits
    let limited = endsAt != nil
    switch (kind, benefit) {
    case (.threshold, .percentOff(let percentage)):
      if limited { bytes.appendLiteral("限时") }
      bytes.appendLiteral("满")
      Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      if percentage == .hundred {
        bytes.appendLiteral("免单")
      } else {
        bytes.appendLiteral("打")
        Self.appendZhe(percentage, to: &bytes)
      }
      appendChineseCap(digits: digits, to: &bytes)
    case (.threshold, .amountOff(let amount)):
      if limited { bytes.appendLiteral("限时") }
      bytes.appendLiteral("满")
      Self.appendMoney(minimumAmount, minorDigits: digits, to: &bytes)
      bytes.appendLiteral("减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case (_, .percentOff(let percentage)):
      appendChineseTarget(to: &bytes)
      if limited { bytes.appendLiteral("限时") }
      Self.appendZhe(percentage, to: &bytes)
      appendChineseCap(digits: digits, to: &bytes)
    case (.item, .amountOff(let amount)):
      appendChineseTarget(to: &bytes)
      if limited { bytes.appendLiteral("限时") }
      bytes.appendLiteral("每件减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case (_, .amountOff(let amount)):
      appendChineseTarget(to: &bytes)
      if limited { bytes.appendLiteral("限时") }
      bytes.appendLiteral("立减")
      Self.appendMoney(amount, minorDigits: digits, to: &bytes)
    case (_, .fixedPrice(let price)) where price.isZero:
      appendChineseTarget(to: &bytes)
      if limited { bytes.appendLiteral("限时") }
      bytes.appendLiteral("免费")
    case (_, .fixedPrice(let price)):
      appendChineseTarget(to: &bytes)
      if limited { bytes.appendLiteral("限时") }
      bytes.appendDecimal(price, minimumFractionDigits: digits)
      Self.appendChineseUnit(currency, to: &bytes)
      bytes.appendLiteral("/件")
    case (_, .buyGet(let terms)):
      if target != nil { appendChineseTarget(to: &bytes) }
      if limited { bytes.appendLiteral("限时") }
      if terms.percentOff == .hundred {
        bytes.appendLiteral("买")
        bytes.appendInteger(terms.buy)
        bytes.appendLiteral("送")
        bytes.appendInteger(terms.get)
      } else if terms.get == 1 {
        bytes.appendLiteral("第")
        bytes.appendInteger(terms.buy + 1)
        bytes.appendLiteral("件")
        Self.appendZhe(terms.percentOff, to: &bytes)
      } else {
        bytes.appendLiteral("买")
        bytes.appendInteger(terms.buy)
        bytes.appendLiteral("件，另")
        bytes.appendInteger(terms.get)
        bytes.appendLiteral("件")
        Self.appendZhe(terms.percentOff, to: &bytes)
      }
    case (_, .bundle), (_, .tiers), (_, .gift): break  // format 4's offers (hasFormat4Offer)
    }
  }

  /// `，最高减50`: the most a Chinese banner's deal takes off, when it has a most.
  func appendChineseCap(digits: Int, to bytes: inout TextBuffer) {
    guard let maximumDiscount else { return }
    bytes.appendLiteral("，最高减")
    Self.appendMoney(maximumDiscount, minorDigits: digits, to: &bytes)
  }

  /// What a promotion acts on, in Chinese: `全场` (everything), `tea、coffee类`, `指定商品`
  /// (selected items), or `tea类及指定商品`.
  func appendChineseTarget(to bytes: inout TextBuffer) {
    guard let target, kind == .item else {
      bytes.appendLiteral("全场")
      return
    }
    for (index, category) in target.categories.enumerated() {
      if index > 0 { bytes.appendLiteral("、") }
      bytes.appendUTF8(of: category)
    }
    if !target.categories.isEmpty { bytes.appendLiteral("类") }
    if target.skus.isEmpty { return }
    bytes.appendLiteral(target.categories.isEmpty ? "指定商品" : "及指定商品")
  }
}
