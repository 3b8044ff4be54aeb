import PromoTestSupport
import Testing

@testable import PromoKit

/// The store fast path must never accept what the tree decoder refuses, must build the
/// same catalog whenever it accepts, and must accept every canonical store.
@Suite("The store fast path agrees with the tree decoder")
struct StoreFastPathTests {
  static let decimals: [String] = [
    #""12.50""#, "12.5", #""0""#, "0", "-0", #""-1.00""#, "1e2", "1E+2", #""1e-2""#, "1000000000000",
    "1000000000000.01", #""0.001""#, "01", #""+1""#, #"" 1""#, "1.", "true", "null", #""1.005""#, "2.0", "7",
    "100", "101", #""100""#, #""25""#, #""5.5""#, #""0.25""#, "20.1234", "20.12345", #""١""#, #""1\u0030""#,
  ]
  static let integers = [
    "1", "2", "3", "0", "-1", "2.0", "1e1", "1001", "1000", "1000000", "1000001", "01", #""2""#,
  ]
  static let strings = [
    #""A-1""#, #""""#, #""caf\u00e9""#, #""café""#, #""tab\tbed""#, #""a\"b""#, "42", "null", #""ünï""#,
    #""tea""#,
    #""x y""#, #""VIP10""#, #""vip10""#, #""member""#,
  ]
  static let timestamps = [
    #""2026-11-01T00:00:00+08:00""#, #""2026-12-01T00:00:00Z""#, #""2026-11-01T00:00:00""#,
    #""2026-02-30T00:00:00Z""#,
    #""2026-11-01t00:00:00.5z""#, "7",
  ]
  static let kinds = [
    #""discount""#, #""threshold""#, #""item""#, #""shipping""#, #""discounts""#, #""Item""#,
    #""dis\u0063ount""#, "1",
  ]
  static let booleans = ["true", "false", "null", "1", #""true""#, "tru"]

  static func pick<T>(_ values: [T], _ generator: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &generator)]
  }

  static func space(_ generator: inout SplitMix64) -> String {
    pick(["", "", "", " ", "\n  ", "\t", " \r\n "], &generator)
  }

  static func list(_ entries: [String], _ generator: inout SplitMix64) -> String {
    let count = pick([0, 1, 1, 2, 3], &generator)
    return "[" + (0..<count).map { _ in pick(entries, &generator) }.joined(separator: ",") + "]"
  }

  /// True `percent` times in a hundred, drawn with one `Int.random`.
  static func chance(_ percent: Int, _ generator: inout SplitMix64) -> Bool {
    Int.random(in: 0..<100, using: &generator) < percent
  }

  /// One promotion object, mostly plausible, often with a problem.
  static func promotion(index: Int, _ generator: inout SplitMix64) -> String {
    var members: [(String, String)] = []
    if chance(97, &generator) {
      let id =
        chance(90, &generator)
        ? #""p\#(index)""# : pick([#""p0""#, #""p1""#, #""bad id""#, #""""#, "5", #""p\u0031""#], &generator)
      members.append(("id", id))
    }
    if chance(20, &generator) { members.append(("name", pick(strings, &generator))) }
    let kind = chance(85, &generator) ? pick(Array(kinds.prefix(4)), &generator) : pick(kinds, &generator)
    if chance(98, &generator) { members.append(("kind", kind)) }
    members += benefitMembers(&generator)
    members += limitMembers(kind: kind, &generator)
    members += eligibilityMembers(&generator)
    members += scheduleMembers(&generator)
    if chance(3, &generator), let first = members.first { members.append(first) }
    if chance(30, &generator) { members.shuffle(using: &generator) }
    return "{" + space(&generator)
      + members.map { "\"\($0.0)\":" + space(&generator) + $0.1 }.joined(separator: "," + space(&generator))
      + space(&generator) + "}"
  }

  /// What a promotion gives, four times in ten a percentage off, three an amount off, one a
  /// fixed price, one buy X get Y, one nothing: mostly plausible values, sometimes any decimal.
  static func benefitMembers(_ generator: inout SplitMix64) -> [(String, String)] {
    var members: [(String, String)] = []
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<4:
      members.append(
        (
          "percentOff",
          chance(80, &generator)
            ? pick(["\"20\"", "\"12.5\"", "50", "\"100\""], &generator) : pick(decimals, &generator)
        ))
    case 4..<7:
      members.append(
        (
          "amountOff",
          chance(80, &generator)
            ? pick(["\"15.00\"", "\"5\"", "3.5"], &generator) : pick(decimals, &generator)
        ))
    case 7:
      members.append(
        (
          "fixedPrice",
          chance(80, &generator) ? pick(["\"19.00\"", "\"0\"", "0"], &generator) : pick(decimals, &generator)
        ))
    case 8:
      members.append(("buy", pick(integers, &generator)))
      members.append(("get", chance(80, &generator) ? "1" : pick(integers, &generator)))
      if chance(40, &generator) {
        members.append(("percentOff", pick(["\"50\"", "\"100\"", "25"], &generator)))
      }
    default: break
    }
    return members
  }

  /// A promotion's limits, each sometimes: a minimum amount (most often for a threshold), a
  /// minimum quantity, repeat, across lines, a maximum discount and a maximum quantity.
  static func limitMembers(kind: String, _ generator: inout SplitMix64) -> [(String, String)] {
    var members: [(String, String)] = []
    if chance(35, &generator) || kind == #""threshold""# && chance(80, &generator) {
      members.append(
        (
          "minimumAmount",
          chance(80, &generator)
            ? pick(["\"100.00\"", "\"0\"", "50", "\"99.995\""], &generator) : pick(decimals, &generator)
        ))
    }
    if chance(10, &generator) { members.append(("minimumQuantity", pick(integers, &generator))) }
    if chance(8, &generator) { members.append(("repeat", pick(booleans, &generator))) }
    if chance(8, &generator) { members.append(("acrossLines", pick(booleans, &generator))) }
    if chance(12, &generator) {
      members.append(("maximumDiscount", chance(70, &generator) ? "\"50.00\"" : pick(decimals, &generator)))
    }
    if chance(8, &generator) { members.append(("maximumQuantity", pick(integers, &generator))) }
    return members
  }

  /// Who and what a promotion is for, each sometimes: a code, customer groups and a target.
  static func eligibilityMembers(_ generator: inout SplitMix64) -> [(String, String)] {
    var members: [(String, String)] = []
    if chance(15, &generator) { members.append(("code", pick(strings, &generator))) }
    if chance(10, &generator) {
      members.append(
        (
          "customerGroups",
          list([#""member""#, #""vip""#, #""""#, #""bad group""#, "3", #""member""#], &generator)
        ))
    }
    if chance(25, &generator) { members.append(("target", target(&generator))) }
    return members
  }

  /// A target: mostly an object of SKUs and categories, each sometimes, rarely with an unknown
  /// or a repeated key; sometimes not an object at all.
  static func target(_ generator: inout SplitMix64) -> String {
    var target: [String] = []
    if chance(70, &generator) {
      target.append(
        #""skus":"# + list([#""mug""#, #""tea""#, #""""#, "1", #""mug""#, #""té""#], &generator))
    }
    if chance(50, &generator) {
      target.append(#""categories":"# + list([#""tea""#, #""cups""#, #""x\n""#, #""tea""#], &generator))
    }
    if chance(5, &generator) { target.append(#""sku":["a"]"#) }
    if chance(3, &generator), let first = target.first { target.append(first) }
    return chance(95, &generator)
      ? "{" + target.joined(separator: ",") + "}" : pick(["[]", "null", "\"x\""], &generator)
  }

  /// When and whether a promotion applies, each sometimes: its start and end, active and
  /// stackable, and rarely the misspelt key `startAt`.
  static func scheduleMembers(_ generator: inout SplitMix64) -> [(String, String)] {
    var members: [(String, String)] = []
    if chance(15, &generator) { members.append(("startsAt", pick(timestamps, &generator))) }
    if chance(15, &generator) { members.append(("endsAt", pick(timestamps, &generator))) }
    if chance(30, &generator) { members.append(("active", pick(booleans, &generator))) }
    if chance(40, &generator) { members.append(("stackable", pick(booleans, &generator))) }
    if chance(3, &generator) { members.append(("startAt", "\"x\"")) }
    return members
  }

  /// A store of up to 12 promotions, sometimes damaged.
  static func randomStore(_ generator: inout SplitMix64) -> String {
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
    var members: [(String, String)] = []
    if chance(5) { members.append(("$schema", pick(["\"https://x\"", "1", "null"], &generator))) }
    if chance(97) {
      members.append(
        (
          "version",
          chance(90)
            ? pick(["1", "2", "3", "3", "3"], &generator)
            : pick(["4", "0", "3.0", "\"3\"", "99999999999999999999"], &generator)
        ))
    }
    if chance(60) {
      members.append(
        (
          "currency",
          chance(90)
            ? pick(["\"CNY\"", "\"JPY\"", "\"KWD\"", "\"USD\""], &generator)
            : pick(["\"cny\"", "1", "\"CN\""], &generator)
        ))
    }
    let count = Int.random(in: 0...12, using: &generator)
    let promotions = (0..<count).map { promotion(index: $0, &generator) }
    members.append(("promotions", "[" + promotions.joined(separator: "," + space(&generator)) + "]"))
    if chance(3) { members.append(("promotion", "[]")) }
    if chance(10) { members.shuffle(using: &generator) }
    var text =
      space(&generator) + "{"
      + members.map { "\"\($0.0)\":" + space(&generator) + $0.1 }.joined(separator: ",") + "}"
      + space(&generator)
    if chance(15), !text.isEmpty { text = OneByteDamage.applied(to: text, &generator) }
    return text
  }

  @Test("the fast path's keys are the decoder's, in its order")
  func keys() {
    #expect(StoreFastPath.PromotionKey.names == StoreDecoder.promotionKeys)
    #expect(StoreFastPath.PromotionKey.allCases.count == StoreDecoder.promotionKeys.count)
  }

  @Test("random and damaged stores: the fast path accepts only what the tree accepts, identically")
  func randomStores() {
    var generator = SplitMix64(seed: 20)
    var accepted = 0
    var valid = 0
    for _ in 0..<20_000 {
      let text = Self.randomStore(&generator)
      let bytes = Array(text.utf8)
      let tree = StoreDecoder.diagnoseByTree(bytes, file: "s.json")
      if tree.problems.isEmpty { valid += 1 }
      guard let fast = StoreFastPath.decode(bytes) else { continue }
      accepted += 1
      #expect(tree.problems.isEmpty, "fast path accepted a store the tree refuses: \(text)")
      #expect(tree.catalog == fast, "different catalogs for \(text)")
      if !tree.problems.isEmpty || tree.catalog != fast { return }
    }
    // Most valid stores take the fast path (escapes, `null` or a key out of order do not).
    #expect(accepted > valid * 3 / 4, "accepted \(accepted) of \(valid) valid stores")
    #expect(valid > 1_000)
  }

  @Test("every canonical store, and its compact form, takes the fast path")
  func canonicalStores() throws {
    var generator = SplitMix64(seed: 21)
    var checked = 0
    for _ in 0..<5_000 {
      let text = Self.randomStore(&generator)
      guard let catalog = try? StoreDecoder.decode(Array(text.utf8), file: "s.json") else { continue }
      let canonical = Array(StoreEncoder.encode(catalog).utf8)
      let tree = StoreDecoder.diagnoseByTree(canonical, file: "s.json")
      let fast = try #require(StoreFastPath.decode(canonical), "canonical store refused: \(text)")
      #expect(tree.catalog == fast)
      checked += 1
    }
    #expect(checked > 200)
  }

  @Test("each single byte changed in a canonical store: fast and tree agree")
  func everyByte() throws {
    let text = Self.everyKeyStore(version: 3)
    let original = Array(text.utf8)
    #expect(StoreFastPath.decode(original) != nil)
    let replacements = Array(#" 0129a"{}[],:\.eE-+tfn"#.utf8) + [0x80, 0xC3, 0x00]
    for position in original.indices {
      for replacement in replacements where replacement != original[position] {
        var bytes = original
        bytes[position] = replacement
        guard let fast = StoreFastPath.decode(bytes) else { continue }
        let tree = StoreDecoder.diagnoseByTree(bytes, file: "s.json")
        #expect(tree.problems.isEmpty && tree.catalog == fast, "byte \(position) as \(replacement)")
      }
    }
    // Version rules: the later fields in an earlier store are the tree's to report.
    for version in 1...2 {
      let bytes = Array(Self.everyKeyStore(version: version).utf8)
      #expect(StoreFastPath.decode(bytes) == nil)
      #expect(!StoreDecoder.diagnoseByTree(bytes, file: "s.json").problems.isEmpty)
    }
  }

  /// A store that uses every key of a promotion.
  static func everyKeyStore(version: Int) -> String {
    #"""
    {
      "$schema": "https://example.com/s.json",
      "version": \#(version),
      "currency": "CNY",
      "promotions": [
        {"id": "a", "name": "Tea ünï", "kind": "item", "code": "VIP", "customerGroups": ["m"],
         "target": {"skus": ["s"], "categories": ["c"]}, "buy": 1, "get": 1, "acrossLines": true,
         "percentOff": "50", "maximumQuantity": 4, "startsAt": "2026-11-01T00:00:00+08:00",
         "endsAt": "2026-12-01T00:00:00Z", "active": false, "stackable": true},
        {"id": "b", "kind": "threshold", "minimumAmount": "100", "minimumQuantity": 2, "amountOff": 10,
         "target": {"categories": ["c"]}},
        {"id": "c", "kind": "threshold", "minimumAmount": 100, "repeat": true, "amountOff": "10.00",
         "maximumDiscount": "30"},
        {"id": "d", "kind": "shipping", "fixedPrice": "0", "minimumAmount": "99.5"}
      ]
    }
    """#
  }
}

/// The byte writer of canonical stores must write exactly what ``StoreEncoder`` writes.
@Suite("The canonical store writer agrees with the store encoder")
struct CanonicalStoreWriterTests {
  /// Calls `body` with each of `tries` random stores (``StoreFastPathTests/randomStore(_:)``
  /// from `seed`) that decodes: its text, its catalog and the generator; returns how many.
  static func forEachRandomCatalog(
    seed: UInt64, tries: Int, _ body: (String, Catalog, inout SplitMix64) -> Void
  ) -> Int {
    var generator = SplitMix64(seed: seed)
    var decoded = 0
    for _ in 0..<tries {
      let text = StoreFastPathTests.randomStore(&generator)
      guard let catalog = try? StoreDecoder.decode(Array(text.utf8), file: "s.json") else { continue }
      body(text, catalog, &generator)
      decoded += 1
    }
    return decoded
  }

  @Test("random valid stores: the same bytes, and they read back as the same catalog")
  func randomCatalogs() {
    let checked = Self.forEachRandomCatalog(seed: 22, tries: 5_000) { text, decoded, generator in
      var catalog = decoded
      if Int.random(in: 0..<4, using: &generator) == 0 { catalog.schema = "https://example.com/\"s\"" }
      let expected = Array(StoreEncoder.encode(catalog).utf8)
      let written = CanonicalStoreWriter.bytes(of: catalog)
      #expect(written == expected, "for \(text)")
      #expect((try? StoreDecoder.decode(written, file: "s.json")) == catalog)
    }
    #expect(checked > 200)
  }

  @Test("an empty store, and the store of every key")
  func fixedCatalogs() throws {
    for catalog in [try Catalog(), try Catalog(version: 1, currency: Currency.valid("JPY"))] {
      #expect(CanonicalStoreWriter.bytes(of: catalog) == Array(StoreEncoder.encode(catalog).utf8))
    }
    let catalog = try StoreDecoder.decode(
      Array(StoreFastPathTests.everyKeyStore(version: 3).utf8), file: "s.json")
    #expect(CanonicalStoreWriter.bytes(of: catalog) == Array(StoreEncoder.encode(catalog).utf8))
  }

  @Test("in chunks of any size, the written bytes join up to the whole file, a promotion never split")
  func chunks() {
    let checked = Self.forEachRandomCatalog(seed: 23, tries: 1_000) { _, catalog, _ in
      let whole = CanonicalStoreWriter.bytes(of: catalog)
      for size in [1, 7, 300] {
        var chunks: [[UInt8]] = []
        CanonicalStoreWriter.write(catalog, inChunksOf: size) { chunks.append(Array($0)) }
        #expect(Array(chunks.joined()) == whole)
        // Every chunk but the last reaches the size, and ends a promotion (or the head).
        for chunk in chunks.dropLast() {
          #expect(chunk.count >= size)
          #expect(chunk.last == UInt8(ascii: "\n"))
        }
        if size == 1, !catalog.promotions.isEmpty { #expect(chunks.count == 2 + catalog.promotions.count) }
      }
    }
    #expect(checked > 40)
  }
}
