import Foundation
import Testing

/// The schemas of store format 3 held against `promo` itself: each small document below is
/// accepted by the schema exactly when `promo validate` (or `promo price`) accepts it, so
/// the schema is neither looser nor stricter than the tool on the rules of format 3 that
/// JSON Schema can express. (Rules it cannot express, such as distinct ids or a repeating
/// minimum finer than the currency, are left to `promo validate`.)
@Suite("JSON Schemas of store format 3 agree with promo")
struct Format3SchemaTests {
  /// A store of `version` holding the promotions written out (JSON objects).
  static func store(_ promotions: String..., version: Int = 3, currency: String? = "CNY") -> String {
    let currencyKey = currency.map { #""currency": "\#($0)", "# } ?? ""
    return #"{"version": \#(version), \#(currencyKey)"promotions": [\#(promotions.joined(separator: ", "))]}"#
  }

  static func parsed(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  /// Format-3 promotions that promo accepts.
  static let goodPromotions = [
    #"{"id": "ship-free-99", "kind": "shipping", "minimumAmount": "99.00", "percentOff": "100", "stackable": true}"#,
    #"{"id": "ship-0", "kind": "shipping", "fixedPrice": "0"}"#,
    #"{"id": "ship-5", "kind": "shipping", "amountOff": 5, "customerGroups": ["member", "vip.gold"]}"#,
    #"{"id": "tea-3", "kind": "threshold", "target": {"categories": ["tea"]}, "minimumQuantity": 3, "percentOff": "20"}"#,
    #"{"id": "both", "kind": "threshold", "minimumAmount": "50", "minimumQuantity": 2, "amountOff": "5.00"}"#,
    #"{"id": "every100", "kind": "threshold", "minimumAmount": "100.00", "repeat": true, "amountOff": "10.00", "maximumDiscount": "30.00"}"#,
    #"{"id": "every2", "kind": "threshold", "minimumQuantity": 2, "repeat": true, "amountOff": "5"}"#,
    #"{"id": "tea-10", "kind": "discount", "target": {"skus": ["tea-green"]}, "percentOff": "10", "maximumDiscount": "5"}"#,
    #"{"id": "pots", "kind": "item", "target": {"categories": ["teapot"]}, "buy": 1, "get": 1, "acrossLines": true, "percentOff": "50", "maximumQuantity": 2}"#,
    #"{"id": "cap-3", "kind": "item", "percentOff": "10", "maximumQuantity": 3}"#,
    #"{"id": "fine", "kind": "threshold", "minimumAmount": "0.001", "amountOff": "1"}"#,
    #"{"id": "members", "kind": "discount", "code": "VIP", "customerGroups": ["member"], "amountOff": "3"}"#,
  ]

  /// Format-3 promotions that promo refuses, each for a rule the schema expresses.
  static let badPromotions = [
    (
      "shipping with a target",
      #"{"id": "s", "kind": "shipping", "target": {"skus": ["a"]}, "percentOff": "100"}"#
    ),
    ("shipping buy/get", #"{"id": "s", "kind": "shipping", "buy": 1, "get": 1}"#),
    ("shipping with a cap", #"{"id": "s", "kind": "shipping", "percentOff": "50", "maximumDiscount": "5"}"#),
    (
      "shipping with a quantity",
      #"{"id": "s", "kind": "shipping", "minimumQuantity": 2, "percentOff": "50"}"#
    ),
    ("threshold without a minimum", #"{"id": "t", "kind": "threshold", "percentOff": "10"}"#),
    (
      "repeat with percentOff",
      #"{"id": "t", "kind": "threshold", "minimumAmount": "100", "repeat": true, "percentOff": "10"}"#
    ),
    (
      "repeat with both minimums",
      #"{"id": "t", "kind": "threshold", "minimumAmount": "100", "minimumQuantity": 2, "repeat": true, "amountOff": "10"}"#
    ),
    (
      "repeat every 0",
      #"{"id": "t", "kind": "threshold", "minimumAmount": "0.00", "repeat": true, "amountOff": "10"}"#
    ),
    ("repeat on a discount", #"{"id": "d", "kind": "discount", "repeat": true, "amountOff": "10"}"#),
    ("repeat on an item deal", #"{"id": "i", "kind": "item", "repeat": true, "amountOff": "1"}"#),
    (
      "cap on a non-repeating amountOff threshold",
      #"{"id": "t", "kind": "threshold", "minimumAmount": "100", "amountOff": "10", "maximumDiscount": "5"}"#
    ),
    ("acrossLines without buy/get", #"{"id": "i", "kind": "item", "acrossLines": true, "percentOff": "10"}"#),
    (
      "maximumQuantity on a discount",
      #"{"id": "d", "kind": "discount", "maximumQuantity": 2, "percentOff": "10"}"#
    ),
    (
      "minimumQuantity on a discount",
      #"{"id": "d", "kind": "discount", "minimumQuantity": 2, "percentOff": "10"}"#
    ),
    (
      "minimumQuantity on an item deal",
      #"{"id": "i", "kind": "item", "minimumQuantity": 2, "percentOff": "10"}"#
    ),
    ("minimumQuantity 0", #"{"id": "t", "kind": "threshold", "minimumQuantity": 0, "percentOff": "10"}"#),
    (
      "maximumQuantity above 10^6",
      #"{"id": "i", "kind": "item", "maximumQuantity": 1000001, "percentOff": "10"}"#
    ),
    ("no customer group", #"{"id": "d", "kind": "discount", "customerGroups": [], "percentOff": "10"}"#),
    (
      "a group name with a space",
      #"{"id": "d", "kind": "discount", "customerGroups": ["gold member"], "percentOff": "10"}"#
    ),
    ("a kind of no format", #"{"id": "d", "kind": "gift", "percentOff": "10"}"#),
  ]

  /// Stores of versions 1 and 2 that use a format-3 key, and a version newer than 3.
  static let badStores = [
    ("v2 shipping", store(#"{"id": "s", "kind": "shipping", "percentOff": "100"}"#, version: 2)),
    (
      "v2 customer groups",
      store(#"{"id": "d", "kind": "discount", "customerGroups": ["member"], "percentOff": "5"}"#, version: 2)
    ),
    (
      "v2 targeted discount",
      store(#"{"id": "d", "kind": "discount", "target": {"skus": ["a"]}, "percentOff": "5"}"#, version: 2)
    ),
    (
      "v2 quantity minimum",
      store(#"{"id": "t", "kind": "threshold", "minimumQuantity": 2, "percentOff": "5"}"#, version: 2)
    ),
    (
      "v2 unit limit",
      store(#"{"id": "i", "kind": "item", "maximumQuantity": 2, "percentOff": "5"}"#, version: 2)
    ),
    (
      "v2 acrossLines",
      store(#"{"id": "i", "kind": "item", "buy": 1, "get": 1, "acrossLines": true}"#, version: 2)
    ),
    (
      "v1 repeat",
      store(
        #"{"id": "t", "kind": "threshold", "minimumAmount": "100", "repeat": true, "amountOff": "10"}"#,
        version: 1)
    ),
    ("v1 shipping", store(#"{"id": "s", "kind": "shipping", "percentOff": "100"}"#, version: 1)),
    ("v5", store(#"{"id": "d", "kind": "discount", "percentOff": "5"}"#, version: 5)),
  ]

  @Test("format-3 promotions: the store schema accepts what promo validate accepts")
  func goodStores() throws {
    let schema = try SchemaTests.validator("promotion-store")
    let all = Self.store(Self.goodPromotions.joined(separator: ", "))
    for text in Self.goodPromotions.map({ Self.store($0) }) + [all] {
      let errors = schema.errors(in: try Self.parsed(text))
      #expect(errors.isEmpty, "\(text): \(errors)")
      let run = InProcessRun(["validate", "-"], stdin: text)
      #expect(run.status == 0, "promo refuses \(text): \(run.stderr)")
    }
    // Versions 1 and 2 are still described: the format-2 store of the contract validates.
    #expect(schema.errors(in: try SchemaTests.json("stores/report-shop.json")).isEmpty)
  }

  @Test("format-3 rules: the store schema refuses what promo validate refuses")
  func badStores() throws {
    let schema = try SchemaTests.validator("promotion-store")
    let cases = Self.badPromotions.map { ($0.0, Self.store($0.1)) } + Self.badStores
    for (what, text) in cases {
      #expect(!schema.errors(in: try Self.parsed(text)).isEmpty, "the schema accepts \(what): \(text)")
      let run = InProcessRun(["validate", "-"], stdin: text)
      #expect(run.status == 65, "promo accepts \(what) (exit \(run.status)): \(text)")
    }
  }

  @Test("list --format json of format-3 promotions matches the list schema; a shipping item does not")
  func listSchema() throws {
    let schema = try SchemaTests.validator("list-result")
    for text in Self.goodPromotions {
      var object = try #require(try Self.parsed(text) as? [String: Any])
      object["status"] = "working"
      #expect(schema.errors(in: object).isEmpty, "\(text)")
    }
    #expect(
      !schema.errors(in: ["id": "s", "kind": "shipping", "buy": 1, "get": 1, "status": "working"]).isEmpty)
  }

  @Test(
    "orders with shipping and a customer: the order schema accepts what promo prices, refuses what it refuses"
  )
  func orders() throws {
    let schema = try SchemaTests.validator("order")
    let good = [
      #"{"id": "o", "shipping": "12.00", "items": [{"unitPrice": "1.00", "quantity": 1}]}"#,
      #"{"id": "o", "shipping": 0, "amount": "99.00", "customer": {}}"#,
      #"{"id": "o", "customer": {"id": "c-1", "groups": ["member", "Gold Members"]}, "items": []}"#,
      #"[{"amount": "1", "customer": {"groups": []}}, {"amount": "2", "shipping": 5}]"#,
    ]
    let bad = [
      #"{"id": "o", "shipping": "-1.00", "amount": "1"}"#,
      #"{"id": "o", "shipping": true, "amount": "1"}"#,
      #"{"id": "o", "customer": {"id": "c", "group": ["member"]}, "amount": "1"}"#,
      #"{"id": "o", "customer": {"groups": "member"}, "amount": "1"}"#,
      #"{"id": "o", "customer": {"groups": [""]}, "amount": "1"}"#,
      #"{"id": "o", "customer": ["member"], "amount": "1"}"#,
    ]
    for (texts, valid) in [(good, true), (bad, false)] {
      for text in texts {
        #expect(schema.errors(in: try Self.parsed(text)).isEmpty == valid, "\(text)")
        let store = PromoBinary.fixtures.appendingPathComponent("stores/tea-shop-3.json").path
        let run = InProcessRun(["price", "-", "--store", store], stdin: text)
        #expect((run.status == 0) == valid, "promo: exit \(run.status) for \(text): \(run.stderr)")
      }
    }
  }

  @Test("price results: the shipping object and the format-3 outcomes are required as the schema says")
  func priceResults() throws {
    let schema = try SchemaTests.validator("price-result")
    let result = try PromoBinary.run([
      "price", "orders/b-1.json", "--store", "stores/tea-shop-3.json", "--format", "json", "--explain",
      "--at", "2026-11-22T12:00:00+08:00",
    ])
    #expect(result.status == 0)
    var object = try #require(try Self.parsed(result.stdout) as? [String: Any])
    #expect(schema.errors(in: object).isEmpty)
    #expect(
      object["shipping"] as? [String: String] == ["amount": "12.00", "discount": "12.00", "total": "0.00"])
    let belowMinimum: [String: Any] = [
      "id": "t", "outcome": "below-minimum", "testedAgainst": "20.00", "units": 2, "minimumQuantity": 3,
      "shortByQuantity": 1,
    ]
    for outcome in ["customer-not-eligible", "no-shipping"] {
      object["considered"] = [["id": "x", "outcome": outcome]]
      #expect(schema.errors(in: object).isEmpty, "\(outcome)")
    }
    object["considered"] = [belowMinimum]
    #expect(schema.errors(in: object).isEmpty)
    var wrong = object
    wrong["considered"] = [belowMinimum.merging(["shortByQuantity": "1"]) { $1 }]
    #expect(!schema.errors(in: wrong).isEmpty, "shortByQuantity is a number")
    wrong["considered"] = [belowMinimum.merging(["units": -1]) { $1 }]
    #expect(!schema.errors(in: wrong).isEmpty, "units are at least 0")
    wrong["considered"] = [["id": "x", "outcome": "not-a-member"]]
    #expect(!schema.errors(in: wrong).isEmpty, "an outcome of no contract")
    wrong = object
    wrong["shipping"] = ["amount": "12.00", "discount": "12.00"]
    #expect(!schema.errors(in: wrong).isEmpty, "shipping needs its total")
    wrong["shipping"] = ["amount": "12.00", "discount": "12.00", "total": "0.00", "free": true]
    #expect(!schema.errors(in: wrong).isEmpty, "shipping has three keys")
  }
}
