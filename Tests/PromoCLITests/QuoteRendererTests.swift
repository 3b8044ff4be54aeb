import PromoKit
import PromoTestSupport
import Testing

@testable import PromoCLI

/// The quote renderers' fast forms (bytes laid out directly) against their general forms
/// (``JSONWriter`` and ``TextTable``), on random quotes: the same bytes, always.
@Suite("The fast quote renderers write what the general ones write")
struct QuoteRendererTests {
  static let strings = [
    "A-1001", "autumn-20", "x", "", "tea \"green\"", "back\\slash", "tab\there", "new\nline", "\u{1B}[31mred",
    "caf\u{E9}", "\u{2028}sep", "\u{85}next", "\u{C2}\u{A0}nbsp", "\u{7F}del", "trailing  ", "  leading",
    "\u{1F375} tea", "ω", "a\u{2029}b", "long-id-" + String(repeating: "z", count: 60),
  ]

  /// A random quote: amounts of 0 to 3 minor digits (some beyond 64 bits), names that
  /// need escaping or are not ASCII, lines with and without SKUs, promotions with and
  /// without a tier (a line's share may carry one too: it is never written), shipping (with
  /// a shipping deal, the last promotion, or without), and gifts.
  static func quote(_ random: inout SplitMix64) -> Quote {
    func pick<T>(_ values: [T]) -> T { random.pick(values) }
    let digits = pick([0, 2, 2, 3])
    func money() -> Money {
      if random.int(0...4) == 0 {
        // Around a power of ten (where the digit count changes), either sign.
        var power: Int128 = 1
        for _ in 0..<random.int(0...21) { power *= 10 }
        let units = power + Int128(random.int(-1...1))
        return Money(
          minorUnits: random.int(0...3) == 0 ? -units : units, minorDigits: digits)
      }
      let units: Int128 =
        random.int(0...9) == 0
        ? Int128(random.int(0...Int64.max)) * 1_000_000
        : Int128(
          random.int(0...(random.int(0...1) == 0 ? 99 : 10_000_000) as ClosedRange<Int64>)
        )
      return Money(minorUnits: units, minorDigits: digits)
    }
    let applied = (0..<random.int(0...3)).map { _ in
      AppliedPromotion(
        id: random.int(0...2) == 0
          ? pick(strings) : "p\(random.int(0...999))",
        name: random.int(0...1) == 0 ? nil : pick(strings), discount: money(),
        tier: random.int(0...3) == 0 ? random.int(1...20) : nil)
    }
    let subtotal = money()
    let lines: [LineQuote]? =
      random.int(0...1) == 0
      ? nil
      : (0..<random.int(0...3)).map { _ in
        LineQuote(
          sku: random.int(0...2) == 0 ? nil : pick(strings), name: nil,
          quantity: random.int(1...1_000_000 as ClosedRange<Int64>), subtotal: money(),
          promotions: applied.map { AppliedPromotion(id: $0.id, discount: money(), tier: $0.tier) })
      }
    var quote = Quote(
      order: random.int(0...2) == 0
        ? pick(strings) : "O-\(random.int(0...99))",
      currency: pick([
        nil, try? Currency(code: "CNY"), try? Currency(code: "JPY"), try? Currency(code: "KWD"),
      ]),
      subtotal: subtotal,
      plan: PricingPlan(applied: applied, total: money()),
      evaluatedAt: Instant(secondsSinceEpoch: random.int(0...4_000_000_000)),
      lines: lines)
    if random.int(0...2) == 0 {
      // Shipping, lowered by the last promotion when one is applied (some of the time).
      let lowered = !applied.isEmpty && random.int(0...1) == 0
      quote.shipping = ShippingQuote(
        amount: money(),
        discount: lowered ? applied[applied.count - 1].discount : Money(minorUnits: 0, minorDigits: digits))
    }
    if random.int(0...3) == 0 {
      quote.gifts = (0..<random.int(1...3)).map { _ in
        GrantedGift(
          id: pick(strings), sku: pick(strings), quantity: random.int(1...1_000 as ClosedRange<Int64>))
      }
    }
    return quote
  }

  @Test("JSON: the same bytes as through a JSONWriter", arguments: [1, 2, 3] as [UInt64])
  func json(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var fast = QuoteJSONRenderer()
    var general = QuoteJSONRenderer()
    for _ in 0..<3_000 {
      let quote = Self.quote(&random)
      var bytes: [UInt8] = [42]
      fast.render(quote, into: &bytes)
      #expect(bytes == [42] + general.renderWithWriter(quote), "\(quote)")
    }
  }

  @Test(
    "text: the same bytes as through a TextTable, with and without colour", arguments: [1, 2, 3] as [UInt64])
  func text(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for colour in [false, true] {
      let style = TextStyle(isEnabled: colour)
      var fast = QuoteTextRenderer(style: style)
      for _ in 0..<3_000 {
        let quote = Self.quote(&random)
        var bytes: [UInt8] = [42]
        fast.render(quote, into: &bytes)
        #expect(bytes == [42] + Array(QuoteTextRenderer.render(quote, style: style).utf8), "\(quote)")
      }
    }
  }
}
