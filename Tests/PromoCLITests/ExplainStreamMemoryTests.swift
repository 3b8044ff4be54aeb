import Foundation
import Glibc
import PromoTestSupport
import Testing

/// `price --lines --explain` holds a few results at once however long the stream: an
/// explained result lists every promotion of the store, so a chunk of the input's lines
/// (64 KiB: thousands of small orders) priced before any is written would hold thousands of
/// them. When it explains, a chunk holds about 4,096 outcomes at most (four orders here),
/// and its peak memory does not grow with the number of orders.
@Suite("price --lines --explain: memory does not grow with the stream")
struct ExplainStreamMemoryTests {
  /// GNU time, which reports the peak of the process it starts itself.
  static let gnuTime = "/usr/bin/time"

  /// The peak resident memory, in KiB, of the `promo` binary run with `arguments`, its
  /// standard input read from the file `input`, its output discarded, as GNU time reports
  /// it. (Not this process's `wait4` of a child it spawns: a child spawned by this process
  /// starts in its memory, and the kernel counts this process's peak as the child's, so
  /// the figure was the test runner's size at the time, which the other tests change.)
  static func peakKiB(_ arguments: [String], input: String, folder: String) throws -> Int {
    let report = folder + "/peak.txt"
    let (inputFile, null) = (open(input, O_RDONLY), open("/dev/null", O_WRONLY))
    defer { (_, _) = (close(inputFile), close(null)) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputFile, 0)
    posix_spawn_file_actions_adddup2(&actions, null, 1)
    posix_spawn_file_actions_adddup2(&actions, null, 2)
    let path = PromoBinary.executable.path
    let argv = ([Self.gnuTime, "-f", "%M", "-o", report, path] + arguments).map { strdup($0) } + [nil]
    let environment = PromoBinary.childEnvironment([:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, Self.gnuTime, &actions, nil, argv, environment) == 0 else {
      throw RefError("could not start \(Self.gnuTime)")
    }
    var status = Int32(0)
    guard waitpid(pid, &status, 0) == pid else { throw RefError("could not wait for \(Self.gnuTime)") }
    let text = try String(contentsOfFile: report, encoding: .utf8)
    guard let kibibytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw RefError("\(Self.gnuTime) reported \(text)")
    }
    return kibibytes
  }

  /// 1,000 shop-wide discounts and thresholds (each explained order lists them all, about
  /// 100 KB of JSON), and 30 or 300 orders of a few bytes each (one chunk of the input):
  /// the peak of the longer stream is within 8 MiB of the shorter's (the same, measured),
  /// where holding the results of a whole chunk took 22 to 46 MB more.
  @Test(
    "explaining 300 orders peaks where explaining 30 does", .disabled(if: TestScale.isReduced),
    .enabled(if: FileManager.default.isExecutableFile(atPath: gnuTime) || RequiredTools.inCI))
  func peakDoesNotGrowWithTheStream() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.gnuTime),
      "GNU time (/usr/bin/time) is not installed: CI installs it (.ci/run), and without it CI fails")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-explain-memory-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let promotions = (0..<1_000).map { index in
      index % 2 == 0
        ? #"{"id":"d\#(index)","kind":"discount","amountOff":"\#(1 + index % 90).00","stackable":true}"#
        : #"{"id":"t\#(index)","kind":"threshold","minimumAmount":"\#(index % 300).00","amountOff":"\#(2 + index % 40).00","stackable":true}"#
    }
    let store = folder.appendingPathComponent("store.json").path
    try #"{"version":1,"currency":"EUR","promotions":[\#(promotions.joined(separator: ","))]}"#.write(
      toFile: store, atomically: true, encoding: .utf8)
    var peaks: [Int] = []
    for count in [30, 300] {
      let orders = folder.appendingPathComponent("orders-\(count).jsonl").path
      try (0..<count).map { #"{"id":"o\#($0)","amount":"\#(100 + $0 % 400).00"}"# }.joined(separator: "\n")
        .write(toFile: orders, atomically: true, encoding: .utf8)
      peaks.append(
        try Self.peakKiB(
          [
            "price", "--lines", "-", "--explain", "--format", "json", "--store", store, "--at",
            "2026-11-28T00:00:00Z",
          ],
          input: orders, folder: folder.path))
    }
    #expect(peaks[1] < peaks[0] + 8_192, "peak KiB with 30 and 300 orders: \(peaks)")
  }
}
