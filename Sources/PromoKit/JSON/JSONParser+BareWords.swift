extension JSONParser {
  /// The error for a bare word where a value should be (`not json`, `nul`, `True`): it
  /// quotes the word, so that the reader sees what was found.
  func notAValue(at start: Int) -> JSONSyntaxError {
    var end = start
    while end < bytes.count && end - start < 24 && Self.isWordByte(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[start..<end], as: UTF8.self)
    var message =
      "not JSON: found \"\(word)\" where a value should be (an object, an array, a string, a number, true, false or null)"
    if let literal = ["true", "false", "null"].first(where: { $0 == word.lowercased() || $0.hasPrefix(word) })
    {
      message += "; did you mean \(literal)?"
    }
    return error(message, at: start)
  }

  /// Letters, digits and `_`: the bytes of a bare word.
  static func isWordByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Consumes `literal` (`true`, `false` or `null`), or throws ``notAValue(at:)``.
  mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let start = index
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected in
      bytes.count - index >= count && bytes[index..<index + count].elementsEqual(expected)
    }
    guard matches else { throw notAValue(at: start) }
    index += count
  }
}
