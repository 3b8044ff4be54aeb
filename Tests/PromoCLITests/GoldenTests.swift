import Foundation
import Testing

/// One end-to-end case in `fixtures/golden/NAME/`: `cmd` (the arguments, split at spaces),
/// optional `stdin` and `env` (`NAME=value` lines), and the expected `stdout`, `stderr`
/// and `status`. The command runs in `fixtures/`.
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

  @Test("the golden cases exist")
  func casesExist() {
    #expect(GoldenCase.all.count >= 40)
  }

  @Test(arguments: GoldenCase.all)
  func golden(_ testCase: GoldenCase) throws {
    let command = try #require(testCase.file("cmd"), "missing cmd in \(testCase.name)")
    let arguments = command.split(whereSeparator: \.isWhitespace).map(String.init)
    var environment: [String: String] = [:]
    for line in (testCase.file("env") ?? "").split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { environment[parts[0]] = parts[1] }
    }
    let stdin = testCase.file("stdin").map { Data($0.utf8) } ?? Data()
    let result = try PromoBinary.run(arguments, environment: environment, stdin: stdin)

    if Self.recording {
      try result.stdout.write(
        to: testCase.folder.appendingPathComponent("stdout"), atomically: true, encoding: .utf8)
      try result.stderr.write(
        to: testCase.folder.appendingPathComponent("stderr"), atomically: true, encoding: .utf8)
      try "\(result.status)\n".write(
        to: testCase.folder.appendingPathComponent("status"), atomically: true, encoding: .utf8)
      return
    }
    let status = try #require(testCase.file("status"), "no recorded status; run with RECORD_SNAPSHOTS=1")
    #expect("\(result.status)" == status.trimmingCharacters(in: .whitespacesAndNewlines), "exit status")
    #expect(result.stdout == testCase.file("stdout") ?? "", "stdout")
    #expect(result.stderr == testCase.file("stderr") ?? "", "stderr")
    // The contract for every failure: nothing on stdout, one line on stderr starting "promo:".
    if result.status != 0 {
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("promo: "))
      #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    } else {
      #expect(result.stderr.isEmpty)
    }
  }
}
