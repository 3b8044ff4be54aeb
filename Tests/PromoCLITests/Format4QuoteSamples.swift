import PromoKit

/// The contract's worked orders C-1 and C-2 (store format 4) as quotes made by hand, with
/// the figures the contract gives, for the renderers and the schema before the engine
/// prices format 4; and an explanation with every outcome a gift or `bestTotalWith` adds.
enum Format4QuoteSamples {
  /// CNY, 2 minor digits.
  static let cny = (try? Currency(code: "CNY"))!
  /// The contract's evaluation time.
  static let at = (try? Timestamp(parsing: "2026-11-22T04:00:00Z"))!.instant

  /// CNY money from its text.
  static func money(_ text: String) -> Money { Money((try? DecimalNumber(parsing: text))!, minorDigits: 2)! }

  /// A promotion's share: `id`, `discount`, its name and tier when given.
  static func share(_ id: String, _ discount: String, name: String? = nil, tier: Int? = nil)
    -> AppliedPromotion
  {
    AppliedPromotion(id: id, name: name, discount: money(discount), tier: tier)
  }

  /// A line: its SKU, quantity, subtotal and shares.
  static func line(_ sku: String, _ quantity: Int64, _ subtotal: String, _ shares: [AppliedPromotion])
    -> LineQuote
  {
    LineQuote(sku: sku, name: nil, quantity: quantity, subtotal: money(subtotal), promotions: shares)
  }

  /// C-1: 164.26, spend-tiers at its first tier, no gift.
  static let c1 = Quote(
    order: "C-1", currency: cny, subtotal: money("249.60"),
    plan: PricingPlan(
      applied: [
        share("buy2tea-mug-free", "30.00", name: "Buy 2 teas, get a mug free"),
        share("tea-any-3-50", "24.70", name: "Any 3 teas for 50"),
        share("fresh-10", "12.00", name: "10% off what is not on sale"),
        share("spend-tiers", "10.00", name: "10 off 100, 25 off 200", tier: 1),
        share("SHOP5", "8.64", name: "Shop coupon, 5% after the spend deal"),
      ], total: money("164.26")),
    evaluatedAt: at,
    lines: [
      line(
        "tea-green", 4, "99.60",
        [share("tea-any-3-50", "24.70"), share("spend-tiers", "4.10"), share("SHOP5", "3.54")]),
      line("mug-white", 1, "30.00", [share("buy2tea-mug-free", "30.00")]),
      line(
        "pot-iron", 1, "120.00",
        [share("fresh-10", "12.00"), share("spend-tiers", "5.90"), share("SHOP5", "5.10")]),
    ])

  /// C-2: 213.41, spend-tiers at its second tier, the cup granted.
  static let c2 = Quote(
    order: "C-2", currency: cny, subtotal: money("264.90"),
    plan: PricingPlan(
      applied: [
        share("fresh-10", "26.49", name: "10% off what is not on sale"),
        share("spend-tiers", "25.00", name: "10 off 100, 25 off 200", tier: 2),
      ], total: money("213.41")),
    evaluatedAt: at,
    lines: [
      line("pot-iron", 2, "240.00", [share("fresh-10", "24.00"), share("spend-tiers", "22.65")]),
      line("tea-green", 1, "24.90", [share("fresh-10", "2.49"), share("spend-tiers", "2.35")]),
    ],
    gifts: [GrantedGift(id: "cup-over-199", sku: "cup-free", quantity: 1)])

  /// C-2 explained, with two more gifts below their minimums and two deals `not-best`, one
  /// with `bestTotalWith`.
  static var c2Explained: Quote {
    var quote = c2
    let cup = GrantedGift(id: "cup-over-199", sku: "cup-free", quantity: 1)
    quote.considered = [
      Consideration(id: "fresh-10", outcome: .applied(discount: money("26.49"))),
      Consideration(id: "spend-tiers", outcome: .applied(discount: money("25.00"))),
      Consideration(id: "SHOP5", outcome: .codeRequired(code: "SHOP5")),
      Consideration(
        id: "WELCOME10", outcome: .notBest(planTotal: money("213.41"), bestTotalWith: money("215.00"))),
      Consideration(id: "every100", outcome: .notBest(planTotal: money("213.41"))),
      Consideration(id: "cup-over-199", outcome: .granted(cup)),
      Consideration(
        id: "saucer-300",
        outcome: .belowMinimum(
          MinimumShortfall(
            testedAgainst: money("213.41"), minimumAmount: DecimalNumber(significand: 30_000, scale: 2),
            shortBy: money("86.59")))),
      Consideration(
        id: "tea-cup-3",
        outcome: .belowMinimum(
          MinimumShortfall(testedAgainst: money("20.06"), units: 1, minimumQuantity: 3, shortByQuantity: 2))),
    ]
    quote.unmatchedCodes = []
    return quote
  }
}
