import Foundation
import PromoTestSupport
import Testing

/// `promo report` end to end: random batches whose report is worked out here, on its own,
/// by adding up what `promo price --format json` says of each order; the same report with
/// and without `--lines`, with `--jobs 2`, and merged (`--merge`) from random splits, in
/// currencies of 0, 2 and 3 minor digits. Then bad orders and a closed standard output.
@Suite("promo report against the sum of price results")
struct ReportCommandTests {
  static let at = "2026-11-22T12:00:00+08:00"

  /// A currency's store in fixtures/, and what its orders may buy.
  struct Shop: Sendable, CustomTestStringConvertible {
    var currency: String
    var digits: Int
    var store: String
    var items: [(sku: String, categories: [String], price: String)]
    var testDescription: String { currency }
  }

  static let shops = [
    Shop(
      currency: "JPY", digits: 0, store: "stores/jpy.json",
      items: [("tea", [], "1200"), ("cup", [], "850"), ("pot", [], "6400")]),
    Shop(
      currency: "CNY", digits: 2, store: "stores/report-shop.json",
      items: [
        ("tea-green", ["tea"], "25.00"), ("tea-oolong", ["tea", "oolong"], "45.90"),
        ("bag-oolong", ["tea", "bags"], "12.00"), ("mug-white", ["mugs"], "39.00"),
        ("biscuits-oat", ["biscuits"], "9.90"), ("pot-iron", ["pots"], "240.00"), ("card", [], "3.50"),
      ]),
    Shop(
      currency: "KWD", digits: 3, store: "stores/kwd.json",
      items: [("dates", [], "2.125"), ("coffee", [], "4.750"), ("cardamom", [], "0.335")]),
  ]

  /// `count` random orders for `shop`, one JSON line each: amounts and items, some with a
  /// code (VIP10 is a code of the CNY store).
  static func orders(_ shop: Shop, count: Int, random: inout SplitMix64) -> [String] {
    (0..<count).map { index in
      let code = random.next() % 6 == 0 ? #","codes":["VIP10"]"# : ""
      if random.next() % 4 == 0 {
        let whole = 1 + random.next() % 30_000
        let fraction =
          shop.digits == 0
          ? ""
          : "."
            + String(String(random.next() % 1000).suffix(shop.digits))
            .leftPadded(to: shop.digits)
        return
          #"{"id":"O-\#(index)","amount":"\#(whole / (shop.digits == 0 ? 1 : 100))\#(fraction)"\#(code)}"#
      }
      let items = (0..<(1 + random.next() % 4)).map { _ in
        let item = shop.items[Int(random.next() % UInt64(shop.items.count))]
        let categories =
          item.categories.isEmpty
          ? "" : #","categories":[\#(item.categories.map { "\"\($0)\"" }.joined(separator: ","))]"#
        return
          #"{"sku":"\#(item.sku)"\#(categories),"unitPrice":"\#(item.price)","quantity":\#(1 + random.next() % 5)}"#
      }
      return #"{"id":"O-\#(index)","items":[\#(items.joined(separator: ","))]\#(code)}"#
    }
  }

  /// Minor units of an amount string with exactly `digits` decimals.
  static func units(_ text: Any?) -> Int {
    Int((text as! String).replacingOccurrences(of: ".", with: ""))!
  }

  /// An amount of minor units as the contract writes it.
  static func amount(_ units: Int, digits: Int) -> String {
    guard digits > 0 else { return String(units) }
    let text = String(units).leftPadded(to: digits + 1)
    return text.dropLast(digits) + "." + text.suffix(digits)
  }

  /// `value / divisor` rounded half-up, for values and divisors above 0.
  static func rounded(_ value: Int, over divisor: Int) -> Int {
    (2 * value + divisor) / (2 * divisor)
  }

