import PromoKit
import Testing

/// An order built in code is held to the rules of an order file (``OrderError``): the
/// library and the command line accept the same orders.
@Suite("Order rules: an order built in code keeps the rules of an order file")
struct OrderRulesTests {
  /// `units` hundredths.
  static func cents(_ units: Int128) -> Money { Money(minorUnits: units, minorDigits: 2) }
  /// 10^12 in hundredths: the largest amount.
  static let most: Int128 = 100_000_000_000_000

  @Test("a line has 1 to 1,000,000 units at 0 to 10^12 each, in at most 16 categories")
  func lineRules() {
    #expect(throws: OrderError.quantityOutOfRange(0)) {
      _ = try OrderItem(unitPrice: Self.cents(100), quantity: 0)
    }
    #expect(throws: OrderError.quantityOutOfRange(1_000_001)) {
      _ = try OrderItem(unitPrice: Self.cents(100), quantity: 1_000_001)
    }
    #expect(throws: OrderError.amountOutOfRange(field: "unitPrice", Self.cents(-1))) {
      _ = try OrderItem(unitPrice: Self.cents(-1), quantity: 1)
    }
    #expect(throws: OrderError.amountOutOfRange(field: "unitPrice", Self.cents(Self.most + 1))) {
      _ = try OrderItem(unitPrice: Self.cents(Self.most + 1), quantity: 1)
    }
    let categories = (0..<17).map { "c\($0)" }
    #expect(throws: OrderError.tooManyCategories(17)) {
      _ = try OrderItem(categories: categories, unitPrice: Self.cents(1), quantity: 1)
    }
    #expect(throws: Never.self) {
      _ = try OrderItem(
        categories: Array(categories.prefix(16)), unitPrice: Self.cents(Self.most), quantity: 1_000_000)
      _ = try OrderItem(unitPrice: Self.cents(0), quantity: 1)
    }
  }

  @Test("the largest order allowed sums exactly; more lines, more codes or a malformed code are refused")
  func orderRules() throws {
    let largest = try OrderItem(unitPrice: Self.cents(Self.most), quantity: 1_000_000)
    let order = try Order(
      id: "big", currency: nil, items: Array(repeating: largest, count: Order.maximumItems))
    #expect(order.subtotal == Self.cents(Self.most * 1_000_000 * 10_000))
    #expect(order.id == "big")
    #expect(throws: OrderError.tooManyItems(10_001)) {
      try Order(id: "x", currency: nil, items: Array(repeating: largest, count: 10_001))
    }
    let codes = (0..<17).map { "CODE\($0)" }
    #expect(throws: OrderError.tooManyCodes(17)) {
      try Order(id: "x", currency: nil, codes: codes, items: [])
    }
    #expect(throws: OrderError.invalidCode("no spaces")) {
      try Order(id: "x", currency: nil, codes: ["OK", "no spaces"], items: [])
    }
    #expect(throws: Never.self) {
      try Order(id: "x", currency: nil, codes: Array(codes.prefix(16)), items: [])
    }
  }

  @Test("an amount and shipping are 0 to 10^12, in the currency's minor units")
  func amountRules() throws {
    #expect(throws: OrderError.amountOutOfRange(field: "amount", Self.cents(-1))) {
      try Order(id: "x", currency: nil, amount: Self.cents(-1))
    }
    #expect(throws: OrderError.amountOutOfRange(field: "shipping", Self.cents(-5))) {
      try Order(id: "x", currency: nil, amount: Self.cents(0), shipping: Self.cents(-5))
    }
    #expect(throws: OrderError.amountOutOfRange(field: "shipping", Self.cents(Self.most + 1))) {
      try Order(id: "x", currency: nil, items: [], shipping: Self.cents(Self.most + 1))
    }
    let dinars = Money(minorUnits: 1_000_000_000_000_000, minorDigits: 3)
    let yen = Money(minorUnits: 1_000_000_000_001, minorDigits: 0)
    #expect(throws: Never.self) { try Order(id: "x", currency: nil, amount: dinars) }
    #expect(throws: OrderError.amountOutOfRange(field: "amount", yen)) {
      try Order(id: "x", currency: nil, amount: yen)
    }
  }

  @Test("the messages say what is wrong as the order file's messages do")
  func descriptions() {
    #expect(
      OrderError.tooManyItems(10_001).description
        == "an order has at most 10000 items, not 10001; split it into several orders")
    #expect(
      OrderError.invalidCode("a b").description
        == #"code "a b" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#)
  }
}
