import Foundation
import PromoLibc
import Testing

/// Exhaustive fault injection on the store's write path, on the real binary, with strace.
///
/// For every command that writes the store, an uninjected run is traced first
/// (`strace -f -y`): each call of the write path is numbered per system call (the lock
/// file's `openat` and `flock`, the store's reads, the temporary file's `openat`, `write`,
/// `fchmod`, `fsync`, `close` and `rename`, the folder's `openat`, `getdents64` and `fsync`,
/// standard output's `write`...). Then the same command runs once per call and per
/// plausible `errno` with `strace -e inject=SYSCALL:error=ERRNO:when=N`, and once per call
/// with `inject=SYSCALL:signal=SIGKILL:when=N`. After each run:
///
/// - the store is byte for byte the old one or the new one an uninjected run writes (with
///   its mode), never anything else; the old one whenever the failure came before the
///   rename, the new one after it;
/// - status 0 means the new store is in place, with the uninjected run's standard output;
///   a failed call the write path depends on (a failed folder flush after the rename
///   included) is never status 0;
/// - a failure is 73 (66 when the store or an input file cannot be read, 74 when standard
///   output cannot be written after the change, 75 for the lock), with nothing on
///   standard output and one `promo: ` line on standard error; a 73 after the rename says
///   the new store may not survive a power cut;
/// - no temporary file is left, except by a writer killed between creating it and the
///   rename: then the next writer removes it (and is not blocked by the dead one's lock).
///
/// Each injected run's own trace is checked to have hit the intended call. Skipped when
/// strace is not installed or may not trace here, except in CI, where that fails
/// (``RequiredTools``). `PROMO_FAULT_INJECTION=full` adds two
/// scenarios (a 1,000-promotion store, a store named by `--store` from another folder) and
/// double faults: each failure of a call on the temporary file with the `unlink` that
/// should remove it failing too (the next writer must remove it). The figures are in
/// docs/RELIABILITY.md.
@Suite(
  "Fault injection on the store's write path (strace)", .enabled(if: Strace.usable || RequiredTools.inCI))
struct FaultInjectionTests {
  @Test(arguments: FaultScenario.all)
  func scenario(_ scenario: FaultScenario) throws {
    try #require(
      Strace.usable,
      "strace is not installed or may not trace here (a container must allow ptrace): CI installs it (.ci/run), and without it CI fails"
    )
    let report = try FaultInjector(scenario: scenario).run()
    print(report.summary)
    #expect(report.cases > 0)
    #expect(
      report.problems.isEmpty,
      "\(report.problems.count) problems:\n\(report.problems.prefix(25).joined(separator: "\n"))")
  }
}

/// Where strace is, and whether it may trace and inject here (a container may forbid
/// `ptrace`).
enum Strace {
  static let path: String? = {
    var candidates = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      candidates.append("\(folder)/strace")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static let usable: Bool = {
    guard let path else { return false }
    let probe = try? PromoBinary.run(
      [
        "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1000", "--",
        PromoBinary.executable.path, "--version",
      ],
      environment: environment, executable: URL(fileURLWithPath: path))
    return probe?.status == 0
  }()

  /// The environment of a traced `promo`: under AddressSanitizer (`make sanitize`), without
  /// its leak check, which cannot run under `ptrace` and would fail every traced run.
  static let environment: [String: String] = {
    guard let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] else { return [:] }
    return ["ASAN_OPTIONS": options + ":detect_leaks=0"]
  }()

  /// Whether the extended run is asked for (`PROMO_FAULT_INJECTION=full`).
  static let full = ProcessInfo.processInfo.environment["PROMO_FAULT_INJECTION"] == "full"
}

/// One command that writes the store, with the state it starts from.
struct FaultScenario: CustomTestStringConvertible, Sendable {
  let name: String
  /// The command, run in the store's folder; `INPUT` is replaced with the input file.
  let arguments: [String]
  /// The fixture copied to `promotions.json`, or `nil` for no store.
  var fixture: String? = "promotions.json"
  /// Commands run (untraced) before, to reach the starting state.
  var prepare: [[String]] = []
  /// The store's mode, when not the default.
  var mode: Int?
  /// Whether a dead writer's temporary file lies beside the store at the start.
  var leftover = false
  /// The input file's fixture, for `add --file`.
  var input: String?
  /// When above 0, the store holds this many promotions instead of a fixture.
  var bulk = 0
  /// Whether the command runs in another folder, naming the store with `--store PATH`.
  var elsewhere = false

