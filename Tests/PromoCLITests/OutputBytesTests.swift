import PromoKit
import PromoTestSupport
import Testing

@testable import PromoCLI

/// The byte writers of the stream's results: ``RawWriter``'s amounts and quoted strings
/// against ``Money/description`` and ``JSONWriter``, and a ``ByteBuffer`` that has to grow
/// in the middle of a result.
@Suite("The stream's byte writers write what the general forms write")
struct OutputBytesTests {
  /// What ``RawWriter/money(_:)`` writes for `money`, with a guard byte after the room it
  /// was given, so that a write past ``RawWriter/numberBound`` shows.
  static func written(_ money: Money) -> String {
    var bytes = [UInt8](repeating: 0xEE, count: RawWriter.numberBound + 1)
    let count = bytes.withUnsafeMutableBufferPointer { memory in
      var writer = RawWriter(memory.baseAddress!, capacity: RawWriter.numberBound)
      writer.money(money)
      return writer.position - memory.baseAddress!
    }
    #expect(bytes[RawWriter.numberBound] == 0xEE, "a write past the room for \(money)")
    return String(decoding: bytes[..<count], as: UTF8.self)
  }

  @Test("amounts: every number of digits around 10^8, either sign, 0 to 3 minor digits")
  func amountsAtTheEdges() {
    var units: [Int128] = [0, 1, 9, 10, 99, 100, 101]
    var power: Int128 = 1
    for _ in 0..<24 {
      power *= 10
      units += [power - 1, power, power + 1]
    }
    for digits in 0...3 {
      for value in units {
        for signed in [value, -value] {
          let money = Money(minorUnits: signed, minorDigits: digits)
          #expect(Self.written(money) == money.description, "\(signed) at \(digits) digits")
        }
      }
    }
  }

  @Test("amounts: random values below and above 10^8", arguments: [1, 2] as [UInt64])
  func randomAmounts(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let digits = random.int(0...3)
      let bound: Int64 = random.int(0...1) == 0 ? 200_000_000 : Int64.max
      let magnitude = Int128(random.int(0...bound))
      let value = random.int(0...1) == 0 ? magnitude : -magnitude
      let money = Money(minorUnits: value, minorDigits: digits)
      #expect(Self.written(money) == money.description, "\(value) at \(digits) digits")
    }
  }

  @Test("quoted strings: plain and escaped, as a JSONWriter writes them")
  func quotedStrings() {
    let texts = [
      "", "p1", "A-1001", "exactly-15-byte", "sixteen-bytes-ok", "tab\there", "quote\"d", "back\\slash",
      "\u{7F}", "caf\u{E9}", "\u{2028}", "\u{2029}", "\u{85}", "\u{C2}\u{A0}", "\u{1F375}",
      String(repeating: "long-id-", count: 40), String(repeating: "\u{1}", count: 3),
    ]
    for text in texts {
      var bytes = [UInt8](repeating: 0, count: RawWriter.quotedBound(text))
      let count = bytes.withUnsafeMutableBufferPointer { memory in
        var writer = RawWriter(memory.baseAddress!, capacity: memory.count)
        writer.quoted(text)
        return writer.position - memory.baseAddress!
      }
      var expected: [UInt8] = []
      JSONWriter.appendQuoted(text, to: &expected)
      #expect(Array(bytes[..<count]) == expected, "\(text.debugDescription)")
    }
  }

  @Test("a buffer far too small for a quote grows in the middle of it, bytes kept")
  func growingBuffer() {
    let share = AppliedPromotion(
      id: "share-" + String(repeating: "x", count: 50), discount: Money(minorUnits: 1_234, minorDigits: 2))
    let lines = (0..<300).map { index in
      LineQuote(
        sku: "sku-\(index)-" + String(repeating: "y", count: index % 40), name: nil,
        quantity: Int64(index + 1),
        subtotal: Money(minorUnits: Int128(100_000 + index), minorDigits: 2),
        promotions: Array(repeating: share, count: index % 4))
    }
    let quote = Quote(
      order: "O-big", currency: try? Currency(code: "CNY"),
      subtotal: Money(minorUnits: 99_999_999, minorDigits: 2),
      plan: PricingPlan(applied: [share, share], total: Money(minorUnits: 12, minorDigits: 2)),
      evaluatedAt: Instant(secondsSinceEpoch: 1_700_000_000), lines: lines)
    var renderer = QuoteJSONRenderer()
    var general = QuoteJSONRenderer()
    let buffer = ByteBuffer(capacity: 64)
    buffer.append([42])
    renderer.append(quote, to: buffer)
    renderer.append(quote, to: buffer)
    let line = general.renderWithWriter(quote)
    #expect(buffer.withBytes { Array($0) } == [42] + line + line)
  }
}
