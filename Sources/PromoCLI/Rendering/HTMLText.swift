/// Text made safe to put in an HTML page, in element content or in a quoted attribute.
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, and control
  /// characters (line breaks, bidirectional overrides, ...) shown escaped as the text
  /// tables show them (``TextTable/printable(_:)``): whatever a name holds, it is shown as
  /// text and can neither open an element nor leave an attribute.
  ///
  ///     HTMLText.escaped("<script>alert(1)</script>")   // "&lt;script&gt;alert(1)&lt;/script&gt;"
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in TextTable.printable(text) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
