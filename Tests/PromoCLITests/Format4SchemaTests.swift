import Foundation
import Testing

/// The schema of store format 4 (`schemas/promotion-store.schema.json`) and promo agree:
/// the format-4 example store is accepted by both, and each format-4 rule the schema can
/// say is refused by both.
@Suite("JSON Schema of store format 4 agrees with promo")
struct Format4SchemaTests {
  /// A version-4 store of these promotions.
  static func store(_ promotions: String..., version: Int = 4) -> String {
    Format3SchemaTests.store(promotions.joined(separator: ", "), version: version)
  }

  /// Promotions of format 4 both accept.
  static let good: [String] = [
    #"{"id": "a", "kind": "discount", "percentOff": "5", "combinesWith": ["shipping"]}"#,
    #"{"id": "a", "kind": "threshold", "layer": 3, "minimumAmount": "10", "amountOff": "1", "excludeDiscountedLines": true}"#,
    #"{"id": "a", "kind": "threshold", "tiers": [{"minimumAmount": "100", "amountOff": "10"}, {"minimumAmount": "200", "percentOff": "15"}], "maximumDiscount": "30"}"#,
    #"{"id": "a", "kind": "item", "target": {"categories": ["tea"]}, "bundle": {"quantity": 3, "price": "50"}}"#,
    #"{"id": "a", "kind": "item", "target": {"categories": ["tea"]}, "getTarget": {"skus": ["mug"]}, "buy": 2, "get": 1}"#,
    #"{"id": "a", "kind": "item", "fixedPrice": "19", "acrossLines": true, "maximumQuantity": 2}"#,
    #"{"id": "a", "kind": "gift", "minimumAmount": "199", "gift": {"sku": "cup", "quantity": 1, "name": "Tea cup"}}"#,
  ]

  /// Promotions of format 4 both refuse, by what they break.
  static let bad: [(String, String)] = [
    ("empty combinesWith", #"{"id": "a", "kind": "discount", "percentOff": "5", "combinesWith": []}"#),
    (
      "combinesWith and stackable",
      #"{"id": "a", "kind": "discount", "percentOff": "5", "combinesWith": ["order"], "stackable": true}"#
    ),
    ("layer 10", #"{"id": "a", "kind": "discount", "percentOff": "5", "layer": 10}"#),
    ("layer on an item deal", #"{"id": "a", "kind": "item", "percentOff": "5", "layer": 1}"#),
    (
      "one tier", #"{"id": "a", "kind": "threshold", "tiers": [{"minimumAmount": "100", "amountOff": "10"}]}"#
    ),
    (
      "tiers and a minimum",
      #"{"id": "a", "kind": "threshold", "minimumAmount": "1", "tiers": [{"minimumAmount": "100", "amountOff": "10"}, {"minimumAmount": "200", "amountOff": "20"}]}"#
    ),
    (
      "tiers on a discount",
      #"{"id": "a", "kind": "discount", "tiers": [{"minimumAmount": "100", "amountOff": "10"}, {"minimumAmount": "200", "amountOff": "20"}]}"#
    ),
    ("bundle of 1", #"{"id": "a", "kind": "item", "bundle": {"quantity": 1, "price": "5"}}"#),
    (
      "bundle with a unit limit",
      #"{"id": "a", "kind": "item", "bundle": {"quantity": 2, "price": "5"}, "maximumQuantity": 2}"#
    ),
    (
      "getTarget without buy",
      #"{"id": "a", "kind": "item", "percentOff": "5", "getTarget": {"skus": ["m"]}}"#
    ),
    (
      "acrossLines false with getTarget",
      #"{"id": "a", "kind": "item", "buy": 1, "get": 1, "getTarget": {"skus": ["m"]}, "acrossLines": false}"#
    ),
    (
      "acrossLines without a unit limit",
      #"{"id": "a", "kind": "item", "percentOff": "5", "acrossLines": true}"#
    ),
    (
      "a gift with a benefit",
      #"{"id": "a", "kind": "gift", "percentOff": "5", "gift": {"sku": "c", "quantity": 1}}"#
    ),
    (
      "a gift that is stackable",
      #"{"id": "a", "kind": "gift", "stackable": true, "gift": {"sku": "c", "quantity": 1}}"#
    ),
    ("a gift without goods", #"{"id": "a", "kind": "gift"}"#),
    ("a gift of 0 units", #"{"id": "a", "kind": "gift", "gift": {"sku": "c", "quantity": 0}}"#),
    (
      "excludeDiscountedLines on shipping",
      #"{"id": "a", "kind": "shipping", "percentOff": "100", "excludeDiscountedLines": true}"#
    ),
  ]

  @Test("the format-4 example store and format-4 promotions: both accept")
  func goodStores() throws {
    let schema = try SchemaTests.validator("promotion-store")
    #expect(schema.errors(in: try SchemaTests.json("stores/tea-shop-v4.json")).isEmpty)
    for text in Self.good.map({ Self.store($0) }) {
      #expect(schema.errors(in: try Format3SchemaTests.parsed(text)).isEmpty, "\(text)")
      let run = InProcessRun(["validate", "-"], stdin: text)
      #expect(run.status == 0, "promo refuses \(text): \(run.stderr)")
    }
  }

  @Test("format-4 rules and format-4 keys in earlier versions: both refuse")
  func badStores() throws {
    let schema = try SchemaTests.validator("promotion-store")
    let earlier = Self.good.map { ("in version 3: \($0)", Self.store($0, version: 3)) }
    let rounding = [("rounding in version 3", #"{"version": 3, "rounding": "down", "promotions": []}"#)]
    for (what, text) in Self.bad.map({ ($0.0, Self.store($0.1)) }) + earlier + rounding {
      #expect(!schema.errors(in: try Format3SchemaTests.parsed(text)).isEmpty, "the schema accepts \(what)")
      let run = InProcessRun(["validate", "-"], stdin: text)
      #expect(run.status == 65, "promo accepts \(what) (exit \(run.status))")
    }
  }
}
