import PromoKit
import PromoTestSupport
import Testing

@Suite("OrderDecoder enforces the order schema (the documented rules)")
struct OrderDecoderTests {
  static let file = "order.json"
  static let cny = Currency.valid("CNY")
  static let jpy = Currency.valid("JPY")

  func orders(_ text: String, store: Currency? = nil) throws(PromoError) -> [Order] {
    try OrderDecoder.decodeFile(Array(text.utf8), file: Self.file, storeCurrency: store)
  }

  func order(_ text: String, store: Currency? = nil) throws -> Order {
    let decoded = try orders(text, store: store)
    try #require(decoded.count == 1)
    return decoded[0]
  }

  /// The error decoding `text` throws, or `nil` when it decodes.
  func error(_ text: String, store: Currency? = nil) -> PromoError? {
    do {
      _ = try orders(text, store: store)
      return nil
    } catch {
      return error
    }
  }

  func lineError(_ text: String, line: Int, store: Currency? = nil) -> PromoError? {
    do {
      _ = try OrderDecoder.decodeLine(
        Array(text.utf8), file: "orders.jsonl", line: line, storeCurrency: store)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Valid orders

  @Test("the documented item order: subtotal is the sum of unitPrice × quantity")
  func itemsOrder() throws {
    let decoded = try order(
      #"{ "id": "A-1001", "currency": "CNY", "items": [ { "sku": "tea", "name": "Green tea", "unitPrice": "25.00", "quantity": 2 }, { "unitPrice": 7.5, "quantity": 3 } ] }"#,
      store: Self.cny)
    #expect(decoded.id == "A-1001")
    #expect(decoded.currency == Self.cny)
    #expect(decoded.subtotal == Fixture.cents(7_250))
    #expect(decoded.subtotal.description == "72.50")
    let items = try #require(decoded.items)
    #expect(items.count == 2)
    #expect(items[0].sku == "tea")
    #expect(items[0].name == "Green tea")
    #expect(items[0].unitPrice == Fixture.cents(2_500))
    #expect(items[0].quantity == 2)
    #expect(items[1].sku == nil)
    #expect(try items[1].lineTotal() == Fixture.cents(2_250))
  }

  @Test("the documented amount order")
  func amountOrder() throws {
    let decoded = try order(#"{ "id": "A-1002", "amount": "128.00" }"#)
    #expect(decoded.id == "A-1002")
    #expect(decoded.currency == nil)
    #expect(decoded.items == nil)
    #expect(decoded.subtotal == Fixture.cents(12_800))
  }

  @Test("empty items are a subtotal of 0")
  func emptyItems() throws {
    let empty = try order(#"{"items": []}"#, store: Self.jpy)
    #expect(empty.subtotal == Money(minorUnits: 0, minorDigits: 0))
    #expect(empty.items == [])
  }

  @Test("an amount of 0 and of 10^12 are accepted")
  func amountBounds() throws {
    #expect(try order(#"{"amount": 0}"#).subtotal == Fixture.cents(0))
    #expect(try order(#"{"amount": "1000000000000"}"#).subtotal == Fixture.cents(100_000_000_000_000))
    #expect(try order(#"{"amount": 1e12}"#, store: Self.jpy).subtotal.minorUnits == 1_000_000_000_000)
  }

  @Test("an order without an id is named after its file, or its index in an array")
  func names() throws {
    #expect(try order(#"{"amount": 1}"#).id == Self.file)
    let list = try orders(#"[{"amount": 1}, {"id": "B", "amount": 2}, {"amount": 3}]"#)
    #expect(list.map(\.id) == ["order.json[0]", "B", "order.json[2]"])
    #expect(list.map(\.subtotal.minorUnits) == [100, 200, 300])
    #expect(try orders("[]").isEmpty)
  }

  @Test("a JSON Lines order is named file:line")
  func lineNames() throws {
    let unnamed = try OrderDecoder.decodeLine(
      Array(#"{"amount": "5"}"#.utf8), file: "orders.jsonl", line: 4, storeCurrency: nil)
    #expect(unnamed.id == "orders.jsonl:4")
    let named = try OrderDecoder.decodeLine(
      Array(#"{"id": "X", "amount": "5"}"#.utf8), file: "orders.jsonl", line: 4, storeCurrency: nil)
    #expect(named.id == "X")
  }

  @Test("quantities from 1 to 1,000,000 are accepted")
  func quantityBounds() throws {
    let decoded = try order(
      #"{"items": [{"unitPrice": "0.01", "quantity": 1}, {"unitPrice": "0.01", "quantity": 1000000}]}"#)
    #expect(decoded.subtotal == Fixture.cents(1_000_001))
  }

  // MARK: Currency

  @Test("an order without a currency takes the store's")
  func storeCurrency() throws {
    let yen = try order(#"{"amount": "128"}"#, store: Self.jpy)
    #expect(yen.currency == Self.jpy)
    #expect(yen.subtotal == Money(minorUnits: 128, minorDigits: 0))
    let kwd = try order(#"{"amount": "1.25"}"#, store: Currency.valid("KWD"))
    #expect(kwd.subtotal == Money(minorUnits: 1_250, minorDigits: 3))
    #expect(kwd.subtotal.description == "1.250")
  }

  @Test("an order's own currency is used when the store has none")
  func ownCurrency() throws {
    let yen = try order(#"{"currency": "JPY", "amount": "100"}"#)
    #expect(yen.currency == Self.jpy)
    #expect(yen.subtotal.description == "100")
    #expect(error(#"{"currency": "JPY", "amount": "100.5"}"#)?.position == "amount")
  }

  @Test("a currency that differs from the store's is refused")
  func currencyMismatch() throws {
    let found = try #require(error(#"{"currency": "USD", "amount": "10"}"#, store: Self.cny))
    #expect(found.position == "currency")
    #expect(found.category == .invalidData)
    #expect(found.file == Self.file)
    #expect(found.message.contains("USD"))
    #expect(found.message.contains("CNY"))
    #expect(
      error(#"[{"amount": 1}, {"currency": "JPY", "amount": 1}]"#, store: Self.cny)?.position
        == "[1].currency")
    #expect(
      lineError(#"{"currency": "EUR", "amount": 1}"#, line: 2, store: Self.cny)?.position
        == "line 2: currency")
  }

  @Test("the same currency as the store's is fine")
  func sameCurrency() throws {
    #expect(try order(#"{"currency": "CNY", "amount": "1.50"}"#, store: Self.cny).currency == Self.cny)
  }

  @Test("an invalid currency code is refused", arguments: ["\"usd\"", "\"US\"", "\"USDD\"", "1", "null"])
  func invalidCurrency(code: String) {
    #expect(error(#"{"currency": \#(code), "amount": 1}"#)?.position == "currency")
  }

  @Test("amounts must have no more minor digits than the currency")
  func minorDigits() {
    #expect(error(#"{"amount": "1.005"}"#)?.position == "amount")
    #expect(error(#"{"amount": "1.5"}"#, store: Self.jpy)?.position == "amount")
    #expect(error(#"{"amount": "1.2345"}"#, store: Currency.valid("KWD"))?.position == "amount")
    #expect(error(#"{"amount": "1.234"}"#, store: Currency.valid("KWD")) == nil)
    #expect(error(#"{"items": [{"unitPrice": "0.001", "quantity": 1}]}"#)?.position == "items[0].unitPrice")
    #expect(
      error(#"{"items": [{"unitPrice": "0.5", "quantity": 1}]}"#, store: Self.jpy)?.position
        == "items[0].unitPrice")
  }

  // MARK: Shape

  @Test("exactly one of items and amount")
  func exactlyOneContent() {
    let both = error(#"{"items": [], "amount": 1}"#)
    #expect(both?.position == "amount")
    #expect(both?.category == .invalidData)
    let neither = error(#"{"id": "A"}"#)
    #expect(neither?.position == "items")
  }

  @Test("items must be an array of objects")
  func itemsShape() {
    #expect(error(#"{"items": {}}"#)?.position == "items")
    #expect(error(#"{"items": "tea"}"#)?.position == "items")
    #expect(error(#"{"items": [1]}"#)?.position == "items[0]")
    #expect(error(#"{"items": [{"unitPrice": 1, "quantity": 1}, null]}"#)?.position == "items[1]")
  }

  @Test("an order must be an object")
  func orderShape() {
    #expect(error("42")?.position == "top level")
    #expect(error("\"order\"")?.position == "top level")
    #expect(error(#"[{"amount": 1}, 7]"#)?.position == "[1]")
  }

  @Test("an item needs unitPrice and quantity")
  func itemRequiredKeys() {
    #expect(error(#"{"items": [{"quantity": 1}]}"#)?.position == "items[0].unitPrice")
    #expect(error(#"{"items": [{"unitPrice": 1}]}"#)?.position == "items[0].quantity")
  }

  @Test(
    "quantity must be an integer from 1 to 1,000,000",
    arguments: ["0", "-1", "1000001", "1.5", "\"2\"", "null", "1e7", "true", "99999999999999999999"])
  func badQuantity(quantity: String) {
    #expect(
      error(#"{"items": [{"unitPrice": "1.00", "quantity": \#(quantity)}]}"#)?.position == "items[0].quantity"
    )
  }

  @Test(
    "unitPrice and amount must be from 0 to 10^12",
    arguments: ["-0.01", "\"-1\"", "\"1000000000000.01\"", "1e13", "\"abc\"", "[]", "\"\"", "\"1,00\""])
  func badAmounts(value: String) {
    #expect(error(#"{"amount": \#(value)}"#)?.position == "amount")
    #expect(error(#"{"items": [{"unitPrice": \#(value), "quantity": 1}]}"#)?.position == "items[0].unitPrice")
  }

  @Test("strings: id, sku and name")
  func stringTypes() {
    #expect(error(#"{"id": 5, "amount": 1}"#)?.position == "id")
    #expect(error(#"{"items": [{"sku": 1, "unitPrice": 1, "quantity": 1}]}"#)?.position == "items[0].sku")
    #expect(
      error(#"{"items": [{"name": false, "unitPrice": 1, "quantity": 1}]}"#)?.position == "items[0].name")
  }

  @Test("unknown keys are refused with a suggestion")
  func unknownKeys() {
    let top = error(#"{"amout": 1}"#)
    #expect(top?.position == "amout")
    #expect(top?.message.hasPrefix(#"unknown key "amout" at the top level; did you mean "amount"?"#) == true)
    let item = error(#"{"items": [{"unitprice": 1, "quantity": 1}]}"#)
    #expect(item?.position == "items[0].unitprice")
    #expect(item?.message == #"unknown key "unitprice" in items[0]; did you mean "unitPrice"?"#)
    #expect(error(#"[{"amount": 1}, {"amount": 1, "qty": 1}]"#)?.position == "[1].qty")
  }

  @Test("an unknown key always names the closest known key, an abbreviation first")
  func unknownKeysAlwaysSuggest() {
    let qty = error(#"{"items": [{"unitPrice": 1, "qty": 1}]}"#)
    #expect(qty?.position == "items[0].qty")
    #expect(qty?.message == #"unknown key "qty" in items[0]; did you mean "quantity"?"#)
    let unit = error(#"{"items": [{"unit": 1, "quantity": 1}]}"#)
    #expect(unit?.position == "items[0].unit")
    #expect(unit?.message == #"unknown key "unit" in items[0]; did you mean "unitPrice"?"#)
    let far = error(#"{"amount": 1, "xyzzyqwerty": 1}"#)
    #expect(far?.position == "xyzzyqwerty")
    #expect(far?.message.hasPrefix(#"unknown key "xyzzyqwerty" at the top level; did you mean ""#) == true)
    #expect(far?.message.contains("known keys") == false)
    #expect(far?.message.contains("$schema") == false)
    let farItem = error(#"{"items": [{"unitPrice": 1, "quantity": 1, "zzzzzzzzzzzz": 1}]}"#)
    #expect(farItem?.position == "items[0].zzzzzzzzzzzz")
    #expect(farItem?.message.contains("; did you mean \"") == true)
    #expect(farItem?.message.contains("known keys") == false)
  }

  // MARK: $schema

  @Test("$schema is accepted, with any value, in every order object")
  func schema() throws {
    #expect(error(#"{"$schema": "https://example.com/order.json", "amount": 1}"#) == nil)
    #expect(error(#"[{"$schema": "x", "amount": 1}]"#) == nil)
    #expect(lineError(#"{"$schema": "x", "amount": 1}"#, line: 1) == nil)
    for value in ["1", "null", "true", "[]", #"{"a": [1]}"#, "\"\""] {
      #expect(error(#"{"$schema": \#(value), "amount": 1}"#) == nil, "\(value)")
      #expect(error(#"[{"amount": 1}, {"$schema": \#(value), "amount": 2}]"#) == nil, "\(value)")
      #expect(lineError(#"{"$schema": \#(value), "amount": 1}"#, line: 2) == nil, "\(value)")
    }
    // It is ignored: the order is what it would be without it.
    let list = try orders(#"[{"$schema": 7, "amount": "1.50"}, {"$schema": "x", "id": "B", "amount": 2}]"#)
    #expect(list.map(\.id) == ["order.json[0]", "B"])
    #expect(list.map(\.subtotal) == [Fixture.cents(150), Fixture.cents(200)])
    // It is not an order's content.
    #expect(error(#"{"$schema": "x"}"#)?.position == "items")
    #expect(error(#"[{"$schema": "x"}]"#)?.position == "[0].items")
  }

  @Test("$schema is still refused inside an item")
  func schemaInItem() {
    let found = error(#"{"items": [{"$schema": "x", "unitPrice": 1, "quantity": 1}]}"#)
    #expect(found?.position == "items[0].$schema")
    #expect(found?.message.hasPrefix(#"unknown key "$schema" in items[0]; did you mean ""#) == true)
  }

  // MARK: Large subtotals

  @Test("the largest line (10^12 × 1,000,000) decodes with its exact subtotal")
  func largestLine() throws {
    // 10^12.00 × 1,000,000 is 10^20 cents: more than 64 bits hold.
    let cents = try order(#"{"items": [{"unitPrice": "1000000000000", "quantity": 1000000}]}"#)
    #expect(cents.subtotal.minorUnits == 100_000_000_000_000_000_000)
    #expect(cents.subtotal.description == "1000000000000000000.00")
    #expect(try cents.items?.first?.lineTotal() == cents.subtotal)
    // In KWD the same line is 10^21 fils.
    let fils = try order(
      #"{"items": [{"unitPrice": "1000000000000.000", "quantity": 1000000}]}"#,
      store: Currency.valid("KWD"))
    #expect(fils.subtotal.description == "1000000000000000000.000")
    // With a priced-down line beside it, the sum is exact to the minor unit.
    let mixed = try order(
      #"{"items": [{"unitPrice": "1000000000000", "quantity": 1000000}, {"unitPrice": "0.01", "quantity": 1}]}"#
    )
    #expect(mixed.subtotal.description == "1000000000000000000.01")
  }

  @Test("many of the largest lines add up exactly, past 64 bits")
  func largestSubtotal() throws {
    let item = #"{"unitPrice": "1000000000000", "quantity": 1000000}"#
    func lines(_ count: Int) -> String {
      #"{"items": ["# + Array(repeating: item, count: count).joined(separator: ", ") + "]}"
    }
    // Nine JPY lines fit in 64 bits; ten did not, and now add up exactly.
    #expect(try order(lines(9), store: Self.jpy).subtotal.minorUnits == 9_000_000_000_000_000_000)
    let ten = try order(lines(10), store: Self.jpy)
    #expect(ten.subtotal.minorUnits == 10_000_000_000_000_000_000)
    #expect(ten.subtotal.description == "10000000000000000000")
    let hundred = try order(lines(100))
    #expect(hundred.subtotal.description == "100000000000000000000.00")
  }

  // MARK: Syntax errors

  @Test("a syntax error names line and column")
  func syntaxError() {
    let found = error("{\n  \"amount\": 1,\n}")
    #expect(found?.position == "2:14")
    #expect(found?.category == .invalidData)
    #expect(found?.file == Self.file)
    #expect(error(#"{"amount": 1, "amount": 2}"#)?.position == "1:15")
    #expect(error("")?.position == "1:1")
  }

  @Test("a JSON Lines syntax error is located on its line of the stream")
  func lineSyntaxError() {
    let found = lineError(#"{"amount": 1,}"#, line: 7)
    #expect(found?.position == "7:13")
    #expect(found?.file == "orders.jsonl")
    #expect(found?.category == .invalidData)
  }

  @Test("a JSON Lines schema error names the line")
  func lineSchemaError() {
    let found = lineError(#"{"amount": -1}"#, line: 3)
    #expect(found?.position == "line 3: amount")
    #expect(found?.category == .invalidData)
  }

  @Test("an array file reports the first bad order")
  func arrayFirstError() {
    let found = error(#"[{"amount": 1}, {"amount": -1}, {"amount": "x"}]"#)
    #expect(found?.position == "[1].amount")
  }
}
