import Foundation
import Testing

@Suite("JSON Schemas in schemas/ agree with the files and the output")
struct SchemaTests {
  static let schemas = PromoBinary.fixtures.deletingLastPathComponent().appendingPathComponent("schemas")

  static func validator(_ name: String) throws -> JSONSchemaValidator {
    try JSONSchemaValidator(contentsOf: schemas.appendingPathComponent("\(name).schema.json"))
  }

  static func json(_ path: String) throws -> Any {
    try JSONSerialization.jsonObject(
      with: Data(contentsOf: PromoBinary.fixtures.appendingPathComponent(path)), options: [.fragmentsAllowed])
  }

  @Test("every schema is draft 2020-12 and uses only keywords the validator checks")
  func schemasAreSound() throws {
    for name in [
      "promotion-store", "order", "price-result", "list-result", "diff-result", "report", "validate-result",
    ] {
      let schema = try Self.validator(name)
      #expect(schema.root["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
      #expect(schema.unknownKeywords().isEmpty, "\(name): \(schema.unknownKeywords())")
    }
  }

  @Test("the store schema accepts every good store and refuses bad ones")
  func stores() throws {
    let schema = try Self.validator("promotion-store")
    for good in [
      "promotions.json", "stores/jpy.json", "stores/kwd.json", "stores/plain.json", "stores/empty.json",
      "stores/suspicious.json", "stores/fine-minimum.json", "stores/tea-shop.json",
      "stores/tea-shop-changed.json", "stores/suspicious-v2.json", "stores/offsets.json",
      "stores/tea-shop-3.json", "stores/teapots.json", "stores/f3-cli.json", "stores/report-shop.json",
    ] {
      let errors = schema.errors(in: try Self.json(good))
      #expect(errors.isEmpty, "\(good): \(errors)")
    }
    for bad in [
      "bad/unknown-key-store.json", "bad/newer-version-store.json", "bad/no-offset-store.json",
      "bad/many-problems-store.json", "bad/v2-store-with-shipping.json",
    ] {
      #expect(!schema.errors(in: try Self.json(bad)).isEmpty, "\(bad) should be refused")
    }
  }

  @Test("the order schema accepts every good order file and refuses bad ones")
  func orders() throws {
    let schema = try Self.validator("order")
    for good in [
      "orders/stack-wins.json", "orders/single-wins.json", "orders/batch.json", "orders/jpy.json",
      "orders/kwd.json",
      "orders/huge.json", "bad/currency-mismatch.json", "orders/b-1.json", "orders/b-2.json",
      "orders/teapots.json",
    ] {
      let errors = schema.errors(in: try Self.json(good))
      #expect(errors.isEmpty, "\(good): \(errors)")
    }
    for bad in ["bad/quantity-zero.json", "bad/items-and-amount.json"] {
      #expect(!schema.errors(in: try Self.json(bad)).isEmpty, "\(bad) should be refused")
    }
    for line in try String(
      contentsOf: PromoBinary.fixtures.appendingPathComponent("orders/stream.jsonl"), encoding: .utf8
    )
    .split(separator: "\n") {
      #expect(schema.errors(in: try JSONSerialization.jsonObject(with: Data(line.utf8))).isEmpty)
    }
  }

