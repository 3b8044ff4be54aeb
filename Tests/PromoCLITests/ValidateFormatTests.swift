import Foundation
import PromoCLI
import PromoKit
import Testing

@Suite("promo validate --format json and github: every finding on its line")
struct ValidateFormatTests {
  static let at = "2026-11-22T12:00:00+08:00"

  /// The objects of `validate --format json` on `store` (a path under fixtures/).
  static func findings(_ store: String) throws -> (status: Int32, lines: [[String: Any]]) {
    let result = try PromoBinary.run(["validate", "--format", "json", "--at", at, store])
    #expect(result.stderr.isEmpty, "\(store): \(result.stderr)")
    let lines = try result.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    return (result.status, lines)
  }

  @Test("every line matches the schema, the last is the summary, and the counts and status agree")
  func schemaAndSummary() throws {
    let schema = try SchemaTests.validator("validate-result")
    for store in [
      "promotions.json", "stores/suspicious.json", "stores/suspicious-v2.json",
      "stores/repeated-warnings.json",
      "bad/many-problems-store.json", "bad/unknown-key-store.json", "bad/trailing-comma.json",
      "bad/duplicate-key.json", "bad/newer-version-store.json", "bad/no-offset-store.json",
      "bad/v2-store-with-shipping.json", "bad/window-backwards-store.json", "bad/empty.json",
      "bad/comment.json",
    ] {
      let (status, lines) = try Self.findings(store)
      for line in lines { #expect(schema.errors(in: line).isEmpty, "\(store): \(line)") }
      let summary = try #require(lines.last?["summary"] as? [String: Int], "\(store)")
      let errors = lines.dropLast().count { $0["severity"] as? String == "error" }
      #expect(summary["errors"] == errors && summary["warnings"] == lines.count - 1 - errors, "\(store)")
      #expect(status == (errors == 0 ? 0 : 65), "\(store)")
    }
  }

  @Test(
    "a store that cannot be read is one finding on standard output, with the status of the text form",
    arguments: ["bad/no-such-store.json", "bad"])
  func unreadableStore(store: String) throws {
    let schema = try SchemaTests.validator("validate-result")
    let text = try PromoBinary.run(["validate", "--at", Self.at, store])
    let (status, lines) = try Self.findings(store)
    #expect(text.status == 66 && status == 66)
    #expect(lines.count == 2)
    for line in lines { #expect(schema.errors(in: line).isEmpty, "\(line)") }
    #expect(lines.first?["code"] as? String == "unreadable-file")
    #expect(lines.first?["file"] as? String == store && lines.first?["line"] as? Int == 1)
    #expect((lines.last?["summary"] as? [String: Int]) == ["errors": 1, "warnings": 0])
    let github = try PromoBinary.run(["validate", "--format", "github", "--at", Self.at, store])
    #expect(github.status == 66 && github.stderr.isEmpty)
    #expect(github.stdout.hasPrefix("::error file=\(store),line=1,col=1,"))
  }

  @Test("the schema lists exactly the codes promo has")
  func codesInSchema() throws {
    let schema = try SchemaTests.validator("validate-result")
    let definitions = try #require(schema.root["$defs"] as? [String: Any])
    let finding = try #require(definitions["finding"] as? [String: Any])
    let properties = try #require(finding["properties"] as? [String: Any])
    let code = try #require(properties["code"] as? [String: Any])
    #expect(code["enum"] as? [String] == StoreFindingCode.allCases.map(\.rawValue))
  }

  @Test(
    "a finding is on the line and column of its key, a missing key on its object, a syntax error on itself")
  func locations() throws {
    let text = """
      {
        "version": 3,
        "currency": "CNY",
        "promotions": [
          { "id": "a", "kind": "discount", "percentOff": "10" },
          { "id": "b", "kind": "threshold",
            "amountOff": "5.00", "startAt": "x" }
        ]
      }
      """
    let (catalog, findings) = StoreFinding.all(
      in: Array(text.utf8), file: "s.json", at: Instant(secondsSinceEpoch: 0))
    #expect(catalog == nil)
    let places = findings.map { "\($0.line):\($0.column) \($0.path ?? "-") \($0.code.rawValue)" }
    #expect(
      places == [
        "7:28 promotions[1].startAt unknown-key", "6:5 promotions[1].minimumAmount missing-minimum",
      ])
    let broken = Array("{\n  \"version\": 3,\n  \"promotions\": [],\n}\n".utf8)
    let syntax = StoreFinding.all(in: broken, file: "s.json", at: Instant(secondsSinceEpoch: 0)).findings
    #expect(syntax.map { "\($0.line):\($0.column) \($0.code.rawValue)" } == ["3:19 invalid-json"])
    #expect(syntax.first?.path == nil)
  }

  @Test("a key with a dot or a bracket in it is still found by its path")
  func oddKeys() throws {
    let text = #"{"promotions": [{"a.b": 1, "a": {"b": 2}}], "x[0]": 3}"#
    let root = try JSONParser.parse(Array(text.utf8))
    // The longest key that fits: "a.b" rather than "a", then "b".
    #expect(root.offset(of: "promotions[0].a.b") == 17)
    #expect(root.offset(of: "x[0]") == 44)
    // A part the tree does not have: the deepest place found on the way.
    #expect(root.offset(of: "promotions[0].a.c") == 27)
    #expect(root.offset(of: "promotions[7]") == 1)
  }

  @Test("github: workflow commands with %, CR and LF escaped in the message, and : and , too in properties")
  func githubEscaping() {
    #expect(FindingRenderer.escapeData("50% off\r\na:b,c") == "50%25 off%0D%0Aa:b,c")
    #expect(
      FindingRenderer.escapeProperty("shop, main:promotions.json%") == "shop%2C main%3Apromotions.json%25")
    let finding = StoreFinding(
      severity: .warning, path: "promotions[0].percentOff", location: SourceLocation(line: 3, column: 7),
      code: .makesFree, text: "\"x\" takes 100% off: every order\nbecomes free; check it")
    #expect(
      FindingRenderer.github(finding, file: "a,b.json")
        == "::warning file=a%2Cb.json,line=3,col=7,title=promo validate::promotions[0].percentOff: "
        + "\"x\" takes 100%25 off: every order%0Abecomes free; check it\n")
  }

  @Test("every warning is listed, ungrouped, in json and github alike")
  func warningsUngrouped() throws {
    let (_, lines) = try Self.findings("stores/repeated-warnings.json")
    let text = try PromoBinary.run([
      "validate", "--all-warnings", "--at", Self.at, "stores/repeated-warnings.json",
    ])
    let warnings = text.stderr.split(separator: "\n").count
    #expect(lines.count - 1 == warnings)
    let github = try PromoBinary.run([
      "validate", "--format", "github", "--at", Self.at, "stores/repeated-warnings.json",
    ])
    #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning ") }.count == warnings)
    #expect(github.status == 0)
  }
}
