import PromoKit

/// `promo list`'s table: one promotion a row.
extension PromotionRenderer {
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
        || promotions[index].kind == .gift || promotions[index].maximumDiscount != nil
        || promotions[index].repeats || promotions[index].benefit.kind == .tiers
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
    table.append(
      header + [offset.map { "WINDOW (\($0.text))" } ?? "WINDOW", "ON", "STK", "STATUS", "BANNER"])
    table.reserveRows(rows.count, bytes: 80)
    var pending = TextTable.Rows()
    let columns = RowColumns(
      quantity: showsQuantity, target: showsTarget, code: showsCode, groups: showsGroups)
    // Rows go into the table some hundreds at a time.
    for index in rows {
      appendRow(
        of: promotions[index], columns: columns, minorDigits: minorDigits, year: year,
        commonOffset: offset, currency: currency, locale: locale, at: instant, to: &pending)
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
    commonOffset: Timestamp.WrittenOffset?, currency: Currency?, locale: BannerLocale, at instant: Instant,
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
    appendCombination(of: promotion, to: &row.text)
    row.endCell()
    row.text.appendUTF8(of: promotion.status(at: instant).rawValue)
    row.endCell()
    promotion.writeBanner(in: locale, currency: currency, to: &row.text)
    row.endCell()
  }

  /// The `STK` cell: `yes` for a promotion that combines with every class, `no` for one that
  /// combines with none, the classes it names otherwise (`order,shipping`), and `-` for a
  /// gift, which is in no plan.
  private static func appendCombination(of promotion: borrowing Promotion, to bytes: inout TextBuffer) {
    if promotion.kind == .gift { return bytes.appendLiteral("-") }
    switch promotion.combination {
    case .none: bytes.appendLiteral("no")
    case .stackable: bytes.appendLiteral("yes")
    case .classes(let classes):
      if classes.count == PromotionClass.allCases.count { return bytes.appendLiteral("yes") }
      for (index, promotionClass) in classes.enumerated() {
        if index > 0 { bytes.appendLiteral(",") }
        bytes.appendUTF8(of: promotionClass.rawValue)
      }
    }
  }
}
