import PromoKit

/// Writes promotions for `list` and `show`: a table or details for people, one JSON line
/// in the store's own form plus `status` for scripts.
enum PromotionRenderer {
  /// One line of JSON: the promotion's stored form and its `status` at the evaluation time.
  static func jsonLine(_ promotion: Promotion, minorDigits: Int, status: PromotionStatus) -> String {
    var json = JSONWriter()
    json.beginObject()
    StoreEncoder.write(StoreEncoder.fields(of: promotion, minorDigits: minorDigits), into: &json)
    json.member("status", status.rawValue)
    json.endObject()
    return json.text
  }

  /// A table with a header, one promotion a row: id, kind, benefit, minimum, window, the
  /// merchant's switch, stackable, status at the evaluation time, and the banner. Amounts
  /// line up on the decimal point; dates in the evaluation year leave out the year. Window
  /// bounds keep their own offset: the offset most of them share is shown once in the
  /// heading, any other beside its bound, so that no time can be misread.
  ///
  ///     ID         KIND      OFF  MIN  WINDOW (+08:00)  ON   STK  STATUS   BANNER
  ///     autumn-20  discount  20%    -  11-01..12-01     on   yes  working  20% off everything, ...
  static func table(
    _ promotions: [Promotion], currency: Currency?, locale: BannerLocale, at instant: Instant,
    style: TextStyle
  ) -> String {
    let minorDigits = currency.minorDigits
    let year = String(instant.description.prefix(4))
    let offset = commonOffset(of: promotions)
    // Format-2 columns (what an item promotion targets, a coupon code) only when a listed
    // promotion has one, so that a format-1 table stays as narrow as it was.
    let showsTarget = promotions.contains { $0.kind == .item || $0.target != nil }
    let showsCode = promotions.contains { $0.code != nil }
    // Format-3 columns likewise: a quantity minimum, customer groups.
    let showsQuantity = promotions.contains { $0.minimumQuantity != nil }
    let showsGroups = promotions.contains { $0.customerGroups != nil }
    // Benefits in words (`buy 2 get 1`, `20% up to 50.00`) read best left-aligned; plain
    // amounts and percentages line up on the decimal point.
    let wordy = promotions.contains {
      $0.kind == .item || $0.kind == .shipping || $0.maximumDiscount != nil || $0.repeats
    }
    var alignments: [TextTable.Alignment] = [.left, .left, wordy ? .left : .decimal, .decimal]
    var header = ["ID", "KIND", "OFF", "MIN"]
    if showsQuantity {
      alignments.append(.decimal)
      header.append("MIN QTY")
    }
    if showsTarget {
      alignments.append(.left)
      header.append("TARGET")
    }
    if showsCode {
      alignments.append(.left)
      header.append("CODE")
    }
    if showsGroups {
      alignments.append(.left)
      header.append("GROUPS")
    }
    var table = TextTable(alignments + [.left, .left, .left, .left, .left])
    table.append(header + [offset.map { "WINDOW (\($0))" } ?? "WINDOW", "ON", "STK", "STATUS", "BANNER"])
    for promotion in promotions {
      let minimum = promotion.minimumAmount.map { $0.plainText(minimumFractionDigits: minorDigits) } ?? "-"
      var row = [
        promotion.id, promotion.kind.rawValue, benefit(of: promotion, minorDigits: minorDigits), minimum,
      ]
      if showsQuantity { row.append(promotion.minimumQuantity.map(String.init) ?? "-") }
      if showsTarget { row.append(target(of: promotion)) }
      if showsCode { row.append(promotion.code ?? "-") }
      if showsGroups { row.append(groups(of: promotion)) }
      table.append(
        row + [
          window(of: promotion, year: year, commonOffset: offset), promotion.isActive ? "on" : "off",
          promotion.isStackable ? "yes" : "no", promotion.status(at: instant).rawValue,
          promotion.banner(in: locale, currency: currency),
        ])
    }
    // The heading, the first line, is bold.
    let rendered = table.renderBytes()
    guard style.isEnabled, let end = rendered.firstIndex(of: 0x0A) else {
      return String(decoding: rendered, as: UTF8.self)
    }
    return style.bold(String(decoding: rendered[..<end], as: UTF8.self))
      + String(decoding: rendered[end...], as: UTF8.self)
  }

