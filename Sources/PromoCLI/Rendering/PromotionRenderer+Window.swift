import PromoKit

/// A promotion's window in short, and the offset its bounds share.
extension PromotionRenderer {
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
    timestamp.withText { String(decoding: offset(ofText: $0), as: UTF8.self) }
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
    timestamp.withText { text in
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