  /// The report of the `price --format json` results, worked out here: the JSON object
  /// `report --format json` must print, as a Foundation value.
  static func expectedReport(priceLines: [String], currency: String, digits: Int) throws -> NSDictionary {
    var subtotal = 0
    var discount = 0
    var total = 0
    var rates = [Int](repeating: 0, count: 21)
    var promotions: [String: (orders: Int, discount: Int)] = [:]
    for line in priceLines {
      let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let orderSubtotal = units(result["subtotal"])
      let orderDiscount = units(result["discount"])
      subtotal += orderSubtotal
      discount += orderDiscount
      total += units(result["total"])
      // The bucket: 0 for nothing off, else the least i with discount/subtotal <= 5i%.
      rates[orderDiscount == 0 ? 0 : (orderDiscount * 20 + orderSubtotal - 1) / orderSubtotal] += 1
      for applied in result["promotions"] as! [[String: Any]] {
        let id = applied["id"] as! String
        promotions[id, default: (0, 0)].orders += 1
        promotions[id, default: (0, 0)].discount += units(applied["discount"])
      }
    }
    let costs = promotions.sorted {
      $0.value.discount != $1.value.discount ? $0.value.discount > $1.value.discount : $0.key < $1.key
    }.map { id, tally -> [String: Any] in
      let share = discount == 0 ? 0 : rounded(tally.discount * 10_000, over: discount)
      return [
        "id": id, "orders": tally.orders, "discount": amount(tally.discount, digits: digits),
        "share": amount(share, digits: 2),
        "average": amount(rounded(tally.discount, over: tally.orders), digits: digits),
      ]
    }
    return [
      "orders": priceLines.count, "currency": currency, "subtotal": amount(subtotal, digits: digits),
      "discount": amount(discount, digits: digits), "shipping": amount(0, digits: digits),
      "total": amount(total, digits: digits), "promotions": costs,
      "rates": rates.enumerated().map { index, count in
        ["from": index == 0 ? 0 : (index - 1) * 5, "to": index * 5, "orders": count]
      },
    ]
  }

  /// The report JSON without the promotions' names (which `price` does not print).
  static func withoutNames(_ json: String) throws -> NSDictionary {
    var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    object["promotions"] = (object["promotions"] as! [[String: Any]]).map { $0.filter { $0.key != "name" } }
    return object as NSDictionary
  }

  static func temporaryFile(_ text: String, suffix: String = ".jsonl") throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-report-\(UUID().uuidString)\(suffix)")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test("the report is the sum of the price results, however it is run", arguments: shops)
  func matchesPriceResults(shop: Shop) throws {
    var random = SplitMix64(seed: 18 &+ UInt64(shop.digits))
    // Enough orders for several chunks of a --jobs stream (64 KiB each).
    let lines = Self.orders(shop, count: shop.digits == 2 ? 1_500 : 300, random: &random)
    let stream = lines.joined(separator: "\n") + "\n"
    let pricing = ["--store", shop.store, "--at", Self.at, "--format", "json"]
    let priced = try PromoBinary.run(["price", "--lines", "-"] + pricing, stdin: Data(stream.utf8))
    #expect(priced.status == 0, "\(priced.stderr)")
    let expected = try Self.expectedReport(
      priceLines: priced.stdout.split(separator: "\n").map(String.init), currency: shop.currency,
      digits: shop.digits)
    // A batch that exercises the report: every order priced, promotions applied.
    #expect(expected["orders"] as? Int == lines.count)
    #expect(!(expected["promotions"] as! [Any]).isEmpty)

    let streamed = try PromoBinary.run(["report", "--lines", "-"] + pricing, stdin: Data(stream.utf8))
    #expect(streamed.status == 0 && streamed.stderr.isEmpty, "\(streamed.stderr)")
    #expect(try Self.withoutNames(streamed.stdout) == expected)
    #expect(streamed.stdout.split(separator: "\n").count == 1)

    let parallel = try PromoBinary.run(
      ["report", "--lines", "--jobs", "2", "-"] + pricing, stdin: Data(stream.utf8))
    #expect(parallel == streamed)

    // Without --lines: the same orders as one JSON array.
    let array = try Self.temporaryFile("[" + lines.joined(separator: ",\n") + "]", suffix: ".json")
    defer { try? FileManager.default.removeItem(at: array) }
    let whole = try PromoBinary.run(["report", array.path] + pricing)
    #expect(whole == streamed)

    // Random splits, each reported on its own (one of them empty), then merged.
    var parts: [URL] = []
    defer { for part in parts { try? FileManager.default.removeItem(at: part) } }
    var start = 0
    while start <= lines.count {
      let end = min(lines.count, start + Int(random.next() % UInt64(lines.count / 3)))
      let chunk = lines[start..<end].map { $0 + "\n" }.joined()
      let report = try PromoBinary.run(["report", "--lines", "-"] + pricing, stdin: Data(chunk.utf8))
      #expect(report.status == 0)
      parts.append(try Self.temporaryFile(report.stdout, suffix: ".json"))
      if end == lines.count { break }
      start = end
    }
    parts.shuffle(using: &random)
    let merged = try PromoBinary.run(["report", "--merge", "--format", "json"] + parts.map(\.path))
    #expect(merged == streamed, "\(parts.count) parts")
    // The text and the page of a merge are those of the whole batch too.
    for format in ["text", "html"] {
      let one = try PromoBinary.run(
        ["report", "--lines", "-", "--store", shop.store, "--at", Self.at, "--format", format],
        stdin: Data(stream.utf8))
      let many = try PromoBinary.run(["report", "--merge", "--format", format] + parts.map(\.path))
      #expect(one == many, "\(format)")
    }
  }

