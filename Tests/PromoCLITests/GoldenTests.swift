import Foundation
import Testing

/// One end-to-end case in `fixtures/golden/NAME/`: `cmd` (the arguments, split at spaces)
/// or `args` (one argument per line), optional `stdin` and `env` (`NAME=value` lines), and
/// the expected `stdout`, `stderr` and `status`. The command runs in `fixtures/`.
///
/// A case that writes runs in a scratch copy of `fixtures/` instead: it has a `sandbox`
/// file, whose content is `store.json` (start from a copy of that fixture as
/// `promotions.json`), `no-store` (start without `promotions.json`) or empty (start from
/// the sample store). Its `store-after` is the expected `promotions.json` afterwards.
///
/// `RECORD_SNAPSHOTS=1 swift test --filter GoldenTests` rewrites the expected files from
/// what the binary does now; review the diff before committing it.
struct GoldenCase: Sendable, CustomTestStringConvertible {
  let name: String

  var testDescription: String { name }

  var folder: URL { PromoBinary.fixtures.appendingPathComponent("golden").appendingPathComponent(name) }

  static let all: [GoldenCase] = {
    let root = PromoBinary.fixtures.appendingPathComponent("golden")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.sorted().map(GoldenCase.init(name:))
  }()

  func file(_ name: String) -> String? {
    try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }
}

@Suite("Golden end-to-end runs of the promo binary")
struct GoldenTests {
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

  /// How many cases `fixtures/golden` holds: a case that vanishes fails the run.
  static let expectedCaseCount = 381

  @Test("the golden cases exist, every one of them")
  func casesExist() {
    #expect(GoldenCase.all.count == Self.expectedCaseCount)
  }

  @Test(arguments: GoldenCase.all)
  func golden(_ testCase: GoldenCase) throws {
    let arguments: [String]
    if let lines = testCase.file("args") {
      arguments = lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    } else {
      let command = try #require(testCase.file("cmd"), "missing cmd or args in \(testCase.name)")
      arguments = command.split(whereSeparator: \.isWhitespace).map(String.init)
    }
    var environment: [String: String] = [:]
    for line in (testCase.file("env") ?? "").split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { environment[parts[0]] = parts[1] }
    }
    let stdin = testCase.file("stdin").map { Data($0.utf8) } ?? Data()
    var directory = PromoBinary.fixtures
    var storeBefore: Data?
    if let sandbox = testCase.file("sandbox") {
      directory = try Self.scratchFixtures(
        startingWith: sandbox.trimmingCharacters(in: .whitespacesAndNewlines))
      storeBefore = try? Data(contentsOf: directory.appendingPathComponent("promotions.json"))
    }
    defer { if directory != PromoBinary.fixtures { try? FileManager.default.removeItem(at: directory) } }
    let result = try PromoBinary.run(arguments, in: directory, environment: environment, stdin: stdin)
    let storeAfter =
      (try? String(contentsOf: directory.appendingPathComponent("promotions.json"), encoding: .utf8))
      ?? "(no store)\n"

    if Self.recording {
      try result.stdout.write(
        to: testCase.folder.appendingPathComponent("stdout"), atomically: true, encoding: .utf8)
      try result.stderr.write(
        to: testCase.folder.appendingPathComponent("stderr"), atomically: true, encoding: .utf8)
      try "\(result.status)\n".write(
        to: testCase.folder.appendingPathComponent("status"), atomically: true, encoding: .utf8)
      if testCase.file("sandbox") != nil {
        try storeAfter.write(
          to: testCase.folder.appendingPathComponent("store-after"), atomically: true, encoding: .utf8)
      }
      // Like swift-argument-parser's snapshot helper: a recording run never passes, so
      // that it cannot stand in for a real test run by accident.
      Issue.record("recorded \(testCase.name); review the diff, then run the tests without RECORD_SNAPSHOTS")
      return
    }
    if testCase.file("sandbox") != nil {
      #expect(storeAfter == testCase.file("store-after"), "the store afterwards")
      if result.status != 0 {
        let unchanged = try? Data(contentsOf: directory.appendingPathComponent("promotions.json"))
        #expect(unchanged == storeBefore, "a failed command must leave the store byte for byte as it was")
      }
    }
    let status = try #require(testCase.file("status"), "no recorded status; run with RECORD_SNAPSHOTS=1")
    #expect("\(result.status)" == status.trimmingCharacters(in: .whitespacesAndNewlines), "exit status")
    #expect(result.stdout == testCase.file("stdout") ?? "", "stdout")
    #expect(result.stderr == testCase.file("stderr") ?? "", "stderr")
    // The contract for every failure: nothing on stdout, one line on stderr starting "promo:".
    // (`validate` reports every problem, one line each; `price --lines` streams, so the
    // good lines' results stand and each bad line has its own error line; a change that
    // `diff --fail-on-change` finds is a full report with status 1; `validate --format json`
    // and `github` write every problem to standard output, for the tools that read it;
    // `export --strict` writes the whole feed and names each promotion left out.)
    if result.status != 0 {
      let streaming = arguments.contains("--lines")
      let machineValidate = arguments.first == "validate" && arguments.contains("--format")
      let strictExport = arguments.first == "export" && arguments.contains("--strict") && result.status == 1
      #expect(
        result.stdout.isEmpty || streaming || arguments.contains("--fail-on-change") || machineValidate
          || strictExport)
      let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      // `promo` alone prints a short usage instead: it is not an error about anything.
      #expect(lines.allSatisfy { $0.hasPrefix("promo: ") } || arguments.isEmpty)
      #expect(
        lines.count == 1 || arguments.first == "validate" || streaming || arguments.isEmpty || strictExport)
    }
  }

  /// A scratch copy of `fixtures/` whose `promotions.json` is the fixture `start`, or
  /// absent for `no-store`, or the sample store when `start` is empty.
  static func scratchFixtures(startingWith start: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-golden-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for item in try FileManager.default.contentsOfDirectory(atPath: PromoBinary.fixtures.path)
    where item != "golden" {
      try FileManager.default.copyItem(
        at: PromoBinary.fixtures.appendingPathComponent(item), to: folder.appendingPathComponent(item))
    }
    let store = folder.appendingPathComponent("promotions.json")
    if start == "no-store" {
      try FileManager.default.removeItem(at: store)
    } else if !start.isEmpty {
      try FileManager.default.removeItem(at: store)
      try FileManager.default.copyItem(at: folder.appendingPathComponent(start), to: store)
    }
    return folder
  }
}
