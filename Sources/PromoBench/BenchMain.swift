import PromoLibc

/// `promo-bench`: measures a `promo` binary against baselines, side by side in one run, on
/// inputs it generates, and prints the ratios as a Markdown table; exits 1 when a target is
/// missed.
///
/// Usage: `promo-bench PROMO [WORKDIR]` (see `make bench` and docs/BENCHMARKS.md).
/// `PROMO_BENCH_ONLY=a,b` measures some rows only, `PROMO_BENCH_SEED=N` draws the
/// generated stores from seed N (by default a new one each run, printed), and
/// `PROMO_BENCH_ORDERS=N` sets the long runs of the per-order rows (default 40,000).
@main
struct PromoBench {
  /// Runs the rows asked for and prints the table.
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2, !arguments[1].hasPrefix("-") else {
      print("usage: promo-bench PATH/TO/promo [WORKDIR]")
      print("PROMO_BENCH_ONLY=NAME,... measures some rows only; the names, in the order they run:")
      print("  " + Report.names.joined(separator: " ") + " (shapes: the four shape- names)")
      print("PROMO_BENCH_SEED=N draws the generated stores from seed N; PROMO_BENCH_ORDERS=N (40000)")
      exit(arguments.count >= 2 ? 0 : 64)
    }
    if let only = getenv("PROMO_BENCH_ONLY") {
      for name in String(cString: only).split(separator: ",")
      where name != "shapes" && !Report.names.contains(String(name)) {
        complain("promo-bench: PROMO_BENCH_ONLY: no rows are named \(name) (promo-bench --help lists them)")
        exit(64)
      }
    }
    let promo = arguments[1]
    let work = arguments.count > 2 ? arguments[2] : "/tmp/promo-bench"
    mkdir(work, 0o755)
    let inputs = Inputs(
      folder: work, seed: seed(), orderCount: max(2, number("PROMO_BENCH_ORDERS") ?? 40_000))
    print(
      "promo-bench: \(promo), seed \(inputs.seed) (PROMO_BENCH_SEED=\(inputs.seed) draws the same stores), "
        + "\(grouped(inputs.orderCount)) orders")
    print("started \(utcNow()), load average \(loadAverage())")
    inputs.generate()
    var report = Report()
    let own: [Shape] = [.selection, .items, .format3]
    for shape in own + Shape.versionThreeShapes(seed: inputs.seed) + Shape.format4Shapes(seed: inputs.seed) {
      report.measure(shape.name) { $0.measureShape(promo: promo, inputs: inputs, shape: shape) }
    }
    report.measure("inactive-format3") { $0.measureInactiveFormat3(promo: promo, inputs: inputs) }
    report.measure("jobs") { $0.measureJobs(promo: promo, inputs: inputs) }
    report.measure("batch") { $0.measureBatch(promo: promo, inputs: inputs) }
    report.measure("startup") { $0.measureStartup(promo: promo, inputs: inputs) }
    report.measure("memory") { $0.measureMemory(promo: promo, inputs: inputs) }
    report.measure("text") { $0.measureText(promo: promo, inputs: inputs) }
    report.measure("store") { $0.measureStore(promo: promo, inputs: inputs) }
    print("finished \(utcNow()), load average \(loadAverage())")
    print("")
    report.print()
    exit(report.allTargetsMet ? 0 : 1)
  }

  /// The time of day in UTC, to the second.
  static func utcNow() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var text = [CChar](repeating: 0, count: 32)
    strftime(&text, text.count, "%Y-%m-%d %H:%M:%SZ", &parts)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The first three fields of `/proc/loadavg` (1, 5 and 15 minutes), or `?`.
  static func loadAverage() -> String {
    let fields = Inputs.firstLine("/proc/loadavg").split(separator: " ").prefix(3)
    return fields.isEmpty ? "?" : fields.joined(separator: " ")
  }

  /// `$PROMO_BENCH_SEED`, or a seed from the clock.
  static func seed() -> UInt64 {
    if let value = number("PROMO_BENCH_SEED") { return UInt64(value) }
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return UInt64(time.tv_sec % 100_000) * 10 + UInt64(time.tv_nsec / 100_000_000)
  }

  /// The whole number in environment variable `name`, if it holds one.
  static func number(_ name: String) -> Int? {
    guard let value = getenv(name) else { return nil }
    return Int(String(cString: value)).flatMap { $0 >= 0 ? $0 : nil }
  }
}

/// What one run of a command cost.
struct Measurement {
  /// Wall time.
  var seconds: Double
  /// Peak resident memory.
  var maximumResidentKilobytes: Int
  /// The exit status.
  var status: Int32
}

/// Runs a command with its standard input and output redirected to files, and measures its
/// wall time and peak memory (from `wait4`'s resource usage).
enum Runner {
  /// Runs `argv` and waits for it; standard error is the bench's own unless `stderr` names
  /// a file.
  static func run(
    _ argv: [String], stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String? = nil
  ) -> Measurement {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if let stderr {
      posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    defer { posix_spawn_file_actions_destroy(&actions) }
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ) == 0 else {
      complain("promo-bench: cannot run \(argv[0])\n")
      exit(69)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = now() - start
    return Measurement(
      seconds: seconds, maximumResidentKilobytes: usage.ru_maxrss, status: (status >> 8) & 0xFF)
  }

  /// The monotonic clock, in seconds.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Whether an executable is on the `PATH`.
  static func which(_ name: String) -> String? {
    let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}

/// Writes a line to standard error.
func complain(_ text: String) {
  var line = text
  if !line.hasSuffix("\n") { line += "\n" }
  _ = line.withCString { write(2, $0, strlen($0)) }
}
