/// The languages a promotion's banner can be written in.
public enum BannerLocale: String, Sendable, CaseIterable {
  /// English: `20% off everything`, `spend 100, get 15 off`, `tea: 2nd at 50% off`.
  case english = "en"
  /// Simplified Chinese, as shops in China write it: `全场8折`, `满100减15`, `tea类第2件5折`.
  case simplifiedChinese = "zh-CN"
}

extension Promotion {
  /// The promotion as a shop shows it to customers on a banner: what it takes off, on what,
  /// and when it needs a code or ends, generated from the promotion's parts (never
  /// stored).
  ///
  ///     // percentOff 20, endsAt set:            "20% off everything, for a limited time"
  ///     //                                        "全场限时8折"
  ///     // threshold 100, amountOff 15:         "spend 100, get 15 off"   "满100减15"
  ///     // item, categories tea, buy 1 get 1 at 50%: "tea: 2nd at 50% off"   "tea类第2件5折"
  ///     // item, buy 2 get 1:                   "buy 2 get 1 free"        "买2送1"
  ///     // item, skus, fixedPrice 19.00 (CNY):  "selected items: 19.00 each"   "指定商品19.00元/件"
  ///     promotion.banner(in: .simplifiedChinese, currency: catalog.currency)
  ///
  /// A whole amount is written without decimals (`100`), any other with the currency's
  /// digits (`12.50`), and a fixed price, a price tag, always with them (`19.00`). A percentage off in Chinese is the
  /// fraction of the price paid, in tenths (`折`): 20% off is `8折`, 15% off `8.5折`.
  ///
  /// The text is that of ``writeBanner(in:currency:to:)``, made a string.
  ///
  /// - Complexity: O(*t*) for *t* categories in the target.
  public func banner(in locale: BannerLocale = .english, currency: Currency? = nil) -> String {
    var bytes = TextBuffer()
    writeBanner(in: locale, currency: currency, to: &bytes)
    return bytes.text
  }

  /// Appends the UTF-8 bytes of the promotion's banner (see ``banner(in:currency:)``) to
  /// `bytes`, piece by piece without building a string: for a table of many promotions.
  /// The banner's wording is defined here alone; ``banner(in:currency:)`` is this, made a
  /// string.
  ///
  /// - Complexity: O(*t*) for *t* categories in the target, and the length of the text.
  package func writeBanner(
    in locale: BannerLocale = .english, currency: Currency? = nil, to bytes: inout TextBuffer
  ) {
    switch locale {
    case .english: writeEnglishBanner(currency: currency, to: &bytes)
    case .simplifiedChinese: writeChineseBanner(currency: currency, to: &bytes)
    }
  }

  /// Whether the banner is one of store format 3 (a shipping deal, a threshold with a
  /// quantity minimum, a repeating one or a minimum of 0, a targeted discount taking a
  /// percentage or an amount off) rather than one of formats 1 and 2.
  private var hasFormat3Banner: Bool {
    switch kind {
    case .shipping:
      return true
    case .threshold:
      let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
      return minimumQuantity != nil || repeats || minimum == nil
    case .discount:
      guard target != nil else { return false }
      switch benefit {
      case .percentOff, .amountOff: return true
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: return false
      }
    case .item, .gift:
      return false
    }
  }

  /// The English banner: `members only: `, what an order deal targets, the offer, the code
  /// and `, for a limited time`, each when it applies.
  private func writeEnglishBanner(currency: Currency?, to bytes: inout TextBuffer) {
    let digits = currency.minorDigits
    if customerGroups != nil { bytes.appendLiteral("members only: ") }
    if kind.actsOnOrder, let label = orderTargetLabel {
      bytes.appendUTF8(of: label)
      bytes.appendLiteral(": ")
    }
    if hasFormat3Banner {
      writeEnglishFormat3Banner(digits: digits, to: &bytes)
    } else {
      writeEnglishFormat2Banner(digits: digits, to: &bytes)
    }
    if let code {
      bytes.appendLiteral(" with code ")
      bytes.appendUTF8(of: code)
    }
    if endsAt != nil { bytes.appendLiteral(", for a limited time") }
  }

  /// The offer of store format 3 in English (see ``hasFormat3Banner``): `free shipping`,
  /// `spend 99, get 5 off shipping`, `buy 3, get 20% off`, `10 off every 100, up to 30`.
  private func writeEnglishFormat3Banner(digits: Int, to bytes: inout TextBuffer) {
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    switch kind {
    case .shipping:
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
    case .threshold:
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
    case .discount:
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
    case .item, .gift:
      break
    }
  }

