import PromoKit

/// The parser target: the first byte picks what the rest is read as (0 a store, 1 an
/// order file, 2 a JSON Lines stream of orders, 3 a report for `report --merge`), and the
/// properties that must hold for any
/// input are checked. A property that fails traps, which libFuzzer reports.
func checkParsers(_ bytes: [UInt8]) {
  guard let selector = bytes.first else { return }
  let rest = Array(bytes.dropFirst())
  switch selector % 4 {
  case 0: checkStore(rest)
  case 1: checkOrders(rest)
  case 2: checkLines(rest)
  default: checkReport(rest)
  }
}

/// A store is read alike by the fast path and the JSON tree; one that decodes must
/// re-encode to a fixed point, and price the sample orders within bounds.
private func checkStore(_ bytes: [UInt8]) {
  let (catalog, problems) = StoreDecoder.diagnose(bytes, file: "fuzz")
  precondition((catalog == nil) == !problems.isEmpty, "a store decodes exactly when it has no problem")
  guard let catalog else { return }
  // The fast path, tried first, must read a store exactly as the JSON tree does. (Only a
  // store that decodes is read again: one the fast path gave up on, the tree just read.)
  precondition(
    StoreDecoder.diagnoseByTree(bytes, file: "fuzz").catalog == catalog,
    "the fast path and the JSON tree read the store differently")
  let encoded = StoreEncoder.encode(catalog)
  guard let again = try? StoreDecoder.decode(Array(encoded.utf8), file: "fuzz") else {
    preconditionFailure("an encoded store must decode")
  }
  precondition(StoreEncoder.encode(again) == encoded, "encoding must be a fixed point")
  precondition(again == catalog, "decoding the encoding must give the same catalog")
  // Amounts up to the largest an order may name (10^12 in the currency's minor units).
  let digits = catalog.currency.minorDigits
  let largest = Money(Order.maximumAmount, minorDigits: digits)?.minorUnits ?? 0
  for subtotal: Int128 in [0, 1, 99, 10_000, 12_800, 99_999_999, largest] {
    guard
      let order = try? Order(
        id: "fuzz", currency: catalog.currency, amount: Money(minorUnits: subtotal, minorDigits: digits))
    else { preconditionFailure("an amount from 0 to 10^12 makes an order") }
    checkQuote(order, catalog: catalog)
  }
}

/// Orders that decode must price within bounds against the fixed store.
private func checkOrders(_ bytes: [UInt8]) {
  guard let orders = try? OrderDecoder.decodeFile(bytes, file: "fuzz", storeCurrency: sampleStore.currency)
  else { return }
  for order in orders { checkQuote(order, catalog: sampleStore) }
}

/// Each line of a stream is decoded and priced on its own; the fast path of `--lines` must
/// agree with the full decoder on every line.
private func checkLines(_ bytes: [UInt8]) {
  for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .enumerated()
  {
    let currency = sampleStore.currency
    let fast = Result { () throws(PromoError) -> Order in
      try OrderDecoder.decodeLine(Array(line), file: "fuzz", line: index + 1, storeCurrency: currency)
    }
    let full = Result { () throws(PromoError) -> Order in
      try OrderDecoder.decodeLineFully(Array(line), file: "fuzz", line: index + 1, storeCurrency: currency)
    }
    switch (fast, full) {
    case (.success(let one), .success(let other)):
      precondition(one == other, "the fast path built another order")
    case (.failure(let one), .failure(let other)):
      precondition(one == other, "the two paths report differently")
    default: preconditionFailure("the fast path and the full decoder disagree on a line")
    }
    if case .success(let order) = fast { checkQuote(order, catalog: sampleStore) }
  }
}

/// The quote's total is within `0...subtotal`, no worse than any single working
/// promotion, and the same when asked twice.
private func checkQuote(_ order: Order, catalog: Catalog) {
  let instant = Instant(secondsSinceEpoch: 1_795_320_000)
  guard let calculator = try? PriceCalculator(catalog: catalog, at: instant),
    let quote = try? calculator.quote(for: order, explain: true)
  else { return }
  precondition(quote.total.minorUnits >= 0, "a total is never negative")
  precondition(quote.total <= quote.subtotal, "a total is never above the subtotal")
  precondition(order.items != nil || quote.plan.applied.count <= 2, "at most two promotions on an amount")
  precondition(quote.considered?.count == catalog.promotions.count, "every promotion is explained")
  let codes = Set(order.codes.map(CouponCode.normalized))
  for promotion in catalog.promotions where promotion.isWorking(at: instant, presenting: codes) {
    // The promotion alone: a store of it, priced by the same rules.
    guard
      let alone = try? Catalog(version: catalog.version, currency: catalog.currency, promotions: [promotion]),
      let own = try? PriceCalculator(catalog: alone, at: instant).quote(for: order)
    else { continue }
    precondition(quote.total <= own.total, "never worse than a single promotion")
  }
  precondition((try? calculator.quote(for: order, explain: true)) == quote, "pricing is deterministic")
}

/// The sample store the order inputs are priced against.
private let sampleStore: Catalog = {
  let text = #"""
    {"version":1,"currency":"CNY","promotions":[
    {"id":"autumn-20","kind":"discount","percentOff":"20","stackable":true},
    {"id":"spend100-save15","kind":"threshold","amountOff":"15.00","minimumAmount":"100.00","stackable":true},
    {"id":"spend200-10pct","kind":"threshold","percentOff":"10","minimumAmount":"200.00","stackable":true},
    {"id":"spend300-save150","kind":"threshold","amountOff":"150.00","minimumAmount":"300.00"},
    {"id":"flash-40-off","kind":"discount","amountOff":"40.00"},
    {"id":"half","kind":"discount","percentOff":"50.0001","stackable":true},
    {"id":"free-over-0","kind":"threshold","amountOff":"1000000000000","minimumAmount":"0","active":false}]}
    """#
  guard let catalog = try? StoreDecoder.decode(Array(text.utf8), file: "sample") else {
    preconditionFailure("the sample store must decode")
  }
  return catalog
}()
