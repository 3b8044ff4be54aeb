import Foundation
import PromoTestSupport

/// Shared helpers for the format-4 reference's tests: JSON text read as the reference reads
/// it, a case priced by it, and results compared as parsed objects.
enum F4Ref {
  /// The evaluation time of the contract's worked examples.
  static let at = "2026-11-22T12:00:00+08:00"

  /// The format-4 store of the contract's worked examples C-1 and C-2, verbatim.
  static let storeC = """
    {"version": 4, "currency": "CNY", "rounding": "half-even", "promotions": [
     {"id": "tea-any-3-50", "name": "Any 3 teas for 50", "kind": "item", "target": {"categories": ["tea"]}, "bundle": {"quantity": 3, "price": "50.00"}, "stackable": true},
     {"id": "buy2tea-mug-free", "name": "Buy 2 teas, get a mug free", "kind": "item", "target": {"categories": ["tea"]}, "getTarget": {"skus": ["mug-white"]}, "buy": 2, "get": 1, "stackable": true},
     {"id": "fresh-10", "name": "10% off what is not on sale", "kind": "discount", "percentOff": "10", "excludeDiscountedLines": true, "stackable": true},
     {"id": "spend-tiers", "name": "10 off 100, 25 off 200", "kind": "threshold", "tiers": [{"minimumAmount": "100.00", "amountOff": "10.00"}, {"minimumAmount": "200.00", "amountOff": "25.00"}], "stackable": true},
     {"id": "SHOP5", "name": "Shop coupon, 5% after the spend deal", "kind": "discount", "code": "SHOP5", "layer": 3, "percentOff": "5", "stackable": true},
     {"id": "cup-over-199", "name": "A cup free when you pay 199", "kind": "gift", "minimumAmount": "199.00", "gift": {"sku": "cup-free", "quantity": 1, "name": "Tea cup"}}]}
    """

  /// JSON text as `JSONSerialization` reads it.
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  /// The format-4 reference's pricing of `order` against `store`, every plan kept.
  static func pricing(
    _ order: String, store: String, codes: [String] = [], groups: [String] = [], at: String = at
  ) throws -> Ref4Pricing {
    guard
      case .priced(let pricing) = try Format4Reference.price(
        store: json(store), order: json(order), at: at, codes: codes, groups: groups, keepPlans: true)
    else { throw RefError("refused") }
    return pricing
  }

  /// A version-4 CNY store of `promotions` (JSON objects' text), with `rounding` when given.
  static func store(_ promotions: [String], rounding: String? = nil) -> String {
    let rule = rounding.map { #""rounding": "\#($0)", "# } ?? ""
    return
      #"{"version": 4, "currency": "CNY", \#(rule)"promotions": [\#(promotions.joined(separator: ","))]}"#
  }

  /// The differences, both ways, between two result objects.
  static func differences(_ actual: [String: Any], _ expected: [String: Any]) -> [String] {
    var problems: [String] = []
    ResultObjectCheck.differences(expected, actual, at: "", into: &problems)
    ResultObjectCheck.differences(actual, expected, at: "", into: &problems)
    return problems
  }

  /// The differences between the reference's result object and one written out in the contract.
  static func differences(_ pricing: Ref4Pricing, _ expected: String) throws -> [String] {
    guard let object = try json(expected) as? [String: Any] else { throw RefError("not an object") }
    return differences(pricing.resultObject4, object)
  }

  /// Each promotion's outcome name, by id.
  static func outcomes(_ pricing: Ref4Pricing) -> [String: String] {
    Dictionary(uniqueKeysWithValues: pricing.outcomes.map { ($0.id, $0.outcome.name) })
  }

  /// The `considered` entry of `id` in the explained result.
  static func considered(_ pricing: Ref4Pricing, _ id: String) -> [String: Any]? {
    (pricing.explainedObject["considered"] as? [[String: Any]])?.first { $0["id"] as? String == id }
  }

  /// An order of lines (`sku`, price, quantity, categories) in CNY, as JSON text.
  static func order(
    _ lines: [(String, String, Int, [String])], id: String = "o", shipping: String? = nil,
    codes: [String] = []
  ) -> String {
    let items = lines.map { line in
      let categories =
        line.3.isEmpty ? "" : #", "categories": [\#(line.3.map { "\"\($0)\"" }.joined(separator: ","))]"#
      return #"{"sku": "\#(line.0)", "unitPrice": "\#(line.1)", "quantity": \#(line.2)\#(categories)}"#
    }
    var members = [#""id": "\#(id)""#]
    if let shipping { members.append(#""shipping": "\#(shipping)""#) }
    if !codes.isEmpty { members.append(#""codes": [\#(codes.map { "\"\($0)\"" }.joined(separator: ","))]"#) }
    members.append(#""items": [\#(items.joined(separator: ","))]"#)
    return "{" + members.joined(separator: ", ") + "}"
  }
}
