import PromoKit
import PromoTestSupport
import Testing

/// Syntax errors, the first problem thrown by decode, and diagnose reporting every problem
/// of a store in file order, past a bad version or currency.
extension StoreDecoderTests {
  // MARK: Syntax errors

  @Test("a syntax error names line and column and is invalid data")
  func syntaxError() {
    let text = """
      {
        "version": 1,
        "promotions": [
          {"id": "d", "kind": "discount", "percentOff": 5},
        ]
      }
      """
    let found = problem(text)
    #expect(found?.position == "4:53")
    #expect(found?.file == "promotions.json")
    #expect(found?.category == .invalidData)
    #expect(found?.message.contains("trailing comma") == true)
  }

  @Test("a duplicate key in a store is a syntax error at the second key")
  func duplicateKeyInStore() {
    let text = "{\n  \"version\": 1,\n  \"version\": 1,\n  \"promotions\": []\n}"
    let found = problem(text)
    #expect(found?.position == "3:3")
    #expect(found?.message.contains("duplicate key") == true)
  }

  @Test("decode throws the first problem as a PromoError")
  func decodeThrows() {
    let text = Self.store([
      #"{"id": "d", "kind": "discount", "percentOff": 0}"#,
      #"{"id": "e", "kind": "discount", "percentOff": 500}"#,
    ])
    do {
      _ = try StoreDecoder.decode(Array(text.utf8), file: Self.file)
      Issue.record("decoded an invalid store")
    } catch {
      #expect(error.position == "promotions[0].percentOff")
      #expect(error.category == .invalidData)
      #expect(error.file == Self.file)
    }
  }

  // MARK: Every problem

  @Test("diagnose reports every problem, in file order, and no catalog")
  func diagnoseEverything() {
    let text = """
      {
        "version": 1,
        "currency": "CNY",
        "extra": true,
        "promotions": [
          {"id": "ok", "kind": "discount", "percentOff": "10"},
          {"id": "bad id", "kind": "discount", "percentOff": "0"},
          {"id": "t", "kind": "threshold", "amountOff": "1.005"},
          {"id": "w", "kind": "discount", "amountOff": "1", "startsAt": "2026-12-01T00:00:00Z", "endsAt": "2026-11-01T00:00:00Z"},
          {"id": "ok", "kind": "discount", "percentOff": "20"},
          {"id": "k", "kind": "coupon", "percentOff": "10", "amountOff": "1", "startAt": "2026-11-01T00:00:00Z"}
        ]
      }
      """
    let result = StoreDecoder.diagnose(Array(text.utf8), file: Self.file)
    #expect(result.catalog == nil)
    let positions = result.problems.map { $0.position ?? "" }
    #expect(
      positions == [
        "extra",
        "promotions[1].id",
        "promotions[1].percentOff",
        "promotions[2].minimumAmount",
        "promotions[2].amountOff",
        "promotions[3].endsAt",
        "promotions[4].id",
        "promotions[5].startAt",
        "promotions[5].kind",
        "promotions[5].amountOff",
      ])
    #expect(result.problems.allSatisfy { $0.category == .invalidData && $0.file == Self.file })
  }

  @Test("diagnose still reports a duplicate id when the first promotion with that id is invalid")
  func diagnoseDuplicateOfInvalid() {
    let text = Self.store([
      #"{"id": "x", "kind": "coupon", "percentOff": "10"}"#,
      #"{"id": "x", "kind": "discount", "percentOff": "10"}"#,
    ])
    let positions = StoreDecoder.diagnose(Array(text.utf8), file: Self.file).problems.map {
      $0.position ?? ""
    }
    #expect(positions == ["promotions[0].kind", "promotions[1].id"])
  }

  @Test("diagnose still checks the promotions of a store whose version is missing or malformed")
  func diagnoseAfterBadVersion() {
    for header in [#"{"#, #"{"version": "1", "#, #"{"version": 0, "#] {
      let text = header + #""promotions": [{"id": "bad id", "kind": "discount", "percentOff": "10"}]}"#
      let positions = StoreDecoder.diagnose(Array(text.utf8), file: Self.file).problems.map {
        $0.position ?? ""
      }
      #expect(positions == ["version", "promotions[0].id"], "\(header)")
    }
  }

  @Test("diagnose still checks the promotions of a store whose currency is invalid")
  func diagnoseAfterBadCurrency() {
    let text =
      #"{"version": 1, "currency": "cny", "promotions": [{"id": "d", "kind": "coupon", "percentOff": "10"}]}"#
    let positions = StoreDecoder.diagnose(Array(text.utf8), file: Self.file).problems.map {
      $0.position ?? ""
    }
    #expect(positions == ["currency", "promotions[0].kind"])
  }

  @Test("diagnose continues past a missing version and a bad currency to every other problem")
  func diagnoseAfterBadVersionAndCurrency() {
    let text = """
      {
        "$schema": 42,
        "currency": "yen",
        "promotions": [
          {"id": "a", "kind": "threshold", "minimumAmount": "99.995", "amountOff": "1.0001"},
          {"id": "a", "kind": "discount", "percentOff": "101", "extra": 1}
        ]
      }
      """
    let result = StoreDecoder.diagnose(Array(text.utf8), file: Self.file)
    #expect(result.catalog == nil)
    // The minimum may have any number of places; amountOff is checked with 3 minor digits
    // (the most any currency has) since the currency is invalid.
    #expect(
      result.problems.map { $0.position ?? "" } == [
        "version", "currency", "promotions[0].amountOff", "promotions[1].id", "promotions[1].extra",
        "promotions[1].percentOff",
      ])
  }

  @Test("diagnose of a valid store has a catalog and no problems")
  func diagnoseValid() {
    let result = StoreDecoder.diagnose(Array(Self.store([Self.validDiscount]).utf8), file: Self.file)
    #expect(result.problems.isEmpty)
    #expect(result.catalog?.promotions.count == 1)
  }

  @Test("diagnose of a syntax error reports that one error")
  func diagnoseSyntax() {
    let result = StoreDecoder.diagnose(Array("{\"version\": 1,}".utf8), file: Self.file)
    #expect(result.catalog == nil)
    #expect(result.problems.map(\.position) == ["1:14"])
  }
}