  var testDescription: String { name }

  /// The scenarios run: ``standard``, and ``extended`` with `PROMO_FAULT_INJECTION=full`.
  static let all = standard + (Strace.full ? extended : [])

  /// More scenarios, for `PROMO_FAULT_INJECTION=full`.
  static let extended: [FaultScenario] = [
    FaultScenario(
      name: "add to a 1,000-promotion store",
      arguments: ["add", "--id", "new-1", "--kind", "threshold", "--minimum", "50", "--amount-off", "5"],
      prepare: [["enable", "bulk-0"]], bulk: 1_000),
    FaultScenario(
      name: "delete, the store named by --store from another folder", arguments: ["delete", "autumn-20"],
      elsewhere: true),
  ]

  static let standard: [FaultScenario] = [
    FaultScenario(
      name: "add (flags)",
      arguments: [
        "add", "--id", "new-1", "--kind", "discount", "--percent-off", "5", "--name", "New", "--stackable",
      ]),
    FaultScenario(
      name: "add --file", arguments: ["add", "--file", "INPUT"], input: "new-promotions.json"),
    FaultScenario(
      name: "add (creates the store)",
      arguments: ["add", "--id", "first", "--kind", "discount", "--amount-off", "3"],
      fixture: nil),
    FaultScenario(
      name: "update", arguments: ["update", "autumn-20", "--percent-off", "25", "--no-ends-at"]),
    FaultScenario(name: "delete", arguments: ["delete", "spend100-save15"]),
    FaultScenario(
      name: "enable", arguments: ["enable", "autumn-20"], prepare: [["disable", "autumn-20"]]),
    FaultScenario(
      name: "disable (mode 0600, a dead writer's temporary file beside it)",
      arguments: ["disable", "autumn-20"], mode: 0o600, leftover: true),
    FaultScenario(name: "init", arguments: ["init", "--currency", "CNY"], fixture: nil),
  ]
}

/// What is traced, and the `errno` values injected into each system call.
enum FaultPlan {
  static let traced = [
    "openat", "read", "write", "close", "fchmod", "fsync", "rename", "flock", "getdents64", "newfstatat",
    "readlink", "unlink",
  ]

  /// The `errno` values injected into `syscall`: those it can plausibly fail with on a
  /// local or network file system.
  static func errors(for syscall: String) -> [String] {
    switch syscall {
    case "openat": ["ENOSPC", "EDQUOT", "EACCES", "EROFS", "EIO", "EMFILE", "ENFILE", "EINTR"]
    case "read": ["EIO", "EINTR"]
    case "write": ["ENOSPC", "EDQUOT", "EIO", "EFBIG", "EINTR"]
    case "close": ["EIO", "ENOSPC", "EDQUOT", "EINTR"]
    case "fchmod": ["EPERM", "EROFS", "EIO"]
    case "fsync": ["EIO", "ENOSPC", "EDQUOT", "EROFS", "EINVAL", "EINTR"]
    case "rename": ["EXDEV", "EACCES", "EPERM", "ENOSPC", "EDQUOT", "EROFS", "EIO", "EBUSY"]
    case "flock": ["ENOLCK", "EINTR", "EAGAIN"]
    case "newfstatat", "readlink": ["EIO", "EACCES"]
    case "unlink": ["EACCES", "EROFS", "EIO"]
    default: ["EIO"]
    }
  }

  /// Errors after which the call is simply made again, so success is right.
  static func isRetried(_ error: String, by syscall: String) -> Bool {
    error == "EINTR" && syscall != "close" || error == "EAGAIN" && syscall == "flock"
  }
}

/// The file a traced call works on.
enum Target: String, Sendable {
  case store, lock, temporary, folder, input, stdout, stderr, other
}

/// One traced call of the uninjected run.
struct TracedCall: Sendable {
  let syscall: String
  /// Its number among the calls of that system call (`when=` counts from 1).
  let occurrence: Int
  let target: Target
  let line: String
  /// Its place among all traced calls.
  let index: Int
}

