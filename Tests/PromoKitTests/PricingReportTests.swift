import PromoKit
import PromoTestSupport
import Testing

/// `promo report`'s core: the counters of ``PricingReport``, its rounding, its buckets, its
/// merge and its JSON, checked against sums worked out here on plain integers.
@Suite("PricingReport: sums, buckets, shares, merging and JSON")
struct PricingReportTests {
  static let currencies = [
    Currency.valid("JPY"), Currency.valid("CNY"), Currency.valid("KWD"),
  ]

  /// A quote of `subtotal` minor units with the promotions `applied` (id and discount).
  static func quote(_ subtotal: Int128, _ applied: [(String, Int128)], currency: Currency?) -> Quote {
    let digits = currency.minorDigits
    let taken = applied.reduce(Int128(0)) { $0 + $1.1 }
    return Quote(
      order: "o", currency: currency, subtotal: Money(minorUnits: subtotal, minorDigits: digits),
      plan: PricingPlan(
        applied: applied.map {
          AppliedPromotion(
            id: $0.0, name: "name of \($0.0)", discount: Money(minorUnits: $0.1, minorDigits: digits))
        },
        total: Money(minorUnits: subtotal - taken, minorDigits: digits)),
      evaluatedAt: Instant(secondsSinceEpoch: 0))
  }

  /// Random quotes: subtotals up to 10^7 minor units, up to three of five promotions, each
  /// taking a random part of what is left.
  static func quotes(count: Int, currency: Currency, random: inout SplitMix64) -> [Quote] {
    (0..<count).map { _ in
      let subtotal = Int128(random.next() % 10_000_000)
      var left = subtotal
      var applied: [(String, Int128)] = []
      for id in ["p-a", "p-b", "p-c", "p-d", "p-e"]
      where random.next() % 3 == 0 && applied.count < 3 && left > 0 {
        let discount = Int128(random.next() % UInt64(left)) + (random.next() % 4 == 0 ? 0 : 1)
        let taken = min(discount, left)
        if taken > 0 {
          applied.append((id, taken))
          left -= taken
        }
      }
      return quote(subtotal, applied, currency: currency)
    }
  }

  @Test("the bucket of a rate: 0 exactly, then each 5 points open below and closed above")
  func buckets() {
    func index(_ discount: Int128, _ base: Int128) -> Int {
      DiscountRateBucket.index(
        discount: Money(minorUnits: discount, minorDigits: 2), base: Money(minorUnits: base, minorDigits: 2))
    }
    #expect(index(0, 10_000) == 0)
    #expect(index(0, 0) == 0)
    #expect(index(1, 10_000_000) == 1)
    #expect(index(500, 10_000) == 1)
    #expect(index(501, 10_000) == 2)
    #expect(index(1_000, 10_000) == 2)
    #expect(index(9_501, 10_000) == 20)
    #expect(index(10_000, 10_000) == 20)
    #expect(index(Int128.max / 3, Int128.max / 2) == 14)  // 66.7%: no overflow
    #expect(DiscountRateBucket.count == 21)
    #expect(DiscountRateBucket.bounds(ofIndex: 0) == (0, 0))
    #expect(DiscountRateBucket.bounds(ofIndex: 1) == (0, 5))
    #expect(DiscountRateBucket.bounds(ofIndex: 20) == (95, 100))
    // Against the definition, for every rate in hundredths of a percent.
    for hundredths in 0...10_000 {
      let expected = hundredths == 0 ? 0 : (hundredths + 499) / 500
      #expect(index(Int128(hundredths), 10_000) == expected)
    }
  }

