import Foundation
import PromoKit
import PromoTestSupport

/// The pricing target: the input's bytes are the choices of the reference's case generator
/// (``ByteChoices``), which makes a small store of format 1 or 2 (up to 6 promotions, some
/// sharing terms under other ids, with minimums placed next to the amounts plans test) and
/// an order of up to 4 lines or a bare amount, with an evaluation time and codes. PromoKit
/// decodes both from their JSON text and prices the order; the brute-force reference
/// prices the same JSON. The plan's total, the promotions chosen with their discounts,
/// every line's shares and every promotion's outcome must agree, and the quote must keep
/// the sums of the allocation rule (``ReferenceCheck``). A disagreement prints the case and traps.
func checkPricing(_ bytes: [UInt8]) {
  let testCase = RefCaseGenerator.fuzzCase(bytes)
  let storeText = testCase.store.text(quotingDecimals: false)
  let orderText = testCase.order.text(quotingDecimals: false)
  func fail(_ problems: [String]) -> Never {
    let report = """
      pricing differs from the reference
      --at \(testCase.at) \(testCase.codes.map { "--code \($0)" }.joined(separator: " "))
      store: \(storeText)
      order: \(orderText)
        \(problems.joined(separator: "\n  "))

      """
    FileHandle.standardError.write(Data(report.utf8))
    fatalError("pricing differs from the reference")
  }

  let verdict: RefVerdict
  do {
    verdict = try Format2Reference.price(
      store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
      codes: testCase.codes)
  } catch {
    fail(["the reference cannot price a generated case: \(error)"])
  }
  let quote: Quote
  do {
    let catalog = try StoreDecoder.decode(Array(storeText.utf8), file: "store.json")
    let instant = try Timestamp(parsing: testCase.at).instant
    let orders = try OrderDecoder.decodeFile(
      Array(orderText.utf8), file: "order.json", storeCurrency: catalog.currency)
    guard orders.count == 1 else { fail(["one order decoded as \(orders.count)"]) }
    let calculator = try PriceCalculator(
      catalog: catalog, context: PricingContext(instant: instant, codes: testCase.codes))
    quote = try calculator.quote(for: orders[0], explain: true)
  } catch {
    if case .refused = verdict { return }
    fail(["PromoKit refused what the reference priced: \(error)"])
  }
  guard case .priced(let pricing) = verdict else {
    fail(["PromoKit priced what the reference refused: \(verdict)"])
  }
  let problems = ReferenceCheck.problems(ObservedQuote(quote), against: pricing)
  if !problems.isEmpty { fail(problems) }
}
