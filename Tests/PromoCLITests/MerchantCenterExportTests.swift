import Foundation
import PromoCLI
import PromoKit
import Testing

/// `promo export --format merchant-center` held to Google's published promotions feed
/// specification (Merchant Center Help, "Promotions feed specification" and the pages of
/// its attributes): the attribute names and value spellings below are the ones relied on.
@Suite("promo export --format merchant-center: the promotions feed, row by row")
struct MerchantCenterExportTests {
  /// The feed attributes promo writes, as the specification names them.
  static let documentedAttributes: Set<String> = [
    "promotion_id", "product_applicability", "offer_type", "generic_redemption_code", "long_title",
    "promotion_effective_dates", "redemption_channel", "promotion_destination", "target_country",
    "content_language", "item_id", "product_type", "coupon_value_type", "percent_off", "money_off_amount",
    "minimum_purchase_amount", "buy_this_quantity", "get_this_quantity_discounted", "limit_quantity",
    "free_gift_item_id", "free_gift_value", "free_gift_description",
  ]
  /// `coupon_value_type`'s values, and the attributes each requires.
  static let couponValueTypes: [String: [String]] = [
    "no_structured_data": [], "money_off": ["money_off_amount"], "percent_off": ["percent_off"],
    "buy_m_get_n_money_off": ["buy_this_quantity", "get_this_quantity_discounted", "money_off_amount"],
    "buy_m_get_n_percent_off": ["buy_this_quantity", "get_this_quantity_discounted", "percent_off"],
    "buy_m_get_money_off": ["buy_this_quantity", "money_off_amount"],
    "buy_m_get_percent_off": ["buy_this_quantity", "percent_off"], "free_gift": ["free_gift_description"],
    "free_gift_with_value": ["free_gift_value"], "free_gift_with_item_id": ["free_gift_item_id"],
    "free_shipping_standard": [], "free_shipping_overnight": [], "free_shipping_two_day": [],
  ]
  static let productApplicability: Set<String> = ["all_products", "specific_products"]
  static let offerTypes: Set<String> = ["no_code", "generic_code"]
  static let redemptionChannels: Set<String> = ["online", "in_store"]

  static let stores: [String] = {
    let folder = PromoBinary.fixtures.appendingPathComponent("stores")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return ["promotions.json"] + names.filter { $0.hasSuffix(".json") }.sorted().map { "stores/" + $0 }
  }()

  static func export(_ store: String, _ extra: [String] = []) -> InProcessRun {
    InProcessRun(
      [
        "export", "--format", "merchant-center", "--target-country", "CN", "--content-language", "zh", "--at",
        "2026-11-22T12:00:00+08:00", "--store", PromoBinary.fixtures.appendingPathComponent(store).path,
      ] + extra)
  }

  @Test(
    "every row of every fixture store uses only documented attributes and value spellings", arguments: stores)
  func rows(_ store: String) throws {
    let run = Self.export(store, ["--destination", "Shopping_ads", "--redemption-channel", "in_store"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    let header = try #require(lines.first)
    #expect(
      Set(header).isSubset(of: Self.documentedAttributes),
      "\(Set(header).subtracting(Self.documentedAttributes))")
    let amount = /[0-9]+(\.[0-9]{1,3})?( [A-Z]{3})?/
    let instant =
      #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})"#
    let interval = try Regex(instant + "/" + instant)
    for cells in lines.dropFirst() {
      #expect(cells.count == header.count)
      var row: [String: String] = [:]
      for (name, value) in zip(header, cells) where !value.isEmpty { row[name] = value }
      let id = row["promotion_id"] ?? ""
      #expect(!id.isEmpty && row["long_title"] != nil, "\(store): \(cells)")
      #expect(Self.productApplicability.contains(row["product_applicability"] ?? ""), "\(id)")
      #expect(Self.offerTypes.contains(row["offer_type"] ?? ""), "\(id)")
      #expect((row["offer_type"] == "generic_code") == (row["generic_redemption_code"] != nil), "\(id)")
      #expect(
        (row["product_applicability"] == "specific_products")
          == (row["item_id"] != nil || row["product_type"] != nil),
        "\(id)")
      #expect(row["redemption_channel"] == "in_store" && row["promotion_destination"] == "Shopping_ads")
      #expect(row["target_country"] == "CN" && row["content_language"] == "zh")
      #expect(try interval.wholeMatch(in: row["promotion_effective_dates"] ?? "") != nil, "\(id)")
      let type = try #require(row["coupon_value_type"], "\(id)")
      let required = try #require(Self.couponValueTypes[type], "\(id): \(type) is no coupon_value_type")
      for attribute in required { #expect(row[attribute] != nil, "\(id): \(type) needs \(attribute)") }
      for name in ["money_off_amount", "minimum_purchase_amount"] {
        if let value = row[name] { #expect(value.wholeMatch(of: amount) != nil, "\(id): \(name) \(value)") }
      }
      for name in ["buy_this_quantity", "get_this_quantity_discounted"] {
        if let value = row[name] { #expect(Int(value).map { $0 > 0 } == true, "\(id): \(name) \(value)") }
      }
    }
  }

  @Test(
    "every promotion of every fixture store is in the feed or named on standard error, never both",
    arguments: stores)
  func everyPromotionAccountedFor(_ store: String) throws {
    let catalog = try PromotionStore(path: PromoBinary.fixtures.appendingPathComponent(store).path).load()
    let run = Self.export(store)
    let exported = run.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "\t" }) }
    let named = run.stderr.split(separator: "\n").map { line -> String in
      let quoted = line.split(separator: "\"", maxSplits: 2)
      return quoted.count > 1 ? String(quoted[1]) : ""
    }
    #expect(exported.count + named.count == catalog.promotions.count, "\(store)")
    #expect(Set(exported + named) == Set(catalog.promotions.map(\.id)), "\(store)")
    #expect(Set(exported).isDisjoint(with: named), "\(store)")
  }

  @Test(
    "--strict: status 1 when the feed cannot express a promotion, 0 when all left out are switched off or over"
  )
  func strict() {
    let inexpressible = Self.export("stores/tea-shop-3.json", ["--strict"])
    #expect(inexpressible.status == 1)
    #expect(inexpressible.stderr.contains("(\"member-5\"): not in the feed: it is for customer groups"))
    let over = Self.export("promotions.json", ["--strict"])
    #expect(over.status == 0, "\(over.stderr)")
    #expect(over.stderr.contains("(\"summer-15\"): not in the feed: ended at"))
  }

  @Test("a window without a start starts at --at, one without an end runs the longest the feed allows")
  func windows() throws {
    let run = Self.export("stores/tea-shop.json")
    let spend = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("spend100-save15\t") })
    #expect(spend.contains("\t2026-11-22T04:00:00Z/2027-05-24T04:00:00Z\t"))
    #expect(spend.contains("\tmoney_off\t\t15.00 CNY\t100.00 CNY\t"))
  }

  @Test("bad settings are usage errors")
  func usage() {
    let country = InProcessRun([
      "export", "--format", "merchant-center", "--target-country", "china", "--content-language", "zh",
    ])
    #expect(country.status == 64)
    #expect(country.stderr.hasPrefix("promo: --target-country: \"china\" is not a two-letter"))
    let format = InProcessRun([
      "export", "--format", "csv", "--target-country", "CN", "--content-language", "zh",
    ])
    #expect(format.status == 64)
  }
}