  /// The offer of store formats 1 and 2 in English, unchanged: `spend 100, get 15 off`,
  /// `20% off everything`, `tea: 5 off each`, `buy 2 get 1 free`.
  private func writeEnglishFormat2Banner(digits: Int, to bytes: inout TextBuffer) {
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
    case (_, .bundle), (_, .tiers), (_, .gift): break  // format 4: its words come with the banners' work
    }
  }

  /// `, up to 30`: the most an English banner's deal takes off, when it has a most.
  private func appendEnglishCap(digits: Int, to bytes: inout TextBuffer) {
    guard let maximumDiscount else { return }
    bytes.appendLiteral(", up to ")
    Self.appendMoney(maximumDiscount, minorDigits: digits, to: &bytes)
  }

  /// The Chinese banner: `会员专享`, what the deal targets, `限时`, the offer and the code
  /// (`（券码VIP15）`), each when it applies.
  private func writeChineseBanner(currency: Currency?, to bytes: inout TextBuffer) {
    if customerGroups != nil { bytes.appendLiteral("会员专享") }
    if hasFormat3Banner {
      if kind.actsOnOrder, let label = orderTargetLabel { bytes.appendUTF8(of: label) }
      if endsAt != nil { bytes.appendLiteral("限时") }
      writeChineseFormat3Banner(currency: currency, to: &bytes)
    } else {
      if kind == .threshold, let label = orderTargetLabel { bytes.appendUTF8(of: label) }
      writeChineseFormat2Banner(currency: currency, to: &bytes)
    }
    if let code {
      bytes.appendLiteral("（券码")
      bytes.appendUTF8(of: code)
      bytes.appendLiteral("）")
    }
  }

  /// The offer of store format 3 in Chinese (see ``hasFormat3Banner``): `满99包邮`, `运费5元`,
  /// `满3件8折`, `每满100减10，最多减30`, `立减5`, a targeted discount.
  private func writeChineseFormat3Banner(currency: Currency?, to bytes: inout TextBuffer) {
    let digits = currency.minorDigits
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    switch kind {
    case .shipping:
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
    case .threshold:
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
    case .discount:
      switch benefit {
      case .percentOff(let percentage):
        Self.appendZhe(percentage, to: &bytes)
        appendChineseCap(digits: digits, to: &bytes)
      case .amountOff(let amount):
        bytes.appendLiteral("立减")
        Self.appendMoney(amount, minorDigits: digits, to: &bytes)
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break
      }
    case .item, .gift:
      break
    }
  }

  /// The offer of store formats 1 and 2 in Chinese, unchanged, with `限时` where it goes:
  /// `限时满100减15`, `全场8折`, `tea类每件减5`, `指定商品19.00元/件`, `买2送1`.
  private func writeChineseFormat2Banner(currency: Currency?, to bytes: inout TextBuffer) {
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
    case (_, .bundle), (_, .tiers), (_, .gift): break  // format 4: its words come with the banners' work
    }
  }

  /// `，最高减50`: the most a Chinese banner's deal takes off, when it has a most.
  private func appendChineseCap(digits: Int, to bytes: inout TextBuffer) {
    guard let maximumDiscount else { return }
    bytes.appendLiteral("，最高减")
    Self.appendMoney(maximumDiscount, minorDigits: digits, to: &bytes)
  }

  /// What an order deal with a target acts on, for its banner: its first category, else its
  /// first SKU (`tea`); `nil` without a target.
  private var orderTargetLabel: String? {
    guard let target else { return nil }
    return target.categories.first ?? target.skus.first
  }

  /// What an item promotion targets, in English: `everything`, `tea, coffee`, `selected
  /// items`, or `tea and selected items`.
  private func appendEnglishTarget(to bytes: inout TextBuffer) {
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

  /// What a promotion acts on, in Chinese: `全场` (everything), `tea、coffee类`, `指定商品`
  /// (selected items), or `tea类及指定商品`.
  private func appendChineseTarget(to bytes: inout TextBuffer) {
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

  /// `元` after a price in yuan (or without a currency), else a space and the currency's
  /// code (` JPY`).
  private static func appendChineseUnit(_ currency: Currency?, to bytes: inout TextBuffer) {
    if let currency, currency.code != "CNY" {
      bytes.appendLiteral(" ")
      bytes.appendUTF8(of: currency.code)
    } else {
      bytes.appendLiteral("元")
    }
  }

  /// Money as a banner shows it: a whole amount without decimals (`100`), any other with
  /// the currency's digits (`12.50`); `0` for none.
  private static func appendMoney(_ amount: DecimalNumber?, minorDigits: Int, to bytes: inout TextBuffer) {
    guard let amount else {
      bytes.appendLiteral("0")
      return
    }
    bytes.appendDecimal(amount, minimumFractionDigits: amount.units(atScale: 0) != nil ? 0 : minorDigits)
  }

  /// A percentage as a banner shows it, with as many decimals as it needs (`20`, `12.5`).
  private static func appendPercentage(_ percentage: Percentage, to bytes: inout TextBuffer) {
    bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
  }

  /// A percentage off as `折`, the tenths of the price paid: 20% off is `8折`, 15% off
  /// `8.5折`, 100% off `免费` (free).
  private static func appendZhe(_ percentage: Percentage, to bytes: inout TextBuffer) {
    if percentage == .hundred {
      bytes.appendLiteral("免费")
      return
    }
    // Paid, in tenths with five decimal places: (100% − p) / 10.
    let paid = Percentage.hundred.tenThousandths - percentage.tenThousandths
    // `DecimalNumber` drops trailing zeros: 8, 8.5, 6.66667.
    bytes.appendDecimal(DecimalNumber(significand: paid, scale: 5), minimumFractionDigits: 0)
    bytes.appendLiteral("折")
  }

  /// `2nd`, `3rd`, `4th`, `11th`, `21st`.
  private static func appendOrdinal(_ number: Int64, to bytes: inout TextBuffer) {
    bytes.appendInteger(number)
    switch (number % 10, number % 100) {
    case (_, 11...13): bytes.appendLiteral("th")
    case (1, _): bytes.appendLiteral("st")
    case (2, _): bytes.appendLiteral("nd")
    case (3, _): bytes.appendLiteral("rd")
    default: bytes.appendLiteral("th")
    }
  }
}
