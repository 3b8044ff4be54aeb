import Foundation
import PromoTestSupport
import Testing

@testable import PromoKit

/// Store format 4 through the files: the example store decodes to the expected model, every
/// new field goes through decode and encode byte for byte, the fast path and the tree agree,
/// and a format-4 field in an earlier store names the version it needs.
@Suite("Store format 4: decoding, encoding and versions")
struct StoreFormat4Tests {
  /// The repository's `fixtures/stores/tea-shop-v4.json`: the documented format-4 store,
  /// written canonically.
  static let fixture: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("fixtures/stores/tea-shop-v4.json")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      preconditionFailure("fixtures/stores/tea-shop-v4.json is missing")
    }
    return text
  }()

  /// The same store as the contract prints it: compact, not canonical.
  static let compact = """
    {"version": 4, "currency": "CNY", "rounding": "half-even", "promotions": [
     {"id": "tea-any-3-50", "name": "Any 3 teas for 50", "kind": "item", "target": {"categories": ["tea"]}, "bundle": {"quantity": 3, "price": "50.00"}, "stackable": true},
     {"id": "buy2tea-mug-free", "name": "Buy 2 teas, get a mug free", "kind": "item", "target": {"categories": ["tea"]}, "getTarget": {"skus": ["mug-white"]}, "buy": 2, "get": 1, "stackable": true},
     {"id": "fresh-10", "name": "10% off what is not on sale", "kind": "discount", "percentOff": "10", "excludeDiscountedLines": true, "stackable": true},
     {"id": "spend-tiers", "name": "10 off 100, 25 off 200", "kind": "threshold", "tiers": [{"minimumAmount": "100.00", "amountOff": "10.00"}, {"minimumAmount": "200.00", "amountOff": "25.00"}], "stackable": true},
     {"id": "SHOP5", "name": "Shop coupon, 5% after the spend deal", "kind": "discount", "code": "SHOP5", "layer": 3, "percentOff": "5", "stackable": true},
     {"id": "cup-over-199", "name": "A cup free when you pay 199", "kind": "gift", "minimumAmount": "199.00", "gift": {"sku": "cup-free", "quantity": 1, "name": "Tea cup"}}]}
    """

  func decode(_ text: String) throws -> Catalog {
    try StoreDecoder.decode(Array(text.utf8), file: "s.json")
  }

  func problems(_ text: String) -> [PromoError] {
    StoreDecoder.diagnose(Array(text.utf8), file: "s.json").problems
  }

  @Test("the documented format-4 store decodes to the expected model")
  func exampleStore() throws {
    let catalog = try decode(Self.compact)
    #expect(catalog.version == 4 && catalog.rounding == .halfEven && catalog.currency?.code == "CNY")
    let byID = Dictionary(uniqueKeysWithValues: catalog.promotions.map { ($0.id, $0) })
    let bundle = try #require(byID["tea-any-3-50"])
    #expect(bundle.benefit == .bundle(try BundlePrice(quantity: 3, price: Fixture.decimal("50.00"))))
    #expect(bundle.countsAcrossLines && bundle.isStackable && bundle.combinesWith == .all)
    let getDeal = try #require(byID["buy2tea-mug-free"])
    #expect(getDeal.getTarget == (try ItemTarget(skus: ["mug-white"])))
    #expect(getDeal.countsAcrossLines && !getDeal.acrossLines)
    let fresh = try #require(byID["fresh-10"])
    #expect(fresh.excludesDiscountedLines && fresh.layer == 1 && fresh.writtenLayer == nil)
    let tiers = try #require(byID["spend-tiers"])
    guard case .tiers(let ladder) = tiers.benefit else {
      Issue.record("spend-tiers has no tiers")
      return
    }
    #expect(ladder.measure == .amount && ladder.tiers.count == 2 && tiers.layer == 2)
    #expect(ladder.tiers[1].benefit == .amountOff(Fixture.decimal("25.00")))
    #expect(ladder.reached(amount: Fixture.decimal("182.90")) == 0)
    #expect(ladder.reached(amount: Fixture.decimal("99.99")) == nil)
    let coupon = try #require(byID["SHOP5"])
    #expect(coupon.layer == 3 && coupon.writtenLayer == 3)
    let cup = try #require(byID["cup-over-199"])
    #expect(cup.kind == .gift && cup.minimumAmount == Fixture.decimal("199.00"))
    #expect(cup.benefit == .gift(try GiftGoods(sku: "cup-free", quantity: 1, name: "Tea cup")))
    #expect(catalog.promotions.allSatisfy { $0.requiredVersion == 4 })
  }

  @Test("the fixture is the example store written canonically, and rewriting it gives its bytes")
  func fixtureIsCanonical() throws {
    let catalog = try decode(Self.compact)
    #expect(StoreEncoder.encode(catalog) == Self.fixture)
    #expect(CanonicalStoreWriter.bytes(of: catalog) == Array(Self.fixture.utf8))
    let reread = try decode(Self.fixture)
    #expect(reread == catalog)
    #expect(StoreEncoder.encode(reread) == Self.fixture)
  }

  @Test("the fast path and the tree read every format-4 field alike", arguments: Self.roundTrips)
  func fastAndTreeAgree(promotion: String) throws {
    let text = #"{"version": 4, "currency": "CNY", "rounding": "down", "promotions": ["# + promotion + "]}"
    let tree = StoreDecoder.diagnoseByTree(Array(text.utf8), file: "s.json")
    #expect(tree.problems.isEmpty, "\(tree.problems.map(\.description))")
    let catalog = try #require(tree.catalog)
    let canonical = StoreEncoder.encode(catalog)
    #expect(CanonicalStoreWriter.bytes(of: catalog) == Array(canonical.utf8))
    #expect(StoreFastPath.decode(Array(canonical.utf8)) == catalog)
    #expect(StoreFastPath.decode(Array(text.utf8)).map { $0 == catalog } ?? true)
    // Decode, encode, decode, encode: the same bytes.
    #expect(StoreEncoder.encode(try decode(canonical)) == canonical)
  }

  @Test(
    "a layer that is the kind's own is a default: left out when written, needing no version 4",
    arguments: [
      (
        #"{"id": "a", "kind": "discount", "layer": 1, "percentOff": "5"}"#,
        #"{"id": "a", "kind": "discount", "percentOff": "5"}"#
      ),
      (
        #"{"id": "a", "kind": "threshold", "layer": 2, "minimumAmount": "10", "amountOff": "1"}"#,
        #"{"id": "a", "kind": "threshold", "minimumAmount": "10", "amountOff": "1"}"#
      ),
    ])
  func defaultLayerLeftOut(written: String, plain: String) throws {
    func store(_ promotion: String) -> String { #"{"version": 4, "promotions": ["# + promotion + "]}" }
    let catalog = try decode(store(written))
    #expect(catalog == (try decode(store(plain))))
    #expect(StoreFastPath.decode(Array(store(written).utf8)) == catalog)
    let promotion = try #require(catalog.promotions.first)
    #expect(promotion.writtenLayer == nil && promotion.requiredVersion < 4)
    #expect(!StoreEncoder.encode(catalog).contains("layer"))
  }

  @Test(
    "class lists the fast path reads by their bytes: it accepts only what the tree accepts, alike",
    arguments: [
      #"[]"#, #"["order"]"#, #"["order", "order"]"#, #"["ORDER"]"#, #"["orde"]"#, #"["orders"]"#,
      #"["item", "shipping"]"#, #"["shipping", "item"]"#, #"["item",]"#, #"["item" "order"]"#, #"[1]"#,
      #""order""#, #"["ord\u0065r"]"#, #"[ "item" , "order" ]"#,
    ])
  func classListsAgree(list: String) {
    let text =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "discount", "percentOff": "5", "combinesWith": "#
      + list + "}]}"
    let tree = StoreDecoder.diagnoseByTree(Array(text.utf8), file: "s.json")
    let fast = StoreFastPath.decode(Array(text.utf8))
    if tree.problems.isEmpty {
      #expect(fast.map { $0 == tree.catalog } ?? true, "\(list)")
    } else {
      #expect(fast == nil, "\(list)")
    }
  }

  /// One promotion for each format-4 field, and the ways it is written.
  static let roundTrips: [String] = [
    #"{"id": "a", "kind": "discount", "percentOff": "5", "combinesWith": ["shipping"]}"#,
    #"{"id": "a", "kind": "shipping", "percentOff": "100", "combinesWith": ["item", "order", "shipping"]}"#,
    #"{"id": "a", "kind": "discount", "percentOff": "5", "stackable": true}"#,
    #"{"id": "a", "kind": "threshold", "layer": 5, "minimumAmount": "10", "amountOff": "1"}"#,
    #"{"id": "a", "kind": "discount", "amountOff": "1", "excludeDiscountedLines": true, "layer": 3}"#,
    #"{"id": "a", "kind": "item", "target": {"skus": ["t"]}, "bundle": {"quantity": 2, "price": "0"}}"#,
    #"{"id": "a", "kind": "item", "target": {"skus": ["t"]}, "getTarget": {"categories": ["m"]}, "buy": 2, "get": 1, "percentOff": "50"}"#,
    #"{"id": "a", "kind": "item", "getTarget": {"skus": ["m"]}, "buy": 1, "get": 1, "acrossLines": true}"#,
    #"{"id": "a", "kind": "item", "fixedPrice": "19", "acrossLines": true, "maximumQuantity": 2}"#,
    #"{"id": "a", "kind": "item", "percentOff": "10", "acrossLines": true, "maximumQuantity": 1}"#,
    #"{"id": "a", "kind": "threshold", "tiers": [{"minimumQuantity": 2, "percentOff": "5"}, {"minimumQuantity": 3, "amountOff": "9.5"}], "maximumDiscount": "20"}"#,
    #"{"id": "a", "kind": "gift", "gift": {"sku": "cup", "quantity": 2}}"#,
    #"{"id": "a", "kind": "gift", "target": {"skus": ["t"]}, "minimumQuantity": 2, "code": "X", "customerGroups": ["m"], "gift": {"sku": "cup", "quantity": 1, "name": "杯"}}"#,
  ]

  @Test(
    "a format-4 field in an earlier store names the field and version 4",
    arguments: [
      (#""combinesWith": ["order"]"#, "combinesWith"), (#""layer": 2"#, "layer"),
      (#""excludeDiscountedLines": true"#, "excludeDiscountedLines"),
    ])
  func versionErrors(field: String, key: String) throws {
    let text =
      #"{"version": 3, "promotions": [{"id": "a", "kind": "discount", "percentOff": "5", "# + field + "}]}"
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.position == "promotions[0].\(key)")
    #expect(
      found.first?.message
        == "\(key) needs store version 4, but this store is version 3; set \"version\": 4 to use it")
  }

  @Test("a gift, a bundle, tiers, getTarget, rounding and acrossLines on a fixed price need version 4")
  func moreVersionErrors() {
    func positions(_ text: String) -> [String?] { problems(text).map(\.position) }
    #expect(
      positions(
        #"{"version": 3, "promotions": [{"id": "a", "kind": "gift", "gift": {"sku": "c", "quantity": 1}}]}"#
      ).contains("promotions[0].kind"))
    #expect(
      positions(
        #"{"version": 2, "promotions": [{"id": "a", "kind": "item", "bundle": {"quantity": 2, "price": "1"}}]}"#
      ) == ["promotions[0].bundle"])
    #expect(positions(#"{"version": 3, "rounding": "down", "promotions": []}"#) == ["rounding"])
    let across =
      #"{"version": 3, "promotions": [{"id": "a", "kind": "item", "fixedPrice": "1", "acrossLines": true, "maximumQuantity": 2}]}"#
    #expect(positions(across) == ["promotions[0].acrossLines"])
    #expect((try? decode(across)) == nil)
    let tiers =
      #"{"version": 3, "promotions": [{"id": "a", "kind": "threshold", "tiers": [{"minimumAmount": "1", "amountOff": "1"}, {"minimumAmount": "2", "amountOff": "1"}]}]}"#
    #expect(positions(tiers) == ["promotions[0].tiers"])
  }

  /// Tiers one of which cannot be read, and the path of that one problem.
  static let unreadableTiers: [(tier: String, path: String)] = [
    (#"{"minimumAmount": "100", "amountOf": "5"}"#, "tiers[0].amountOf"),
    (#"{"minimumQuantity": 0, "amountOff": "5"}"#, "tiers[0].minimumQuantity"),
    (#"{"minimumQuantity": "2", "amountOff": "5"}"#, "tiers[0].minimumQuantity"),
    (#"{"minimumQuantity": 1.5, "amountOff": "5"}"#, "tiers[0].minimumQuantity"),
    (#"{"minimumAmount": true, "amountOff": "5"}"#, "tiers[0].minimumAmount"),
    (#"{"minimumAmount": "ten", "amountOff": "5"}"#, "tiers[0].minimumAmount"),
    (#"{"$schema": "x", "minimumAmount": "100", "amountOff": "5"}"#, "tiers[0].$schema"),
    (#""100=5""#, "tiers[0]"),
  ]

  @Test(
    "a tier that cannot be read is the one problem, at its path, also for the commands that stop at the first",
    arguments: unreadableTiers)
  func unreadableTier(tier: String, path: String) {
    let text =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "threshold", "tiers": ["# + tier
      + #", {"minimumAmount": "200", "amountOff": "6"}]}]}"#
    #expect(problems(text).map(\.position) == ["promotions[0].\(path)"])
    do {
      _ = try decode(text)
      Issue.record("decoded a store with an unreadable tier")
    } catch let error as PromoError {
      #expect(error.position == "promotions[0].\(path)")
    } catch {
      Issue.record("not a PromoError: \(error)")
    }
  }

  @Test("errors name the JSON path below a promotion, and unknown values their nearest")
  func paths() {
    let tier =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "threshold", "tiers": [{"minimumAmount": "1", "amountOff": "1"}, {"minimumAmount": "0", "amountOff": "1"}]}]}"#
    #expect(problems(tier).map(\.position) == ["promotions[0].tiers[1].minimumAmount"])
    let unknown =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "discount", "percentOff": "1", "combinesWith": ["oder"]}]}"#
    #expect(problems(unknown).first?.message.hasSuffix("did you mean \"order\"?") == true)
    let rounding = #"{"version": 4, "rounding": "half_even", "promotions": []}"#
    #expect(problems(rounding).first?.message.hasSuffix("did you mean \"half-even\"?") == true)
    let key =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "discount", "percentOff": "1", "combineWith": ["order"]}]}"#
    #expect(problems(key).first?.message.hasSuffix("did you mean \"combinesWith\"?") == true)
    let bundleKey =
      #"{"version": 4, "promotions": [{"id": "a", "kind": "item", "bundle": {"quantity": 2, "prize": "1"}}]}"#
    #expect(problems(bundleKey).map(\.position).contains("promotions[0].bundle.prize"))
  }

  @Test("a write that adds a format-4 field raises the version to 4, never lowers it")
  func raisesVersion() throws {
    var catalog = try decode(#"{"version": 3, "promotions": []}"#)
    #expect(catalog.formatVersion == 3)
    catalog = try catalog.inserting(
      try Promotion(id: "a", kind: .discount, benefit: .percentOff(Fixture.percent("5")), layer: 3))
    #expect(catalog.version == 3 && catalog.formatVersion == 4)
    #expect(StoreEncoder.encode(catalog).contains("\"version\": 4"))
    var rounded = try decode(#"{"version": 2, "promotions": []}"#)
    rounded.rounding = .down
    #expect(rounded.formatVersion == 4)
    #expect(try decode(#"{"version": 4, "promotions": []}"#).formatVersion == 4)
  }

  @Test("validate's same-but-for-id warning tells promotions apart by their format-4 fields")
  func sameTermsOfFormat4() throws {
    func warnings(_ promotions: [String]) throws -> [String] {
      let text = #"{"version": 4, "promotions": ["# + promotions.joined(separator: ", ") + "]}"
      return StoreAudit.warnings(for: try decode(text), at: Fixture.instant("2026-11-22T12:00:00+08:00"))
        .map(\.message).filter { $0.hasSuffix("except for its id") }
    }
    #expect(
      try warnings([
        #"{"id": "a", "kind": "discount", "percentOff": "5"}"#,
        #"{"id": "b", "kind": "discount", "percentOff": "5", "layer": 3}"#,
        #"{"id": "c", "kind": "discount", "percentOff": "5", "combinesWith": ["shipping"]}"#,
        #"{"id": "d", "kind": "discount", "percentOff": "5", "excludeDiscountedLines": true}"#,
        #"{"id": "e", "kind": "item", "buy": 1, "get": 1, "getTarget": {"skus": ["m"]}}"#,
        #"{"id": "f", "kind": "item", "buy": 1, "get": 1, "getTarget": {"skus": ["n"]}}"#,
      ]).isEmpty)
    #expect(
      try warnings([
        #"{"id": "a", "kind": "discount", "percentOff": "5", "layer": 3}"#,
        #"{"id": "b", "kind": "discount", "percentOff": "5", "layer": 3}"#,
      ]).count == 1)
  }
}
