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

  /// Every field of one promotion, one per line, its banner and its status (a gift, which
  /// combines with nothing, has no `stackable` line; `combinesWith` is shown as written).
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
    if let getTarget = promotion.getTarget {
      var bytes = TextBuffer()
      appendTarget(getTarget, to: &bytes)
      table.append(["getTarget", TextTable.printable(bytes.text)])
    }
    for field in StoreEncoder.fields(of: promotion, minorDigits: minorDigits) {
      switch field.key {
      case "layer", "minimumAmount", "minimumQuantity", "repeat", "buy", "get", "acrossLines", "percentOff",
        "amountOff", "fixedPrice", "maximumDiscount", "maximumQuantity", "excludeDiscountedLines":
        table.append([field.key, plain(field.value)])
      default: break
      }
    }
    if case .gift(let goods) = promotion.benefit {
      let name = goods.name.map { " (" + TextTable.printable($0) + ")" } ?? ""
      table.append(["gift", "\(TextTable.printable(goods.sku)) ×\(goods.quantity)" + name])
    }
    table.append(["startsAt", promotion.startsAt?.text ?? "- (no start)"])
    table.append(["endsAt", promotion.endsAt?.text ?? "- (no end)"])
    table.append(["active", promotion.isActive ? "true" : "false"])
    if promotion.kind != .gift {
      table.append(["stackable", promotion.isStackable ? "true" : "false"])
    }
    if promotion.combinesWithIsWritten {
      table.append(["combinesWith", promotion.combinesWith.classes.map(\.rawValue).joined(separator: ", ")])
    }
    table.append(["status", "\(promotion.status(at: instant).rawValue) at \(instant)"])
    return table.render()
  }

  /// A stored value as plain text.
  private static func plain(_ value: StoreEncoder.FieldValue) -> String {
    switch value {
    case .string(let text): text
    case .bool(let flag): flag ? "true" : "false"
    case .integer(let number): String(number)
    case .strings(let list): list.joined(separator: ", ")
    case .object, .array: ""
    }
  }
}
