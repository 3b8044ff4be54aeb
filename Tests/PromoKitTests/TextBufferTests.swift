import PromoTestSupport
import Testing

@testable import PromoKit

/// ``TextBuffer`` writes decimals and whole numbers digit by digit and copies short pieces
/// word by word; it must give the characters of ``DecimalNumber/formatted(minimumFractionDigits:)``,
/// of `String(_:)` and of the pieces themselves.
@Suite("The text buffer writes what strings would hold")
struct TextBufferTests {
  @Test("decimals: random significands, scales and minimum digits, with the extremes")
  func decimals() {
    var buffer = TextBuffer(capacity: 1)
    for value in DecimalTextTests.sampleValues(seed: 2025) {
      for minimum in [0, 1, 2, 3, 6, 20, 36] {
        // A value whose digits do not fit 64 bits at that many places traps in both.
        let places = max(value.scale, minimum)
        guard places - value.scale <= 18 else { continue }
        let shift = UInt64(DecimalNumber.powerOfTen(places - value.scale))
        if value.significand.magnitude.multipliedReportingOverflow(by: shift).overflow { continue }
        buffer.removeAll()
        buffer.appendDecimal(value, minimumFractionDigits: minimum)
        #expect(
          buffer.text == value.formatted(minimumFractionDigits: minimum),
          "\(value.significand)e-\(value.scale), \(minimum) digits")
      }
    }
  }

  @Test("whole numbers, with the extremes")
  func integers() {
    var random = SplitMix64(seed: 7)
    var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1]
    for _ in 0..<5_000 { values.append(Int64(bitPattern: random.next()) >> (random.next() % 64)) }
    for value in values {
      var buffer = TextBuffer()
      buffer.appendInteger(value)
      #expect(buffer.text == String(value))
    }
  }

  @Test("pieces of every short length and some long ones, as the buffer grows from a little room")
  func pieces() {
    var random = SplitMix64(seed: 11)
    let alphabet = Array("abcdefghij满减折，0123456789 -.")
    let literals: [StaticString] = [
      "", "a", "ab", "abc", "spend ", ", get ", " off every item", "，最多减", "（券码",
    ]
    var buffer = TextBuffer(capacity: 1)
    var expected = ""
    for round in 0..<3_000 {
      if random.next() % 3 == 0 {
        let literal = literals[Int(random.next() % UInt64(literals.count))]
        buffer.appendLiteral(literal)
        expected += literal.description
      } else {
        let length = round < 100 ? round % 41 : Int(random.next() % 300)
        let piece = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        buffer.appendUTF8(of: piece)
        expected += piece
      }
      #expect(buffer.count == expected.utf8.count)
    }
    #expect(buffer.text == expected)
  }
}
