import Foundation
import Testing

/// docs/CI.md's cluster recipes, kept honest without a cluster: each Hadoop Streaming mapper
/// command, read from the document, runs as the shell filter a map task runs and must give
/// what one `promo price --lines` process gives; the PySpark recipe must be, verbatim, the
/// code that `make spark-check` (scripts/spark_check.py) runs in Spark.
@Suite("docs/CI.md's Hadoop Streaming and Spark recipes")
struct StreamingRecipeTests {
  static let package = PromoBinary.fixtures.deletingLastPathComponent()
  static let store = PromoBinary.fixtures.appendingPathComponent("stores/tea-shop.json")
  static let at = "2026-11-22T12:00:00+08:00"

  static func read(_ path: String) throws -> String {
    try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
  }

  /// Each `-mapper "..."` word of docs/CI.md as the shell that starts `hadoop jar` passes it
  /// on: the double quotes removed and `\$`, `\"`, `` \` `` and `\\` unescaped.
  static func documentedMappers() throws -> [String] {
    try read("docs/CI.md").split(separator: "\n").compactMap { line in
      var text = line.trimmingCharacters(in: .whitespaces)
      if text.hasSuffix("\\") { text = text.dropLast().trimmingCharacters(in: .whitespaces) }
      let prefix = "-mapper \""
      guard text.hasPrefix(prefix), text.hasSuffix("\""), text.count > prefix.count else { return nil }
      var word = ""
      var escaped = false
      for character in text.dropFirst(prefix.count).dropLast() {
        if escaped {
          if !"$\"`\\".contains(character) { word.append("\\") }
          word.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else {
          word.append(character)
        }
      }
      return word
    }
  }

  /// Deterministic JSON Lines orders for the tea shop: bare amounts and items with
  /// categories, some presenting codes (one the store knows, one it does not).
  static func orders(count: Int) -> [String] {
    var state: UInt64 = 0x7EA
    func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    let catalog = [
      (#""sku":"tea-green","categories":["tea"]"#, "25.00"),
      (#""sku":"tea-oolong","categories":["tea","oolong"]"#, "45.90"),
      (#""sku":"bag-oolong","categories":["tea","bags"]"#, "12.00"),
      (#""sku":"mug-white","categories":["mugs"]"#, "39.00"),
      (#""sku":"mug-blue","categories":["mugs"]"#, "42.00"),
      (#""sku":"biscuits-oat","categories":["biscuits"]"#, "9.90"),
      (#""sku":"pot-iron","categories":["pots"]"#, "240.00"),
      (#""sku":"card""#, "3.50"),
    ]
    let codes = ["", #","codes":["vip10"]"#, #","codes":["WELCOME5"]"#]
    return (0..<count).map { index in
      let code = codes[Int(next(UInt64(codes.count)))]
      if next(4) == 0 {
        let amount = "\(1 + next(599)).\(String(format: "%02d", next(100)))"
        return #"{"id":"R-\#(index)","amount":"\#(amount)"\#(code)}"#
      }
      let items = (0..<(1 + next(4))).map { _ in
        let (item, price) = catalog[Int(next(UInt64(catalog.count)))]
        return #"{\#(item),"unitPrice":"\#(price)","quantity":\#(1 + next(6))}"#
      }
      return #"{"id":"R-\#(index)","items":[\#(items.joined(separator: ","))]\#(code)}"#
    }
  }

  /// Runs `mapper` with `/bin/sh -c` over `input`, in a task folder laid out as
  /// `-files promo,promotions.json` lays it out.
  static func runMapper(_ mapper: String, input: String) throws -> PromoBinary.Result {
    let task = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-task-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: task, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: task) }
    try FileManager.default.createSymbolicLink(
      at: task.appendingPathComponent("promo"), withDestinationURL: PromoBinary.executable)
    try FileManager.default.copyItem(at: store, to: task.appendingPathComponent("promotions.json"))
    return try PromoBinary.run(
      ["-c", mapper], in: task, stdin: Data(input.utf8), executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// One `promo price --lines` process over `input`: what every mapper must give.
  static func direct(_ input: String) throws -> PromoBinary.Result {
    try PromoBinary.run(
      ["price", "--lines", "-", "--store", store.path, "--at", at, "--format", "json"],
      stdin: Data(input.utf8))
  }

  @Test("each documented Hadoop Streaming mapper, as a shell filter, gives what one process gives")
  func mappersMatchOneProcess() throws {
    let mappers = try Self.documentedMappers()
    #expect(mappers.count == 2, "\(mappers)")
    let input = Self.orders(count: 400).joined(separator: "\n") + "\n"
    let expected = try Self.direct(input)
    #expect(expected.status == 0)
    #expect(expected.stdout.split(separator: "\n").count == 400)
    for mapper in mappers {
      let mapped = try Self.runMapper(mapper, input: input)
      #expect(mapped.status == 0, "\(mapper): \(mapped.stderr)")
      #expect(mapped.stderr.isEmpty, "\(mapper)")
      #expect(mapped.stdout == expected.stdout, "\(mapper)")
    }
  }

  @Test("with a bad line, the plain mapper fails its task (65) and the wrapped one prices the rest (0)")
  func wrappedMapperCountsBadLinesAsSuccess() throws {
    var lines = Self.orders(count: 20)
    lines[7] = #"{"id":"bad","amount":"1.001"}"#
    let input = lines.joined(separator: "\n") + "\n"
    let expected = try Self.direct(input)
    #expect(expected.status == 65)
    #expect(expected.stdout.split(separator: "\n").count == 19)
    let mappers = try Self.documentedMappers()
    let wrapped = mappers.filter { $0.hasPrefix("sh -c ") }
    let plain = mappers.filter { !$0.hasPrefix("sh -c ") }
    #expect(wrapped.count == 1 && plain.count == 1, "\(mappers)")
    for (mapper, status) in plain.map({ ($0, Int32(65)) }) + wrapped.map({ ($0, Int32(0)) }) {
      let mapped = try Self.runMapper(mapper, input: input)
      #expect(mapped.status == status, "\(mapper)")
      #expect(mapped.stdout == expected.stdout, "\(mapper)")
      #expect(mapped.stderr.hasPrefix("promo: stdin: line 8: amount: "), "\(mapper): \(mapped.stderr)")
    }
  }

  /// The ```python block of docs/CI.md after `<!-- marker -->`, and the region of
  /// scripts/spark_check.py between `# --- begin region` and `# --- end region`, dedented.
  static func quotedRecipe(marker: String, region name: String) throws -> (
    documented: [String], run: [String]
  )? {
    let document = try Self.read("docs/CI.md").split(separator: "\n", omittingEmptySubsequences: false)
    guard let marker = document.firstIndex(of: "<!-- \(marker) -->"[...]),
      document.indices.contains(marker + 1), document[marker + 1] == "```python",
      let close = document[(marker + 2)...].firstIndex(of: "```")
    else {
      Issue.record("docs/CI.md has no ```python block right after <!-- \(marker) -->")
      return nil
    }
    let documented = document[(marker + 2)..<close].map(String.init)

    let script = try Self.read("scripts/spark_check.py").split(
      separator: "\n", omittingEmptySubsequences: false)
    guard let begin = script.firstIndex(where: { $0.contains("# --- begin \(name)") }),
      let end = script.firstIndex(where: { $0.contains("# --- end \(name)") }), begin < end
    else {
      Issue.record("scripts/spark_check.py has no '# --- begin \(name)' ... '# --- end \(name)' region")
      return nil
    }
    let region = script[(begin + 1)..<end]
    let indent =
      region.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return (documented, region.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) })
  }

  @Test("docs/CI.md's PySpark report recipe is, verbatim, the one scripts/spark_check.py runs in Spark")
  func sparkReportRecipeIsQuotedFromTheCheck() throws {
    guard
      let (documented, run) = try Self.quotedRecipe(marker: "spark-report-recipe", region: "report recipe")
    else { return }
    #expect(!run.isEmpty)
    #expect(documented == run)
    // Each partition becomes one JSON report, and the driver merges them with promo.
    #expect(
      run.contains { $0.contains("\"report\", \"--lines\", \"-\"") && $0.contains("\"--format\", \"json\"") })
    #expect(run.contains { $0.contains("\"report\", \"--merge\"") })
    #expect(run.contains("at = \"\(Self.at)\""))
  }

  @Test("docs/CI.md's PySpark recipe is, verbatim, the one scripts/spark_check.py runs in Spark")
  func sparkRecipeIsQuotedFromTheCheck() throws {
    guard let (documented, run) = try Self.quotedRecipe(marker: "spark-recipe", region: "recipe") else {
      return
    }
    #expect(!run.isEmpty)
    #expect(documented == run)
    // The recipe hands pipe one quoted string, not a list, and runs the shipped binary.
    #expect(run.contains { $0.contains("shlex.join(") })
    #expect(run.contains { $0.contains(".pipe(command)") })
    #expect(run.contains { $0.contains("\"--at\", at") })
    #expect(run.contains("at = \"\(Self.at)\""))
  }
}
