import PromoTestSupport
import Testing

@testable import PromoKit

/// The fast path of `--lines` must never accept what the full decoder refuses, and must
/// build the same order whenever it accepts.
@Suite("The order fast path agrees with the full decoder")
struct OrderFastPathTests {
  static let fragments: [String] = [
    #""12.50""#, "12.5", #""0""#, "0", "-0", #""-1.00""#, "1e2", "1E+2", #""1e-2""#, "1000000000000",
    "1000000000000.01",
    #""0.001""#, "01", #""+1""#, #"" 1""#, "1.", "NaN", "true", "null", #""1.005""#, "2.0", "7", "1000000",
    "1000001",
    "0", #""2""#, "-3",
  ]
  static let strings = [
    #""A-1""#, #""""#, #""caf\u00e9""#, #""café""#, #""tab\tbed""#, #""a\"b""#, "42", "null", #""ünï""#,
  ]
  static let currencies = [#""CNY""#, #""JPY""#, #""KWD""#, #""USD""#, #""cny""#, #""CN""#, "1"]
  /// Customers that are not objects.
  static let notObjects = ["null", #""vip""#, "[]", "{", "7"]

  /// One order line: a random choice of members, often odd, sometimes damaged.
  static func randomOrder(_ generator: inout SplitMix64) -> String {
    let members = orderMembers(&generator)
    let text =
      space(&generator) + "{" + members.shuffled(using: &generator).joined(separator: ",") + "}"
      + space(&generator)
    return sometimesDamaged(text, &generator)
  }

  /// One of `values`, drawn with one `Int.random`.
  static func pick<T>(_ values: [T], _ generator: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &generator)]
  }

  /// White space between tokens, most often none.
  static func space(_ generator: inout SplitMix64) -> String {
    pick(["", "", "", " ", "\t", "  \r\n "], &generator)
  }

  /// An object of `members` in a shuffled order, with white space around and between them.
  static func object(_ members: [String], _ generator: inout SplitMix64) -> String {
    "{" + space(&generator) + members.shuffled(using: &generator).joined(separator: "," + space(&generator))
      + space(&generator) + "}"
  }