  @Test("share and average are rounded half-up, once, from the exact sums")
  func rounding() {
    func cost(_ discount: Int128, orders: Int64, of total: Int128, digits: Int = 2) -> PromotionCost {
      PromotionCost(
        id: "x", name: nil, orders: orders, discount: Money(minorUnits: discount, minorDigits: digits),
        totalDiscount: Money(minorUnits: total, minorDigits: digits))
    }
    #expect(cost(1, orders: 1, of: 3).share.formatted(minimumFractionDigits: 2) == "33.33")
    #expect(cost(2, orders: 1, of: 3).share.formatted(minimumFractionDigits: 2) == "66.67")
    #expect(cost(1, orders: 1, of: 8).share.formatted(minimumFractionDigits: 2) == "12.50")
    #expect(cost(1, orders: 1, of: 20_000).share.formatted(minimumFractionDigits: 2) == "0.01")  // 0.005 up
    #expect(cost(1, orders: 1, of: 20_001).share.formatted(minimumFractionDigits: 2) == "0.00")
    #expect(cost(5, orders: 5, of: 5).share.formatted(minimumFractionDigits: 2) == "100.00")
    #expect(cost(0, orders: 1, of: 0).share.formatted(minimumFractionDigits: 2) == "0.00")
    #expect(cost(5, orders: 2, of: 10).average.description == "0.03")  // 2.5 minor units up
    #expect(cost(7, orders: 3, of: 10).average.description == "0.02")
    #expect(cost(5, orders: 2, of: 10, digits: 0).average.description == "3")
    #expect(cost(1_000, orders: 3, of: 1_000, digits: 3).average.description == "0.333")
  }

  @Test("sums, counters and buckets are what the quotes add up to", arguments: currencies)
  func sums(currency: Currency) throws {
    var random = SplitMix64(seed: 0x4E90 &+ UInt64(currency.minorDigits))
    let quotes = Self.quotes(count: 300, currency: currency, random: &random)
    var report = PricingReport(currency: currency)
    for quote in quotes { try report.add(quote) }
    #expect(report.orders == 300)
    #expect(report.subtotal.minorUnits == quotes.reduce(0) { $0 + $1.subtotal.minorUnits })
    #expect(report.discount.minorUnits == quotes.reduce(0) { $0 + $1.discount.minorUnits })
    #expect(report.total.minorUnits == quotes.reduce(0) { $0 + $1.total.minorUnits })
    #expect(report.shipping.minorUnits == 0)
    #expect(report.rates.reduce(0) { $0 + $1.orders } == 300)
    var byID: [String: (orders: Int64, discount: Int128)] = [:]
    for quote in quotes {
      for applied in quote.plan.applied {
        byID[applied.id, default: (0, 0)].orders += 1
        byID[applied.id, default: (0, 0)].discount += applied.discount.minorUnits
      }
    }
    let costs = report.promotions
    #expect(costs.count == byID.count)
    for cost in costs {
      #expect(cost.orders == byID[cost.id]?.orders)
      #expect(cost.discount.minorUnits == byID[cost.id]?.discount)
      #expect(cost.discount.minorDigits == currency.minorDigits)
    }
    #expect(zip(costs, costs.dropFirst()).allSatisfy { $0.discount >= $1.discount })
  }

