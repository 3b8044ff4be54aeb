// Runs one fault injection scenario: its starting state, the uninjected run every injected
// one is compared with, and the loop over every traced call and injection.
import Foundation

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

  /// Runs the scenario: the uninjected run traced, every injection into every call of its
  /// trace, and a lock held; the figures and the problems found.
  func run() throws -> Report {
    let start = Date()
    var report = Report(name: scenario.name)
    try FileManager.default.createDirectory(at: inputFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let expectations = try prepare()
    let arguments = command()
    let traceFile = base.appendingPathComponent("trace")
    let (calls, expected) = try traceUninjected(arguments, expectations, trace: traceFile)
    report.calls = calls.count
    for call in calls {
      for injection in injections(into: call, of: calls, expected) {
        try checkInjection(injection, into: call, arguments: arguments, trace: traceFile, expected, &report)
      }
    }
    try checkHeldLock(arguments, trace: traceFile, expected, &report)
    report.seconds = Date().timeIntervalSince(start)
    return report
  }

  /// Runs the command traced, checks it does what the uninjected run did (the same bytes), and
  /// returns the calls of its trace, with the expectations completed by its rename and the
  /// opening of its temporary file.
  func traceUninjected(_ arguments: [String], _ expectations: Expectations, trace traceFile: URL) throws -> (
    [TracedCall], Expectations
  ) {
    try reset(to: expectations.initial)
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
    return (calls, expected)
  }

  /// The injections into one call: each plausible `errno`, and a SIGKILL.
  func injections(into call: TracedCall, of calls: [TracedCall], _ expected: Expectations) -> [Injection] {
    var injections = FaultPlan.errors(for: call.syscall).map { Injection.error($0) } + [.kill]
    // With the extended set: the same failures once the temporary file exists, with the
    // unlink that cleans it up failing too.
    if Strace.full, call.target == .temporary, call.index > expected.temporaryOpen.index,
      call.index <= expected.rename.index
    {
      let unlinks = calls.filter { $0.syscall == "unlink" && $0.index < call.index }.count
      injections += FaultPlan.errors(for: call.syscall).filter {
        !FaultPlan.isRetried($0, by: call.syscall)
      }.map {
        Injection.failedCleanup($0, unlink: unlinks + 1)
      }
    }
    return injections
  }

  /// Runs the command with one injection into one call (again, up to three times in all, when
  /// the injection missed its call), checks the outcome and adds its problems to the report.
  func checkInjection(
    _ injection: Injection, into call: TracedCall, arguments: [String], trace traceFile: URL,
    _ expected: Expectations, _ report: inout Report
  ) throws {
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

  /// A lock that never comes free: status 75, naming the lock file, nothing changed.
  func checkHeldLock(
    _ arguments: [String], trace traceFile: URL, _ expected: Expectations, _ report: inout Report
  )
    throws
  {
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
}

/// A scenario that could not be set up.
enum FaultError: Error {
  case setup(String)
}
