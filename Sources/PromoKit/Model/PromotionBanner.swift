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
  /// - Complexity: O(*t*) for *t* categories in the target.
  public func banner(in locale: BannerLocale = .english, currency: Currency? = nil) -> String {
    switch locale {
    case .english: englishBanner(currency: currency)
    case .simplifiedChinese: chineseBanner(currency: currency)
    }
  }

  private func englishBanner(currency: Currency?) -> String {
    let digits = currency.minorDigits
    func money(_ amount: DecimalNumber?) -> String { Self.money(amount, minorDigits: digits) }
    let cap = maximumDiscount.map { ", up to " + money($0) } ?? ""
    let targeted = kind == .item && target != nil
    var text: String
    if let special = englishFormat3Banner(money: money, digits: digits) {
      text = special
    } else {
      text = englishFormat2Banner(money: money, digits: digits, cap: cap, targeted: targeted)
    }
    if kind.actsOnOrder, let label = orderTargetLabel { text = label + ": " + text }
    if customerGroups != nil { text = "members only: " + text }
    if let code { text += " with code \(code)" }
    if endsAt != nil { text += ", for a limited time" }
    return text
  }

  /// The banners of store format 3 in English: a shipping deal, a threshold with a quantity
  /// minimum, a repeating one or a minimum of 0, a targeted discount; `nil` for the others.
  private func englishFormat3Banner(money: (DecimalNumber?) -> String, digits: Int) -> String? {
    let cap = maximumDiscount.map { ", up to " + money($0) } ?? ""
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    switch kind {
    case .shipping:
      let offer =
        switch benefit {
        case .percentOff(let percentage) where percentage == .hundred: "free shipping"
        case .fixedPrice(let price) where price.isZero: "free shipping"
        case .percentOff(let percentage):
          "\(percentage.decimal.plainText(minimumFractionDigits: 0))% off shipping"
        case .amountOff(let amount): "\(money(amount)) off shipping"
        case .fixedPrice(let price): "shipping " + price.plainText(minimumFractionDigits: digits)
        case .buyGet: "free shipping"
        }
      return minimum.map { "spend \(money($0)), get " + offer } ?? offer
    case .threshold:
      guard minimumQuantity != nil || repeats || minimum == nil else { return nil }
      if repeats, case .amountOff(let amount) = benefit {
        let step = minimumQuantity.map { "\($0) items" } ?? money(minimumAmount)
        return "\(money(amount)) off every \(step)" + cap
      }
      let offer =
        switch benefit {
        case .percentOff(let percentage) where percentage == .hundred: "the order free" + cap
        case .percentOff(let percentage):
          "\(percentage.decimal.plainText(minimumFractionDigits: 0))% off" + cap
        case .amountOff(let amount): "\(money(amount)) off"
        case .fixedPrice, .buyGet: ""
        }
      switch (minimum, minimumQuantity) {
      case (let amount?, let quantity?): return "spend \(money(amount)) and buy \(quantity), get " + offer
      case (nil, let quantity?): return "buy \(quantity), get " + offer
      case (let amount?, nil): return "spend \(money(amount)), get " + offer
      case (nil, nil): return offer
      }
    case .discount:
      guard target != nil else { return nil }
      switch benefit {
      case .percentOff(let percentage) where percentage == .hundred: return "free" + cap
      case .percentOff(let percentage):
        return "\(percentage.decimal.plainText(minimumFractionDigits: 0))% off" + cap
      case .amountOff(let amount): return "\(money(amount)) off"
      case .fixedPrice, .buyGet: return nil
      }
    case .item:
      return nil
    }
  }

  /// The banners of store formats 1 and 2 in English, unchanged.
  private func englishFormat2Banner(
    money: (DecimalNumber?) -> String, digits: Int, cap: String, targeted: Bool
  ) -> String {
    var text: String
    switch (kind, benefit) {
    case (.threshold, .percentOff(let percentage)) where percentage == .hundred:
      text = "spend \(money(minimumAmount)), get the order free" + cap
    case (.threshold, .percentOff(let percentage)):
      text =
        "spend \(money(minimumAmount)), get \(percentage.decimal.plainText(minimumFractionDigits: 0))% off"
        + cap
    case (.threshold, .amountOff(let amount)):
      text = "spend \(money(minimumAmount)), get \(money(amount)) off"
    case (_, .percentOff(let percentage)) where percentage == .hundred:
      text = targeted ? "\(englishTarget): free" : "everything free"
    case (_, .percentOff(let percentage)):
      text =
        targeted
        ? "\(englishTarget): \(percentage.decimal.plainText(minimumFractionDigits: 0))% off"
        : "\(percentage.decimal.plainText(minimumFractionDigits: 0))% off everything" + cap
    case (.item, .amountOff(let amount)):
      text = targeted ? "\(englishTarget): \(money(amount)) off each" : "\(money(amount)) off every item"
    case (_, .amountOff(let amount)):
      text = "\(money(amount)) off your order"
    case (_, .fixedPrice(let price)) where price.isZero:
      text = targeted ? "\(englishTarget): free" : "everything free"
    case (_, .fixedPrice(let price)):
      let each = price.plainText(minimumFractionDigits: digits) + " each"
      text = targeted ? "\(englishTarget): " + each : "every item at " + each
    case (_, .buyGet(let terms)):
      let offer: String
      if terms.percentOff == .hundred {
        offer = "buy \(terms.buy) get \(terms.get) free"
      } else if terms.get == 1 {
        offer = "\(Self.ordinal(terms.buy + 1))\(targeted ? "" : " item") at \(terms.percentOff)% off"
      } else {
        offer = "buy \(terms.buy), get \(terms.get) more at \(terms.percentOff)% off"
      }
      text = targeted ? "\(englishTarget): " + offer : offer
    }
    return text
  }

  private func chineseBanner(currency: Currency?) -> String {
    let digits = currency.minorDigits
    func money(_ amount: DecimalNumber?) -> String { Self.money(amount, minorDigits: digits) }
    let limited = endsAt != nil ? "限时" : ""
    let cap = maximumDiscount.map { "，最高减" + money($0) } ?? ""
    var text: String
    if let special = chineseFormat3Banner(money: money, currency: currency) {
      text = limited + special
      if kind.actsOnOrder, let label = orderTargetLabel { text = label + text }
    } else {
      text = chineseFormat2Banner(money: money, currency: currency, limited: limited, cap: cap)
      if kind == .threshold, let label = orderTargetLabel { text = label + text }
    }
    if customerGroups != nil { text = "会员专享" + text }
    if let code { text += "（券码\(code)）" }
    return text
  }

  /// The banners of store format 3 in Chinese (`满99包邮`, `运费5元`, `满3件8折`,
  /// `每满100减10，最多减30`, `立减5`, a targeted discount); `nil` for the others.
  private func chineseFormat3Banner(money: (DecimalNumber?) -> String, currency: Currency?) -> String? {
    let minimum = minimumAmount.flatMap { $0.isZero ? nil : $0 }
    switch kind {
    case .shipping:
      let condition = minimum.map { "满" + money($0) } ?? ""
      switch benefit {
      case .percentOff(let percentage) where percentage == .hundred: return condition + "包邮"
      case .fixedPrice(let price) where price.isZero: return condition + "包邮"
      case .percentOff(let percentage): return condition + "运费" + Self.zhe(percentage)
      case .amountOff(let amount): return condition + "运费减" + money(amount)
      case .fixedPrice(let price):
        let unit = currency == nil || currency?.code == "CNY" ? "元" : " " + (currency?.code ?? "")
        return condition + "运费" + money(price) + unit
      case .buyGet: return condition + "包邮"
      }
    case .threshold:
      guard minimumQuantity != nil || repeats || minimum == nil else { return nil }
      if repeats, case .amountOff(let amount) = benefit {
        let step = minimumQuantity.map { "\($0)件" } ?? money(minimumAmount)
        return "每满\(step)减\(money(amount))" + (maximumDiscount.map { "，最多减" + money($0) } ?? "")
      }
      let cap = maximumDiscount.map { "，最高减" + money($0) } ?? ""
      var condition = ""
      switch (minimum, minimumQuantity) {
      case (let amount?, let quantity?): condition = "满\(money(amount))且满\(quantity)件"
      case (nil, let quantity?): condition = "满\(quantity)件"
      case (let amount?, nil): condition = "满" + money(amount)
      case (nil, nil): break
      }
      switch benefit {
      case .percentOff(let percentage) where percentage == .hundred: return condition + "免单" + cap
      case .percentOff(let percentage): return condition + Self.zhe(percentage) + cap
      case .amountOff(let amount): return condition + (condition.isEmpty ? "立减" : "减") + money(amount)
      case .fixedPrice, .buyGet: return condition
      }
    case .discount:
      guard target != nil else { return nil }
      let cap = maximumDiscount.map { "，最高减" + money($0) } ?? ""
      switch benefit {
      case .percentOff(let percentage): return Self.zhe(percentage) + cap
      case .amountOff(let amount): return "立减" + money(amount)
      case .fixedPrice, .buyGet: return nil
      }
    case .item:
      return nil
    }
  }

  /// The banners of store formats 1 and 2 in Chinese, unchanged.
  private func chineseFormat2Banner(
    money: (DecimalNumber?) -> String, currency: Currency?, limited: String, cap: String
  ) -> String {
    let digits = currency.minorDigits
    var text: String
    switch (kind, benefit) {
    case (.threshold, .percentOff(let percentage)) where percentage == .hundred:
      text = "\(limited)满\(money(minimumAmount))免单" + cap
    case (.threshold, .percentOff(let percentage)):
      text = "\(limited)满\(money(minimumAmount))打\(Self.zhe(percentage))" + cap
    case (.threshold, .amountOff(let amount)):
      text = "\(limited)满\(money(minimumAmount))减\(money(amount))"
    case (_, .percentOff(let percentage)):
      text = chineseTarget + limited + Self.zhe(percentage) + cap
    case (.item, .amountOff(let amount)):
      text = chineseTarget + limited + "每件减" + money(amount)
    case (_, .amountOff(let amount)):
      text = chineseTarget + limited + "立减" + money(amount)
    case (_, .fixedPrice(let price)) where price.isZero:
      text = chineseTarget + limited + "免费"
    case (_, .fixedPrice(let price)):
      let unit = currency == nil || currency?.code == "CNY" ? "元" : " " + (currency?.code ?? "")
      text = chineseTarget + limited + price.plainText(minimumFractionDigits: digits) + unit + "/件"
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
    return text
  }

  /// What an order deal with a target acts on, for its banner: its first category, else its
  /// first SKU (`tea`); `nil` without a target.
  private var orderTargetLabel: String? {
    guard let target else { return nil }
    return target.categories.first ?? target.skus.first
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

  /// Money as a banner shows it: a whole amount without decimals (`100`), any other with
  /// the currency's digits (`12.50`); `0` for none.
  private static func money(_ amount: DecimalNumber?, minorDigits: Int) -> String {
    guard let amount else { return "0" }
    return amount.units(atScale: 0) != nil
      ? amount.plainText(minimumFractionDigits: 0) : amount.plainText(minimumFractionDigits: minorDigits)
  }

  /// A percentage off as `折`, the tenths of the price paid: 20% off is `8折`, 15% off
  /// `8.5折`, 100% off `免费` (free).
  private static func zhe(_ percentage: Percentage) -> String {
    if percentage == .hundred { return "免费" }
    // Paid, in tenths with five decimal places: (100% − p) / 10.
    let paid = Percentage.hundred.tenThousandths - percentage.tenThousandths
    // `DecimalNumber` drops trailing zeros: 8, 8.5, 6.66667.
    return DecimalNumber(significand: paid, scale: 5).description + "折"
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
