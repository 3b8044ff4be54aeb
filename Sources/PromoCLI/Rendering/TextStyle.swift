/// ANSI styling for text output, used only when standard output is a terminal and
/// `NO_COLOR` is unset.
struct TextStyle {
  /// Whether styling is on.
  let isEnabled: Bool

  /// Bold text.
  func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dimmed text, for what matters less.
  func dim(_ text: String) -> String { wrap(text, "2") }
  /// Green text, for the amount to pay.
  func green(_ text: String) -> String { wrap(text, "32") }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
