import Foundation
import PromoKit
import PromoTestSupport
import Testing

/// The layered search's bounds held to its answers on stores built to defeat them: layers
/// of deals that tie (the rule for the best plan decides, and cuts off the rest), deep
/// stacks of percentages on overlapping lines and thresholds that the earlier layers can
/// push below their minimums (the same best plan as the format-4 reference's brute force),
/// and a store past the documented limit (a clean data error, never a wrong answer).
@Suite("Layered search: bounds, ties and the limit")
struct LayeredSearchBoundsTests {
  /// A version-4 EUR store of `promotions` (JSON objects' text).
  static func store(_ promotions: [String]) -> String {
    #"{"version": 4, "currency": "EUR", "promotions": [\#(promotions.joined(separator: ","))]}"#
  }

  /// An order of one line at `price` for each of `skus`, with `shipping` when given.
  static func order(skus: [String], price: String = "100.00", shipping: String? = nil) -> String {
    let lines = skus.map { #"{"sku": "\#($0)", "unitPrice": "\#(price)", "quantity": 1}"# }
    let shipping = shipping.map { #", "shipping": "\#($0)""# } ?? ""
    return #"{"id": "o1"\#(shipping), "items": [\#(lines.joined(separator: ","))]}"#
  }

  /// The engine's quote of `order` against `store`, explained when `explain`.
  static func quote(
    _ order: String, store: String, explain: Bool = false, limits: SearchLimits = .standard
  ) throws -> Quote {
    let catalog = try StoreDecoder.decode(Array(store.utf8), file: "store.json")
    let decoded = try OrderDecoder.decodeFile(
      Array(order.utf8), file: "order.json", storeCurrency: catalog.currency)
    let context = PricingContext(instant: try Timestamp(parsing: "2026-11-27T00:00:00Z").instant)
    var calculator = try PriceCalculator(catalog: catalog, context: context)
    calculator.searchLimits = limits
    return try calculator.quote(for: decoded[0], explain: explain)
  }

  /// The format-4 reference's pricing of `order` against `store`.
  static func reference(_ order: String, store: String) throws -> Ref4Pricing {
    guard
      case .priced(let pricing) = try Format4Reference.price(
        store: JSONSerialization.jsonObject(with: Data(store.utf8)),
        order: JSONSerialization.jsonObject(with: Data(order.utf8)), at: "2026-11-27T00:00:00Z", codes: [],
        groups: [])
    else { throw RefError("the reference refused the case") }
    return pricing
  }

  /// Each promotion's `bestTotalWith` in `pricing` (the reference's), in minor units, as
  /// "id total" ("id none" without one), or "id applied or not" when it is not `not-best`.
  static func bestTotalsWith(_ pricing: Ref4Pricing) -> [String] {
    pricing.outcomes.map { outcome in
      guard case .notBest(_, let total) = outcome.outcome else { return "\(outcome.id) applied or not" }
      return "\(outcome.id) \(total.map { "\($0)" } ?? "none")"
    }
  }

  /// The same of the engine's explained `quote`.
  static func bestTotalsWith(_ quote: Quote) -> [String] {
    (quote.considered ?? []).map { considered in
      guard case .notBest(_, let total) = considered.outcome else { return "\(considered.id) applied or not" }
      return "\(considered.id) \(total.map { "\($0.minorUnits)" } ?? "none")"
    }
  }

  /// Expects the engine's explained quote of `order` against `store` to be the format-4
  /// reference's: the total, the ids of the best plan in order, and every `bestTotalWith`.
  static func expectReferencePlan(_ order: String, store: String) throws {
    let reference = try reference(order, store: store)
    let quote = try quote(order, store: store, explain: true)
    #expect(quote.total.minorUnits == reference.best.total)
    #expect(quote.plan.applied.map(\.id) == reference.best.ids)
    #expect(bestTotalsWith(quote) == bestTotalsWith(reference))
  }

  /// The format-4 reference's best total of `order` against `store`, in minor units.
  static func referenceTotal(_ order: String, store: String) throws -> Int128 {
    try reference(order, store: store).total
  }

  /// Five deals of 1.00 off in each of nine layers, one per line: 5⁹ plans tie on the total
  /// and the count. The lowest ids win, found without going near the limit.
  @Test("nine layers of deals that tie: the lowest ids, without the limit")
  func tiesInEveryLayer() throws {
    var promotions: [String] = []
    for layer in 1...9 {
      for line in 1...5 {
        promotions.append(
          #"{"id": "d\#(layer)-\#(line)", "kind": "discount", "target": {"skus": ["sku-\#(line)"]}, "amountOff": "1.00", "layer": \#(layer), "stackable": true}"#
        )
      }
    }
    let quote = try Self.quote(Self.order(skus: (1...5).map { "sku-\($0)" }), store: Self.store(promotions))
    #expect(quote.total.minorUnits == 49_100)
    #expect(quote.plan.applied.map(\.id) == (1...9).map { "d\($0)-1" })
  }

  /// Percentages on overlapping lines in five layers, thresholds in some of them that an
  /// earlier layer can push below their minimums: the engine's best total is the brute
  /// force's, over seeds.
  @Test("deep stacks of percentages and thresholds: the reference's best total", arguments: 0..<24)
  func deepStacks(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x1A7E_45 &+ seed)
    var promotions: [String] = []
    for layer in 1...5 {
      for index in 0..<(2 + Int(random.next() % 3)) {
        let skus = (1...4).filter { _ in random.next() % 3 != 0 }.map { #""sku-\#($0)""# }
        let target = skus.isEmpty ? "" : #""target": {"skus": [\#(skus.joined(separator: ","))]}, "#
        let body =
          random.next() % 3 == 0
          ? #""kind": "threshold", "minimumAmount": "\#(150 + random.next() % 200).00", "amountOff": "\#(5 + random.next() % 40).00""#
          : #""kind": "discount", "percentOff": "\#(5 + random.next() % 30)""#
        promotions.append(
          #"{"id": "p\#(layer)-\#(index)", \#(target)\#(body), "layer": \#(layer), "stackable": true}"#)
      }
    }
    let order = Self.order(skus: (1...4).map { "sku-\($0)" }, price: "\(60 + random.next() % 80).00")
    let store = Self.store(promotions)
    #expect(try Self.quote(order, store: store).total.minorUnits == Self.referenceTotal(order, store: store))
  }

  /// Twelve stackable percentages on overlapping lines (four of five) in each of `layers`
  /// layers.
  static func overlappingPercentages(inLayers layers: Int) -> String {
    var promotions: [String] = []
    for layer in 1...layers {
      for index in 1...12 {
        let skus = (1...5).filter { $0 != index % 5 + 1 }.map { #""sku-\#($0)""# }
        promotions.append(
          #"{"id": "p\#(layer)-\#(index)", "kind": "discount", "target": {"skus": [\#(skus.joined(separator: ","))]}, "percentOff": "\#(5 + index % 17)", "layer": \#(layer), "stackable": true}"#
        )
      }
    }
    return store(promotions)
  }

  /// Twelve percentages on overlapping lines in each of nine layers: more plans than the
  /// limit lets the search try, so the order is refused as bad data, naming the limit.
  /// (Not under AddressSanitizer, where the million plans take a minute or more: TestScale.)
  @Test("a store past the limit: a data error naming it", .disabled(if: TestScale.isReduced))
  func pastTheLimit() throws {
    let order = Self.order(skus: (1...5).map { "sku-\($0)" })
    #expect {
      try Self.quote(order, store: Self.overlappingPercentages(inLayers: 9))
    } throws: { error in
      guard let error = error as? PromoError else { return false }
      return error.category == .invalidData
        && error.message.hasPrefix("pricing this order would try more than 1000000 plans")
    }
  }

  /// Seven such layers under a limit of 100,000 plans to explain: the best plan is found
  /// within the limit to price, but the searches of `--explain` for each promotion's
  /// `bestTotalWith` go past theirs; the error says that explaining is what cannot be done,
  /// naming its limit, and how to price the order.
  @Test("a store past the limit only when explained: the error says so")
  func pastTheLimitWhenExplained() throws {
    let (order, store) = (
      Self.order(skus: (1...5).map { "sku-\($0)" }), Self.overlappingPercentages(inLayers: 7)
    )
    let limits = SearchLimits(pricing: SearchLimits.standard.pricing, explaining: 100_000)
    // (One deal a layer.)
    #expect(try Self.quote(order, store: store, limits: limits).plan.applied.count == 7)
    #expect {
      try Self.quote(order, store: store, explain: true, limits: limits)
    } throws: { error in
      guard let error = error as? PromoError else { return false }
      return error.category == .invalidData
        && error.message.hasPrefix("explaining this order would try more than 100000 plans")
        && error.message.contains("price it without --explain")
    }
  }

  /// A store of layered percentages, thirty shipping deals of three kinds (combining with
  /// nothing, with order deals, with every class) and a percentage that combines with
  /// nothing, explained within 100,000 plans (3.8 million without these rules): the best plan applying a shipping deal that
  /// combines with nothing is that deal alone, and one applying an order deal that combines
  /// with no order deal is that deal with no other, found without searching the layers; the
  /// shipping deals of one kind share one search. The figures are the best plans' (each
  /// checked against the format-4 reference in its generated tests).
  @Test(
    "explaining: a deal that combines with nothing, and many shipping deals, cost no search of the layers")
  func explainingDealsThatCombineWithNothing() throws {
    var promotions = (1...30).map { index in
      let combines = ["", #", "combinesWith": ["order"]"#, #", "combinesWith": ["item", "order"]"#][index % 3]
      return #"{"id": "s\#(index)", "kind": "shipping", "percentOff": "\#(index * 3)"\#(combines)}"#
    }
    promotions.append(#"{"id": "alone", "kind": "discount", "percentOff": "12", "layer": 4}"#)
    let store = Self.overlappingPercentages(inLayers: 5).replacingOccurrences(
      of: #""promotions": ["#, with: #""promotions": [\#(promotions.joined(separator: ",")),"#)
    let order = Self.order(skus: (1...5).map { "sku-\($0)" }, shipping: "10.00")
    let quote = try Self.quote(
      order, store: store, explain: true, limits: SearchLimits(pricing: 100_000, explaining: 100_000))
    let outcomes = Dictionary(uniqueKeysWithValues: (quote.considered ?? []).map { ($0.id, $0.outcome) })
    func bestTotalWith(_ id: String) -> Money? {
      guard case .notBest(_, let total)? = outcomes[id] else { return nil }
      return total
    }
    // 500.00 and 10.00 of shipping: 9% off the shipping alone (s3) is 509.10; 12% off
    // the goods alone is 450.00.
    #expect(bestTotalWith("s3") == Money(minorUnits: 50_910, minorDigits: 2))
    #expect(bestTotalWith("alone") == Money(minorUnits: 45_000, minorDigits: 2))
    // Two shipping deals that combine with order deals join the same best plan of them:
    // their totals differ by what they take (0.30 and 1.20).
    let (s1, s4) = try (#require(bestTotalWith("s1")), #require(bestTotalWith("s4")))
    #expect(s1.minorUnits - s4.minorUnits == 90)
  }

  /// 2,000 shop-wide discounts (1.00 to 2,000.00 off) and twenty thresholds of high
  /// minimums, all stackable, explained within 5,000 plans: the best plan applying a
  /// threshold pairs it with the largest discount that leaves its minimum, and the search
  /// starts there, not at the largest discount (before it did, explaining took 20,000).
  @Test(
    "explaining a threshold after thousands of discounts: the search starts at those that leave its minimum")
  func explainingAThresholdAfterManyDiscounts() throws {
    var promotions = (1...2_000).map {
      #"{"id": "d\#($0)", "kind": "discount", "amountOff": "\#($0).00", "stackable": true}"#
    }
    promotions += (0..<20).map {
      #"{"id": "t\#($0)", "kind": "threshold", "minimumAmount": "\#(400 + 5 * $0).00", "amountOff": "5.00", "stackable": true}"#
    }
    let store = #"{"version": 1, "currency": "EUR", "promotions": [\#(promotions.joined(separator: ","))]}"#
    let quote = try Self.quote(
      #"{"id": "o1", "amount": "500.00"}"#, store: store, explain: true,
      limits: SearchLimits(pricing: 5_000, explaining: 5_000))
    // t3 (at least 415.00) with the 85.00 off of d85: 500.00 - 85.00 - 5.00.
    let t3 = quote.considered?.first { $0.id == "t3" }?.outcome
    #expect(
      t3
        == .notBest(
          planTotal: Money(minorUnits: 0, minorDigits: 2),
          bestTotalWith: Money(minorUnits: 41_000, minorDigits: 2)))
  }

  /// Half off every line, three layers of overlapping percentages, then, in layer 4, a
  /// 1.00 threshold on one line with a minimum of 90.00 (and one on every line, of 450.00):
  /// a plan that applies such a threshold leaves its lines their minimum, so the chains
  /// that cut below it stop, and the half off is in none. Every promotion's
  /// `bestTotalWith` is the format-4 reference's.
  @Test("explaining a later layer's threshold: chains that leave it below its minimum stop")
  func explainingALaterThresholdStopsDeadChains() throws {
    let extra = [
      #"{"id": "a-half", "kind": "item", "percentOff": "50", "stackable": true}"#,
      #"{"id": "t-one", "kind": "threshold", "target": {"skus": ["sku-1"]}, "minimumAmount": "90.00", "amountOff": "1.00", "layer": 4, "stackable": true}"#,
      #"{"id": "t-all", "kind": "threshold", "minimumAmount": "450.00", "amountOff": "1.00", "layer": 4, "stackable": true}"#,
    ]
    let store = Self.overlappingPercentages(inLayers: 3).replacingOccurrences(
      of: #""promotions": ["#, with: #""promotions": [\#(extra.joined(separator: ",")),"#)
    let order = Self.order(skus: (1...5).map { "sku-\($0)" })
    let quote = try Self.quote(
      order, store: store, explain: true, limits: SearchLimits(pricing: 20_000, explaining: 20_000))
    let expected = try Self.bestTotalsWith(Self.reference(order, store: store))
    #expect(Self.bestTotalsWith(quote) == expected)
    #expect(expected.contains { $0.hasPrefix("t-one ") && !$0.hasSuffix("none") })
  }

  /// An order deal whose plan ties the item stage's (the same total and count, a lower id)
  /// is kept by the stage without item deals, searched after it, though it could take no
  /// more than that plan does; the nineteen deals of its layer that could take less are
  /// left out before they are sorted (``LayeredDeals/prepare(in:keepingOnly:)``).
  @Test("an order deal that ties the best plan found so far: kept, and its lower id wins")
  func tieWithTheBestFoundSoFar() throws {
    var promotions = [
      #"{"id": "b-item", "kind": "item", "target": {"skus": ["sku-1"]}, "amountOff": "20.00"}"#,
      #"{"id": "a-order", "kind": "discount", "amountOff": "20.00", "layer": 3}"#,
    ]
    for units in 1...19 {
      promotions.append(#"{"id": "c\#(units)", "kind": "discount", "amountOff": "\#(units).99", "layer": 3}"#)
    }
    let quote = try Self.quote(Self.order(skus: ["sku-1", "sku-2"]), store: Self.store(promotions))
    #expect(quote.total.minorUnits == 18_000)
    #expect(quote.plan.applied.map(\.id) == ["a-order"])
  }

  /// Item deals that find good plans first, then layered order deals of few values (many
  /// ties) that combine with some classes: every stage after the first keeps only the deals
  /// that can beat or tie the best so far, and the best total is the brute force's.
  @Test("item stages first, then ties among layered deals: the reference's best total", arguments: 0..<40)
  func itemStagesThenTies(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x7E_1E5 &+ seed)
    // Combining with nothing (no field), or with some classes.
    let classes =
      ["", #", "combinesWith": ["item"]"#, #", "combinesWith": ["order"]"#] + [
        #", "combinesWith": ["item", "order"]"#, #", "combinesWith": ["item", "order", "shipping"]"#,
      ]
    var promotions: [String] = []
    for index in 0..<(1 + Int(random.next() % 3)) {
      promotions.append(
        #"{"id": "i\#(index)", "kind": "item", "target": {"skus": ["sku-\#(1 + random.next() % 3)"]}, "amountOff": "\#(5 * (1 + random.next() % 4)).00"\#(classes[Int(random.next() % 5)])}"#
      )
    }
    for index in 0..<(6 + Int(random.next() % 6)) {
      let target = random.next() % 2 == 0 ? "" : #""target": {"skus": ["sku-\#(1 + random.next() % 3)"]}, "#
      let body =
        random.next() % 3 == 0
        ? #""kind": "threshold", "minimumAmount": "\#(50 * (1 + random.next() % 4)).00", "amountOff": "\#(5 * (1 + random.next() % 4)).00""#
        : #""kind": "discount", "amountOff": "\#(5 * (1 + random.next() % 4)).00""#
      promotions.append(
        #"{"id": "o\#(index)", \#(target)\#(body), "layer": \#(1 + random.next() % 3)\#(classes[Int(random.next() % 5)])}"#
      )
    }
    let order = Self.order(skus: (1...3).map { "sku-\($0)" }, price: "\(40 + 10 * (random.next() % 5)).00")
    let store = Self.store(promotions)
    #expect(try Self.quote(order, store: store).total.minorUnits == Self.referenceTotal(order, store: store))
  }
}
