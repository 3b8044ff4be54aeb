extension ByteCursor {
  /// `true` or `false`.
  package mutating func bool() -> Bool? {
    skipWhitespace()
    if matches("true") { return true }
    if matches("false") { return false }
    return nil
  }
}
