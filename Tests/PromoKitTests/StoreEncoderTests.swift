import PromoKit
import Testing

@Suite("StoreEncoder writes the canonical store (the documented rules)")
struct StoreEncoderTests {
  /// The documented rules' example store (``Fixture/specExampleStore``) as the encoder
  /// writes it: the same key order, the default `active: true` left out, a final newline.
  static let specStore =
    Fixture.specExampleStore.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.contains(#""active": true"#) }.joined(separator: "\n") + "\n"

  func catalog(_ text: String) throws -> Catalog {
    try StoreDecoder.decode(Array(text.utf8), file: "promotions.json")
  }

  @Test("a promotion's keys follow the canonical order of store format 4")
  func promotionKeyOrder() {
    #expect(
      StoreDecoder.promotionKeys == [
        "id", "name", "kind", "code", "customerGroups", "target", "getTarget", "layer", "minimumAmount",
        "minimumQuantity", "repeat", "tiers", "buy", "get", "acrossLines", "bundle", "percentOff",
        "amountOff",
        "fixedPrice", "maximumDiscount", "maximumQuantity", "excludeDiscountedLines", "gift", "startsAt",
        "endsAt", "active", "stackable", "combinesWith",
      ])
    #expect(StoreDecoder.topLevelKeys == ["$schema", "version", "currency", "rounding", "promotions"])
  }

  @Test("fields(of:minorDigits:) lists every non-default field in the canonical order")
  func fieldOrder() {
    let full = Fixture.threshold(
      "t", minimum: "100", percent: "12.5", stackable: true, active: false,
      startsAt: "2026-11-01T00:00:00+08:00",
      endsAt: "2026-12-01T00:00:00Z")
    var named = full
    named.name = "Spend 100"
    let fields = StoreEncoder.fields(of: named, minorDigits: 2)
    #expect(
      fields.map(\.key) == [
        "id", "name", "kind", "minimumAmount", "percentOff", "startsAt", "endsAt", "active", "stackable",
      ])
    #expect(
      fields.map(\.value) == [
        .string("t"), .string("Spend 100"), .string("threshold"), .string("100.00"), .string("12.5"),
        .string("2026-11-01T00:00:00+08:00"), .string("2026-12-01T00:00:00Z"), .bool(false), .bool(true),
      ])
    let fixed = StoreEncoder.fields(
      of: Fixture.threshold("f", minimum: "99.995", amount: "15"), minorDigits: 2)
    #expect(fixed.map(\.key) == ["id", "kind", "minimumAmount", "amountOff"])
    #expect(fixed.map(\.value) == [.string("f"), .string("threshold"), .string("99.995"), .string("15.00")])
    let plain = StoreEncoder.fields(of: Fixture.discount("d", amount: "5"), minorDigits: 0)
    #expect(plain.map(\.key) == ["id", "kind", "amountOff"])
    #expect(plain.map(\.value) == [.string("d"), .string("discount"), .string("5")])
  }

  @Test("every promotion's fields are in the order of StoreDecoder.promotionKeys")
  func fieldsFollowKnownKeys() {
    let promotions = [
      Fixture.discount("a", percent: "10"),
      Fixture.discount("b", amount: "1.5", stackable: true, endsAt: "2027-01-01T00:00:00Z"),
      Fixture.threshold("c", minimum: "0", amount: "1", active: false, startsAt: "2026-01-01T00:00:00Z"),
      Fixture.threshold("d", minimum: "50", percent: "100", stackable: true),
    ]
    for promotion in promotions {
      let keys = StoreEncoder.fields(of: promotion, minorDigits: 3).map(\.key)
      #expect(keys == StoreDecoder.promotionKeys.filter(keys.contains), "\(promotion.id)")
    }
  }

  @Test("the documented example is written in the documented key order")
  func specExample() throws {
    let input = Fixture.specExampleStore
    #expect(StoreEncoder.encode(try catalog(input)) == Self.specStore)
    // Rewriting the written store changes nothing.
    #expect(StoreEncoder.encode(try catalog(Self.specStore)) == Self.specStore)
  }

  @Test("a store written in another key order is rewritten in the canonical one")
  func reorders() throws {
    let shuffled = #"""
      {"promotions": [{"stackable": true, "amountOff": 15, "minimumAmount": 100, "kind": "threshold",
        "id": "spend100-save15"}, {"stackable": true, "active": true, "endsAt": "2026-12-01T00:00:00+08:00",
        "startsAt": "2026-11-01T00:00:00+08:00", "percentOff": 20, "kind": "discount",
        "name": "20% off everything", "id": "autumn-20"}], "currency": "CNY", "version": 1}
      """#
    let encoded = StoreEncoder.encode(try catalog(shuffled))
    let minimum = try #require(encoded.firstRange(of: "\"minimumAmount\""))
    let amount = try #require(encoded.firstRange(of: "\"amountOff\""))
    #expect(minimum.lowerBound < amount.lowerBound)
    // The same promotions as the documented example, in the order they stand in this store.
    let spec = try catalog(Self.specStore)
    #expect(try catalog(encoded).promotions == Array(spec.promotions.reversed()))
  }
}
