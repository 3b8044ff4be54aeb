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

  // MARK: Unknown keys

  @Test("an unknown promotion key names the nearest known key")
  func unknownKeySuggestion() {
    let text = Self.store([
      #"{"id": "a", "kind": "discount", "percentOff": "10"}"#,
      #"{"id": "b", "kind": "discount", "percentOff": "10"}"#,
      #"{"id": "c", "kind": "discount", "percentOff": "10", "startAt": "2026-11-01T00:00:00Z"}"#,
    ])
    let found = problem(text)
    #expect(found?.message == #"unknown key "startAt" in promotions[2]; did you mean "startsAt"?"#)
    #expect(found?.position == "promotions[2].startAt")
    #expect(found?.category == .invalidData)
    #expect(
      found?.description
        == #"promotions.json: promotions[2].startAt: unknown key "startAt" in promotions[2]; did you mean "startsAt"?"#
    )
  }

  @Test(
    "typos map to their keys",
    arguments: [
      ("percent_off", "percentOff"), ("PercentOff", "percentOff"), ("amountoff", "amountOff"),
      ("minimumAmout", "minimumAmount"), ("endAt", "endsAt"), ("stackabel", "stackable"), ("activ", "active"),
      ("Name", "name"), ("kinds", "kind"),
    ])
  func typoSuggestions(typo: String, known: String) {
    let found = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 5, "\#(typo)": 1}"#]))
    #expect(found?.message == #"unknown key "\#(typo)" in promotions[0]; did you mean "\#(known)"?"#)
    #expect(found?.position == "promotions[0].\(typo)")
  }

  @Test("an unknown key with no near match still names the closest known key")
  func unknownKeyWithoutNearMatch() throws {
    let found = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 5, "xyzzyqwerty": 1}"#]))
    #expect(found?.position == "promotions[0].xyzzyqwerty")
    let closest = try #require(KeySuggestion.closest(to: "xyzzyqwerty", in: StoreDecoder.promotionKeys))
    #expect(StoreDecoder.promotionKeys.contains(closest))
    #expect(found?.message == #"unknown key "xyzzyqwerty" in promotions[0]; did you mean "\#(closest)"?"#)
    #expect(found?.message.contains("known keys") == false)
    let top = problem(#"{"version": 1, "zzzzzzzzzzzz": 1, "promotions": []}"#)
    #expect(top?.position == "zzzzzzzzzzzz")
    #expect(top?.message.hasPrefix(#"unknown key "zzzzzzzzzzzz" at the top level; did you mean ""#) == true)
    #expect(top?.message.contains("known keys") == false)
    #expect(top?.message.contains("$schema") == false)
  }

  @Test("abbreviations name the key they abbreviate")
  func abbreviationSuggestions() {
    for (short, known) in [
      ("pct", "percentOff"), ("min", "minimumAmount"), ("ed", "endsAt"), ("stk", "stackable"),
    ] {
      let found = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 5, "\#(short)": 1}"#]))
      #expect(found?.message == #"unknown key "\#(short)" in promotions[0]; did you mean "\#(known)"?"#)
    }
  }

  @Test("KeySuggestion finds near keys and ignores far ones")
  func keySuggestion() {
    #expect(KeySuggestion.nearest(to: "startAt", in: StoreDecoder.promotionKeys) == "startsAt")
    #expect(KeySuggestion.nearest(to: "STARTS_AT", in: StoreDecoder.promotionKeys) == "startsAt")
    #expect(KeySuggestion.nearest(to: "zzzzzzzzzz", in: StoreDecoder.promotionKeys) == nil)
    #expect(KeySuggestion.nearest(to: "x", in: []) == nil)
  }

  @Test("KeySuggestion.closest always answers: an abbreviation first, else the fewest edits")
  func keySuggestionClosest() {
    let keys = StoreDecoder.promotionKeys
    #expect(KeySuggestion.closest(to: "qty", in: OrderDecoder.itemKeys) == "quantity")
    #expect(KeySuggestion.closest(to: "QTY", in: OrderDecoder.itemKeys) == "quantity")
    // An abbreviation wins over a key fewer edits away ("ed" is one edit from "id").
    #expect(KeySuggestion.nearest(to: "ed", in: keys) == "id")
    #expect(KeySuggestion.closest(to: "ed", in: keys) == "endsAt")
    // Of several keys it abbreviates, the shortest.
    #expect(KeySuggestion.closest(to: "amt", in: ["amountOff", "amount", "name"]) == "amount")
    // Near keys are found as before.
    #expect(KeySuggestion.closest(to: "startAt", in: keys) == "startsAt")
    #expect(KeySuggestion.closest(to: "STARTS_AT", in: keys) == "startsAt")
    #expect(KeySuggestion.closest(to: "stackabel", in: keys) == "stackable")
    // However far, some key is named.
    #expect(KeySuggestion.closest(to: "zzzzzzzzzz", in: keys).map(keys.contains) == true)
    #expect(KeySuggestion.closest(to: "x", in: ["only"]) == "only")
    #expect(KeySuggestion.closest(to: "x", in: []) == nil)
  }

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

  // MARK: Benefit

  @Test("exactly one of percentOff and amountOff")
  func exactlyOneBenefit() {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "percentOff": 5, "amountOff": 5}"#)
        == "promotions[0].amountOff")
    let none = problem(Self.store([#"{"id": "d", "kind": "discount"}"#]))
    #expect(none?.position == "promotions[0].percentOff")
    #expect(none?.message.contains("amountOff") == true)
  }

  @Test(
    "percentOff must be greater than 0, at most 100, with at most 4 places",
    arguments: [
      "0", "\"0\"", "-1", "\"-0.5\"", "100.0001", "\"101\"", "\"12.34567\"", "0.00001", "\"20%\"", "\"\"",
      "true",
      "null", "\"1e400\"", "\" 20\"", "\"+20\"",
    ])
  func badPercent(value: String) {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "percentOff": \#(value)}"#)
        == "promotions[0].percentOff")
  }

  @Test("percentOff range messages say what is wrong")
  func percentMessages() {
    let tooBig = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": 150}"#]))
    #expect(tooBig?.message.contains("at most 100") == true)
    let tooFine = problem(Self.store([#"{"id": "d", "kind": "discount", "percentOff": "12.34567"}"#]))
    #expect(tooFine?.message.contains("4 decimal places") == true)
  }

  @Test(
    "amountOff must be greater than 0 and fit the currency's minor digits",
    arguments: [
      ("", "0"), ("", "\"0.00\""), ("", "-1"), ("", "\"1.001\""), (#""currency": "CNY""#, "\"15.001\""),
      (#""currency": "JPY""#, "\"15.5\""), (#""currency": "JPY""#, "0.1"),
      (#""currency": "KWD""#, "\"1.0001\""),
      ("", "\"abc\""), ("", "[]"),
    ])
  func badAmountOff(header: String, value: String) {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": \#(value)}"#, header: header)
        == "promotions[0].amountOff")
  }

  @Test(
    "amountOff with as many digits as the currency has is accepted",
    arguments: [
      ("", "\"1.01\""), (#""currency": "CNY""#, "\"15.00\""), (#""currency": "JPY""#, "\"15\""),
      (#""currency": "JPY""#, "15.000"), (#""currency": "KWD""#, "\"1.001\""),
      (#""currency": "BHD""#, "0.125"),
    ])
  func goodAmountOff(header: String, value: String) {
    #expect(
      problems(Self.store([#"{"id": "d", "kind": "discount", "amountOff": \#(value)}"#], header: header))
        .isEmpty)
  }

  @Test("the digits message names the currency")
  func digitsMessage() {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": "1.5"}"#], header: #""currency": "JPY""#))
    #expect(found?.message.contains("JPY") == true)
  }

  // MARK: Minimum

  @Test("a threshold needs minimumAmount")
  func thresholdNeedsMinimum() {
    let found = problem(Self.store([#"{"id": "t", "kind": "threshold", "amountOff": 5}"#]))
    #expect(found?.position == "promotions[0].minimumAmount")
  }

  @Test("a discount may not have minimumAmount")
  func discountRefusesMinimum() {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": 5, "minimumAmount": 10}"#]))
    #expect(found?.position == "promotions[0].minimumAmount")
  }

  @Test(
    "minimumAmount must be a decimal of at least 0 and at most 10^12",
    arguments: [
      ("", "-0.01"), (#""currency": "JPY""#, "-1"), ("", "\"x\""), ("", "false"), ("", "null"),
      (#""currency": "KWD""#, "\"1000000000000.001\""), ("", "\"0.0000000000000000001\""),
    ])
  func badMinimum(header: String, value: String) {
    #expect(
      position(
        ofPromotion: #"{"id": "t", "kind": "threshold", "amountOff": 5, "minimumAmount": \#(value)}"#,
        header: header)
        == "promotions[0].minimumAmount")
  }

  @Test(
    "minimumAmount may have more decimal places than the currency",
    arguments: [
      ("", "\"1.005\"", "1.005"), (#""currency": "CNY""#, "\"99.995\"", "99.995"),
      (#""currency": "JPY""#, "\"99.5\"", "99.5"), (#""currency": "JPY""#, "0.001", "0.001"),
      (#""currency": "KWD""#, "\"1.0001\"", "1.0001"), ("", "\"999999999999.999999\"", "999999999999.999999"),
    ])
  func preciseMinimum(header: String, value: String, expected: String) throws {
    let text = Self.store(
      [#"{"id": "t", "kind": "threshold", "minimumAmount": \#(value), "amountOff": 5}"#], header: header)
    #expect(problems(text).isEmpty)
    let decoded = try catalog(text)
    #expect(decoded.promotions[0].minimumAmount == Fixture.decimal(expected))
    // Rewriting keeps every place.
    let encoded = StoreEncoder.encode(decoded)
    #expect(encoded.contains(#""minimumAmount": "\#(expected)""#))
    #expect(try catalog(encoded) == decoded)
  }

  @Test("a precise minimum in a CNY store is reached from the next whole cent")
  func preciseMinimumPricing() throws {
    let text = Self.store(
      [#"{"id": "t", "kind": "threshold", "minimumAmount": "99.995", "amountOff": "10.00"}"#],
      header: #""currency": "CNY""#)
    let calculator = try PriceCalculator(catalog: catalog(text), at: Fixture.instant("2026-11-22T04:00:00Z"))
    let cny = Currency.valid("CNY")
    let below = try calculator.bestPlan(for: Order(id: "o", currency: cny, amount: Fixture.cents(9_999)))
    #expect(below.applied.isEmpty)
    #expect(below.total == Fixture.cents(9_999))
    let reached = try calculator.bestPlan(for: Order(id: "o", currency: cny, amount: Fixture.cents(10_000)))
    #expect(reached.applied.map(\.id) == ["t"])
    #expect(reached.total == Fixture.cents(9_000))
  }

  // MARK: Largest amounts

  @Test("amounts up to 10^12 are accepted, above are refused")
  func largestAmounts() {
    let accepted = [
      #"{"id": "a", "kind": "discount", "amountOff": "1000000000000"}"#,
      #"{"id": "b", "kind": "discount", "amountOff": "1000000000000.00"}"#,
      #"{"id": "c", "kind": "threshold", "minimumAmount": 1e12, "amountOff": 1}"#,
    ]
    #expect(problems(Self.store(accepted)).isEmpty)
    let refused: [(String, String)] = [
      (#"{"id": "a", "kind": "discount", "amountOff": "1000000000000.01"}"#, "amountOff"),
      (#"{"id": "a", "kind": "discount", "amountOff": 1e13}"#, "amountOff"),
      (
        #"{"id": "a", "kind": "threshold", "minimumAmount": "1000000000001", "amountOff": 1}"#,
        "minimumAmount"
      ),
      (#"{"id": "a", "kind": "discount", "amountOff": "99999999999999999999999"}"#, "amountOff"),
    ]
    for (promotion, key) in refused {
      #expect(position(ofPromotion: promotion) == "promotions[0].\(key)")
    }
  }

  // MARK: Windows

  @Test("startsAt must be before endsAt")
  func windowOrder() {
    let equal = problem(
      Self.store([
        #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T00:00:00Z", "endsAt": "2026-11-01T00:00:00Z"}"#
      ]))
    #expect(equal?.position == "promotions[0].endsAt")
    let reversed = position(
      ofPromotion:
        #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-12-01T00:00:00Z", "endsAt": "2026-11-01T00:00:00Z"}"#
    )
    #expect(reversed == "promotions[0].endsAt")
    // The same instant written with two offsets is an empty window too.
    let sameInstant = position(
      ofPromotion:
        #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T08:00:00+08:00", "endsAt": "2026-11-01T00:00:00Z"}"#
    )
    #expect(sameInstant == "promotions[0].endsAt")
    // Text that sorts the other way but names later instants is fine.
    let offsets = Self.store([
      #"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T09:00:00+08:00", "endsAt": "2026-11-01T02:00:00Z"}"#
    ])
    #expect(problems(offsets).isEmpty)
  }

  @Test(
    "timestamps must be RFC 3339 with an offset",
    arguments: [
      ("startsAt", "\"2026-11-01T00:00:00\""), ("endsAt", "\"2026-11-01\""),
      ("startsAt", "\"2026-02-29T00:00:00Z\""),
      ("endsAt", "\"2026-11-01T24:00:00Z\""), ("startsAt", "1793462400"), ("endsAt", "null"),
    ])
  func badTimestamp(key: String, value: String) {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": 1, "\#(key)": \#(value)}"#]))
    #expect(found?.position == "promotions[0].\(key)")
    #expect(found?.category == .invalidData)
  }

  @Test("the missing-offset message says how to write the offset")
  func missingOffsetMessage() {
    let found = problem(
      Self.store([#"{"id": "d", "kind": "discount", "amountOff": 1, "startsAt": "2026-11-01T00:00:00"}"#]))
    #expect(found?.message.contains("offset") == true)
  }

  // MARK: Other types

  @Test("flags must be booleans and the name a string")
  func otherTypes() {
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": 1, "active": "true"}"#)
        == "promotions[0].active")
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": 1, "stackable": 1}"#)
        == "promotions[0].stackable")
    #expect(
      position(ofPromotion: #"{"id": "d", "kind": "discount", "amountOff": 1, "name": 5}"#)
        == "promotions[0].name")
  }

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
