import PromoKit
import PromoTestSupport
import Testing

/// A promotion's required keys, its id (characters, length, type, duplicates, case) and
/// its kind.
extension StoreDecoderTests {
  // MARK: Required keys and kinds

  @Test("a missing id or kind is reported at its path")
  func requiredKeys() {
    #expect(position(ofPromotion: #"{"kind": "discount", "percentOff": 5}"#) == "promotions[0].id")
    #expect(position(ofPromotion: #"{"id": "d", "percentOff": 5}"#) == "promotions[0].kind")
    let missing = problem(Self.store([#"{"kind": "discount", "percentOff": 5}"#]))
    #expect(missing?.message.contains(#"missing required key "id""#) == true)
  }

  @Test("a promotion must be an object")
  func promotionType() {
    #expect(position(ofPromotion: "[]") == "promotions[0]")
    #expect(position(ofPromotion: #""d""#) == "promotions[0]")
  }

  @Test(
    "invalid ids are refused",
    arguments: ["", String(repeating: "x", count: 65), "a b", "é", "a/b", "a+b", "a\\u0000"])
  func invalidIDs(id: String) {
    #expect(
      position(ofPromotion: #"{"id": "\#(id)", "kind": "discount", "percentOff": 5}"#) == "promotions[0].id")
  }

  @Test("an id must be a string")
  func idType() {
    #expect(position(ofPromotion: #"{"id": 7, "kind": "discount", "percentOff": 5}"#) == "promotions[0].id")
  }

  @Test("duplicate ids are refused at the later promotion")
  func duplicateIDs() {
    let text = Self.store([
      #"{"id": "same", "kind": "discount", "percentOff": 5}"#,
      #"{"id": "other", "kind": "discount", "percentOff": 5}"#,
      #"{"id": "same", "kind": "threshold", "minimumAmount": 1, "amountOff": 1}"#,
    ])
    let found = problem(text)
    #expect(found?.position == "promotions[2].id")
    #expect(found?.message.contains("duplicate id \"same\"") == true)
    #expect(found?.message.contains("promotions[0]") == true)
  }

  @Test("ids differing only in case are distinct")
  func caseSensitiveIDs() throws {
    let catalog = try catalog(
      Self.store([
        #"{"id": "Sale", "kind": "discount", "percentOff": 5}"#,
        #"{"id": "sale", "kind": "discount", "percentOff": 5}"#,
      ]))
    #expect(catalog.promotions.map(\.id) == ["Sale", "sale"])
  }

  @Test(
    "kind must be discount or threshold",
    arguments: ["\"Discount\"", "\"coupon\"", "\"\"", "1", "null", "\"THRESHOLD\""])
  func badKind(kind: String) {
    #expect(position(ofPromotion: #"{"id": "d", "kind": \#(kind), "percentOff": 5}"#) == "promotions[0].kind")
  }

  @Test("a misspelt kind gets a suggestion")
  func kindSuggestion() {
    let found = problem(Self.store([#"{"id": "d", "kind": "discont", "percentOff": 5}"#]))
    #expect(found?.message.contains(#"did you mean "discount"?"#) == true)
  }
}
