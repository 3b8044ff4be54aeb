import PromoKit
import PromoLibc

/// A promotion's window in short, and the offset its bounds share.
extension PromotionRenderer {
  /// The offset most window bounds of the promotions at `rows` are written with (`+08:00`,
  /// `Z`; the first such in the order of `rows` on a tie), or `nil` when none has a bound.
  ///
  /// - Complexity: O(*n*) for *n* rows.
  static func commonOffset(of promotions: [Promotion], rows: [Int]) -> Timestamp.WrittenOffset? {
    // How many bounds have each offset, by its slot, and the offsets in the order first met.
    var counts = [Int](repeating: 0, count: Timestamp.WrittenOffset.count)
    var firstMet: [Timestamp.WrittenOffset] = []
    Promotion.forEachWindowOffset(of: promotions, at: rows) { offset in
      if counts[offset.slot] == 0 { firstMet.append(offset) }
      counts[offset.slot] += 1
    }
    guard let most = firstMet.map({ counts[$0.slot] }).max() else { return nil }
    return firstMet.first { counts[$0.slot] == most }
  }

  /// Appends the window in short to `bytes`: `11-01..12-01`, `2027-01-01..`, `..12-01` or
  /// `always`. Dates are as written in the store (in their own offset), without the year
  /// when it is `year` (the evaluation year, UTF-8); a bound that is not at midnight shows
  /// its time (with its fraction of a second, if it has one), and a bound whose offset is
  /// not `commonOffset` shows its offset (`11-01 -05:00`).
  static func appendWindow(
    of promotion: Promotion, year: [UInt8], commonOffset: Timestamp.WrittenOffset?, to bytes: inout TextBuffer
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
    _ timestamp: Timestamp, year: [UInt8], commonOffset: Timestamp.WrittenOffset?, to bytes: inout TextBuffer
  ) {
    timestamp.withText { text in
      guard text.count >= 19 else { return bytes.append(text) }
      func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
      var fraction = 19
      while fraction < text.count && (text[fraction] == UInt8(ascii: ".") || isDigit(text[fraction])) {
        fraction += 1
      }
      // (Compared as bytes: `elementsEqual` over a string's UTF-8 view was most of the cost
      // of a bound.)
      let base = text.baseAddress!
      let midnight = memcmp(base + 11, "00:00:00", 8) == 0
      let wholeMinute = memcmp(base + 16, ":00", 3) == 0
      let length = fraction > 19 ? fraction : midnight ? 10 : wholeMinute ? 16 : 19
      // The year is left out when it is the evaluation year (and a `-` follows it).
      let sameYear =
        length > year.count && memcmp(base, year, year.count) == 0 && text[year.count] == UInt8(ascii: "-")
      bytes.append(UnsafeBufferPointer(rebasing: text[(sameYear ? 5 : 0)..<length]))
      // (`z` is shown, and compared, as `Z`.)
      let offset = timestamp.writtenOffset
      if offset == commonOffset { return }
      bytes.appendLiteral(" ")
      bytes.appendUTF8(of: offset.text)
    }
  }
}
