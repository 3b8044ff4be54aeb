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

/// A dangling link as the store, with each look at a path (`newfstatat`: `stat`, `lstat`)
/// failing in turn: whatever fails, the link is never replaced by a file and the command
/// never succeeds (before the fix, an `lstat` of the link failing with EIO was taken for
/// "no link here", and `add` wrote a new store over it with status 0).
@Suite(
  "Fault injection on the paths of a dangling link (strace)",
  .enabled(if: Strace.usable || RequiredTools.inCI))
struct DanglingLinkFaultTests {
  @Test(arguments: ["EIO", "EACCES"])
  func everyLookFailing(_ error: String) throws {
    try #require(Strace.usable, "strace is not installed or may not trace here: CI installs it (.ci/run)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("promo-dangling-\(UUID())")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("gone"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("store.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "gone/promotions.json")
    for call in 1...60 {
      let run = try PromoBinary.run(
        [
          "-f", "-qq", "-o", "/dev/null", "-e", "trace=newfstatat",
          "-e", "inject=newfstatat:error=\(error):when=\(call)", "--", PromoBinary.executable.path,
          "add", "--id", "z", "--kind", "discount", "--percent-off", "5", "--store", "store.json",
        ],
        in: folder, environment: Strace.environment, executable: URL(fileURLWithPath: Strace.path!))
      let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
      #expect(kind == .typeSymbolicLink, "call \(call): the link was replaced")
      #expect(run.status != 0, "call \(call): \(run.stdout)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone/promotions.json").path),
        "call \(call): a store was created through the link")
    }
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
    // 1.3 MB: written in two pieces of the store writer, and read again under the lock in
    // chunks of 64 KiB.
    FaultScenario(
      name: "disable in a 16,000-promotion store (written in two pieces)", arguments: ["disable", "bulk-7"],
      bulk: 16_000),
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
