import Testing

@testable import PromoKit

@Suite("JSONWriter writes one-line, escaped JSON")
struct JSONWriterTests {
  func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("quotes, backslashes and control characters are escaped; other text is kept as UTF-8")
  func escapes() {
    #expect(quoted(#"a"b\c"#) == #""a\"b\\c""#)
    #expect(quoted("tab\tnew\nline\r\u{8}\u{C}\u{1}") == #""tab\tnew\nline\r\b\f\u0001""#)
    #expect(quoted("café 😀 ¥") == "\"café 😀 ¥\"")
  }

  @Test("U+2028, U+2029 and U+0085 are escaped, so that every reader sees one line")
  func lineSeparators() {
    #expect(quoted("a\u{2028}b\u{2029}c\u{85}d") == #""a\u2028b\u2029c\u0085d""#)
    // Their neighbours in UTF-8 are kept as they are.
    #expect(quoted("\u{2027}\u{202A}\u{84}\u{A0}") == "\"\u{2027}\u{202A}\u{84}\u{A0}\"")
  }

  @Test("members, arrays and amounts make compact JSON")
  func structure() {
    var json = JSONWriter()
    json.beginObject()
    json.member("total", Money(minorUnits: 10_240, minorDigits: 2))
    json.key("ids")
    json.beginArray()
    json.string("a")
    json.string("b")
    json.endArray()
    json.key("on")
    json.bool(true)
    json.endObject()
    json.endLine()
    #expect(json.text == #"{"total":"102.40","ids":["a","b"],"on":true}"# + "\n")
  }
}