/// Reads `strace -f -y -s 256` output.
struct TraceReader {
  /// The store's folder and the input folder, each as every spelling it may have.
  let storeFolders: Set<String>
  let inputFolders: Set<String>
  /// The working folder of the traced runs.
  let workingFolder: String

  /// Every call of the traced system calls, numbered.
  func calls(in trace: String) -> [TracedCall] {
    var counts: [String: Int] = [:]
    var calls: [TracedCall] = []
    for line in trace.split(separator: "\n") {
      // `PID  name(args) = result`
      var rest = line.drop { $0.isNumber }.drop { $0 == " " }
      guard let open = rest.firstIndex(of: "("), rest.first?.isLetter == true else { continue }
      let syscall = String(rest[..<open])
      guard syscall.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
      rest = rest[rest.index(after: open)...]
      counts[syscall, default: 0] += 1
      calls.append(
        TracedCall(
          syscall: syscall, occurrence: counts[syscall]!, target: target(ofArguments: rest),
          line: String(line), index: calls.count))
    }
    return calls
  }

  /// What the first argument names: a path (after `AT_FDCWD<cwd>`), or a descriptor shown
  /// with its path.
  func target(ofArguments arguments: Substring) -> Target {
    var rest = arguments
    var folder: String?
    if rest.hasPrefix("AT_FDCWD<"), let close = rest.firstIndex(of: ">") {
      folder = String(rest[rest.index(rest.startIndex, offsetBy: 9)..<close])
      rest = rest[rest.index(after: close)...].drop { $0 == "," || $0 == " " }
    }
    if rest.hasPrefix("\"") {
      let body = rest.dropFirst()
      guard let end = body.firstIndex(of: "\"") else { return .other }
      var path = String(body[..<end])
      // A relative path is relative to the working folder: the store's.
      if !path.hasPrefix("/") { path = (folder ?? workingFolder) + "/" + path }
      return classify(path)
    }
    let digits = rest.prefix { $0.isNumber }
    guard !digits.isEmpty else { return .other }
    if digits == "1" { return .stdout }
    if digits == "2" { return .stderr }
    let after = rest.dropFirst(digits.count)
    guard after.hasPrefix("<"), let close = after.firstIndex(of: ">") else { return .other }
    return classify(String(after[after.index(after: after.startIndex)..<close]))
  }

  func classify(_ spelling: String) -> Target {
    // `/a/./b` and `/a/.` name `/a/b` and `/a`.
    let path = "/" + spelling.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    if storeFolders.contains(path) { return .folder }
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    let parent = String(path[..<slash])
    let name = path[path.index(after: slash)...]
    if storeFolders.contains(parent) {
      if name == "promotions.json" { return .store }
      if name == "promotions.json.lock" { return .lock }
      if name.hasPrefix(".promotions.json.tmp-") { return .temporary }
    }
    if inputFolders.contains(parent) { return .input }
    return .other
  }
}

/// Runs one scenario's uninjected run, then every injection, and checks each outcome.
struct FaultInjector {
  let scenario: FaultScenario
  let base: URL
  /// The store's folder.
  let storeFolder: URL
  /// Holds `add --file`'s input, and is where the command runs when ``FaultScenario/elsewhere``.
  let inputFolder: URL
  /// Where the command runs.
  let workFolder: URL
  let reader: TraceReader

  /// The figures and the problems found.
  struct Report {
    var name = ""
    var calls = 0
    var errorCases = 0
    var killCases = 0
    var lockCases = 0
    var cleanupCases = 0
    var leftoversCleaned = 0
    var retriedDrifts = 0
    var seconds = 0.0
    var problems: [String] = []
    var cases: Int { errorCases + killCases + lockCases + cleanupCases }
    var summary: String {
      "fault injection, \(name): \(calls) calls of the write path; \(errorCases) errno injections, "
        + "\(killCases) SIGKILLs, \(lockCases) lock timeout"
        + (cleanupCases > 0 ? ", \(cleanupCases) failures whose cleanup fails too" : "")
        + "; \(leftoversCleaned) temporary files left (by a kill or a failed cleanup) and removed by the next writer; "
        + "\(cases) runs in \(String(format: "%.1f", seconds)) s"
        + (retriedDrifts > 0 ? "; \(retriedDrifts) reruns after the trace drifted" : "")
    }
  }

