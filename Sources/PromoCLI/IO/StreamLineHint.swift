import PromoKit

/// The hint for a pretty-printed document fed to `--lines`: its first line (`{` or
/// `[`, say) ends inside an object or an array, and every line after it fails too. The
/// first line's error says why, once.
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
}
