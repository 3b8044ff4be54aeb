import Foundation
import PromoKit
import Testing

/// Gifts (store format 4) through the command line: `price` lists them and explains them,
/// `report` counts them in every format and `report --merge` adds them up, each output in
/// agreement with its schema.
@Suite("Gifts through promo price and promo report")
struct Format4GiftCommandTests {
  static let at = "2026-11-22T12:00:00+08:00"
  /// The contract's order C-2: whatever the format-4 engine takes off it, the plan leaves
  /// more than 199.00 of its goods (213.41 by the contract), so the cup is granted.
  static let orderC2 =
    #"{"id": "C-2", "items": [{"sku": "pot-iron", "unitPrice": "120.00", "quantity": 2}, {"sku": "tea-green", "categories": ["tea"], "unitPrice": "24.90", "quantity": 1}]}"#

  @Test("price C-2 against the format-4 store: the cup is listed under gifts and applied, never a promotion")
  func price() throws {
    let schema = try SchemaTests.validator("price-result")
    for explain in [false, true] {
      let run = try PromoBinary.run(
        ["price", "-", "--store", "stores/tea-shop-v4.json", "--at", Self.at, "--format", "json"]
          + (explain ? ["--explain"] : []), stdin: Data(Self.orderC2.utf8))
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains(#""gifts":[{"id":"cup-over-199","sku":"cup-free","quantity":1}],"lines":"#))
      #expect(!run.stdout.contains(#"{"id":"cup-over-199","discount""#))
      #expect(!explain || run.stdout.contains(#"{"id":"cup-over-199","outcome":"applied"}"#))
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      #expect(schema.errors(in: object).isEmpty, "\(run.stdout): \(schema.errors(in: object))")
    }
    let text = try PromoBinary.run(
      ["price", "-", "--store", "stores/tea-shop-v4.json", "--at", Self.at], stdin: Data(Self.orderC2.utf8))
    #expect(text.stdout.contains("\n  gift cup-free x1 (cup-over-199)\n"), "\(text.stdout)")
  }

  @Test("report of C-2: the gift's orders and units, in the schema's form")
  func report() throws {
    let run = try PromoBinary.run(
      ["report", "-", "--store", "stores/tea-shop-v4.json", "--at", Self.at, "--format", "json"],
      stdin: Data(Self.orderC2.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix(#"],"gifts":[{"id":"cup-over-199","orders":1,"quantity":1}]}"# + "\n"))
    let schema = try SchemaTests.validator("report")
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    #expect(schema.errors(in: object).isEmpty, "\(schema.errors(in: object))")
  }

  /// A report part of `count` orders of 100.00, each granted the gifts given (id, units).
  static func part(count: Int, gifts: [(String, Int64)]) throws -> PricingReport {
    var report = PricingReport(currency: try Currency(code: "CNY"))
    for _ in 0..<count {
      try report.add(
        Quote(
          order: "o", currency: try Currency(code: "CNY"),
          subtotal: Money(minorUnits: 10_000, minorDigits: 2),
          plan: PricingPlan(applied: [], total: Money(minorUnits: 10_000, minorDigits: 2)),
          evaluatedAt: Instant(secondsSinceEpoch: 0),
          gifts: gifts.map { GrantedGift(id: $0.0, sku: "sku", quantity: $0.1) }))
    }
    return report
  }

  @Test("report --merge adds the gifts up, and shows them in text, JSON and HTML")
  func merge() throws {
    let first = try Self.part(count: 2, gifts: [("cup-over-199", 1)])
    let second = try Self.part(count: 3, gifts: [("cup-over-199", 1), ("<saucer>", 2)])
    var files: [URL] = []
    defer { for file in files { try? FileManager.default.removeItem(at: file) } }
    for part in [first, second] {
      files.append(
        try ReportCommandTests.temporaryFile(
          String(decoding: PricingReportEncoder.encode(part), as: UTF8.self), suffix: ".json"))
    }
    let paths = files.map(\.path)
    let json = try PromoBinary.run(["report", "--merge"] + paths + ["--format", "json"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(
      json.stdout == String(decoding: PricingReportEncoder.encode(try first.merging(second)), as: UTF8.self))
    #expect(
      json.stdout.hasSuffix(
        #""gifts":[{"id":"<saucer>","orders":3,"quantity":6},{"id":"cup-over-199","orders":5,"quantity":5}]}"#
          + "\n"))
    let schema = try SchemaTests.validator("report")
    #expect(schema.errors(in: try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))).isEmpty)

    let text = try PromoBinary.run(["report", "--merge"] + paths)
    #expect(
      text.stdout.contains(
        "\nGIFT          ORDERS  UNITS\n<saucer>           3      6\ncup-over-199       5      5\n"),
      "\(text.stdout)")
    let html = try PromoBinary.run(["report", "--merge"] + paths + ["--format", "html"])
    #expect(html.stdout.contains("<h2>Gifts granted</h2>"))
    #expect(
      html.stdout.contains(#"<td class="id">&lt;saucer&gt;</td><td class="num">3</td><td class="num">6</td>"#)
    )

    // Without gifts, none of it.
    let plain = try Self.part(count: 1, gifts: [])
    let file = try ReportCommandTests.temporaryFile(
      String(decoding: PricingReportEncoder.encode(plain), as: UTF8.self), suffix: ".json")
    files.append(file)
    for format in ["text", "json", "html"] {
      let run = try PromoBinary.run(["report", "--merge", file.path, "--format", format])
      #expect(!run.stdout.lowercased().contains("gift"), "\(format): \(run.stdout)")
    }
  }
}
