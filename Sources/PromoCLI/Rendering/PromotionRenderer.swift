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

  /// A table with a header, one promotion a row, within 80 columns for ids of up to 16
  /// characters; amounts line up on the decimal point.
  ///
  ///     ID         KIND        OFF     MIN  WINDOW             STK  STATUS
  ///     autumn-20  discount    20%       -  2026-11-01..12-01  yes  working
  static func table(_ promotions: [Promotion], minorDigits: Int, at instant: Instant, style: TextStyle)
    -> String
  {
    var table = TextTable([.left, .left, .decimal, .decimal, .left, .left, .left])
    table.append(["ID", "KIND", "OFF", "MIN", "WINDOW", "STK", "STATUS"])
    for promotion in promotions {
      let minimum = promotion.minimumAmount.map { $0.formatted(minimumFractionDigits: minorDigits) } ?? "-"
      table.append([
        promotion.id, promotion.kind.rawValue, benefit(of: promotion, minorDigits: minorDigits), minimum,
        window(of: promotion), promotion.isStackable ? "yes" : "no", promotion.status(at: instant).rawValue,
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

  /// The window in short: `2026-11-01..12-01`, `2026-11-01..`, `..2026-12-01` or `always`.
  /// Dates are as written in the store (in their own offset); a bound that is not at
  /// midnight shows its time.
  static func window(of promotion: Promotion) -> String {
    let start = promotion.startsAt.map(short)
    let end = promotion.endsAt.map(short)
    switch (start, end) {
    case (nil, nil): return "always"
    case (let start?, nil): return start + ".."
    case (nil, let end?): return ".." + end
    case (let start?, let end?):
      if start.prefix(5) == end.prefix(5) { return start + ".." + end.dropFirst(5) }
      return start + ".." + end
    }
  }

  private static func short(_ timestamp: Timestamp) -> String {
    let text = timestamp.text
    guard text.count >= 19 else { return text }
    let time = text.dropFirst(11).prefix(8)
    if time == "00:00:00" { return String(text.prefix(10)) }
    if time.hasSuffix(":00") { return String(text.prefix(16)) }
    return String(text.prefix(19))
  }
}
