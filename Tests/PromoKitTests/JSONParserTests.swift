import PromoKit
import Testing

@Suite("The strict JSON parser")
struct JSONParserTests {
  /// The syntax error parsing `bytes` throws, or `nil` when it parses.
  func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
      _ = try JSONParser.parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  func syntaxError(_ text: String) -> JSONSyntaxError? { syntaxError(Array(text.utf8)) }

  /// `line:column` of the error in `text`, or "accepted".
  func location(_ text: String) -> String {
    guard let error = syntaxError(text) else { return "accepted" }
    return PromoKit.SourceLocation(offset: error.offset, in: Array(text.utf8)).description
  }

  func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8)).value
  }

  func string(_ text: String) throws -> String? {
    guard case .string(let value) = try parse(text) else { return nil }
    return value
  }

  // MARK: Accepted input

  @Test("a well-formed document keeps structure, key order, offsets and number literals")
  func wellFormed() throws {
    let text = #"{"b": [1, 2.50, -0.5e+3, true, false, null], "a": {"x": "y"}, "c": ""}"#
    let root = try JSONParser.parse(Array(text.utf8))
    #expect(root.offset == 0)
    guard case .object(let members) = root.value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["b", "a", "c"])
    #expect(members.map(\.keyOffset) == [1, 45, 62])
    guard case .array(let elements) = members[0].value.value else {
      Issue.record("not an array")
      return
    }
    #expect(elements.count == 6)
    #expect(elements.map(\.offset) == [7, 10, 16, 25, 31, 38])
    guard case .number(let literal) = elements[1].value, case .number(let exponent) = elements[2].value else {
      Issue.record("not numbers")
      return
    }
    #expect(literal == "2.50")
    #expect(exponent == "-0.5e+3")
    guard case .bool(true) = elements[3].value, case .bool(false) = elements[4].value,
      case .null = elements[5].value
    else {
      Issue.record("literals misread")
      return
    }
  }

  @Test(
    "top-level scalars and surrounding whitespace are accepted",
    arguments: [
      "1", "-0", "0.5", "1E+2", "\"s\"", "true", "false", "null", " \t\r\n[] \t\r\n", "{}", "[]", "[[]]",
      "{\"\":{}}",
    ])
  func scalars(text: String) {
    #expect(syntaxError(text) == nil)
  }

  @Test("escapes and UTF-8 are decoded")
  func escapes() throws {
    #expect(try string(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{08}\u{0C}\n\r\t")
    #expect(try string(#""\u0041\u00e9\u20AC""#) == "Aé€")
    #expect(try string(#""\uD83D\uDE00""#) == "😀")
    #expect(try string(#""\u0000""#) == "\u{0}")
    #expect(try string("\"é€😀\"") == "é€😀")
    #expect(try string("\"\u{7F}\"") == "\u{7F}")
    #expect(try string("\"plain ascii\"") == "plain ascii")
    #expect(try string("\"mixed é then \\n\"") == "mixed é then \n")
  }

  @Test("keys are unescaped")
  func unescapedKeys() throws {
    guard case .object(let members) = try parse(#"{"\u0061b": 1}"#) else {
      Issue.record("not an object")
      return
    }
    #expect(members.first?.key == "ab")
  }

  @Test("the same key in different objects is not a duplicate")
  func sameKeyInSiblings() {
    #expect(syntaxError(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#) == nil)
  }

  // MARK: Strictness

  @Test(
    "trailing commas are refused",
    arguments: [
      // A trailing comma is located at the comma itself, where the fix is.
      ("[1, 2,]", 5), ("[1,]", 2), (#"{"a": 1,}"#, 7), (#"{"a": 1, }"#, 7), ("[[],]", 3), ("[,]", 1),
      ("{,}", 1), ("[1,,2]", 3),
    ])
  func trailingCommas(text: String, offset: Int) throws {
    let error = try #require(syntaxError(text))
    #expect(error.offset == offset)
  }

  @Test("the trailing comma message names the bracket")
  func trailingCommaMessages() {
    #expect(syntaxError("[1,]")?.message.contains("trailing comma") == true)
    #expect(syntaxError(#"{"a":1,}"#)?.message.contains("trailing comma") == true)
  }

  @Test("duplicate keys are refused, at the second key, even when written differently")
  func duplicateKeys() throws {
    let plain = try #require(syntaxError(#"{"a": 1, "a": 2}"#))
    #expect(plain.offset == 9)
    #expect(plain.message.contains("duplicate key \"a\""))
    // The first use is given as an offset, located by whoever knows the line numbering.
    #expect(plain.earlierOffset == 1)
    let escaped = try #require(syntaxError(#"{"a": 1, "\u0061": 2}"#))
    #expect(escaped.offset == 9)
    let nested = try #require(syntaxError(#"{"x": {"k": 1, "j": 2, "k": 3}}"#))
    #expect(nested.offset == 23)
  }

  @Test(
    "comments are refused",
    arguments: [
      ("// c\n{}", 0), ("/* c */ {}", 0), (#"{"a": 1 // c"# + "\n}", 8), (#"{"a": 1 /* c */}"#, 8),
      ("[1, /* c */ 2]", 4), ("{/* c */}", 1), ("[1 /* c */]", 3), (#"{"a": /* c */ 1}"#, 6),
      ("{} // c", 3),
    ])
  func comments(text: String, offset: Int) throws {
    let error = try #require(syntaxError(text))
    #expect(error.offset == offset)
  }

  @Test("hash comments are refused")
  func hashComments() {
    #expect(syntaxError("# c\n{}") != nil)
    #expect(syntaxError("{} # c") != nil)
  }

  @Test(
    "single quotes are refused",
    arguments: [("'a'", 0), ("{'a': 1}", 1), ("[\"a\", 'b']", 6), (#"{"a": 'b'}"#, 6)])
  func singleQuotes(text: String, offset: Int) throws {
    let error = try #require(syntaxError(text))
    #expect(error.offset == offset)
  }

  @Test(
    "malformed numbers are refused",
    arguments: [
      "01", "00", "-01", "[0123]", "-", "[-]", "1.", "[1.]", ".5", "+1", "1e", "1e+", "1E-", "NaN",
      "Infinity",
      "-Infinity", "0x1F", "1.5.5", "--1", "[1 2]", "- 1", "1e5.5",
    ])
  func malformedNumbers(text: String) {
    #expect(syntaxError(text) != nil)
  }

  @Test("a leading zero is reported at the number's start")
  func leadingZeroOffset() throws {
    let error = try #require(syntaxError(#"{"a": 007}"#))
    #expect(error.offset == 6)
    #expect(error.message.contains("leading zeros"))
  }

  @Test("a byte-order mark is refused")
  func byteOrderMark() throws {
    let error = try #require(syntaxError([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
    #expect(error.offset == 0)
    #expect(error.message.contains("byte-order mark"))
    // A BOM after leading whitespace is not whitespace either.
    #expect(syntaxError([0x20, 0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) != nil)
  }

  @Test(
    "invalid UTF-8 in strings is refused at the bad sequence",
    arguments: [
      [0xFF], [0xFE], [0x80], [0xBF], [0xC3], [0xC3, 0x41], [0xE2, 0x82], [0xE2, 0x28, 0xA1],
      [0xF0, 0x9F, 0x98], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ] as [[UInt8]])
  func invalidUTF8(sequence: [UInt8]) throws {
    let bytes = Array(#"["ok", "ab"#.utf8) + sequence + Array(#"cd"]"#.utf8)
    let error = try #require(syntaxError(bytes))
    #expect(error.offset == 10)
  }

  @Test(
    "overlong encodings, encoded surrogates and code points past U+10FFFF are refused",
    arguments: [
      [0xC0, 0xAF],  // overlong '/'
      [0xC0, 0x80],  // overlong NUL
      [0xC1, 0xBF],
      [0xE0, 0x80, 0xAF],  // overlong '/'
      [0xE0, 0x9F, 0xBF],  // overlong U+07FF
      [0xF0, 0x80, 0x80, 0xAF],  // overlong '/'
      [0xF0, 0x8F, 0xBF, 0xBF],  // overlong U+FFFF
      [0xED, 0xA0, 0x80],  // U+D800
      [0xED, 0xBF, 0xBF],  // U+DFFF
      [0xF4, 0x90, 0x80, 0x80],  // U+110000
      [0xF5, 0x80, 0x80, 0x80],
    ] as [[UInt8]])
  func overlong(sequence: [UInt8]) throws {
    let bytes = [0x22] + sequence + [0x22]
    let error = try #require(syntaxError(bytes))
    #expect(error.offset == 1)
  }

  @Test("the shortest and longest valid UTF-8 forms are accepted")
  func validUTF8Boundaries() throws {
    let cases: [([UInt8], String)] = [
      ([0xC2, 0x80], "\u{80}"), ([0xDF, 0xBF], "\u{7FF}"), ([0xE0, 0xA0, 0x80], "\u{800}"),
      ([0xED, 0x9F, 0xBF], "\u{D7FF}"), ([0xEE, 0x80, 0x80], "\u{E000}"), ([0xEF, 0xBF, 0xBF], "\u{FFFF}"),
      ([0xF0, 0x90, 0x80, 0x80], "\u{10000}"), ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),
    ]
    for (sequence, expected) in cases {
      guard case .string(let value) = try JSONParser.parse([0x22] + sequence + [0x22]).value else {
        Issue.record("not a string")
        continue
      }
      #expect(value == expected)
    }
  }

  @Test("invalid UTF-8 outside strings is refused")
  func invalidUTF8OutsideStrings() {
    #expect(syntaxError([0x5B, 0xFF, 0x5D]) != nil)
    #expect(syntaxError([0x7B, 0x7D, 0xC3, 0xA9]) != nil)
  }

  @Test(
    "lone surrogates are refused",
    arguments: [
      #""\uD800""#, #""\uDBFF""#, #""\uDC00""#, #""\uDFFF""#, #""\uD800x""#, #""\uD800\u0041""#,
      #""\uD800\uD800""#, #""\uDE00\uD83D""#, #""\uD800\n""#, #""a\uD83D""#,
    ])
  func loneSurrogates(text: String) throws {
    let error = try #require(syntaxError(text))
    #expect(error.message.contains("surrogate"))
  }

  @Test(
    "raw control characters and NUL in strings are refused",
    arguments: [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0D, 0x1B, 0x1F] as [UInt8])
  func rawControlCharacters(byte: UInt8) throws {
    let bytes = Array(#"{"k": "ab"#.utf8) + [byte] + Array(#"c"}"#.utf8)
    let error = try #require(syntaxError(bytes))
    #expect(error.offset == 9)
    // Also after a non-ASCII character (the slow path).
    let slow = Array(#"["é"#.utf8) + [byte] + Array(#""]"#.utf8)
    #expect(syntaxError(slow)?.offset == 4)
  }

  @Test("a raw NUL is named in the message")
  func nulMessage() {
    #expect(syntaxError([0x22, 0x00, 0x22])?.message.contains("NUL") == true)
  }

  @Test(
    "invalid escapes are refused",
    arguments: [
      #""\x""#, #""\'""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\""#, #""\u""#, #""\a""#, "\"\\",
    ])
  func invalidEscapes(text: String) {
    #expect(syntaxError(text) != nil)
  }

  @Test(
    "whitespace other than space, tab, LF and CR is refused",
    arguments: ["\u{0C}[]", "[\u{0B}]", "\u{A0}[]", "[]\u{2028}", "\u{FEFF}[]"])
  func otherWhitespace(text: String) {
    #expect(syntaxError(text) != nil)
  }

  @Test("nesting up to the maximum depth is accepted")
  func maximumDepthAccepted() {
    let depth = JSONParser.maximumDepth
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(syntaxError(arrays) == nil)
    let objects =
      String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    #expect(syntaxError(objects) == nil)
  }

  @Test("nesting one deeper than the maximum is refused at the offending bracket")
  func maximumDepthExceeded() throws {
    let depth = JSONParser.maximumDepth + 1
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let error = try #require(syntaxError(arrays))
    #expect(error.offset == depth - 1)
    #expect(error.message.contains("nesting"))
    let objects =
      String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    #expect(syntaxError(objects) != nil)
  }

  @Test("absurdly deep nesting throws instead of exhausting the stack")
  func deepNesting() {
    let count = 200_000
    #expect(syntaxError(String(repeating: "[", count: count)) != nil)
    #expect(syntaxError(String(repeating: "[", count: count) + String(repeating: "]", count: count)) != nil)
    #expect(syntaxError(String(repeating: #"{"a":"#, count: count)) != nil)
    #expect(syntaxError(String(repeating: #"[{"a":"#, count: count)) != nil)
  }

  @Test("empty input is refused", arguments: ["", " ", "\n\n", "\t\r\n "])
  func emptyInput(text: String) throws {
    let error = try #require(syntaxError(text))
    #expect(error.message.contains("empty"))
  }

  @Test(
    "garbage after the value is refused where it starts",
    arguments: [
      ("{} x", 3), ("1 2", 2), ("[]]", 2), ("{}{}", 2), ("true false", 5), ("nulll", 4), ("\"a\"\"b\"", 3),
      ("[] \n ,", 5), ("0 \u{0}", 2),
    ])
  func garbageAfterValue(text: String, offset: Int) throws {
    let error = try #require(syntaxError(text))
    #expect(error.offset == offset)
  }

  @Test(
    "other malformed documents are refused",
    arguments: [
      "tru", "True", "NULL", "nul", "fals", "{", "[", "[1", "[1,", "{\"a\"", "{\"a\":", "{\"a\":1", "\"abc",
      "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{1: 2}", "{a: 1}", "[1;2]", "}", "]", ":", ",", "[:]", "{\"a\"::1}",
      "undefined",
    ])
  func malformed(text: String) {
    #expect(syntaxError(text) != nil)
  }

  // MARK: Locations

  @Test("errors in a multi-line document convert to the right line and column")
  func multiLineLocations() {
    #expect(location("{\n  \"a\": [1, 2,],\n  \"b\": 3\n}") == "2:13")
    #expect(location("{\n  \"a\": 1,\n  \"b\": 2,\n}") == "3:9")
    #expect(location("{\n  \"a\": 1,\n  \"a\": 2\n}") == "3:3")
    #expect(location("{\n  \"a\": 1 // note\n}") == "2:10")
    #expect(location("[\n  1,\n  'x'\n]") == "3:3")
    #expect(location("[\n  1,\n  012\n]") == "3:3")
    #expect(location("{\n  \"é€😀\": 012\n}") == "2:10")
    #expect(location("{\"a\":\n\t\"x\ny\"}") == "2:4")
    #expect(location("{}\n\n   x") == "3:4")
    #expect(location("") == "1:1")
    #expect(location("[\r\n  1,\r\n]") == "2:4")
  }

  @Test("SourceLocation counts Unicode scalars, not bytes, and lines from 1")
  func sourceLocation() {
    let bytes = Array("aé€😀b\nxy".utf8)
    #expect(PromoKit.SourceLocation(offset: 0, in: bytes) == PromoKit.SourceLocation(line: 1, column: 1))
    #expect(PromoKit.SourceLocation(offset: 1, in: bytes).description == "1:2")
    #expect(PromoKit.SourceLocation(offset: 3, in: bytes).description == "1:3")
    #expect(PromoKit.SourceLocation(offset: 6, in: bytes).description == "1:4")
    #expect(PromoKit.SourceLocation(offset: 10, in: bytes).description == "1:5")
    #expect(PromoKit.SourceLocation(offset: 11, in: bytes).description == "1:6")
    #expect(PromoKit.SourceLocation(offset: 12, in: bytes).description == "2:1")
    #expect(PromoKit.SourceLocation(offset: 13, in: bytes).description == "2:2")
    #expect(PromoKit.SourceLocation(offset: 100, in: bytes).description == "2:3")
  }

  @Test("type names for messages")
  func typeNames() throws {
    #expect(try parse("null").typeName == "null")
    #expect(try parse("true").typeName == "a boolean")
    #expect(try parse("1").typeName == "a number")
    #expect(try parse("\"s\"").typeName == "a string")
    #expect(try parse("[]").typeName == "an array")
    #expect(try parse("{}").typeName == "an object")
  }
}
