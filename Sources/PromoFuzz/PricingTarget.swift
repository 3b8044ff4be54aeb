import Foundation
import PromoKit
import PromoObservation
import PromoTestSupport

/// The pricing target: the input's bytes are the choices of the reference's case generator
/// (``ByteChoices``), through ``RefCaseGenerator/fuzzCaseOfAnyFormat(_:)``. Two inputs in
/// five make a case of store format 4 (``RefCaseGenerator/makeCase4(formatThreeOnly:)``:
/// layers, `combinesWith`, tier ladders, bundles, get targets, unit limits across lines,
/// `excludeDiscountedLines`, gifts and the store's rounding); three in ten a case of
/// format 3 (``RefCaseGenerator/makeCase3()``: a version-3 store of up to 8 promotions,
/// shipping deals, customer groups, targeted and quantity thresholds, repeating ones,
/// buy/get deals across lines and unit limits among them, and an order of up to 5 lines or
/// a bare amount, with shipping and a customer most of the time, `--code` and
/// `--customer-group` now and then); the others a store of format 1 or 2 (up to 6
/// promotions) and an order of up to 4 lines or a bare amount. Some promotions share terms
/// under other ids, and minimums are placed next to the amounts plans test. PromoKit
/// decodes both from their JSON text and prices the order, explained; the brute-force
/// reference of the case's format prices the same JSON. The plan's total, the promotions
/// chosen with their discounts, the shipping, every line's shares and every promotion's
/// outcome (with format 4's tiers, gifts and `bestTotalWith`) must agree, and the quote
/// must keep the sums of the allocation rule (``ReferenceCheck``, ``Reference3Check``,
/// ``Reference4Check``). A disagreement prints the case and traps.
func checkPricing(_ bytes: [UInt8]) {
  let (format, testCase) = RefCaseGenerator.fuzzCaseOfAnyFormat(bytes)
  let storeText = testCase.store.text(quotingDecimals: false)
  let orderText = testCase.order.text(quotingDecimals: false)
  func fail(_ problems: [String]) -> Never {
    let report = """
      pricing differs from the reference (format \(format))
      --at \(testCase.at) \(testCase.codes.map { "--code \($0)" }.joined(separator: " ")) \
      \(testCase.groups.map { "--customer-group \($0)" }.joined(separator: " "))
      store: \(storeText)
      order: \(orderText)
        \(problems.joined(separator: "\n  "))

      """
    FileHandle.standardError.write(Data(report.utf8))
    fatalError("pricing differs from the reference")
  }

  // The reference's verdict: the pricing of the case's format, or its refusal.
  var pricing2: RefPricing?
  var pricing3: Ref3Pricing?
  var pricing4: Ref4Pricing?
  var refused: String?
  do {
    if format == 4 {
      switch try Format4Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes, groups: testCase.groups)
      {
      case .priced(let pricing): pricing4 = pricing
      case .refused(let reason): refused = reason
      }
    } else if format == 3 {
      switch try Format3Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes, groups: testCase.groups)
      {
      case .priced(let pricing): pricing3 = pricing
      case .refused(let reason): refused = reason
      }
    } else {
      switch try Format2Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes)
      {
      case .priced(let pricing): pricing2 = pricing
      case .refused(let reason): refused = reason
      }
    }
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
    let context = PricingContext(instant: instant, codes: testCase.codes, customerGroups: testCase.groups)
    quote = try PriceCalculator(catalog: catalog, context: context).quote(for: orders[0], explain: true)
    // An order alone in its file is priced by a pass over the promotions: the same plan,
    // the same shares.
    let alone = try PriceCalculator(catalog: catalog, context: context, indexed: false).quote(for: orders[0])
    if alone.plan != quote.plan || alone.lines != quote.lines || alone.shipping != quote.shipping {
      fail(["priced alone (a pass over the promotions), the order's quote differs: \(alone)"])
    }
  } catch {
    if refused != nil { return }
    fail(["PromoKit refused what the reference priced: \(error)"])
  }
  if let refused { fail(["PromoKit priced what the reference refused: \(refused)"]) }
  let problems =
    if let pricing4 {
      Reference4Check.problems(ObservedQuote4(quote), against: pricing4)
    } else if let pricing3 {
      Reference3Check.problems(ObservedQuote3(quote), against: pricing3)
    } else {
      ReferenceCheck.problems(ObservedQuote(quote), against: pricing2!)
    }
  if !problems.isEmpty { fail(problems) }
}
