import PromoTestSupport
import Testing

@testable import PromoKit

/// The store reader makes a string of a name's bytes only when they are valid UTF-8
/// (``ByteCursor/validString(_:)``); anything else goes to the full decoder, which says
/// where. It must agree with the standard library's validation on every input.
@Suite("UTF-8 validation of the store reader's strings")
struct UTF8ValidationTests {
  @Test("valid text of one to four bytes a character is read as it is")
  func validText() {
    for text in [
      "", "Autumn sale", "秋季大促 满100减10", "café", "𝄞 music", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
    ] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer(ByteCursor.validString) == text)
    }
  }

  @Test(
    "invalid UTF-8 is refused",
    arguments: [
      [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC3], [0xE2, 0x82], [0xE0, 0x80, 0x80],
      [0xED, 0xA0, 0x80],
      [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
      [0x41, 0xFE, 0x42],
      [0xE6, 0xBB, 0xA1, 0xE6, 0xBB],
    ] as [[UInt8]])
  func invalidBytes(_ bytes: [UInt8]) {
    #expect(bytes.withUnsafeBufferPointer(ByteCursor.validString) == nil)
  }

  @Test("random bytes, mostly near valid text: the same answer as String(validating:as:)")
  func agreesWithStandardLibrary() {
    var generator = SplitMix64(seed: 8)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("满".utf8), Array("é".utf8), Array("𝄞".utf8), [0x80], [0xC3], [0xE6, 0xBB],
      [0xF0, 0x9D],
      [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xFF],
    ]
    var invalid = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
      let expected = String(validating: bytes, as: UTF8.self)
      #expect(bytes.withUnsafeBufferPointer(ByteCursor.validString) == expected, "\(bytes)")
      if expected == nil { invalid += 1 }
    }
    #expect(invalid > 5_000)
  }
}
