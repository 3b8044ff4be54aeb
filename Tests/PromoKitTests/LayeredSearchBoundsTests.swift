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
  static func quote(_ order: String, store: String, explain: Bool = false) throws -> Quote {
    let catalog = try StoreDecoder.decode(Array(store.utf8), file: "store.json")
    let decoded = try OrderDecoder.decodeFile(
      Array(order.utf8), file: "order.json", storeCurrency: catalog.currency)
    let context = PricingContext(instant: try Timestamp(parsing: "2026-11-27T00:00:00Z").instant)
    return try PriceCalculator(catalog: catalog, context: context).quote(for: decoded[0], explain: explain)
  }

  /// The format-4 reference's best total of `order` against `store`, in minor units.
  static func referenceTotal(_ order: String, store: String) throws -> Int128 {
    guard
      case .priced(let pricing) = try Format4Reference.price(
        store: JSONSerialization.jsonObject(with: Data(store.utf8)),
        order: JSONSerialization.jsonObject(with: Data(order.utf8)), at: "2026-11-27T00:00:00Z", codes: [],
        groups: [])
    else { throw RefError("the reference refused the case") }
    return pricing.total
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

  /// Seven such layers: the best plan is found within the limit, but the searches of
  /// `--explain` for each promotion's `bestTotalWith` count toward it too and go past it;
  /// the error says that explaining is what cannot be done, and how to price the order.
  @Test("a store past the limit only when explained: the error says so", .disabled(if: TestScale.isReduced))
  func pastTheLimitWhenExplained() throws {
    let (order, store) = (
      Self.order(skus: (1...5).map { "sku-\($0)" }), Self.overlappingPercentages(inLayers: 7)
    )
    #expect(try Self.quote(order, store: store).plan.applied.count == 7)  // (one deal a layer)
    #expect {
      try Self.quote(order, store: store, explain: true)
    } throws: { error in
      guard let error = error as? PromoError else { return false }
      return error.category == .invalidData
        && error.message.hasPrefix("explaining this order would try more than 1000000 plans")
        && error.message.contains("price it without --explain")
    }
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