  @Test("every line of price --format json (with and without --explain) matches the result schema")
  func priceOutput() throws {
    let schema = try Self.validator("price-result")
    let runs = [
      ["price", "orders/stack-wins.json", "orders/single-wins.json", "orders/huge.json"],
      ["price", "orders/batch.json", "--store", "stores/plain.json", "--explain"],
      ["price", "orders/jpy.json", "--store", "stores/jpy.json", "--explain"],
      ["price", "orders/kwd.json", "--store", "stores/kwd.json", "--explain"],
      ["price", "--lines", "orders/stream.jsonl", "--explain"],
      // Store format 3: shipping, customers, the new outcomes.
      [
        "price", "orders/b-1.json", "orders/b-2.json", "orders/teapots.json", "--store",
        "stores/tea-shop-3.json",
      ],
      [
        "price", "orders/b-1.json", "orders/b-2.json", "orders/teapots.json", "--store",
        "stores/tea-shop-3.json", "--explain",
      ],
      [
        "price", "orders/b-1.json", "orders/b-2.json", "orders/teapots.json", "--store",
        "stores/teapots.json", "--explain",
      ],
      [
        "price", "orders/b-1.json", "orders/b-2.json", "orders/teapots.json", "orders/stack-wins.json",
        "--store", "stores/f3-cli.json", "--explain",
      ],
      [
        "price", "orders/b-2.json", "orders/teapots.json", "--store", "stores/f3-cli.json", "--explain",
        "--customer-group", "vip",
      ],
    ]
    var lines = 0
    for arguments in runs {
      let result = try PromoBinary.run(arguments + ["--format", "json", "--at", "2026-11-22T12:00:00+08:00"])
      #expect(result.status == 0)
      for line in result.stdout.split(separator: "\n") {
        let errors = schema.errors(in: try JSONSerialization.jsonObject(with: Data(line.utf8)))
        #expect(errors.isEmpty, "\(line): \(errors)")
        lines += 1
      }
    }
    #expect(lines >= 26)
  }

  @Test("the list schema is the store schema's promotion, with its definitions, plus status")
  func listSchemaIsTheStoresPromotion() throws {
    func object(_ name: String) throws -> NSDictionary {
      let data = try Data(contentsOf: Self.schemas.appendingPathComponent("\(name).schema.json"))
      return try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }
    let list = try object("list-result")
    let store = try object("promotion-store")
    let storeDefinitions = try #require(store["$defs"] as? NSDictionary)
    let promotion = try #require(storeDefinitions["promotion"] as? NSDictionary)
    for (key, value) in promotion {
      let key = try #require(key as? String)
      switch key {
      case "properties":
        let properties = NSMutableDictionary(dictionary: try #require(list["properties"] as? [String: Any]))
        #expect(properties["status"] != nil)
        properties.removeObject(forKey: "status")
        #expect(properties == (value as? NSDictionary), "properties")
      case "required":
        #expect((list["required"] as? [String]) == (value as? [String] ?? []) + ["status"])
      default: #expect((list[key] as? NSObject) == (value as? NSObject), "\(key)")
      }
    }
    // Every definition the list schema has is the store schema's.
    for (key, value) in try #require(list["$defs"] as? NSDictionary) {
      #expect((storeDefinitions[key] as? NSObject) == (value as? NSObject), "$defs.\(key)")
    }
  }

  @Test("every line of list and show --format json matches the list schema")
  func listOutput() throws {
    let schema = try Self.validator("list-result")
    for store in [
      "promotions.json", "stores/jpy.json", "stores/kwd.json", "stores/suspicious.json",
      "stores/tea-shop-3.json",
      "stores/teapots.json", "stores/f3-cli.json", "stores/tea-shop-v4.json", "stores/f4-cli.json",
      "stores/f4-warnings.json",
    ] {
      let result = try PromoBinary.run(["list", "--format", "json", "--store", store])
      #expect(result.status == 0)
      for line in result.stdout.split(separator: "\n") {
        let errors = schema.errors(in: try JSONSerialization.jsonObject(with: Data(line.utf8)))
        #expect(errors.isEmpty, "\(line): \(errors)")
      }
    }
    let shown = try PromoBinary.run(["show", "spend300-save150", "--format", "json"])
    #expect(schema.errors(in: try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))).isEmpty)
  }

  @Test("every line of diff --format json matches the diff schema, and the last one is the summary")
  func diffOutput() throws {
    let schema = try Self.validator("diff-result")
    let result = try PromoBinary.run([
      "diff", "--base", "stores/tea-shop.json", "--store", "stores/tea-shop-changed.json", "--lines",
      "orders/reference.jsonl", "--code", "WELCOME", "--format", "json", "--at", "2026-11-22T12:00:00+08:00",
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 7)
    for line in lines {
      let errors = schema.errors(in: try JSONSerialization.jsonObject(with: Data(line.utf8)))
      #expect(errors.isEmpty, "\(line): \(errors)")
    }
    #expect(lines.last?.hasPrefix(#"{"summary":"#) == true)
    // A line that is neither a change nor a summary is refused.
    #expect(!schema.errors(in: ["order": "x", "before": "1.00"]).isEmpty)
  }
}
