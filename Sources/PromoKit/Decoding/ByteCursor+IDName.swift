extension ByteCursor {
  /// Whether `name` is 1 to `maximumLength` bytes of `A–Z a–z 0–9 . _ -`: the characters
  /// of ids (``Promotion/isValidID(_:)``) and of customer groups
  /// (``CustomerGroups/isValidName(_:)``).
  package static func isIDName(_ name: Bytes, maximumLength: Int) -> Bool {
    guard !name.isEmpty, name.count <= maximumLength else { return false }
    for byte in name {
      let letter = byte | 0x20
      guard
        (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      else { return false }
    }
    return true
  }
}
