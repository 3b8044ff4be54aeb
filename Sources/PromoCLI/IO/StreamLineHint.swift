import PromoKit

/// The hint for a pretty-printed document fed to `--lines`: its first line (`{` or
/// `[`, say) ends inside an object or an array, and every line after it would fail too.
/// The first line's error says why, once, and the stream stops there (``endsStream(_:)``)
/// rather than report every physical line of the document.
enum StreamLineHint {
  /// What the first line's error adds.
  static let oneOrderPerLine = "with --lines, each order must be on one line"

  /// `error` for line `number` of a stream, with the hint added when it is the first line
  /// and the line ends inside an object or an array: the start of a multi-line document.
  ///
  ///     promo: stdin: 1:2: unexpected end of input inside an object; expected a key; with
  ///     --lines, each order must be on one line
  static func hinted(_ error: PromoError, line number: Int) -> PromoError {
    guard number == 1, error.category == .invalidData,
      error.message.hasPrefix("unexpected end of input inside")
    else { return error }
    var hinted = error
    hinted.message += "; " + oneOrderPerLine
    return hinted
  }

  /// Whether `error` is the first line's, hinted as the start of a multi-line document:
  /// the stream is not read any further.
  static func endsStream(_ error: PromoError) -> Bool {
    error.message.hasSuffix("; " + oneOrderPerLine)
  }
}