  @Test("bad orders are reported as price reports them and left out of the sums; status 65")
  func badOrders() throws {
    let pricing = ["--store", "stores/tea-shop.json", "--at", Self.at, "--format", "json"]
    let input = "bad/stream-format2-bad-lines.jsonl"
    let priced = try PromoBinary.run(["price", "--lines", input] + pricing)
    for jobs in ["1", "2"] {
      let report = try PromoBinary.run(["report", "--lines", "--jobs", jobs, input] + pricing)
      #expect(report.status == 65)
      #expect(report.stderr == priced.stderr)
      let expected = try Self.expectedReport(
        priceLines: priced.stdout.split(separator: "\n").map(String.init), currency: "CNY", digits: 2)
      #expect(try Self.withoutNames(report.stdout) == expected)
    }
  }

  @Test("`report --lines | head -1` on a long stream: the first line, status 0, no message")
  func closedStandardOutput() throws {
    var random = SplitMix64(seed: 7)
    let file = try Self.temporaryFile(
      Self.orders(Self.shops[1], count: 5_000, random: &random).joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(at: file) }
    for format in ["text", "html"] {
      let run = try PromoBinary.runTool(
        "/bin/bash",
        [
          "-c",
          #"set -o pipefail; "$PROMO" report --lines --jobs 2 \#(file.path) --store stores/report-shop.json --format \#(format) | head -1; echo "status=$?""#,
        ],
        environment: ["PROMO": PromoBinary.executable.path, "PATH": "/usr/bin:/bin"])
      #expect(run.output.hasSuffix("status=0\n"), "\(format): \(run.output)")
      #expect(run.output.split(separator: "\n").count == 2, "\(format): \(run.output)")
    }
  }

  @Test("a report of amounts near the top of 128 bits renders in every format; a merge that overflows is 65")
  func hugeAmounts() throws {
    // The largest amount of 2 digits, and a discount of 94% of it: every sum and chart
    // scale near the limit.
    let subtotal = "1701411834604692317316873037158841057.27"
    let discount = "1600000000000000000000000000000000000.00"
    let total = "101411834604692317316873037158841057.27"
    let rates = (0...20).map { index in
      #"{"from":\#(index == 0 ? 0 : (index - 1) * 5),"to":\#(index * 5),"orders":\#(index == 19 ? 1 : 0)}"#
    }
    let report = try Self.temporaryFile(
      #"{"orders":1,"currency":"CNY","subtotal":"\#(subtotal)","discount":"\#(discount)","shipping":"0.00","#
        + #""total":"\#(total)","promotions":[{"id":"a","orders":1,"discount":"\#(discount)","share":"100.00","#
        + #""average":"\#(discount)"}],"rates":[\#(rates.joined(separator: ","))]}"#,
      suffix: ".json")
    defer { try? FileManager.default.removeItem(at: report) }
    for format in ["text", "json", "html"] {
      let run = try PromoBinary.run(["report", "--merge", report.path, "--format", format])
      #expect(run.status == 0 && run.stdout.contains(discount), "\(format): \(run.stderr)")
    }
    let twice = try PromoBinary.run(["report", "--merge", report.path, report.path])
    #expect(twice.status == 65)
    #expect(twice.stderr == "promo: \(report.path): a sum of the report is too large to add up\n")
  }

  @Test("the JSON report matches schemas/report.schema.json")
  func schema() throws {
    let schema = try SchemaTests.validator("report")
    #expect(schema.unknownKeywords().isEmpty)
    for arguments in [
      ["report", "--lines", "orders/report-batch.jsonl", "--store", "stores/report-shop.json"],
      ["report", "orders/jpy.json", "--store", "stores/jpy.json"],
      ["report", "orders/kwd.json", "--store", "stores/kwd.json"],
      ["report", "--lines", "-", "--store", "stores/plain.json"],
    ] {
      let run = try PromoBinary.run(arguments + ["--format", "json", "--at", Self.at])
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      let errors = schema.errors(in: try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)))
      #expect(errors.isEmpty, "\(arguments): \(errors)")
    }
    #expect(!schema.errors(in: ["orders": 1]).isEmpty)
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
