import PromoTestSupport
import Testing

@testable import PromoKit

/// The store reader makes a string of a text's bytes only when they are valid UTF-8
/// (``ByteCursor/validString(_:)``), and keeps a store's names only when their bytes are
/// (``UTF8Check``); anything else goes to the full decoder, which says where. Both must
/// agree with the standard library's validation on every input.
@Suite("UTF-8 validation of the store reader's strings")
struct UTF8ValidationTests {
  @Test("valid text of one to four bytes a character is read as it is")
  func validText() {
    for text in [
      "", "Autumn sale", "秋季大促 满100减10", "café", "𝄞 music", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
    ] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer(ByteCursor.validString) == text)
      #expect(bytes.withUnsafeBufferPointer(UTF8Check.isValid))
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
    #expect(!bytes.withUnsafeBufferPointer(UTF8Check.isValid))
    // After a run of ASCII read eight bytes at a time, too.
    #expect(!(Array("sale of a season ".utf8) + bytes).withUnsafeBufferPointer(UTF8Check.isValid))
  }

  @Test("random bytes, mostly near valid text: the same answer as String(validating:as:)")
  func agreesWithStandardLibrary() {
    var generator = SplitMix64(seed: 8)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("满".utf8), Array("é".utf8), Array("𝄞".utf8), [0x80], [0xC3], [0xE6, 0xBB],
      [0xF0, 0x9D],
      [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xFF], Array("a run of ascii".utf8), [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0x80], [0xEF, 0xBF, 0xBF], [0xBF], [0xF8],
    ]
    var invalid = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
      let expected = String(validating: bytes, as: UTF8.self)
      #expect(bytes.withUnsafeBufferPointer(ByteCursor.validString) == expected, "\(bytes)")
      #expect(bytes.withUnsafeBufferPointer(UTF8Check.isValid) == (expected != nil), "\(bytes)")
      if expected == nil { invalid += 1 }
    }
    #expect(invalid > 5_000)
  }

  @Test("every byte after every lead byte, and random bytes: UTF8Check agrees with String(validating:as:)")
  func checkAgreesOnEveryPair() {
    for lead in 0...255 {
      for next in 0...255 {
        for bytes in [
          [UInt8(lead), UInt8(next)], [UInt8(lead), UInt8(next), 0x80, 0x80],
          [UInt8(lead), UInt8(next), 0x80],
        ] {
          let expected = String(validating: bytes, as: UTF8.self) != nil
          #expect(bytes.withUnsafeBufferPointer(UTF8Check.isValid) == expected, "\(bytes)")
        }
      }
    }
    var generator = SplitMix64(seed: 3629)
    for _ in 0..<5_000 {
      let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
        // Mostly ASCII, so that runs of eight are met.
        Int.random(in: 0..<4, using: &generator) == 0
          ? UInt8.random(in: 0x80...0xFF, using: &generator) : UInt8.random(in: 0...0x7F, using: &generator)
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(bytes.withUnsafeBufferPointer(UTF8Check.isValid) == expected, "\(bytes)")
    }
  }
}
