import PromoKit
import PromoTestSupport
import Testing

@Suite("StoreDecoder enforces the store schema (the documented rules)")
struct StoreDecoderTests {
  static let file = "promotions.json"

  /// A version-1 store with `header` members (such as a currency) and these promotion objects.
  static func store(_ promotions: [String], header: String = "") -> String {
    let head = header.isEmpty ? "" : header + ", "
    return #"{"version": 1, "# + head + #""promotions": ["# + promotions.joined(separator: ", ") + "]}"
  }

  static let validDiscount = #"{"id": "d", "kind": "discount", "percentOff": "10"}"#

  func problems(_ text: String) -> [PromoError] {
    StoreDecoder.diagnose(Array(text.utf8), file: Self.file).problems
  }

  /// The one problem `text` has (recording an issue when there is not exactly one).
  func problem(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> PromoError? {
    let found = problems(text)
    if found.count != 1 {
      Issue.record("expected one problem, got \(found.map(\.description))", sourceLocation: sourceLocation)
    }
    return found.first
  }

  func catalog(_ text: String) throws -> Catalog {
    try StoreDecoder.decode(Array(text.utf8), file: Self.file)
  }

  /// The position of the one problem a store with this one promotion has.
  func position(ofPromotion promotion: String, header: String = "") -> String? {
    problem(Self.store([promotion], header: header))?.position
  }

  // MARK: Valid stores

  @Test("the documented example decodes with every field")
  func specExample() throws {
    let text = Fixture.specExampleStore
    let catalog = try catalog(text)
    #expect(catalog.currency?.code == "CNY")
    #expect(catalog.schema == nil)
    #expect(catalog.promotions.count == 2)
    let autumn = catalog.promotions[0]
    #expect(autumn.id == "autumn-20")
    #expect(autumn.name == "20% off everything")
    #expect(autumn.kind == .discount)
    #expect(autumn.benefit == .percentOff(Fixture.percent("20")))
    #expect(autumn.minimumAmount == nil)
    #expect(autumn.startsAt?.text == "2026-11-01T00:00:00+08:00")
    #expect(autumn.startsAt?.instant == Fixture.instant("2026-10-31T16:00:00Z"))
    #expect(autumn.endsAt?.text == "2026-12-01T00:00:00+08:00")
    #expect(autumn.isActive)
    #expect(autumn.isStackable)
    let spend = catalog.promotions[1]
    #expect(spend.id == "spend100-save15")
    #expect(spend.name == nil)
    #expect(spend.kind == .threshold)
    #expect(spend.minimumAmount == Fixture.decimal("100"))
    #expect(spend.benefit == .amountOff(Fixture.decimal("15")))
    #expect(spend.startsAt == nil)
    #expect(spend.endsAt == nil)
    #expect(spend.isActive)
    #expect(spend.isStackable)
  }

  @Test("defaults: active true, stackable false, no currency")
  func defaults() throws {
    let catalog = try catalog(Self.store([Self.validDiscount]))
    #expect(catalog.currency == nil)
    #expect(catalog.promotions[0].isActive)
    #expect(!catalog.promotions[0].isStackable)
    let flags = try self.catalog(
      Self.store([#"{"id": "d", "kind": "discount", "percentOff": 10, "active": false, "stackable": false}"#])
    )
    #expect(!flags.promotions[0].isActive)
  }

  @Test("an empty promotion list is a valid store")
  func emptyStore() throws {
    let catalog = try catalog(#"{"version": 1, "currency": "JPY", "promotions": []}"#)
    #expect(catalog.promotions.isEmpty)
    #expect(catalog.currency?.minorDigits == 0)
  }

  @Test("decimals are read exactly from JSON numbers or strings")
  func decimalForms() throws {
    let catalog = try catalog(
      Self.store([
        #"{"id": "a", "kind": "discount", "percentOff": 12.5}"#,
        #"{"id": "b", "kind": "discount", "percentOff": "12.50"}"#,
        #"{"id": "c", "kind": "threshold", "minimumAmount": 1e2, "amountOff": 0.10}"#,
        #"{"id": "d", "kind": "threshold", "minimumAmount": "0", "amountOff": "1000000000000"}"#,
        #"{"id": "e", "kind": "discount", "percentOff": "0.0001"}"#,
        #"{"id": "f", "kind": "discount", "percentOff": 100}"#,
      ]))
    let benefits = catalog.promotions.map(\.benefit)
    #expect(benefits[0] == .percentOff(Fixture.percent("12.5")))
    #expect(benefits[1] == benefits[0])
    #expect(catalog.promotions[2].minimumAmount == Fixture.decimal("100"))
    #expect(benefits[2] == .amountOff(Fixture.decimal("0.1")))
    #expect(catalog.promotions[3].minimumAmount == Fixture.decimal("0"))
    #expect(benefits[3] == .amountOff(Fixture.decimal("1000000000000")))
    #expect(benefits[4] == .percentOff(Fixture.percent("0.0001")))
    #expect(benefits[5] == .percentOff(Fixture.percent("100")))
  }

  @Test(
    "an id of 1 to 64 allowed characters is accepted",
    arguments: ["a", "Z", "0", "a.b_c-D9", String(repeating: "x", count: 64), "-", "..", "_"])
  func validIDs(id: String) throws {
    let catalog = try catalog(Self.store([#"{"id": "\#(id)", "kind": "discount", "amountOff": 1}"#]))
    #expect(catalog.promotions[0].id == id)
  }

  // MARK: $schema and version

  @Test("a top-level $schema is accepted and kept")
  func schemaAccepted() throws {
    let catalog = try catalog(
      #"{"$schema": "https://example.com/promo.schema.json", "version": 1, "promotions": []}"#)
    #expect(catalog.schema == "https://example.com/promo.schema.json")
  }

  @Test("$schema is refused inside a promotion")
  func schemaInsidePromotion() {
    let found = problem(
      Self.store([#"{"$schema": "x", "id": "d", "kind": "discount", "percentOff": "10"}"#]))
    #expect(found?.position == "promotions[0].$schema")
    #expect(found?.message.hasPrefix("unknown key \"$schema\" in promotions[0]") == true)
  }

  @Test("a top-level $schema is accepted with any value; only a string is kept")
  func schemaAnyValue() throws {
    for value in ["1", "null", "false", "[]", #"{"url": "x"}"#, "1.5"] {
      let text = #"{"$schema": \#(value), "version": 1, "promotions": []}"#
      #expect(problems(text).isEmpty, "\(value)")
      let catalog = try catalog(text)
      #expect(catalog.schema == nil, "\(value)")
      #expect(!StoreEncoder.encode(catalog).contains("$schema"), "\(value)")
    }
    let kept = try catalog(#"{"version": 1, "$schema": "", "promotions": []}"#)
    #expect(kept.schema == "")
    #expect(
      StoreEncoder.encode(kept) == "{\n  \"$schema\": \"\",\n  \"version\": 1,\n  \"promotions\": []\n}\n")
  }

  @Test("a string $schema is written first when the store is rewritten")
  func schemaRewritten() throws {
    let text =
      #"{"version": 1, "currency": "JPY", "promotions": [], "$schema": "https://example.com/s.json"}"#
    let encoded = StoreEncoder.encode(try catalog(text))
    #expect(
      encoded
        == "{\n  \"$schema\": \"https://example.com/s.json\",\n  \"version\": 1,\n  \"currency\": \"JPY\",\n"
        + "  \"promotions\": []\n}\n")
    #expect(StoreEncoder.encode(try catalog(encoded)) == encoded)
  }

  @Test("a missing version is refused")
  func missingVersion() {
    let found = problem(#"{"promotions": []}"#)
    #expect(found?.position == "version")
    #expect(found?.category == .invalidData)
  }

  @Test("a newer version is refused with a clear error", arguments: ["5", "99", "5.0"])
  func newerVersion(version: String) {
    let found = problem(#"{"version": \#(version), "promotions": [{"anything": "goes"}]}"#)
    #expect(found?.position == "version")
    #expect(found?.message.contains("newer") == true)
    #expect(found?.category == .invalidData)
  }

  @Test("other versions are refused", arguments: ["0", "-1", "1.5", "\"1\"", "null", "true", "[1]"])
  func badVersion(version: String) {
    let found = problem(#"{"version": \#(version), "promotions": []}"#)
    #expect(found?.position == "version")
  }

  // MARK: Top level

  @Test("the top level must be an object")
  func topLevelType() {
    for text in ["[]", "1", "\"store\"", "null"] {
      let found = problem(text)
      #expect(found?.position == "top level")
      #expect(found?.category == .invalidData)
    }
  }

  @Test("promotions must be an array")
  func promotionsType() {
    #expect(problem(#"{"version": 1, "promotions": {}}"#)?.position == "promotions")
  }

  @Test("an unknown top-level key is refused with a suggestion")
  func unknownTopLevelKey() {
    let found = problem(#"{"version": 1, "promotion": [], "promotions": []}"#)
    #expect(found?.position == "promotion")
    #expect(found?.message == #"unknown key "promotion" at the top level; did you mean "promotions"?"#)
  }

  @Test("a currency must be three capital letters")
  func badCurrency() {
    let lower = problem(#"{"version": 1, "currency": "cny", "promotions": []}"#)
    #expect(lower?.position == "currency")
    #expect(lower?.message.contains(#"did you mean "CNY"?"#) == true)
    for code in ["\"CN\"", "\"CNYY\"", "\"ÇNY\"", "\"\"", "156"] {
      #expect(problem(#"{"version": 1, "currency": \#(code), "promotions": []}"#)?.position == "currency")
    }
  }
}