  init(scenario: FaultScenario) throws {
    self.scenario = scenario
    base = FileManager.default.temporaryDirectory.appendingPathComponent("promo-fault-\(UUID().uuidString)")
      .resolvingSymlinksInPath()
    storeFolder = base.appendingPathComponent("store")
    inputFolder = base.appendingPathComponent("input")
    workFolder = scenario.elsewhere ? inputFolder : storeFolder
    func spellings(_ url: URL) -> Set<String> {
      [url.path, url.resolvingSymlinksInPath().path, url.standardizedFileURL.path]
    }
    reader = TraceReader(
      storeFolders: spellings(storeFolder), inputFolders: spellings(inputFolder),
      workingFolder: workFolder.path
    )
  }

  /// The files of the store's folder.
  typealias Snapshot = [String: FileState]

  /// A file's bytes and mode.
  struct FileState: Equatable {
    var bytes: Data
    var mode: Int
  }

  static let store = "promotions.json"
  static let lock = "promotions.json.lock"
  static let temporaryPrefix = ".promotions.json.tmp-"
  /// A writer run after a kill or a failed cleanup: it must succeed and remove the
  /// temporary files left.
  static let nextWriter = [
    "add", "--id", "zz-next", "--kind", "discount", "--percent-off", "1", "--lock-timeout", "5",
  ]

  /// What one run is checked against.
  struct Expectations {
    var initial: Snapshot
    var planted: Set<String>
    var oldStore: FileState?
    var newStore: FileState?
    var stdout: String
    var rename: TracedCall
    var temporaryOpen: TracedCall
  }