  /// Every field of one promotion, one per line, its banner and its status.
  static func details(
    _ promotion: Promotion, currency: Currency?, locale: BannerLocale, at instant: Instant
  ) -> String {
    let minorDigits = currency.minorDigits
    var table = TextTable([.left, .left])
    table.append(["id", promotion.id])
    table.append(["name", promotion.name ?? "-"])
    table.append(["kind", promotion.kind.rawValue])
    table.append(["benefit", benefit(of: promotion, minorDigits: minorDigits)])
    table.append(["banner", promotion.banner(in: locale, currency: currency)])
    if let code = promotion.code { table.append(["code", code]) }
    if let groups = promotion.customerGroups {
      table.append(["customerGroups", groups.names.map(TextTable.printable).joined(separator: ", ")])
    }
    if promotion.kind == .item || promotion.target != nil {
      table.append(["target", target(of: promotion)])
    }
    for field in StoreEncoder.fields(of: promotion, minorDigits: minorDigits) {
      switch field.key {
      case "minimumAmount", "minimumQuantity", "repeat", "buy", "get", "acrossLines", "percentOff",
        "amountOff",
        "fixedPrice", "maximumDiscount", "maximumQuantity":
        table.append([field.key, plain(field.value)])
      default: break
      }
    }
    table.append(["startsAt", promotion.startsAt?.text ?? "- (no start)"])
    table.append(["endsAt", promotion.endsAt?.text ?? "- (no end)"])
    table.append(["active", promotion.isActive ? "true" : "false"])
    table.append(["stackable", promotion.isStackable ? "true" : "false"])
    table.append(["status", "\(promotion.status(at: instant).rawValue) at \(instant)"])
    return table.render()
  }

  /// The benefit in plain words: `20%`, `20% up to 50.00`, `15.00`, `5.00 off each`,
  /// `19.00 each`, `buy 2 get 1`, `buy 1 get 1 at 50%`; for a shipping deal `free shipping`,
  /// `shipping 5.00`, `20% off shipping`; with the format-3 terms after it (`10.00 every
  /// 100.00 up to 30.00`, `buy 1 get 1 at 50% off across lines`, `..., at most 2 per line`).
  static func benefit(of promotion: Promotion, minorDigits: Int) -> String {
    func amount(_ value: DecimalNumber) -> String { value.plainText(minimumFractionDigits: minorDigits) }
    if promotion.kind == .shipping {
      switch promotion.benefit {
      case .percentOff(let percentage) where percentage == .hundred: return "free shipping"
      case .fixedPrice(let price) where price.isZero: return "free shipping"
      case .percentOff(let percentage):
        return "\(percentage.decimal.plainText(minimumFractionDigits: 0))% off shipping"
      case .amountOff(let value): return amount(value) + " off shipping"
      case .fixedPrice(let price): return "shipping " + amount(price)
      case .buyGet: break
      }
    }
    if promotion.repeats, case .amountOff(let value) = promotion.benefit {
      let step = promotion.minimumQuantity.map { "\($0) units" } ?? promotion.minimumAmount.map(amount) ?? "-"
      return amount(value) + " every " + step
        + (promotion.maximumDiscount.map { " up to " + amount($0) } ?? "")
    }
    let limit = promotion.maximumQuantity.map { limit in
      if case .buyGet(let terms) = promotion.benefit, terms.acrossLines { return ", at most \(limit) got" }
      return ", at most \(limit) per line"
    }
    return plainBenefit(of: promotion, amount: amount) + (limit ?? "")
  }

  /// The benefit of formats 1 and 2 in plain words (a buy/get across lines says so).
  private static func plainBenefit(of promotion: Promotion, amount: (DecimalNumber) -> String) -> String {
    switch promotion.benefit {
    case .percentOff(let percentage):
      return "\(percentage.decimal.plainText(minimumFractionDigits: 0))%"
        + (promotion.maximumDiscount.map { " up to " + amount($0) } ?? "")
    case .amountOff(let value):
      return promotion.kind == .item ? amount(value) + " off each" : amount(value)
    case .fixedPrice(let price): return amount(price) + " each"
    case .buyGet(let terms):
      return "buy \(terms.buy) get \(terms.get)"
        + (terms.percentOff == .hundred ? "" : " at \(terms.percentOff)% off")
        + (terms.acrossLines ? " across lines" : "")
    }
  }

