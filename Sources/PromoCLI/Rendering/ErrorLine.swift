import PromoKit

/// The one line on standard error that reports an error or a warning:
/// `promo: <file>: <where>: <what>`.
enum ErrorLine {
  /// The line for `error`, with line breaks inside it shown as `\n`.
  static func render(_ error: PromoError) -> String {
    "promo: " + oneLine(error.description) + "\n"
  }

  /// The line for a message that is about no file.
  static func render(message: String) -> String {
    "promo: " + oneLine(message) + "\n"
  }

  /// The line for a warning about `file`.
  static func render(_ warning: StoreWarning, file: String) -> String {
    "promo: " + oneLine("\(file): \(warning.position): warning: \(warning.message)") + "\n"
  }

  /// `text` with carriage returns and line breaks written as `\r` and `\n`.
  static func oneLine(_ text: String) -> String {
    guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