  func run() throws -> Report {
    let start = Date()
    var report = Report(name: scenario.name)
    try FileManager.default.createDirectory(at: inputFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let expectations = try prepare()
    let arguments = command()

    // The uninjected result, untraced, then traced: the same bytes.
    try reset(to: expectations.initial)
    let traceFile = base.appendingPathComponent("trace")
    let traced = try strace(
      ["-e", "trace=" + FaultPlan.traced.joined(separator: ",")], arguments, trace: traceFile)
    guard traced.status == 0, traced.stdout == expectations.stdout,
      try snapshot()[Self.store] == expectations.newStore
    else {
      throw FaultError.setup("the traced run differs from the uninjected one: \(traced.stderr)")
    }
    let calls = reader.calls(in: try String(contentsOf: traceFile, encoding: .utf8)).filter {
      $0.target != .other
    }
    guard let rename = calls.first(where: { $0.syscall == "rename" && $0.target == .temporary }),
      let temporaryOpen = calls.first(where: { $0.syscall == "openat" && $0.target == .temporary })
    else { throw FaultError.setup("no rename of a temporary file in the trace") }
    var expected = expectations
    expected.rename = rename
    expected.temporaryOpen = temporaryOpen
    report.calls = calls.count

    for call in calls {
      var injections = FaultPlan.errors(for: call.syscall).map { Injection.error($0) } + [.kill]
      // With the extended set: the same failures once the temporary file exists, with the
      // unlink that cleans it up failing too.
      if Strace.full, call.target == .temporary, call.index > temporaryOpen.index, call.index <= rename.index
      {
        let unlinks = calls.filter { $0.syscall == "unlink" && $0.index < call.index }.count
        injections += FaultPlan.errors(for: call.syscall).filter {
          !FaultPlan.isRetried($0, by: call.syscall)
        }.map {
          Injection.failedCleanup($0, unlink: unlinks + 1)
        }
      }
      for injection in injections {
        var outcome: Outcome
        var attempts = 0
        repeat {
          if attempts > 0 { report.retriedDrifts += 1 }
          attempts += 1
          try reset(to: expected.initial)
          outcome = try inject(injection, into: call, arguments: arguments, trace: traceFile)
        } while outcome.drifted && attempts < 3
        let label = "\(call.syscall) #\(call.occurrence) (\(call.target)) \(injection)"
        var problems: [String]
        if outcome.drifted {
          problems = ["the injection did not hit the intended call"]
        } else {
          problems = try check(outcome, of: injection, into: call, expected, &report)
        }
        if !problems.isEmpty {
          report.problems.append(
            "\(label): " + problems.joined(separator: "; ") + " [\(call.line.prefix(160))]")
        }
      }
    }

    // A lock that never comes free: status 75, naming the lock file, nothing changed.
    try reset(to: expected.initial)
    let held = try strace(
      ["-e", "trace=flock", "-e", "inject=flock:error=EAGAIN:when=1+"],
      arguments + ["--lock-timeout", "0.2"],
      trace: traceFile)
    report.lockCases += 1
    let afterLock = try snapshot()
    if held.status != 75 || !held.stderr.hasPrefix("promo: \(lockDisplay): ") || !held.stdout.isEmpty
      || afterLock[Self.store] != expected.oldStore
      || afterLock.keys.contains(where: {
        $0.hasPrefix(Self.temporaryPrefix) && !expected.planted.contains($0)
      })
    {
      report.problems.append("lock held: status \(held.status) \(held.stderr.debugDescription)")
    }
    report.seconds = Date().timeIntervalSince(start)
    return report
  }

  /// The lock file as messages name it.
  var lockDisplay: String {
    scenario.elsewhere ? storeFolder.appendingPathComponent(Self.lock).path : Self.lock
  }

  /// The command line, with the input file and `--store` filled in.
  func command() -> [String] {
    let input = inputFolder.appendingPathComponent("new.json").path
    let arguments = scenario.arguments.map { $0 == "INPUT" ? input : $0 }
    return arguments
      + (scenario.elsewhere ? ["--store", storeFolder.appendingPathComponent(Self.store).path] : [])
  }

  /// Builds the starting state and runs the command once untraced: what every run is
  /// compared with.
  func prepare() throws -> Expectations {
    if let input = scenario.input {
      try FileManager.default.copyItem(
        at: PromoBinary.fixtures.appendingPathComponent(input),
        to: inputFolder.appendingPathComponent("new.json"))
    }
    try reset(to: [:])
    let store = storeFolder.appendingPathComponent(Self.store)
    if scenario.bulk > 0 {
      let promotions = (0..<scenario.bulk).map {
        #"{"id":"bulk-\#($0)","kind":"discount","amountOff":"1.00"}"#
      }
      try Data(#"{"version":1,"currency":"CNY","promotions":[\#(promotions.joined(separator: ","))]}"#.utf8)
        .write(to: store)
    } else if let fixture = scenario.fixture {
      try FileManager.default.copyItem(at: PromoBinary.fixtures.appendingPathComponent(fixture), to: store)
    }
    for step in scenario.prepare {
      let result = try PromoBinary.run(step, in: storeFolder)
      guard result.status == 0 else { throw FaultError.setup("\(step): \(result.stderr)") }
    }
    try? FileManager.default.removeItem(at: storeFolder.appendingPathComponent(Self.lock))
    if let mode = scenario.mode {
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: store.path)
    }
    var planted: Set<String> = []
    if scenario.leftover {
      let name = Self.temporaryPrefix + "99999-12345"
      try Data("half a store".utf8).write(to: storeFolder.appendingPathComponent(name))
      planted.insert(name)
    }
    let initial = try snapshot()
    let reference = try PromoBinary.run(command(), in: workFolder)
    guard reference.status == 0 else { throw FaultError.setup("uninjected run failed: \(reference.stderr)") }
    let placeholder = TracedCall(syscall: "", occurrence: 0, target: .other, line: "", index: 0)
    return Expectations(
      initial: initial, planted: planted, oldStore: initial[Self.store], newStore: try snapshot()[Self.store],
      stdout: reference.stdout, rename: placeholder, temporaryOpen: placeholder)
  }

  /// The problems with one run's outcome.
  func check(
    _ outcome: Outcome, of injection: Injection, into call: TracedCall, _ expected: Expectations,
    _ report: inout Report
  ) throws -> [String] {
    let after = try snapshot()
    let temporaries = Set(after.keys.filter { $0.hasPrefix(Self.temporaryPrefix) })
    let own = temporaries.subtracting(expected.planted)
    var problems: [String] = []
    let strangers = Set(after.keys).subtracting(expected.initial.keys).subtracting([Self.store, Self.lock])
      .subtracting(temporaries)
    if !strangers.isEmpty { problems.append("unexpected files \(strangers.sorted())") }
    let isOld = after[Self.store] == expected.oldStore
    let isNew = after[Self.store] == expected.newStore
    // Before the rename, the rename itself, or after it.
    let position = call.index < expected.rename.index ? -1 : call.index == expected.rename.index ? 0 : 1
    let result = outcome.result
    var nextWriterNeeded = false

    func checkFailureOutput() {
      if !result.stdout.isEmpty { problems.append("stdout on failure: \(result.stdout.debugDescription)") }
      if !result.stderr.hasPrefix("promo: ") || !result.stderr.hasSuffix("\n")
        || result.stderr.dropLast().contains("\n")
      {
        problems.append("stderr not one promo: line: \(result.stderr.debugDescription)")
      }
    }

    switch injection {
    case .kill:
      report.killCases += 1
      if !outcome.killed { problems.append("not killed (status \(result.status))") }
      if position < 0 && !isOld { problems.append("store changed though killed before the rename") }
      if position > 0 && !isNew { problems.append("store not the new one though killed after the rename") }
      if position == 0 && !isOld && !isNew { problems.append("store torn") }
      if !own.isEmpty && (call.index < expected.temporaryOpen.index || call.index > expected.rename.index) {
        problems.append("temporary file left outside the write: \(own.sorted())")
      }
      nextWriterNeeded = !temporaries.isEmpty

    case .failedCleanup:
      report.cleanupCases += 1
      checkFailureOutput()
      if result.status != 73 { problems.append("status \(result.status), not 73") }
      if !isOld { problems.append("the store changed") }
      if own.count != 1 {
        problems.append("\(own.count) temporary files left, not the one its cleanup failed on")
      }
      nextWriterNeeded = true

    case .error(let error):
      report.errorCases += 1
      if !own.isEmpty { problems.append("temporary file left: \(own.sorted())") }
      // Calls of the cleanup of dead writers' files, which may fail without harm.
      let cleanup =
        position < 0 && (call.syscall == "unlink" || call.syscall == "getdents64" || call.target == .folder)
      if result.status == 0 {
        if !isNew { problems.append("status 0 but the store is not the new one") }
        if result.stdout != expected.stdout { problems.append("stdout \(result.stdout.debugDescription)") }
        if !result.stderr.isEmpty { problems.append("stderr on success: \(result.stderr.debugDescription)") }
        if !temporaries.isEmpty && !cleanup {
          problems.append("leftover not removed: \(temporaries.sorted())")
        }
        if Self.mustFail(call, position: position), !FaultPlan.isRetried(error, by: call.syscall) {
          problems.append("status 0 though the call failed")
        }
      } else {
        checkFailureOutput()
        if position <= 0 {
          if !isOld { problems.append("failed before the rename but the store changed") }
          let readsInput = call.target == .store || call.target == .input
          if result.status != 73 && !(result.status == 66 && readsInput) {
            problems.append("status \(result.status), not 73")
          }
        } else {
          if !isNew { problems.append("failed after the rename but the store is not the new one") }
          switch (call.syscall, call.target) {
          case ("openat", .folder), ("fsync", .folder):
            if result.status != 73
              || !result.stderr.contains("the new store is in place but may not survive a power cut")
            {
              problems.append("status \(result.status) \(result.stderr.debugDescription)")
            }
          case ("write", .stdout):
            if result.status != 74 { problems.append("status \(result.status), not 74") }
          default:
            problems.append("status \(result.status) for a call that does not matter")
          }
        }
      }
    }

    if nextWriterNeeded {
      // The next writer is not blocked by the dead one's lock and removes what was left.
      let next = try PromoBinary.run(Self.nextWriter, in: storeFolder)
      let rest = try snapshot().keys.filter { $0.hasPrefix(Self.temporaryPrefix) }
      if next.status != 0 { problems.append("the next writer failed: \(next.status) \(next.stderr)") }
      if !rest.isEmpty { problems.append("the next writer left \(rest.sorted())") }
      if !own.isEmpty && next.status == 0 && rest.isEmpty { report.leftoversCleaned += 1 }
    }
    return problems
  }

  /// Calls whose failure must fail the command: the write path itself.
  static func mustFail(_ call: TracedCall, position: Int) -> Bool {
    switch (call.syscall, call.target) {
    case ("openat", .lock), ("openat", .temporary), ("openat", .store), ("openat", .input): true
    case ("openat", .folder): position > 0
    case ("write", .temporary), ("write", .stdout), ("read", .store), ("read", .input): true
    case ("fchmod", .temporary), ("fsync", .temporary), ("fsync", .folder), ("close", .temporary): true
    case ("rename", .temporary): true
    case ("flock", .lock): call.line.contains("LOCK_EX")
    default: false
    }
  }

  /// What one run injects.
  enum Injection: CustomStringConvertible {
    /// The call fails with this `errno`.
    case error(String)
    /// The process is killed at the call.
    case kill
    /// The call fails with this `errno`, and so does the `unlink` that removes the
    /// temporary file (the `unlink`-th `unlink` call).
    case failedCleanup(String, unlink: Int)

    var description: String {
      switch self {
      case .error(let error): error
      case .kill: "SIGKILL"
      case .failedCleanup(let error, _): "\(error), then unlink EIO"
      }
    }
  }

  /// One run's result, as the trace tells it.
  struct Outcome {
    var result: PromoBinary.Result
    var killed: Bool
    var drifted: Bool
  }

  /// Runs the command with one injection, and checks in its own trace that the injection
  /// hit a call on the same file as the uninjected run's.
  func inject(_ injection: Injection, into call: TracedCall, arguments: [String], trace: URL) throws
    -> Outcome
  {
    var options = ["-e", "trace=\(call.syscall)"]
    let when = "when=\(call.occurrence)"
    switch injection {
    case .error(let error): options += ["-e", "inject=\(call.syscall):error=\(error):\(when)"]
    case .kill: options += ["-e", "inject=\(call.syscall):signal=SIGKILL:\(when)"]
    case .failedCleanup(let error, let unlink):
      options = [
        "-e", "trace=\(call.syscall),unlink", "-e", "inject=\(call.syscall):error=\(error):\(when)",
        "-e", "inject=unlink:error=EIO:when=\(unlink)",
      ]
    }
    let result = try strace(options, arguments, trace: trace)
    let text = try String(contentsOf: trace, encoding: .utf8)
    let hit = reader.calls(in: text).filter { $0.syscall == call.syscall }.dropFirst(call.occurrence - 1)
      .first
    var drifted = hit?.target != call.target
    if case .kill = injection {} else if hit?.line.contains("(INJECTED)") != true { drifted = true }
    return Outcome(result: result, killed: text.contains("+++ killed by SIGKILL"), drifted: drifted)
  }

  /// Runs `promo arguments` under strace with `options`, the trace going to `trace`.
  func strace(_ options: [String], _ arguments: [String], trace: URL) throws -> PromoBinary.Result {
    try PromoBinary.run(
      ["-f", "-y", "-s", "256", "-o", trace.path] + options + ["--", PromoBinary.executable.path] + arguments,
      in: workFolder, environment: Strace.environment, executable: URL(fileURLWithPath: Strace.path!))
  }

  /// The files of the store's folder now.
  func snapshot() throws -> Snapshot {
    var files: Snapshot = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: storeFolder.path) {
      let path = storeFolder.appendingPathComponent(name).path
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
      files[name] = FileState(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), mode: mode)
    }
    return files
  }

  /// Makes the store's folder hold exactly `files`.
  func reset(to files: Snapshot) throws {
    try? FileManager.default.removeItem(at: storeFolder)
    try FileManager.default.createDirectory(at: storeFolder, withIntermediateDirectories: true)
    for (name, state) in files {
      let path = storeFolder.appendingPathComponent(name)
      try state.bytes.write(to: path)
      try FileManager.default.setAttributes([.posixPermissions: state.mode], ofItemAtPath: path.path)
    }
  }
}

/// A scenario that could not be set up.
enum FaultError: Error {
  case setup(String)
}
