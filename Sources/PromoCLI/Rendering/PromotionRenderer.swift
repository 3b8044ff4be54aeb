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
  /// merchant's switch, stackable, and status at the evaluation time. Amounts line up on
  /// the decimal point; dates in the evaluation year leave out the year, so that the
  /// table stays within 80 columns for ids of up to 16 characters.
  ///
  ///     ID         KIND      OFF  MIN  WINDOW        ON   STK  STATUS
  ///     autumn-20  discount  20%    -  11-01..12-01  on   yes  working
  static func table(_ promotions: [Promotion], minorDigits: Int, at instant: Instant, style: TextStyle)
    -> String
  {
    let year = String(instant.description.prefix(4))
    var table = TextTable([.left, .left, .decimal, .decimal, .left, .left, .left, .left])
    table.append(["ID", "KIND", "OFF", "MIN", "WINDOW", "ON", "STK", "STATUS"])
    for promotion in promotions {
      let minimum = promotion.minimumAmount.map { $0.formatted(minimumFractionDigits: minorDigits) } ?? "-"
      table.append([
        promotion.id, promotion.kind.rawValue, benefit(of: promotion, minorDigits: minorDigits), minimum,
        window(of: promotion, year: year), promotion.isActive ? "on" : "off",
        promotion.isStackable ? "yes" : "no",
        promotion.status(at: instant).rawValue,
      ])
    }
    var lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[0] = style.bold(lines[0])
    return lines.joined(separator: "\n")
  }

  /// Every field of one promotion, one per line, and its status.
  static func details(_ promotion: Promotion, minorDigits: Int, at instant: Instant) -> String {
    var table = TextTable([.left, .left])
    table.append(["id", promotion.id])
    table.append(["name", promotion.name ?? "-"])
    table.append(["kind", promotion.kind.rawValue])
    switch promotion.benefit {
    case .percentOff(let percentage): table.append(["percentOff", percentage.description])
    case .amountOff(let amount):
      table.append(["amountOff", amount.formatted(minimumFractionDigits: minorDigits)])
    }
    if let minimum = promotion.minimumAmount {
      table.append(["minimumAmount", minimum.formatted(minimumFractionDigits: minorDigits)])
    }
    table.append(["startsAt", promotion.startsAt?.text ?? "- (no start)"])
    table.append(["endsAt", promotion.endsAt?.text ?? "- (no end)"])
    table.append(["active", promotion.isActive ? "true" : "false"])
    table.append(["stackable", promotion.isStackable ? "true" : "false"])
    table.append(["status", "\(promotion.status(at: instant).rawValue) at \(instant)"])
    return table.render()
  }

  /// `20%` or the fixed sum with the currency's minor digits.
  static func benefit(of promotion: Promotion, minorDigits: Int) -> String {
    switch promotion.benefit {
    case .percentOff(let percentage): "\(percentage)%"
    case .amountOff(let amount): amount.formatted(minimumFractionDigits: minorDigits)
    }
  }

  /// The window in short: `11-01..12-01`, `2027-01-01..`, `..12-01` or `always`. Dates
  /// are as written in the store (in their own offset), without the year when it is
  /// `year` (the evaluation year); a bound that is not at midnight shows its time.
  static func window(of promotion: Promotion, year: String) -> String {
    func short(_ timestamp: Timestamp) -> String {
      let text = timestamp.text
      guard text.count >= 19 else { return text }
      let time = text.dropFirst(11).prefix(8)
      var shown =
        if time == "00:00:00" { String(text.prefix(10)) } else if time.hasSuffix(":00") {
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
