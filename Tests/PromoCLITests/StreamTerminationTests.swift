import Foundation
import PromoLibc
import Testing

/// A stream killed halfway by its scheduler (a Spark executor or a CI timeout sends
/// `SIGTERM`) leaves only whole result lines behind: for each streaming command, one job
/// and `--jobs 2`, JSON and text, the real binary is stopped with `SIGTERM` while it writes,
/// dies by that signal, and what it wrote is whole lines of the results.
@Suite("A stream stopped by SIGTERM leaves only whole result lines", .serialized)
struct StreamTerminationTests {
  static let fixtures = PromoBinary.fixtures.path
  static let at = "2026-11-22T12:00:00+08:00"

  /// Each command that writes a line per order, `INPUT` standing for the orders file (a
  /// new one is covered by adding its line here; `report`, which writes once at the end, has
  /// a test of its own below).
  static let commands: KeyValuePairs<String, [String]> = [
    "price": ["price", "--lines", "INPUT", "--store", "\(fixtures)/promotions.json", "--at", at],
    "diff": [
      "diff", "--lines", "INPUT", "--base", "\(fixtures)/promotions.json", "--store",
      "\(fixtures)/stores/tea-shop.json", "--at", at,
    ],
  ]

  /// One run: a command, a format and a number of jobs.
  struct Case: CustomTestStringConvertible, Sendable {
    var command: String
    var arguments: [String]
    var format: String
    var jobs: [String]
    var testDescription: String {
      "\(command) \(format)\(jobs.isEmpty ? "" : " " + jobs.joined(separator: " "))"
    }
  }

  static let cases: [Case] = commands.flatMap { command, arguments in
    ["json", "text"].flatMap { format in
      [[], ["--jobs", "2"]].map { jobs in
        Case(
          command: command, arguments: arguments + ["--format", format] + jobs, format: format, jobs: jobs)
      }
    }
  }

  /// 100,000 orders (about 8 MB): seconds of results, of which the first 64 KB come within a
  /// small fraction. Each case writes them to a file, and the first 2,000 to another, priced
  /// in full as the reference.
  static let orders = LinesStreamingTests.orders(count: 100_000)

  @Test(arguments: cases)
  func wholeLines(_ run: Case) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-sigterm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = (
      long: folder.appendingPathComponent("orders.jsonl"), short: folder.appendingPathComponent("short.jsonl")
    )
    try Data((Self.orders.joined(separator: "\n") + "\n").utf8).write(to: inputs.long)
    try Data((Self.orders.prefix(2_000).joined(separator: "\n") + "\n").utf8).write(to: inputs.short)
    let reference = try PromoBinary.run(run.arguments.map { $0 == "INPUT" ? inputs.short.path : $0 })
    #expect(reference.status == 0 || reference.status == 1, "\(reference.stderr)")
    let written = try Self.stopped(run.arguments.map { $0 == "INPUT" ? inputs.long.path : $0 })
    #expect(!written.isEmpty)
    let ending = written.suffix(1)
    #expect(ending == "\n", "the output ends in a cut line: \(written.suffix(200))")
    // Every line is one the command writes (the orders repeat their ids beyond the short
    // input's 2,000, so the lines are compared without them).
    let known = Set(reference.stdout.split(separator: "\n").map(Self.withoutID))
    var unknown = 0
    for line in written.split(separator: "\n") where !known.contains(Self.withoutID(line)) {
      if run.format == "json" {
        #expect(
          (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not a whole JSON line: \(line)")
      } else {
        #expect(line.count >= 10, "a short line: \(line)")
      }
      unknown += 1
    }
    // Most lines are found in the reference: the check above is not vacuous.
    #expect(unknown * 2 < written.split(separator: "\n").count, "\(unknown) lines not in the reference")
  }

  /// Readers that keep `promo` blocked in a write when the signal comes: one that stops
  /// reading, and one that takes more than a second over a block of output (4 KB every 0.1
  /// s). Each leaves whole lines: a pipe is written in pieces that end lines and fit its
  /// atomic size, and a write that goes on is waited for. (The binary before this cut a
  /// line in each of these cases.)
  @Test(
    arguments: [SlowReader.Pace.stopsAfterFirstRead, .fourKilobytesATenthOfASecond],
    cases.filter { $0.command == "price" })
  func wholeLinesForBlockedWrites(_ pace: SlowReader.Pace, _ run: Case) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-sigterm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("orders.jsonl")
    try Data((Self.orders.prefix(20_000).joined(separator: "\n") + "\n").utf8).write(to: input)
    // (Once it has begun to write: under the thread sanitizer on a busy machine, half a
    // second can pass before the first line.)
    let written = try Self.stopped(
      run.arguments.map { $0 == "INPUT" ? input.path : $0 }, afterSeconds: 0.5, onceWriting: true, pace: pace)
    #expect(!written.isEmpty)
    #expect(written.hasSuffix("\n"), "the output ends in a cut line: \(written.suffix(200))")
    if run.format == "json" {
      for line in written.split(separator: "\n") {
        #expect(
          (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not a whole line: \(line)")
      }
    }
  }

