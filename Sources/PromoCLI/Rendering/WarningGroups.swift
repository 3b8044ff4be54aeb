import PromoKit

/// Shortens a long list of store warnings for a person: warnings that repeat one pattern
/// (the same message and place but for ids, indices and amounts) are shown a few at a time,
/// followed by one line that says how many more there are.
///
///     WarningGroups.lines(warnings, file: "promotions.json", all: false)
///
/// A pattern with at most ``groupedAbove`` warnings is shown whole. The count of warnings
/// (and so the summary and the exit status) is not changed by grouping.
enum WarningGroups {
  /// How many warnings of one pattern are shown before the rest are counted.
  static let shown = 3
  /// The most warnings of one pattern that are all shown.
  static let groupedAbove = 5

  /// The standard-error lines for `warnings` about `file`, in store order; with `all`,
  /// every warning.
  ///
  /// - Complexity: O(*w* · *m*) for *w* warnings of at most *m* characters.
  static func lines(_ warnings: [StoreWarning], file: String, all: Bool) -> [String] {
    if all || warnings.count <= groupedAbove {
      return warnings.map { ErrorLine.render($0, file: file) }
    }
    let patterns = warnings.map(pattern(of:))
    var counts: [String: Int] = [:]
    for pattern in patterns { counts[pattern, default: 0] += 1 }
    var seen: [String: Int] = [:]
    var lines: [String] = []
    for (warning, pattern) in zip(warnings, patterns) {
      let total = counts[pattern]!
      let position = seen[pattern, default: 0]
      seen[pattern] = position + 1
      if total <= groupedAbove || position < shown {
        lines.append(ErrorLine.render(warning, file: file))
      }
      if total > groupedAbove && position == shown - 1 {
        let more = total - shown
        lines.append(
          ErrorLine.render(
            message: "\(file): warning: and \(more) more like this (--all-warnings lists every warning)"))
      }
    }
    return lines
  }

  /// A warning's place and message with every quoted text and every number blanked out:
  /// `promotions[].percentOff: "" takes #% off: ...`.
  static func pattern(of warning: StoreWarning) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(warning.position.utf8.count + warning.message.utf8.count + 2)
    var inQuote = false
    var inNumber = false
    func take(_ byte: UInt8) {
      if inQuote {
        if byte == UInt8(ascii: "\"") {
          inQuote = false
          result.append(byte)
        }
        return
      }
      if byte == UInt8(ascii: "\"") {
        inQuote = true
        inNumber = false
        result.append(byte)
        return
      }
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if isDigit || (inNumber && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ","))) {
        if !inNumber { result.append(UInt8(ascii: "#")) }
        inNumber = true
        return
      }
      inNumber = false
      result.append(byte)
    }
    for byte in warning.position.utf8 { take(byte) }
    take(UInt8(ascii: ":"))
    take(UInt8(ascii: " "))
    for byte in warning.message.utf8 { take(byte) }
    return String(decoding: result, as: UTF8.self)
  }
}
