import Foundation
import PromoKit
import Testing

@testable import PromoCLI

/// What store format 4 adds to a price result: a threshold's `tier`, the `gifts` granted and
/// a `not-best` outcome's `bestTotalWith`, in every renderer, on the contract's worked orders
/// C-1 and C-2 (quotes made by hand until the engine prices format 4), against the
/// contract's own lines and the result schema.
@Suite("Format-4 results: tier, gifts and bestTotalWith, rendered")
struct Format4RenderingTests {
  /// The contract's result line of C-1 (SPEC 4.5).
  static let c1Line =
    #"{"order":"C-1","currency":"CNY","subtotal":"249.60","promotions":[{"id":"buy2tea-mug-free","discount":"30.00"},{"id":"tea-any-3-50","discount":"24.70"},{"id":"fresh-10","discount":"12.00"},{"id":"spend-tiers","discount":"10.00","tier":1},{"id":"SHOP5","discount":"8.64"}],"discount":"85.34","total":"164.26","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":4,"subtotal":"99.60","discount":"32.34","total":"67.26","promotions":[{"id":"tea-any-3-50","discount":"24.70"},{"id":"spend-tiers","discount":"4.10"},{"id":"SHOP5","discount":"3.54"}]},{"sku":"mug-white","quantity":1,"subtotal":"30.00","discount":"30.00","total":"0.00","promotions":[{"id":"buy2tea-mug-free","discount":"30.00"}]},{"sku":"pot-iron","quantity":1,"subtotal":"120.00","discount":"23.00","total":"97.00","promotions":[{"id":"fresh-10","discount":"12.00"},{"id":"spend-tiers","discount":"5.90"},{"id":"SHOP5","discount":"5.10"}]}]}"#

  /// The contract's result line of C-2 (SPEC 4.5).
  static let c2Line =
    #"{"order":"C-2","currency":"CNY","subtotal":"264.90","promotions":[{"id":"fresh-10","discount":"26.49"},{"id":"spend-tiers","discount":"25.00","tier":2}],"discount":"51.49","total":"213.41","evaluatedAt":"2026-11-22T04:00:00Z","gifts":[{"id":"cup-over-199","sku":"cup-free","quantity":1}],"lines":[{"sku":"pot-iron","quantity":2,"subtotal":"240.00","discount":"46.65","total":"193.35","promotions":[{"id":"fresh-10","discount":"24.00"},{"id":"spend-tiers","discount":"22.65"}]},{"sku":"tea-green","quantity":1,"subtotal":"24.90","discount":"4.84","total":"20.06","promotions":[{"id":"fresh-10","discount":"2.49"},{"id":"spend-tiers","discount":"2.35"}]}]}"#

  /// The quote's JSON line, by the fast form and by the general one, which must agree.
  static func json(_ quote: Quote) -> String {
    var fast = QuoteJSONRenderer()
    var general = QuoteJSONRenderer()
    let bytes = fast.render(quote)
    #expect(bytes == general.renderWithWriter(quote))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("JSON of C-1 and C-2: the contract's lines, byte for byte, in both forms")
  func contractLines() {
    #expect(Self.json(Format4QuoteSamples.c1) == Self.c1Line + "\n")
    #expect(Self.json(Format4QuoteSamples.c2) == Self.c2Line + "\n")
  }

  @Test("gifts come after shipping and before lines; a gift without a tier anywhere else")
  func giftsAfterShipping() {
    var quote = Format4QuoteSamples.c2
    quote.shipping = ShippingQuote(
      amount: Format4QuoteSamples.money("12.00"), discount: .zero(minorDigits: 2))
    quote.plan.total = Format4QuoteSamples.money("225.41")
    quote.gifts.append(GrantedGift(id: "saucers", sku: "saucer \"blue\"", quantity: 12))
    let line = Self.json(quote)
    #expect(
      line.contains(
        #""shipping":{"amount":"12.00","discount":"0.00","total":"12.00"},"gifts":[{"id":"cup-over-199","sku":"cup-free","quantity":1},{"id":"saucers","sku":"saucer \"blue\"","quantity":12}],"lines":["#
      ))
    quote.gifts = []
    #expect(!Self.json(quote).contains("gifts"))
  }

  @Test("explained JSON: a granted gift is applied with no discount; bestTotalWith after planTotal")
  func explainedJSON() throws {
    let line = Self.json(Format4QuoteSamples.c2Explained)
    let considered = try #require(line.components(separatedBy: #""considered":"#).last)
    #expect(
      considered
        == #"[{"id":"fresh-10","outcome":"applied","discount":"26.49"},{"id":"spend-tiers","outcome":"applied","discount":"25.00"},{"id":"SHOP5","outcome":"code-required","code":"SHOP5"},{"id":"WELCOME10","outcome":"not-best","planTotal":"213.41","bestTotalWith":"215.00"},{"id":"every100","outcome":"not-best","planTotal":"213.41"},{"id":"cup-over-199","outcome":"applied"},{"id":"saucer-300","outcome":"below-minimum","testedAgainst":"213.41","minimumAmount":"300.00","shortBy":"86.59"},{"id":"tea-cup-3","outcome":"below-minimum","testedAgainst":"20.06","units":1,"minimumQuantity":3,"shortByQuantity":2}]}"#
        + "\n")
    #expect(line.contains(#""gifts":[{"id":"cup-over-199","sku":"cup-free","quantity":1}],"lines":"#))
  }

  @Test("every sample line matches the result schema")
  func schema() throws {
    let schema = try SchemaTests.validator("price-result")
    for quote in [Format4QuoteSamples.c1, Format4QuoteSamples.c2, Format4QuoteSamples.c2Explained] {
      let line = Self.json(quote)
      let errors = schema.errors(in: try JSONSerialization.jsonObject(with: Data(line.utf8)))
      #expect(errors.isEmpty, "\(line): \(errors)")
    }
  }

  @Test("text: the tier beside the promotion, the gifts after the total, bestTotalWith in words")
  func text() {
    let style = TextStyle(isEnabled: false)
    var renderer = QuoteTextRenderer(style: style)
    var bytes: [UInt8] = []
    renderer.render(Format4QuoteSamples.c2, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == """
        order C-2 (CNY), evaluated at 2026-11-22T04:00:00Z
          subtotal     264.90
          fresh-10     -26.49  10% off what is not on sale
          spend-tiers  -25.00  10 off 100, 25 off 200 (tier 2)
          total        213.41
          gift cup-free x1 (cup-over-199)

        """)
    var unnamed = Format4QuoteSamples.c2
    unnamed.plan.applied[1].name = nil
    #expect(QuoteTextRenderer.render(unnamed, style: style).contains("spend-tiers  -25.00  tier 2\n"))
    let explained = QuoteTextRenderer.render(Format4QuoteSamples.c2Explained, style: style)
    for words in [
      "WELCOME10     not-best       applies, but the chosen plan's total 213.41 is as low or lower (215.00 with it)\n",
      "every100      not-best       applies, but the chosen plan's total 213.41 is as low or lower\n",
      "cup-over-199  applied        grants cup-free x1\n",
      "saucer-300    below-minimum  213.41 is below the minimum 300.00 (short by 86.59)\n",
    ] {
      #expect(explained.contains(words), "\(explained)")
    }
  }
}