  /// `promo report --lines` writes its summary once, at the end: stopped while it reads, it
  /// dies by the signal and leaves nothing, never a part of a report.
  @Test(arguments: ["json", "text", "html"], [[String](), ["--jobs", "2"]])
  func reportStoppedWhileReading(format: String, jobs: [String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-sigterm-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("orders.jsonl")
    try Data((Self.orders.joined(separator: "\n") + "\n").utf8).write(to: input)
    let written = try Self.stopped(
      [
        "report", "--lines", input.path, "--store", "\(Self.fixtures)/promotions.json", "--at", Self.at,
        "--format", format,
      ] + jobs, afterSeconds: 0.3)
    #expect(written.isEmpty, "a report cut short: \(written.prefix(200))")
  }

  /// A line with its order id (`L-123`) blanked out.
  static func withoutID(_ line: Substring) -> String {
    String(line).replacing(/L-[0-9]+/, with: "L-")
  }

  /// Starts `promo arguments` writing into a pipe that a slow reader drains (so that
  /// `promo` is mostly inside a `write(2)` when the signal comes, where a kill would cut a
  /// line), sends it `SIGTERM` once 64 KB have come through (or once `afterSeconds` have
  /// passed, when given, and then, with `onceWriting`, once something has come through),
  /// and returns everything it wrote; the process must die by that signal (not have
  /// finished first).
  ///
  /// It is started with `posix_spawn` and no signal blocked, as a shell or a scheduler
  /// starts it: the test runner's threads may block `SIGTERM`, and `Process` passes that
  /// on, so a `promo` started by it would never see the signal.
  static func stopped(
    _ arguments: [String], afterSeconds: Double? = nil, onceWriting: Bool = false,
    pace: SlowReader.Pace = .fourKilobytesAtOnce
  ) throws -> String {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGTERM)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let (pid, spawnError) = PromoBinary.spawn(arguments, actions: &actions, attributes: &attributes)
    close(ends[1])
    try #require(spawnError == 0, "cannot start promo: \(String(cString: strerror(spawnError)))")
    let received = SlowReader(ends[0], pace: pace)
    let deadline = Date().addingTimeInterval(120)
    let signalAt = afterSeconds.map { Date().addingTimeInterval($0) }
    var status: Int32 = 0
    var ended = false
    /// Whether the signal is still to wait.
    func waits() -> Bool {
      guard let signalAt else { return received.count < 1 << 16 }
      return Date() < signalAt || (onceWriting && received.count == 0)
    }
    while waits() && Date() < deadline {
      if waitpid(pid, &status, WNOHANG) == pid {
        ended = true
        break
      }
      usleep(500)
    }
    if !ended {
      kill(pid, SIGTERM)
      waitpid(pid, &status, 0)
    }
    let output = received.all()
    close(ends[0])
    // Killed by SIGTERM: the low 7 bits of the status are the signal.
    #expect(!ended && status & 0x7f == SIGTERM, "the stream ended before the signal (status \(status))")
    return String(decoding: output, as: UTF8.self)
  }
}

/// Reads a descriptor on a thread of its own, at its pace, until its end.
final class SlowReader: @unchecked Sendable {
  /// How fast a reader reads.
  enum Pace: Sendable, CustomTestStringConvertible {
    /// 4 KB every half millisecond.
    case fourKilobytesAtOnce
    /// 4 KB every 0.1 seconds: a block of output (64 KB) takes more than a second.
    case fourKilobytesATenthOfASecond
    /// 4 KB, then nothing until the writer is gone (then the rest, to see what it wrote).
    case stopsAfterFirstRead

    var testDescription: String {
      switch self {
      case .fourKilobytesAtOnce: "4 KB every 0.5 ms"
      case .fourKilobytesATenthOfASecond: "4 KB every 0.1 s"
      case .stopsAfterFirstRead: "a reader that stops"
      }
    }
  }

  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private let done = DispatchSemaphore(value: 0)
  private let resumed = DispatchSemaphore(value: 0)
  /// Whether the writer is gone: the rest is read at once.
  private var draining = false

  init(_ descriptor: Int32, pace: Pace = .fourKilobytesAtOnce) {
    Thread.detachNewThread { [self] in
      var chunk = [UInt8](repeating: 0, count: 4_096)
      var reads = 0
      while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        let draining = lock.withLock {
          bytes += chunk[..<count]
          return self.draining
        }
        reads += 1
        switch pace {
        case .fourKilobytesAtOnce: usleep(500)
        case .fourKilobytesATenthOfASecond: if !draining { usleep(100_000) }
        case .stopsAfterFirstRead: if reads == 1 { resumed.wait() }
        }
      }
      done.signal()
    }
  }

  /// How many bytes have come so far.
  var count: Int { lock.withLock { bytes.count } }

  /// Every byte, once the writer has closed its end (the rest read at once).
  func all() -> [UInt8] {
    lock.withLock { draining = true }
    resumed.signal()
    done.wait()
    return lock.withLock { bytes }
  }
}
