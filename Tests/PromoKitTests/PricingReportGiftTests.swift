import PromoKit
import PromoTestSupport
import Testing

/// `promo report`'s gifts (store format 4): per gift promotion, the orders that got it and
/// the units granted, counted, merged, written and read back.
@Suite("PricingReport: gifts counted, merged and in JSON")
struct PricingReportGiftTests {
  static let cny = Currency.valid("CNY")

  /// A quote of `subtotal` cents with nothing off, granting `gifts` (id and units).
  static func quote(_ subtotal: Int128, gifts: [(String, Int64)]) -> Quote {
    var quote = PricingReportTests.quote(subtotal, [], currency: cny)
    quote.gifts = gifts.map { GrantedGift(id: $0.0, sku: "sku-\($0.0)", quantity: $0.1) }
    return quote
  }

  /// Random quotes granting up to three of four gifts, 1 to 5 units each.
  static func quotes(count: Int, random: inout SplitMix64) -> [Quote] {
    (0..<count).map { _ in
      let gifts = ["cup", "Saucer", "bag-1", "bag"].filter { _ in random.next() % 3 == 0 }.prefix(3).map {
        ($0, Int64(random.next() % 5) + 1)
      }
      return quote(Int128(random.next() % 100_000), gifts: Array(gifts))
    }
  }

  @Test("each gift promotion: the orders that got it and the units granted, by id as bytes")
  func counting() throws {
    var report = PricingReport(currency: Self.cny)
    try report.add(Self.quote(10_000, gifts: [("cup", 1), ("bag", 2)]))
    try report.add(Self.quote(5_000, gifts: []))
    try report.add(Self.quote(20_000, gifts: [("cup", 3)]))
    try report.add(Self.quote(1_000, gifts: [("Saucer", 1)]))
    #expect(
      report.gifts == [
        GiftCount(id: "Saucer", orders: 1, quantity: 1), GiftCount(id: "bag", orders: 1, quantity: 2),
        GiftCount(id: "cup", orders: 2, quantity: 4),
      ])
    #expect(report.orders == 4)
    #expect(report.promotions.isEmpty)
    #expect(PricingReport(currency: Self.cny).gifts.isEmpty)
  }

  @Test("a report merged from any split counts the gifts of the whole batch")
  func merging() throws {
    var random = SplitMix64(seed: 0x61F7)
    let quotes = Self.quotes(count: 200, random: &random)
    var whole = PricingReport(currency: Self.cny)
    for quote in quotes { try whole.add(quote) }
    #expect(!whole.gifts.isEmpty)
    for _ in 0..<20 {
      let cut = Int(random.next() % UInt64(quotes.count + 1))
      var first = PricingReport(currency: nil)
      var second = PricingReport(currency: nil)
      for quote in quotes[..<cut] { try first.add(quote) }
      for quote in quotes[cut...] { try second.add(quote) }
      #expect(try first.merging(second) == whole)
      #expect(try second.merging(first) == whole)
    }
  }

  @Test("JSON: gifts after the rates, only when one was granted; read back, the same report")
  func roundTrip() throws {
    var report = PricingReport(currency: Self.cny)
    try report.add(Self.quote(10_000, gifts: []))
    let without = String(decoding: PricingReportEncoder.encode(report), as: UTF8.self)
    #expect(!without.contains("gifts"))
    try report.add(Self.quote(10_000, gifts: [("cup", 1), ("bag", 2)]))
    try report.add(Self.quote(10_000, gifts: [("cup", 2)]))
    let bytes = PricingReportEncoder.encode(report)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.hasSuffix(
        #"{"from":95,"to":100,"orders":0}],"gifts":[{"id":"bag","orders":1,"quantity":2},"#
          + #"{"id":"cup","orders":2,"quantity":3}]}"# + "\n"))
    let decoded = try PricingReportDecoder.decode(bytes, file: "r.json")
    #expect(decoded == report)
    #expect(PricingReportEncoder.encode(decoded) == bytes)
    let twice = try decoded.merging(decoded)
    #expect(
      twice.gifts == [
        GiftCount(id: "bag", orders: 2, quantity: 4), GiftCount(id: "cup", orders: 4, quantity: 6),
      ])
    // An empty list is read as none.
    let empty = without.replacingOccurrences(of: "}]}\n", with: #"}],"gifts":[]}"# + "\n")
    #expect(try PricingReportDecoder.decode(Array(empty.utf8), file: "r.json").gifts.isEmpty)
  }

  @Test("gifts that do not agree with the report are refused with where they are wrong")
  func strictDecoding() throws {
    var report = PricingReport(currency: Self.cny)
    try report.add(Self.quote(10_000, gifts: [("cup", 1)]))
    try report.add(Self.quote(10_000, gifts: [("cup", 2), ("bag", 1)]))
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
    let cup = #"{"id":"cup","orders":2,"quantity":3}"#
    #expect(problem(cup, #"{"id":"cup","orders":3,"quantity":3}"#)?.contains("gifts[1].orders") == true)
    #expect(problem(cup, #"{"id":"cup","orders":2,"quantity":1}"#)?.contains("gifts[1].quantity") == true)
    #expect(problem(cup, #"{"id":"bag","orders":2,"quantity":3}"#)?.contains("appears twice") == true)
    #expect(problem(cup, #"{"id":"","orders":2,"quantity":3}"#)?.contains("gifts[1].id") == true)
    #expect(problem(cup, #"{"id":"cup","orders":0,"quantity":3}"#)?.contains("gifts[1].orders") == true)
    #expect(problem(cup, #"{"id":"cup","orders":2,"quantity":3,"sku":"c"}"#)?.contains("gifts[1]") == true)
    #expect(problem(cup, #"{"id":"cup","orders":2}"#)?.contains("quantity") == true)
    let notArray = String(good[..<good.range(of: #""gifts":"#)!.upperBound]) + #""none"}"# + "\n"
    #expect(throws: PromoError.self) { try PricingReportDecoder.decode(Array(notArray.utf8), file: "r.json") }
    #expect(
      (try? PricingReportDecoder.decode(Array(notArray.utf8), file: "r.json")) == nil
        && problem(#""gifts":[{"id":"bag""#, #""gifts":[7,{"id":"bag""#)?.contains("gifts[0]") == true)
  }
}
