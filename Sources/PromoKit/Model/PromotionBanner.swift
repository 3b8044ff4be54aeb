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
  var hasFormat3Banner: Bool {
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

  /// What an order deal with a target acts on, for its banner: its first category, else its
  /// first SKU (`tea`); `nil` without a target.
  var orderTargetLabel: String? {
    guard let target else { return nil }
    return target.categories.first ?? target.skus.first
  }
}