  @Test("a report merged from any split is the report of the whole batch", arguments: currencies)
  func merging(currency: Currency) throws {
    var random = SplitMix64(seed: 0x3E46 &+ UInt64(currency.minorDigits))
    for _ in 0..<20 {
      let quotes = Self.quotes(count: Int(random.next() % 60), currency: currency, random: &random)
      var whole = PricingReport(currency: currency)
      for quote in quotes { try whole.add(quote) }
      // Random cut points, the parts merged in a random order, some of them unsettled.
      var parts: [PricingReport] = []
      var start = 0
      repeat {
        // A length of 0 makes an empty part.
        let end = min(quotes.count, start + Int(random.next() % 15))
        var part = PricingReport(currency: random.next() % 2 == 0 ? currency : nil)
        for quote in quotes[start..<end] { try part.add(quote) }
        parts.append(part)
        start = end
      } while start < quotes.count
      parts.shuffle(using: &random)
      var merged = PricingReport(currency: nil)
      for part in parts { merged = try merged.merging(part) }
      #expect(merged.orders == whole.orders)
      #expect(merged.promotions == whole.promotions)
      #expect(merged.rates == whole.rates)
      #expect(
        [merged.subtotal, merged.discount, merged.shipping, merged.total]
          == [whole.subtotal, whole.discount, whole.shipping, whole.total])
      #expect(merged.currency == currency || quotes.isEmpty)
      #expect(PricingReportEncoder.encode(merged) == PricingReportEncoder.encode(whole) || quotes.isEmpty)
    }
  }

  @Test("orders and reports in different currencies are refused, the report unchanged")
  func mixedCurrencies() throws {
    let cny = Currency.valid("CNY")
    let jpy = Currency.valid("JPY")
    var report = PricingReport(currency: nil)
    try report.add(Self.quote(1_000, [("a", 100)], currency: cny))
    let before = report
    #expect(throws: PricingReportError.mixedCurrencies(earlier: cny, later: jpy)) {
      try report.add(Self.quote(1_000, [], currency: jpy))
    }
    #expect(report == before)
    var yen = PricingReport(currency: jpy)
    try yen.add(Self.quote(500, [], currency: jpy))
    #expect(throws: PricingReportError.self) { try report.merging(yen) }
    // An empty report with no currency settled merges with anything.
    let empty = PricingReport(currency: nil)
    #expect(try empty.merging(yen) == yen)
    #expect(try yen.merging(empty) == yen)
  }

  @Test("the JSON reads back into the same report", arguments: currencies)
  func roundTrip(currency: Currency) throws {
    var random = SplitMix64(seed: 0x7217 &+ UInt64(currency.minorDigits))
    var report = PricingReport(currency: currency)
    for quote in Self.quotes(count: 50, currency: currency, random: &random) { try report.add(quote) }
    let bytes = PricingReportEncoder.encode(report)
    let decoded = try PricingReportDecoder.decode(bytes, file: "r.json")
    #expect(decoded == report)
    #expect(PricingReportEncoder.encode(decoded) == bytes)
    // Empty reports too: settled (a store's currency) or not.
    for empty in [PricingReport(currency: currency), PricingReport(currency: nil)] {
      let read = try PricingReportDecoder.decode(PricingReportEncoder.encode(empty), file: "e.json")
      #expect(read == empty)
      #expect(read.isCurrencySettled == empty.isCurrencySettled)
    }
  }

  @Test("a report that does not add up, or is not the encoder's, is refused with where it is wrong")
  func strictDecoding() throws {
    var report = PricingReport(currency: Currency.valid("CNY"))
    try report.add(Self.quote(10_000, [("a", 1_000), ("b", 500)], currency: Currency.valid("CNY")))
    try report.add(Self.quote(3_000, [("a", 100)], currency: Currency.valid("CNY")))
    let good = String(decoding: PricingReportEncoder.encode(report), as: UTF8.self)
    func problem(_ from: String, _ to: String) -> String? {
      let bad = good.replacingOccurrences(of: from, with: to)
      #expect(bad != good, "\(from) is not in \(good)")
      do {
        _ = try PricingReportDecoder.decode(Array(bad.utf8), file: "r.json")
        return nil
      } catch {
        #expect(error.category == .invalidData)
        return error.description
      }
    }
    #expect(
      problem(#""total":"114.00""#, #""total":"114.01""#)?.hasPrefix("r.json: total: total 114.01") == true)
    #expect(problem(#""total":"114.00""#, #""total":"114.0""#) != nil)
    #expect(problem(#""total":"114.00""#, #""total":114.00"#) != nil)
    #expect(problem(#""share":"68.75""#, #""share":"68.76""#)?.contains("promotions[0].share") == true)
    #expect(problem(#""average":"5.50""#, #""average":"5.49""#)?.contains("promotions[0].average") == true)
    #expect(problem(#""id":"b""#, #""id":"a""#)?.contains("appears twice") == true)
    #expect(problem(#""orders":2,"#, #""orders":3,"#)?.contains("rates") == true)
    #expect(problem(#"{"from":0,"to":0,"orders":0},"#, "")?.contains("rates") == true)
    #expect(problem(#""from":5,"to":10"#, #""from":5,"to":15"#)?.contains("rates[2]") == true)
    #expect(problem(#""subtotal""#, #""subtotals""#)?.contains("did you mean") == true)
    #expect(problem(#"]}"#, #"]} x"#)?.hasPrefix("r.json: 1:") == true)
    #expect(problem(#""currency":"CNY""#, #""currency":"JPY""#) != nil)  // the digits no longer fit
  }
}