  /// The customer groups a promotion is for: `member,vip`, or `-` for every customer.
  static func groups(of promotion: Promotion) -> String {
    promotion.customerGroups.map { $0.names.map(TextTable.printable).joined(separator: ",") } ?? "-"
  }

  /// What a promotion targets: `skus mug-white,mug-blue`, `categories tea`, both joined
  /// by `; `, `every line` for an item deal without a target, or `-` for an order deal
  /// without one (it acts on the whole order) and a shipping deal.
  static func target(of promotion: Promotion) -> String {
    guard let target = promotion.target else { return promotion.kind == .item ? "every line" : "-" }
    var parts: [String] = []
    if !target.skus.isEmpty {
      parts.append("skus " + target.skus.map(TextTable.printable).joined(separator: ","))
    }
    if !target.categories.isEmpty {
      parts.append("categories " + target.categories.map(TextTable.printable).joined(separator: ","))
    }
    return parts.joined(separator: "; ")
  }

  /// A stored value as plain text.
  private static func plain(_ value: StoreEncoder.FieldValue) -> String {
    switch value {
    case .string(let text): text
    case .bool(let flag): flag ? "true" : "false"
    case .integer(let number): String(number)
    case .strings(let list): list.joined(separator: ", ")
    case .object: ""
    }
  }

  /// The offset most window bounds of `promotions` are written with (`+08:00`, `Z`; the
  /// first such in store order on a tie), or `nil` when none has a bound.
  static func commonOffset(of promotions: [Promotion]) -> String? {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for promotion in promotions {
      for bound in [promotion.startsAt, promotion.endsAt].compactMap({ $0 }) {
        let offset = offset(of: bound)
        if counts[offset] == nil { order.append(offset) }
        counts[offset, default: 0] += 1
      }
    }
    guard let most = counts.values.max() else { return nil }
    return order.first { counts[$0] == most }
  }

  /// The offset a timestamp was written with: `Z` or `+08:00`.
  private static func offset(of timestamp: Timestamp) -> String {
    timestamp.text.hasSuffix("Z") || timestamp.text.hasSuffix("z") ? "Z" : String(timestamp.text.suffix(6))
  }

  /// The window in short: `11-01..12-01`, `2027-01-01..`, `..12-01` or `always`. Dates
  /// are as written in the store (in their own offset), without the year when it is
  /// `year` (the evaluation year); a bound that is not at midnight shows its time (with
  /// its fraction of a second, if it has one), and a
  /// bound whose offset is not `commonOffset` shows its offset (`11-01 -05:00`).
  static func window(of promotion: Promotion, year: String, commonOffset: String?) -> String {
    func short(_ timestamp: Timestamp) -> String {
      let shown = shortDate(timestamp)
      let offset = offset(of: timestamp)
      return offset == commonOffset ? shown : shown + " " + offset
    }
    func shortDate(_ timestamp: Timestamp) -> String {
      let text = timestamp.text
      guard text.count >= 19 else { return text }
      let time = text.dropFirst(11).prefix(8)
      // A fraction of a second is kept whole (`23:59:59.5`): cut, it would misstate the bound.
      let fraction = text.dropFirst(19).prefix { $0 == "." || $0.isNumber }
      var shown =
        if !fraction.isEmpty { String(text.prefix(19 + fraction.count)) } else if time == "00:00:00" {
          String(text.prefix(10))
        } else if time.hasSuffix(":00") {
          String(text.prefix(16))
        } else {
          String(text.prefix(19))
        }
      if shown.hasPrefix(year + "-") { shown.removeFirst(5) }
      return shown
    }
    switch (promotion.startsAt.map(short), promotion.endsAt.map(short)) {
    case (nil, nil): return "always"
    case (let start?, nil): return start + ".."
    case (nil, let end?): return ".." + end
    case (let start?, let end?): return start + ".." + end
    }
  }
}