  /// The members of an order, unshuffled: its id, currency, codes, shipping and customer, each
  /// sometimes, an amount or items, and rarely an unknown key or a duplicate.
  static func orderMembers(_ generator: inout SplitMix64) -> [String] {
    var members: [String] = []
    if Bool.random(using: &generator) {
      members.append(#""id":\#(space(&generator))\#(pick(strings, &generator))"#)
    }
    if Int.random(in: 0..<3, using: &generator) == 0 {
      members.append(#""currency":\#(pick(currencies, &generator))"#)
    }
    if Int.random(in: 0..<4, using: &generator) == 0 { members.append(codes(&generator)) }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      members.append(#""shipping":\#(space(&generator))\#(pick(fragments, &generator))"#)
    }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      members.append(#""customer":\#(space(&generator))\#(customer(&generator))"#)
    }
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<4: members.append(#""amount":\#(space(&generator))\#(pick(fragments, &generator))"#)
    case 4..<9:
      let items = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in item(&generator) }
      members.append(#""items":[\#(items.joined(separator: ","))]"#)
    default:
      members.append(#""amount":"1.00""#)
      members.append(#""items":[]"#)
    }
    if Int.random(in: 0..<15, using: &generator) == 0 { members.append(#""$schema":"x""#) }
    if Int.random(in: 0..<15, using: &generator) == 0 { members.append(#""discount":"5""#) }
    if Int.random(in: 0..<15, using: &generator) == 0, let first = members.first { members.append(first) }
    return members
  }

  /// A `codes` member: a list of 0 to 17 codes, good, lowercase, malformed or too long.
  static func codes(_ generator: inout SplitMix64) -> String {
    let count = pick([0, 1, 2, 16, 17], &generator)
    let entries = (0..<count).map { index in
      pick(
        [
          #""VIP10""#, #""vip10""#, #""bad code""#, #""""#, "7", #""A_\#(index)""#,
          #""\#(String(repeating: "x", count: 33))""#,
        ], &generator)
    }
    return #""codes":[\#(entries.joined(separator: ","))]"#
  }

  /// One line item: sku, name, unit price, quantity and categories, each sometimes missing,
  /// rarely an unknown key or a duplicate.
  static func item(_ generator: inout SplitMix64) -> String {
    var members: [String] = []
    if Bool.random(using: &generator) {
      members.append(#""sku":\#(space(&generator))\#(pick(strings, &generator))"#)
    }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      members.append(#""name":\#(pick(strings, &generator))"#)
    }
    if Int.random(in: 0..<12, using: &generator) > 0 {
      members.append(#""unitPrice":\#(space(&generator))\#(pick(fragments, &generator))"#)
    }
    if Int.random(in: 0..<12, using: &generator) > 0 {
      members.append(#""quantity":\#(pick(fragments, &generator))"#)
    }
    if Int.random(in: 0..<20, using: &generator) == 0 { members.append(#""qty":1"#) }
    if Int.random(in: 0..<3, using: &generator) == 0 {
      let count = pick([0, 1, 2, 3, 16, 17], &generator)
      let entries = (0..<count).map { index in
        pick([#""tea""#, #""cup""#, #""""#, "1", #""c\#(index)""#, #""té""#, #""pot""#], &generator)
      }
      members.append(#""categories":\#(space(&generator))[\#(entries.joined(separator: ","))]"#)
    }
    if Int.random(in: 0..<20, using: &generator) == 0, let first = members.first { members.append(first) }
    return object(members, &generator)
  }

  /// A customer: sometimes not an object at all, else an object of an id, groups, rarely an
  /// unknown key or a duplicate.
  static func customer(_ generator: inout SplitMix64) -> String {
    if Int.random(in: 0..<15, using: &generator) == 0 { return pick(notObjects, &generator) }
    var members: [String] = []
    if Bool.random(using: &generator) {
      members.append(#""id":\#(space(&generator))\#(pick(strings, &generator))"#)
    }
    if Int.random(in: 0..<4, using: &generator) > 0 { members.append(groups(&generator)) }
    if Int.random(in: 0..<20, using: &generator) == 0 { members.append(#""tier":"gold""#) }
    if Int.random(in: 0..<20, using: &generator) == 0, let first = members.first { members.append(first) }
    return object(members, &generator)
  }

  /// A customer's `groups` member: up to 3 names, good or not, or 100 or 101 of them, almost
  /// all plain.
  static func groups(_ generator: inout SplitMix64) -> String {
    let count = pick([0, 1, 1, 2, 3, 100, 101], &generator)
    let entries = (0..<count).map { index in
      count > 3 && Int.random(in: 0..<50, using: &generator) > 0
        ? #""g\#(index)""#
        : pick(
          [
            #""member""#, #""vip""#, #""a.b_c-D9""#, #""Member Plus""#, #""""#, "1", #""té""#,
            #""m\u0065""#,
            #""\#(String(repeating: "x", count: 64))""#, #""\#(String(repeating: "x", count: 65))""#,
          ], &generator)
    }
    return #""groups":\#(space(&generator))[\#(entries.joined(separator: "," + space(&generator)))]"#
  }

  /// `text`, one time in six with one byte dropped, changed or inserted.
  static func sometimesDamaged(_ text: String, _ generator: inout SplitMix64) -> String {
    guard Int.random(in: 0..<6, using: &generator) == 0, !text.isEmpty else { return text }
    return OneByteDamage.applied(to: text, &generator)
  }

  @Test(
    "on 20,000 random and damaged orders, the fast path only ever agrees",
    arguments: [nil, "CNY", "JPY", "KWD"])
  func agreesWithFullDecoder(storeCode: String?) {
    let store = storeCode.flatMap { try? Currency(code: $0) }
    var generator = SplitMix64(seed: 0xFA57 &+ UInt64(storeCode?.utf8.first ?? 0))
    var accepted = 0
    var refusedValid = 0
    // Accepted orders with each of the less common parts, so that each is compared.
    var acceptedParts = (escaped: 0, shipping: 0, customer: 0, groups: 0)
    for line in 0..<20_000 {
      let bytes = Array(Self.randomOrder(&generator).utf8)
      let fast = OrderFastPath.decode(bytes, file: "f", line: line, storeCurrency: store)
      let full = try? OrderDecoder.decodeLineFully(bytes, file: "f", line: line, storeCurrency: store)
      if let fast {
        accepted += 1
        #expect(full == fast, "fast path disagrees on: \(String(decoding: bytes, as: UTF8.self))")
        if bytes.contains(UInt8(ascii: "\\")) || bytes.contains(where: { $0 >= 0x80 }) {
          acceptedParts.escaped += 1
        }
        if fast.shipping != nil { acceptedParts.shipping += 1 }
        if let customer = fast.customer {
          acceptedParts.customer += 1
          if !customer.groups.isEmpty { acceptedParts.groups += 1 }
        }
      } else if full != nil {
        refusedValid += 1
      }
    }
    // Both kinds of case must be met, or the comparison proves little: orders the fast path
    // takes (escapes, shipping and customers among them), and valid orders in unusual forms
    // (2.0, exponents, a group name with a space) it leaves to the full decoder. (Plain
    // producer output goes the fast way: see `plainShapes`.)
    #expect(accepted > 1_000)
    #expect(acceptedParts.escaped > 100 && acceptedParts.shipping > 100)
    #expect(acceptedParts.customer > 100 && acceptedParts.groups > 30)
    #expect(refusedValid > 100)
  }

  @Test("the fast path handles the plain shapes a producer writes")
  func plainShapes() {
    let lines = [
      #"{"id":"A-1","amount":"128.00"}"#,
      #"{"id":"A-2","currency":"CNY","items":[{"sku":"tea","unitPrice":"25.00","quantity":2}]}"#,
      #"{ "items": [ { "unitPrice": 1.5, "quantity": 3, "name": "pen" } ] }"#,
      #"{"items":[]}"#,
      #"{"id":"A-3","codes":["VIP10","x"],"items":[{"sku":"tea","categories":["tea","green"],"unitPrice":"2","quantity":1}]}"#,
      #"{"id":"A-4","items":[{"sku":"tea","unitPrice":"25.00","quantity":2}],"shipping":"8.00"}"#,
      #"{"id":"A-5","shipping":0,"customer":{"id":"c-17","groups":["member","vip.gold"]},"amount":99}"#,
      #"{"id":"A-6","customer":{},"amount":"1.5"}"#,
      #"{"id":"A-7","customer":{"groups":[]},"amount":"1.5","shipping":"1000000000000"}"#,
    ]
    let store = Currency.valid("CNY")
    for line in lines {
      let bytes = Array(line.utf8)
      let fast = OrderFastPath.decode(bytes, file: "x", line: 1, storeCurrency: store)
      #expect(fast != nil, "\(line)")
      #expect(fast == (try? OrderDecoder.decodeLineFully(bytes, file: "x", line: 1, storeCurrency: store)))
    }
  }
}
