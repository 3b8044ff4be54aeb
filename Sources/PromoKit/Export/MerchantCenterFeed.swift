/// The Google Merchant Center promotions feed of a store: one row per promotion working or
/// starting later at an instant, in the feed's attribute names and value spellings, and a
/// reason for each promotion the feed cannot express (`promo export --format
/// merchant-center`).
///
///     let feed = MerchantCenterFeed.make(catalog, settings: settings)
///     feed.rows.first?["coupon_value_type"]   // "percent_off"
package enum MerchantCenterFeed {
  /// What the feed needs that the store does not hold.
  package struct Settings: Sendable {
    /// The instant: which promotions are in the feed, and the start of a window without one.
    package var instant: Instant
    /// `target_country`, an ISO 3166-1 code such as `CN`.
    package var targetCountry: String
    /// `content_language`, an ISO 639-1 code such as `zh`.
    package var contentLanguage: String
    /// `redemption_channel`: `online` or `in_store`.
    package var redemptionChannel: String
    /// `promotion_destination` values (`Shopping_ads`, `Free_listings`, ...), maybe none.
    package var destinations: [String]

    /// Settings for a feed.
    package init(
      instant: Instant, targetCountry: String, contentLanguage: String, redemptionChannel: String,
      destinations: [String]
    ) {
      self.instant = instant
      self.targetCountry = targetCountry
      self.contentLanguage = contentLanguage
      self.redemptionChannel = redemptionChannel
      self.destinations = destinations
    }
  }

  /// A promotion that is not in the feed, and why.
  package struct LeftOut: Sendable, Hashable {
    /// Its place in the store.
    package var index: Int
    /// Its id.
    package var id: String
    /// Why it is not in the feed.
    package var reason: String
    /// Whether it is out because the feed cannot express it (what `--strict` fails on), not
    /// because it is switched off or over at the instant.
    package var inexpressible: Bool
  }

  /// The feed's columns, in the order written: the header row.
  package static let columns = [
    "promotion_id", "product_applicability", "offer_type", "generic_redemption_code", "long_title",
    "promotion_effective_dates", "redemption_channel", "promotion_destination", "target_country",
    "content_language", "item_id", "product_type", "coupon_value_type", "percent_off", "money_off_amount",
    "minimum_purchase_amount", "buy_this_quantity", "get_this_quantity_discounted",
  ]

  /// The longest window the feed accepts: a promotion without an end is given this much
  /// from its start.
  package static let longestWindowDays: Int64 = 183

  /// The rows (each a column's value by name; a column a row has no value for is absent)
  /// and the promotions left out, in store order.
  package static func make(_ catalog: Catalog, settings: Settings) -> (
    rows: [[String: String]], leftOut: [LeftOut]
  ) {
    var rows: [[String: String]] = []
    var leftOut: [LeftOut] = []
    for (index, promotion) in catalog.promotions.enumerated() {
      switch promotion.status(at: settings.instant) {
      case .working, .notStarted: break
      case .inactive:
        leftOut.append(LeftOut(index: index, id: promotion.id, reason: "switched off", inexpressible: false))
        continue
      case .ended:
        leftOut.append(
          LeftOut(
            index: index, id: promotion.id, reason: "ended at \(promotion.endsAt?.description ?? "")",
            inexpressible: false))
        continue
      }
      switch row(for: promotion, currency: catalog.currency, settings: settings) {
      case .success(let row): rows.append(row)
      case .failure(let reason):
        leftOut.append(LeftOut(index: index, id: promotion.id, reason: reason.text, inexpressible: true))
      }
    }
    return (rows, leftOut)
  }

  /// Why a promotion cannot be a row.
  package struct Inexpressible: Error {
    /// The reason, for people.
    var text: String
  }

  /// The row of one promotion, or why the feed cannot express it.
  static func row(
    for promotion: Promotion, currency: Currency?, settings: Settings
  ) -> Result<[String: String], Inexpressible> {
    if promotion.customerGroups != nil {
      return .failure(Inexpressible(text: "it is for customer groups, which the feed has no attribute for"))
    }
    var row: [String: String] = [
      "promotion_id": promotion.id,
      "long_title": promotion.name ?? promotion.banner(currency: currency),
      "redemption_channel": settings.redemptionChannel,
      "target_country": settings.targetCountry,
      "content_language": settings.contentLanguage,
      "promotion_effective_dates": effectiveDates(promotion, at: settings.instant),
    ]
    if !settings.destinations.isEmpty {
      row["promotion_destination"] = settings.destinations.joined(separator: ",")
    }
    if let code = promotion.code {
      row["offer_type"] = "generic_code"
      row["generic_redemption_code"] = code
    } else {
      row["offer_type"] = "no_code"
    }
    if let target = promotion.target {
      row["product_applicability"] = "specific_products"
      if !target.skus.isEmpty { row["item_id"] = target.skus.joined(separator: ",") }
      if !target.categories.isEmpty { row["product_type"] = target.categories.joined(separator: ",") }
    } else {
      row["product_applicability"] = "all_products"
    }
    switch values(of: promotion, currency: currency) {
    case .success(let values): row.merge(values) { _, new in new }
    case .failure(let reason): return .failure(reason)
    }
    return .success(row)
  }

  /// `coupon_value_type` and the values it needs, by kind (an exhaustive switch: a new
  /// kind is placed here by hand).
  static func values(of promotion: Promotion, currency: Currency?) -> Result<[String: String], Inexpressible>
  {
    let money = { (amount: DecimalNumber) in amountText(amount, currency: currency) }
    switch promotion.kind {
    case .item:
      if promotion.maximumQuantity != nil {
        return .failure(
          Inexpressible(
            text: "it covers at most some units of each line, which the feed's limit_quantity does not mean"))
      }
      switch promotion.benefit {
      case .percentOff(let percentage):
        return .success(["coupon_value_type": "percent_off", "percent_off": percentage.description])
      case .buyGet(let terms):
        return .success([
          "coupon_value_type": "buy_m_get_n_percent_off", "buy_this_quantity": String(terms.buy),
          "get_this_quantity_discounted": String(terms.get), "percent_off": terms.percentOff.description,
        ])
      case .amountOff:
        return .failure(Inexpressible(text: "it takes a sum off each unit, which the feed cannot say"))
      case .fixedPrice:
        return .failure(Inexpressible(text: "it sets a price per unit, which the feed cannot say"))
      case .bundle, .tiers, .gift:
        return .failure(Inexpressible(text: "it is a deal of store format 4, which the feed cannot say"))
      }
    case .discount, .threshold:
      if promotion.repeats {
        return .failure(Inexpressible(text: "it repeats for every full minimum, which the feed cannot say"))
      }
      if promotion.maximumDiscount != nil {
        return .failure(
          Inexpressible(text: "its percentage is capped (maximumDiscount), which the feed cannot say"))
      }
      if promotion.minimumAmount != nil && promotion.minimumQuantity != nil {
        return .failure(Inexpressible(text: "it has both a minimum amount and a minimum quantity"))
      }
      var values: [String: String] = [:]
      let byQuantity = promotion.minimumQuantity != nil
      if let minimum = promotion.minimumAmount, !minimum.isZero {
        values["minimum_purchase_amount"] = money(minimum)
      }
      if let quantity = promotion.minimumQuantity { values["buy_this_quantity"] = String(quantity) }
      switch promotion.benefit {
      case .percentOff(let percentage):
        values["coupon_value_type"] = byQuantity ? "buy_m_get_percent_off" : "percent_off"
        values["percent_off"] = percentage.description
      case .amountOff(let amount):
        values["coupon_value_type"] = byQuantity ? "buy_m_get_money_off" : "money_off"
        values["money_off_amount"] = money(amount)
      case .tiers:
        return .failure(Inexpressible(text: "it is a deal of store format 4, which the feed cannot say"))
      case .fixedPrice, .buyGet, .bundle, .gift:
        preconditionFailure("an order deal takes a percentage or a sum off")
      }
      return .success(values)
    case .shipping:
      let free: Bool
      switch promotion.benefit {
      case .percentOff(let percentage): free = percentage == .hundred
      case .fixedPrice(let price): free = price.isZero
      case .amountOff: free = false
      case .buyGet, .bundle, .tiers, .gift: preconditionFailure("a shipping deal has no buy/get")
      }
      guard free else {
        return .failure(
          Inexpressible(text: "it lowers shipping without making it free, which the feed cannot say"))
      }
      var values = ["coupon_value_type": "free_shipping_standard"]
      if let minimum = promotion.minimumAmount, !minimum.isZero {
        values["minimum_purchase_amount"] = money(minimum)
      }
      return .success(values)
    case .gift:
      return .failure(Inexpressible(text: "it grants goods, which the feed cannot say"))
    }
  }

  /// `2026-11-01T00:00:00+08:00/2026-12-01T00:00:00+08:00`: the window, `instant` for a
  /// missing start and the longest window the feed accepts for a missing end.
  static func effectiveDates(_ promotion: Promotion, at instant: Instant) -> String {
    let start = promotion.startsAt?.description ?? instant.description
    let startInstant = promotion.startsAt?.instant ?? instant
    let end =
      promotion.endsAt?.description
      ?? Instant(secondsSinceEpoch: startInstant.secondsSinceEpoch + longestWindowDays * 86_400).description
    return start + "/" + end
  }

  /// An amount as the feed writes one: the currency's digits and its code (`15.00 CNY`);
  /// without a currency, two digits and no code.
  static func amountText(_ amount: DecimalNumber, currency: Currency?) -> String {
    let text = amount.formatted(minimumFractionDigits: currency.minorDigits)
    return currency.map { text + " " + $0.code } ?? text
  }
}
