import PromoKit
import PromoTestSupport
import Testing

/// `promo price` prices an order alone by a pass over the promotions and more by the
/// prepared candidates (`PriceCalculator(indexed:)`). The searches that stop at a limit
/// (``SearchLimits``) must stop alike on both: an order is priced, explained or refused the
/// same whether it came alone in a file or among thousands in a stream. Random layered
/// stores (the repro was nine layers of untargeted deals) under limits low enough that
/// some orders pass them.
@Suite("The same order priced alone or among many: the same answer, the same limits")
struct PricingRouteTests {
  static let now = Fixture.instant("2026-11-29T00:00:00Z")

  /// A version-4 store of 20 to 200 untargeted discounts and thresholds in layers 1 to
  /// `layers`, each combining with every class (a third of the percentages capped), drawn
  /// from `random`: thresholds that others outdo, which the candidates leave out.
  static func layeredStore(_ random: inout SplitMix64, layers: Int) -> String {
    let promotions = (0..<random.int(20...200)).map { index in
      let layer = random.int(1...layers)
      let cap = random.chance(33) ? #", "maximumDiscount": "\#(random.int(5...50)).00""# : ""
      let benefit =
        random.chance(50)
        ? #""percentOff": "\#(random.int(1...40))"\#(cap)"# : #""amountOff": "\#(random.int(1...60)).00""#
      let kind =
        random.chance(50)
        ? #""kind": "discount""# : #""kind": "threshold", "minimumAmount": "\#(random.int(0...600)).00""#
      return
        #"{"id": "u\#(index)", \#(kind), \#(benefit), "layer": \#(layer), "combinesWith": ["item", "order", "shipping"]}"#
    }
    return #"{"version": 4, "currency": "EUR", "promotions": [\#(promotions.joined(separator: ","))]}"#
  }

  /// An order of 2 to 7 lines drawn from `random`, with shipping.
  static func order(_ random: inout SplitMix64) throws -> Order {
    let lines = (0..<random.int(2...7)).map { line in
      #"{"sku": "s\#(line)", "unitPrice": "\#(random.int(1...150)).\#(random.int(10...99))", "quantity": \#(random.int(1...4))}"#
    }
    let text = #"{"id": "o", "shipping": "10.00", "items": [\#(lines.joined(separator: ","))]}"#
    return try OrderDecoder.decodeFile(Array(text.utf8), file: "order.json", storeCurrency: nil)[0]
  }

  /// The quote of `order` by `calculator`, or the error that refused it.
  static func outcome(_ calculator: PriceCalculator, _ order: Order, explain: Bool) -> Result<
    Quote, PromoError
  > {
    do throws(PromoError) {
      return .success(try calculator.quote(for: order, explain: explain))
    } catch {
      return .failure(error)
    }
  }

  @Test("layered stores under low limits: alone and among many, the same quote or the same refusal")
  func sameLimitsOnBothRoutes() throws {
    var random = SplitMix64(seed: 0x2_0261_129)
    let limits = SearchLimits(pricing: 3_000, explaining: 30_000)
    var (refused, explained) = (0, 0)
    for round in 0..<40 {
      let catalog = try StoreDecoder.decode(
        Array(Self.layeredStore(&random, layers: 9).utf8), file: "store.json")
      let context = PricingContext(instant: Self.now)
      var alone = try PriceCalculator(catalog: catalog, context: context, indexed: false)
      var amongMany = try PriceCalculator(catalog: catalog, context: context)
      (alone.searchLimits, amongMany.searchLimits) = (limits, limits)
      for _ in 0..<3 {
        let order = try Self.order(&random)
        for explain in [false, true] {
          let found = Self.outcome(alone, order, explain: explain)
          #expect(
            found == Self.outcome(amongMany, order, explain: explain),
            "round \(round), explain \(explain)")
          if case .failure = found { refused += 1 } else if explain { explained += 1 }
        }
      }
    }
    // The limits are met by some orders, and not by others.
    #expect(refused > 0 && explained > 0, "\(refused) refused, \(explained) explained")
  }
}
