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
  ///
  /// The rows are the promotions at the indices `rows`, in that order. Every cell is
  /// written as bytes straight into the table (no string per cell or banner), and the
  /// table is handed to `write` as UTF-8 bytes, a piece of whole lines at a time.
  ///
  /// - Complexity: O(*n*) for *n* rows (and the length of what their cells hold).
  static func table(
    _ promotions: [Promotion], rows: [Int], currency: Currency?, locale: BannerLocale, at instant: Instant,
    style: TextStyle, _ write: ([UInt8]) -> Void
  ) {
    let minorDigits = currency.minorDigits
    let year = Array(instant.description.utf8.prefix(4))
    let offset = commonOffset(of: promotions, rows: rows)
    let offsetBytes = offset.map { Array($0.utf8) }
    // Format-2 columns (what an item promotion targets, a coupon code) only when a listed
    // promotion has one, so that a format-1 table stays as narrow as it was.
    var showsTarget = false
    var showsCode = false
    // Format-3 columns likewise: a quantity minimum, customer groups.
    var showsQuantity = false
    var showsGroups = false
    // Benefits in words (`buy 2 get 1`, `20% up to 50.00`) read best left-aligned; plain
    // amounts and percentages line up on the decimal point.
    var wordy = false
    for index in rows {
      showsTarget = showsTarget || promotions[index].kind == .item || promotions[index].target != nil
      showsCode = showsCode || promotions[index].code != nil
      showsQuantity = showsQuantity || promotions[index].minimumQuantity != nil
      showsGroups = showsGroups || promotions[index].customerGroups != nil
      wordy =
        wordy || promotions[index].kind == .item || promotions[index].kind == .shipping
        || promotions[index].maximumDiscount != nil || promotions[index].repeats
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
    table.reserveRows(rows.count, bytes: 80)
    var pending = TextTable.Rows()
    let columns = RowColumns(
      quantity: showsQuantity, target: showsTarget, code: showsCode, groups: showsGroups)
    // Rows go into the table some hundreds at a time.
    for index in rows {
      appendRow(
        of: promotions[index], columns: columns, minorDigits: minorDigits, year: year,
        commonOffset: offsetBytes, currency: currency, locale: locale, at: instant, to: &pending)
      pending.endRow()
      if pending.byteCount >= 1 << 16 { table.append(&pending) }
    }
    table.append(&pending)
    // The heading, the first line (in the first piece: pieces are of whole lines), is bold.
    var isFirstPiece = true
    table.renderBytes { piece in
      defer { isFirstPiece = false }
      guard isFirstPiece, style.isEnabled, let end = piece.firstIndex(of: 0x0A) else { return write(piece) }
      var styled = Array(style.bold(String(decoding: piece[..<end], as: UTF8.self)).utf8)
      styled.append(contentsOf: piece[end...])
      write(styled)
    }
  }

  /// Which of the columns a table may leave out it shows.
  private struct RowColumns {
    /// `MIN QTY`, a quantity minimum.
    var quantity: Bool
    /// `TARGET`, what an item deal or a targeted order deal acts on.
    var target: Bool
    /// `CODE`, a coupon code.
    var code: Bool
    /// `GROUPS`, the customer groups.
    var groups: Bool
  }

  /// Writes one promotion's cells into `row`, in the table's columns (see
  /// ``table(_:rows:currency:locale:at:style:_:)``).
  private static func appendRow(
    of promotion: borrowing Promotion, columns: RowColumns, minorDigits: Int, year: [UInt8],
    commonOffset: [UInt8]?, currency: Currency?, locale: BannerLocale, at instant: Instant,
    to row: inout TextTable.Rows
  ) {
    row.text.appendUTF8(of: promotion.id)
    row.endCell()
    row.text.appendUTF8(of: promotion.kind.rawValue)
    row.endCell()
    appendBenefit(of: promotion, minorDigits: minorDigits, to: &row.text)
    row.endCell()
    if let minimum = promotion.minimumAmount {
      row.text.appendDecimal(minimum, minimumFractionDigits: minorDigits)
    } else {
      row.text.appendLiteral("-")
    }
    row.endCell()
    if columns.quantity {
      if let quantity = promotion.minimumQuantity {
        row.text.appendInteger(quantity)
      } else {
        row.text.appendLiteral("-")
      }
      row.endCell()
    }
    if columns.target {
      appendTarget(of: promotion, to: &row.text)
      row.endCell()
    }
    if columns.code {
      row.text.appendUTF8(of: promotion.code ?? "-")
      row.endCell()
    }
    if columns.groups {
      appendGroups(of: promotion, to: &row.text)
      row.endCell()
    }
    appendWindow(of: promotion, year: year, commonOffset: commonOffset, to: &row.text)
    row.endCell()
    row.text.appendLiteral(promotion.isActive ? "on" : "off")
    row.endCell()
    row.text.appendLiteral(promotion.isStackable ? "yes" : "no")
    row.endCell()
    row.text.appendUTF8(of: promotion.status(at: instant).rawValue)
    row.endCell()
    promotion.writeBanner(in: locale, currency: currency, to: &row.text)
    row.endCell()
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
  /// The text of ``appendBenefit(of:minorDigits:to:)``, made a string.
  static func benefit(of promotion: Promotion, minorDigits: Int) -> String {
    var bytes = TextBuffer()
    appendBenefit(of: promotion, minorDigits: minorDigits, to: &bytes)
    return bytes.text
  }

  /// Appends the benefit in plain words (see ``benefit(of:minorDigits:)``) to `bytes`.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  static func appendBenefit(of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer) {
    if promotion.kind == .shipping {
      switch promotion.benefit {
      case .percentOff(let percentage) where percentage == .hundred:
        return bytes.appendLiteral("free shipping")
      case .fixedPrice(let price) where price.isZero: return bytes.appendLiteral("free shipping")
      case .percentOff(let percentage):
        bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
        return bytes.appendLiteral("% off shipping")
      case .amountOff(let value):
        bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
        return bytes.appendLiteral(" off shipping")
      case .fixedPrice(let price):
        bytes.appendLiteral("shipping ")
        return bytes.appendDecimal(price, minimumFractionDigits: minorDigits)
      case .buyGet, .bundle, .tiers, .gift: break
      }
    }
    if promotion.repeats, case .amountOff(let value) = promotion.benefit {
      bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
      bytes.appendLiteral(" every ")
      if let quantity = promotion.minimumQuantity {
        bytes.appendInteger(quantity)
        bytes.appendLiteral(" units")
      } else if let minimum = promotion.minimumAmount {
        bytes.appendDecimal(minimum, minimumFractionDigits: minorDigits)
      } else {
        bytes.appendLiteral("-")
      }
      appendCap(of: promotion, minorDigits: minorDigits, to: &bytes)
      return
    }
    appendPlainBenefit(of: promotion, minorDigits: minorDigits, to: &bytes)
    if let limit = promotion.maximumQuantity {
      bytes.appendLiteral(", at most ")
      bytes.appendInteger(limit)
      if case .buyGet(let terms) = promotion.benefit, terms.acrossLines {
        bytes.appendLiteral(" got")
      } else {
        bytes.appendLiteral(" per line")
      }
    }
  }

  /// The benefit of formats 1 and 2 in plain words (a buy/get across lines says so).
  private static func appendPlainBenefit(
    of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer
  ) {
    switch promotion.benefit {
    case .percentOff(let percentage):
      bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
      bytes.appendLiteral("%")
      appendCap(of: promotion, minorDigits: minorDigits, to: &bytes)
    case .amountOff(let value):
      bytes.appendDecimal(value, minimumFractionDigits: minorDigits)
      if promotion.kind == .item { bytes.appendLiteral(" off each") }
    case .fixedPrice(let price):
      bytes.appendDecimal(price, minimumFractionDigits: minorDigits)
      bytes.appendLiteral(" each")
    case .buyGet(let terms):
      bytes.appendLiteral("buy ")
      bytes.appendInteger(terms.buy)
      bytes.appendLiteral(" get ")
      bytes.appendInteger(terms.get)
      if terms.percentOff != .hundred {
        bytes.appendLiteral(" at ")
        bytes.appendDecimal(terms.percentOff.decimal, minimumFractionDigits: 0)
        bytes.appendLiteral("% off")
      }
      if terms.acrossLines { bytes.appendLiteral(" across lines") }
    case .bundle, .tiers, .gift: break  // format 4: its words come with the command line's work on issue 30
    }
  }

  /// ` up to 50.00`: the most the promotion takes off, when it has a most.
  private static func appendCap(of promotion: Promotion, minorDigits: Int, to bytes: inout TextBuffer) {
    guard let maximum = promotion.maximumDiscount else { return }
    bytes.appendLiteral(" up to ")
    bytes.appendDecimal(maximum, minimumFractionDigits: minorDigits)
  }

  /// Appends the customer groups a promotion is for, `member,vip`, or `-` for every
  /// customer, to `bytes` as they are (a table makes its cells printable).
  static func appendGroups(of promotion: Promotion, to bytes: inout TextBuffer) {
    guard let groups = promotion.customerGroups else { return bytes.appendLiteral("-") }
    appendList(groups.names, to: &bytes)
  }

  /// Appends `names` separated by commas.
  private static func appendList(_ names: [String], to bytes: inout TextBuffer) {
    for (index, name) in names.enumerated() {
      if index > 0 { bytes.appendLiteral(",") }
      bytes.appendUTF8(of: name)
    }
  }

  /// What a promotion targets: `skus mug-white,mug-blue`, `categories tea`, both joined
  /// by `; `, `every line` for an item deal without a target, or `-` for an order deal
  /// without one (it acts on the whole order) and a shipping deal. The text of
  /// ``appendTarget(of:to:)`` with control characters escaped (see
  /// ``TextTable/printable(_:)``).
  static func target(of promotion: Promotion) -> String {
    var bytes = TextBuffer()
    appendTarget(of: promotion, to: &bytes)
    return TextTable.printable(bytes.text)
  }

  /// Appends what a promotion targets (see ``target(of:)``) to `bytes`, the names as they
  /// are (a table makes its cells printable).
  ///
  /// - Complexity: O(*t*) for *t* SKUs and categories in the target.
  static func appendTarget(of promotion: Promotion, to bytes: inout TextBuffer) {
    guard let target = promotion.target else {
      return bytes.appendLiteral(promotion.kind == .item ? "every line" : "-")
    }
    if !target.skus.isEmpty {
      bytes.appendLiteral("skus ")
      appendList(target.skus, to: &bytes)
    }
    if !target.categories.isEmpty {
      if !target.skus.isEmpty { bytes.appendLiteral("; ") }
      bytes.appendLiteral("categories ")
      appendList(target.categories, to: &bytes)
    }
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

  /// The offset most window bounds of the promotions at `rows` are written with (`+08:00`,
  /// `Z`; the first such in the order of `rows` on a tie), or `nil` when none has a bound.
  ///
  /// - Complexity: O(*n*) for *n* rows.
  static func commonOffset(of promotions: [Promotion], rows: [Int]) -> String? {
    var counts: [String: Int] = [:]
    var order: [String] = []
    func count(_ bound: Timestamp?) {
      guard let bound else { return }
      let offset = offset(of: bound)
      if counts[offset] == nil { order.append(offset) }
      counts[offset, default: 0] += 1
    }
    // By index, so that no promotion is copied (a copy retains each of its strings).
    for index in rows {
      count(promotions[index].startsAt)
      count(promotions[index].endsAt)
    }
    guard let most = counts.values.max() else { return nil }
    return order.first { counts[$0] == most }
  }

  /// The offset a timestamp was written with: `Z` or `+08:00`.
  private static func offset(of timestamp: Timestamp) -> String {
    var text = timestamp.text
    return text.withUTF8 { String(decoding: offset(ofText: $0), as: UTF8.self) }
  }

  /// The offset of a timestamp's text (see ``offset(of:)``): its last six bytes, or `Z`.
  private static func offset(ofText text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    let last = text[text.count - 1]
    if last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
      let zulu: StaticString = "Z"
      return UnsafeBufferPointer(start: zulu.utf8Start, count: 1)
    }
    return UnsafeBufferPointer(rebasing: text[(text.count - 6)...])
  }

  /// Appends the window in short to `bytes`: `11-01..12-01`, `2027-01-01..`, `..12-01` or
  /// `always`. Dates are as written in the store (in their own offset), without the year
  /// when it is `year` (the evaluation year, UTF-8); a bound that is not at midnight shows
  /// its time (with its fraction of a second, if it has one), and a bound whose offset is
  /// not `commonOffset` (UTF-8) shows its offset (`11-01 -05:00`).
  static func appendWindow(
    of promotion: Promotion, year: [UInt8], commonOffset: [UInt8]?, to bytes: inout TextBuffer
  ) {
    guard promotion.startsAt != nil || promotion.endsAt != nil else { return bytes.appendLiteral("always") }
    if let start = promotion.startsAt {
      appendBound(start, year: year, commonOffset: commonOffset, to: &bytes)
    }
    bytes.appendLiteral("..")
    if let end = promotion.endsAt { appendBound(end, year: year, commonOffset: commonOffset, to: &bytes) }
  }

  /// One bound of a window in short: its date, without the year when it is `year`; its
  /// time when it is not midnight (without seconds when they are 0, with its fraction of a
  /// second whole: cut, it would misstate the bound); its offset when it is not
  /// `commonOffset`. A timestamp's text is ASCII (it was parsed as RFC 3339).
  private static func appendBound(
    _ timestamp: Timestamp, year: [UInt8], commonOffset: [UInt8]?, to bytes: inout TextBuffer
  ) {
    var text = timestamp.text
    text.withUTF8 { text in
      guard text.count >= 19 else { return bytes.append(text) }
      func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
      var fraction = 19
      while fraction < text.count && (text[fraction] == UInt8(ascii: ".") || isDigit(text[fraction])) {
        fraction += 1
      }
      let midnight = text[11..<19].elementsEqual("00:00:00".utf8)
      let wholeMinute = text[16..<19].elementsEqual(":00".utf8)
      let length = fraction > 19 ? fraction : midnight ? 10 : wholeMinute ? 16 : 19
      // The year is left out when it is the evaluation year (and a `-` follows it).
      let sameYear =
        length > year.count && text[..<year.count].elementsEqual(year)
        && text[year.count] == UInt8(ascii: "-")
      bytes.append(UnsafeBufferPointer(rebasing: text[(sameYear ? 5 : 0)..<length]))
      let offset = offset(ofText: text)
      if let commonOffset, offset.elementsEqual(commonOffset) { return }
      bytes.appendLiteral(" ")
      bytes.append(offset)
    }
  }
}
