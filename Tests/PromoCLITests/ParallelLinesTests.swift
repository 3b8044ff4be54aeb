import Foundation
import PromoCLI
import PromoKit
import Testing

/// `price --lines --jobs N`: the same bytes as one job, in input order, the same errors on
/// the same lines, `--fail-fast` stopping at the first bad line, and reading that stops
/// once standard output fails.
@Suite("price --lines --jobs prices in parallel with the output of one job")
struct ParallelLinesTests {
  let store = PromoBinary.fixtures.appendingPathComponent("promotions.json").path
  let at = "2026-11-22T12:00:00+08:00"

  /// Many orders (several chunks of the parallel reader), with bad lines here and there.
  static func stream(count: Int, badEvery: Int?) -> String {
    let orders = LinesStreamingTests.orders(count: count)
    var lines: [String] = []
    for (index, order) in orders.enumerated() {
      if let badEvery, index % badEvery == badEvery / 2 {
        lines.append(index % 2 == 0 ? #"{"id":"bad","amount":"1.001"}"# : #"{"amount":1,}"#)
      }
      lines.append(index % 97 == 5 ? "" : order)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func run(_ extra: [String], stdin: String) -> InProcessRun {
    InProcessRun(["price", "--lines", "-", "--store", store, "--at", at] + extra, stdin: stdin)
  }

  @Test(
    "--jobs N writes exactly what one job writes, in JSON and in text, with the same errors",
    arguments: [["--format", "json"], ["--format", "text"], ["--format", "text", "--explain"]])
  func sameOutput(format: [String]) {
    let input = Self.stream(count: 3_000, badEvery: 400)
    let one = run(format, stdin: input)
    #expect(one.status == 65)
    #expect(!one.stderr.isEmpty)
    for jobs in ["1", "2", "3", "8"] {
      let many = run(format + ["--jobs", jobs], stdin: input)
      #expect(many.status == one.status, "--jobs \(jobs)")
      #expect(many.stdout == one.stdout, "--jobs \(jobs)")
      #expect(many.stderr == one.stderr, "--jobs \(jobs)")
    }
  }

  @Test("a clean stream: status 0, the same bytes")
  func cleanStream() {
    let input = Self.stream(count: 2_000, badEvery: nil)
    let one = run(["--format", "json"], stdin: input)
    let two = run(["--format", "json", "--jobs", "2"], stdin: input)
    #expect(one.status == 0 && two.status == 0)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr.isEmpty)
  }

  @Test("--fail-fast with --jobs stops at the first bad line: nothing after it is printed")
  func failFast() {
    let input = Self.stream(count: 3_000, badEvery: 1_100)
    let one = run(["--format", "json", "--fail-fast"], stdin: input)
    let two = run(["--format", "json", "--fail-fast", "--jobs", "2"], stdin: input)
    #expect(one.status == 65 && two.status == 65)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
    #expect(two.stderr.split(separator: "\n").count == 1)
  }

  @Test("several files, one after the other, with their own names and line numbers")
  func severalFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-jobs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for index in 0..<3 {
      let path = folder.appendingPathComponent("orders-\(index).jsonl").path
      try Data(Self.stream(count: 700 * (index + 1), badEvery: 300).utf8).write(
        to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let arguments = ["price", "--lines"] + paths + ["--store", store, "--at", at, "--format", "json"]
    let one = InProcessRun(arguments)
    let two = InProcessRun(arguments + ["--jobs", "2"])
    #expect(one.status == 65 && two.status == 65)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
    #expect(one.stderr.contains("orders-2.jsonl: line "))
  }

  @Test(
    "--jobs must be a whole number from 1 to 256, and needs --lines",
    arguments: ["0", "-1", "two", "1.5", "", "257", "+2", "99999999999999999999"])
  func badJobs(value: String) {
    let result = run(["--jobs", value], stdin: "")
    #expect(result.status == 64, "--jobs \(value)")
    #expect(result.stderr.hasPrefix("promo: --jobs: "), "--jobs \(value): \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("--jobs without --lines is a usage error")
  func jobsNeedsLines() {
    let result = InProcessRun(["price", "-", "--jobs", "2", "--store", store, "--at", at], stdin: "{}")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--jobs: works only with --lines"))
  }

  /// Standard output that fails once `limit` bytes were written, like a pipe whose reader
  /// went away.
  final class FailingOutput: TextOutput {
    let limit: Int
    private(set) var bytes = 0
    private(set) var failure: OutputFailure?
    let isTerminal = false

    init(limit: Int) { self.limit = limit }

    func write(_ text: String) { write(Array(text.utf8)) }
    func write(_ bytes: [UInt8]) {
      guard failure == nil else { return }
      self.bytes += bytes.count
      if self.bytes >= limit { failure = .failed(reason: "no space left on device") }
    }
    func flush() {}
  }

  /// Input that counts what was read from it.
  final class CountingInput: TextInput, @unchecked Sendable {
    let name = "stdin"
    private let bytes: [UInt8]
    private var position = 0
    private let lock = NSLock()

    init(_ text: String) { bytes = Array(text.utf8) }

    var consumed: Int { lock.withLock { position } }

    func read(maximum: Int) throws(PromoError) -> [UInt8] {
      lock.withLock {
        let end = min(bytes.count, position + maximum)
        defer { position = end }
        return Array(bytes[position..<end])
      }
    }
  }

  @Test("once standard output fails, no more input is read", arguments: [1, 2])
  func stopsReadingWhenOutputFails(jobs: Int) {
    let text = Self.stream(count: 40_000, badEvery: nil)
    let input = CountingInput(text)
    let output = FailingOutput(limit: 10_000)
    _ = PromoCLI.run(
      arguments: [
        "price", "--lines", "-", "--store", store, "--at", at, "--format", "json", "--jobs", "\(jobs)",
      ],
      stdin: input, stdout: output, stderr: CapturedOutput())
    #expect(output.failure != nil)
    #expect(input.consumed < text.utf8.count / 4, "read \(input.consumed) of \(text.utf8.count) bytes")
  }

  @Test("a slow producer's results come out as its lines come in, before its stream ends", arguments: [1, 2])
  func slowProducer(jobs: Int) throws {
    let process = Process()
    process.executableURL = PromoBinary.executable
    process.arguments = [
      "price", "--lines", "-", "--store", store, "--at", at, "--format", "json", "--jobs", "\(jobs)",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    var received = Data()
    for id in ["S-1", "S-2"] {
      input.fileHandleForWriting.write(Data((#"{"id":"\#(id)","amount":"120.00"}"# + "\n").utf8))
      // Standard input stays open: the result must come out all the same.
      let line = Self.nextLine(of: output.fileHandleForReading, after: &received, seconds: 20)
      #expect(line?.contains(#""order":"\#(id)""#) == true, "jobs \(jobs): \(line ?? "nothing") for \(id)")
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// The next line `handle` gives within `seconds` (the bytes after it kept in `received`),
  /// or `nil`.
  static func nextLine(of handle: FileHandle, after received: inout Data, seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: received[..<end], as: UTF8.self)
        received = Data(received[(end + 1)...])
        return line
      }
      guard Date() < deadline else { return nil }
      var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      let chunk = handle.availableData
      if chunk.isEmpty { return nil }
      received += chunk
    }
  }
}
