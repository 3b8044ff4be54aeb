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

  static func randomOrder(_ generator: inout SplitMix64) -> String {
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
    func space() -> String { pick(["", "", "", " ", "\t", "  \r\n "]) }
    func item() -> String {
      var members: [String] = []
      if Bool.random(using: &generator) { members.append(#""sku":\#(space())\#(pick(strings))"#) }
      if Int.random(in: 0..<4, using: &generator) == 0 { members.append(#""name":\#(pick(strings))"#) }
      if Int.random(in: 0..<12, using: &generator) > 0 {
        members.append(#""unitPrice":\#(space())\#(pick(fragments))"#)
      }
      if Int.random(in: 0..<12, using: &generator) > 0 { members.append(#""quantity":\#(pick(fragments))"#) }
      if Int.random(in: 0..<20, using: &generator) == 0 { members.append(#""qty":1"#) }
      if Int.random(in: 0..<3, using: &generator) == 0 {
        let count = pick([0, 1, 2, 3, 16, 17])
        let entries = (0..<count).map { index in
          pick([#""tea""#, #""cup""#, #""""#, "1", #""c\#(index)""#, #""té""#, #""pot""#])
        }
        members.append(#""categories":\#(space())[\#(entries.joined(separator: ","))]"#)
      }
      if Int.random(in: 0..<20, using: &generator) == 0, let first = members.first { members.append(first) }
      return "{" + space() + members.shuffled(using: &generator).joined(separator: "," + space()) + space()
        + "}"
    }
    func customer() -> String {
      if Int.random(in: 0..<15, using: &generator) == 0 { return pick(["null", #""vip""#, "[]", "{", "7"]) }
      var members: [String] = []
      if Bool.random(using: &generator) { members.append(#""id":\#(space())\#(pick(strings))"#) }
      if Int.random(in: 0..<4, using: &generator) > 0 {
        let count = pick([0, 1, 1, 2, 3, 100, 101])
        let entries = (0..<count).map { index in
          count > 3 && Int.random(in: 0..<50, using: &generator) > 0
            ? #""g\#(index)""#
            : pick([
              #""member""#, #""vip""#, #""a.b_c-D9""#, #""Member Plus""#, #""""#, "1", #""té""#,
              #""m\u0065""#,
              #""\#(String(repeating: "x", count: 64))""#, #""\#(String(repeating: "x", count: 65))""#,
            ])
        }
        members.append(#""groups":\#(space())[\#(entries.joined(separator: "," + space()))]"#)
      }
      if Int.random(in: 0..<20, using: &generator) == 0 { members.append(#""tier":"gold""#) }
      if Int.random(in: 0..<20, using: &generator) == 0, let first = members.first { members.append(first) }
      return "{" + space() + members.shuffled(using: &generator).joined(separator: "," + space()) + space()
        + "}"
    }
    var members: [String] = []
    if Bool.random(using: &generator) { members.append(#""id":\#(space())\#(pick(strings))"#) }
    if Int.random(in: 0..<3, using: &generator) == 0 { members.append(#""currency":\#(pick(currencies))"#) }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      let count = pick([0, 1, 2, 16, 17])
      let entries = (0..<count).map { index in
        pick([
          #""VIP10""#, #""vip10""#, #""bad code""#, #""""#, "7", #""A_\#(index)""#,
          #""\#(String(repeating: "x", count: 33))""#,
        ])
      }
      members.append(#""codes":[\#(entries.joined(separator: ","))]"#)
    }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      members.append(#""shipping":\#(space())\#(pick(fragments))"#)
    }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      members.append(#""customer":\#(space())\#(customer())"#)
    }
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<4: members.append(#""amount":\#(space())\#(pick(fragments))"#)
    case 4..<9:
      let items = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in item() }
      members.append(#""items":[\#(items.joined(separator: ","))]"#)
    default:
      members.append(#""amount":"1.00""#)
      members.append(#""items":[]"#)
    }
    if Int.random(in: 0..<15, using: &generator) == 0 { members.append(#""$schema":"x""#) }
    if Int.random(in: 0..<15, using: &generator) == 0 { members.append(#""discount":"5""#) }
    if Int.random(in: 0..<15, using: &generator) == 0, let first = members.first { members.append(first) }
    var text = space() + "{" + members.shuffled(using: &generator).joined(separator: ",") + "}" + space()
    // Sometimes damage it: drop, flip or insert a byte.
    if Int.random(in: 0..<6, using: &generator) == 0, !text.isEmpty {
      var bytes = Array(text.utf8)
      let position = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: bytes.remove(at: position)
      case 1: bytes[position] = UInt8.random(in: 0...255, using: &generator)
      default: bytes.insert(pick(Array(#",:{}[]" 0\"#.utf8)), at: position)
      }
      text = String(decoding: bytes, as: UTF8.self)
    }
    return text
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
