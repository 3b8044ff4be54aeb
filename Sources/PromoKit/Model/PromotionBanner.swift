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
  /// Amounts leave out trailing zeros (`100`, `12.5`), except a fixed price, which is a
  /// price tag and keeps the currency's digits. A percentage off in Chinese is the
  /// fraction of the price paid, in tenths (`折`): 20% off is `8折`, 15% off `8.5折`.
  ///
  /// - Complexity: O(*t*) for *t* categories in the target.
  public func banner(in locale: BannerLocale = .english, currency: Currency? = nil) -> String {
    switch locale {
    case .english: englishBanner(currency: currency)
    case .simplifiedChinese: chineseBanner(currency: currency)
    }
  }

  private func englishBanner(currency: Currency?) -> String {
    let digits = currency.minorDigits
    let cap = maximumDiscount.map { ", up to " + Self.short($0) } ?? ""
    var text: String
    switch (kind, benefit) {
    case (.threshold, .percentOff(let percentage)):
      text = "spend \(Self.short(minimumAmount)), get \(percentage)% off" + cap
    case (.threshold, .amountOff(let amount)):
      text = "spend \(Self.short(minimumAmount)), get \(Self.short(amount)) off"
    case (_, .percentOff(let percentage)) where percentage == .hundred:
      text = kind == .item && target != nil ? "\(englishTarget): free" : "everything free"
    case (_, .percentOff(let percentage)):
      text =
        kind == .item && target != nil
        ? "\(englishTarget): \(percentage)% off" : "\(percentage)% off everything" + cap
    case (.item, .amountOff(let amount)):
      text =
        target == nil
        ? "\(Self.short(amount)) off every item" : "\(englishTarget): \(Self.short(amount)) off each"
    case (_, .amountOff(let amount)):
      text = "\(Self.short(amount)) off your order"
    case (_, .fixedPrice(let price)):
      let each = price.formatted(minimumFractionDigits: digits) + " each"
      text = target == nil ? "everything " + each : "\(englishTarget): " + each
    case (_, .buyGet(let terms)):
      let offer: String
      if terms.percentOff == .hundred {
        offer = "buy \(terms.buy) get \(terms.get) free"
      } else if terms.get == 1 {
        offer = "\(Self.ordinal(terms.buy + 1)) at \(terms.percentOff)% off"
      } else {
        offer = "buy \(terms.buy), get \(terms.get) more at \(terms.percentOff)% off"
      }
      text = target == nil ? offer : "\(englishTarget): " + offer
    }
    if let code { text += " with code \(code)" }
    if endsAt != nil { text += ", for a limited time" }
    return text
  }

  private func chineseBanner(currency: Currency?) -> String {
    let digits = currency.minorDigits
    let limited = endsAt != nil ? "限时" : ""
    let cap = maximumDiscount.map { "，最高减" + Self.short($0) } ?? ""
    var text: String
    switch (kind, benefit) {
    case (.threshold, .percentOff(let percentage)):
      text = "\(limited)满\(Self.short(minimumAmount))打\(Self.zhe(percentage))" + cap
    case (.threshold, .amountOff(let amount)):
      text = "\(limited)满\(Self.short(minimumAmount))减\(Self.short(amount))"
    case (_, .percentOff(let percentage)):
      text = chineseTarget + limited + Self.zhe(percentage) + cap
    case (.item, .amountOff(let amount)):
      text = chineseTarget + limited + "每件减" + Self.short(amount)
    case (_, .amountOff(let amount)):
      text = chineseTarget + limited + "立减" + Self.short(amount)
    case (_, .fixedPrice(let price)):
      let unit = currency == nil || currency?.code == "CNY" ? "元" : " " + (currency?.code ?? "")
      text = chineseTarget + limited + price.formatted(minimumFractionDigits: digits) + unit + "/件"
    case (_, .buyGet(let terms)):
      let offer: String
      if terms.percentOff == .hundred {
        offer = "买\(terms.buy)送\(terms.get)"
      } else if terms.get == 1 {
        offer = "第\(terms.buy + 1)件\(Self.zhe(terms.percentOff))"
      } else {
        offer = "买\(terms.buy)件，另\(terms.get)件\(Self.zhe(terms.percentOff))"
      }
      text = (target == nil ? "" : chineseTarget) + limited + offer
    }
    if let code { text += "（券码\(code)）" }
    return text
  }

  /// What an item promotion targets, in English: `everything`, `tea, coffee`, `selected
  /// items`, or `tea and selected items`.
  private var englishTarget: String {
    guard let target else { return "everything" }
    let categories = target.categories.joined(separator: ", ")
    if target.skus.isEmpty { return categories }
    return categories.isEmpty ? "selected items" : categories + " and selected items"
  }

  /// What a promotion acts on, in Chinese: `全场` (everything), `tea、coffee类`, `指定商品`
  /// (selected items), or `tea类及指定商品`.
  private var chineseTarget: String {
    guard let target, kind == .item else { return "全场" }
    let categories = target.categories.isEmpty ? "" : target.categories.joined(separator: "、") + "类"
    if target.skus.isEmpty { return categories }
    return categories.isEmpty ? "指定商品" : categories + "及指定商品"
  }

  /// `amount` without trailing zeros: `100`, `12.5`; `0` for none.
  private static func short(_ amount: DecimalNumber?) -> String {
    guard var text = amount?.description else { return "0" }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// A percentage off as `折`, the tenths of the price paid: 20% off is `8折`, 15% off
  /// `8.5折`, 100% off `免费` (free).
  private static func zhe(_ percentage: Percentage) -> String {
    if percentage == .hundred { return "免费" }
    // Paid, in tenths with five decimal places: (100% − p) / 10.
    let paid = Percentage.hundred.tenThousandths - percentage.tenThousandths
    return short(DecimalNumber(significand: paid, scale: 5)) + "折"
  }

  /// `2nd`, `3rd`, `4th`, `11th`, `21st`.
  private static func ordinal(_ number: Int64) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }
}
