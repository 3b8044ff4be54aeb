import PromoLibc

/// `promo-bench`: measures the release `promo` against baselines, side by side in one run,
/// on inputs it generates deterministically, and prints the ratios as a Markdown table.
///
/// Usage: `promo-bench PROMO [WORKDIR]` (see `make bench`).
@main
struct PromoBench {
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
      print("usage: promo-bench PATH/TO/promo [WORKDIR]")
      exit(64)
    }
    let promo = arguments[1]
    let work = arguments.count > 2 ? arguments[2] : "/tmp/promo-bench"
    mkdir(work, 0o755)
    let inputs = Inputs(folder: work)
    inputs.generate()
    var report = Report()
    if Report.wanted("selection") { report.measureSelection(promo: promo, inputs: inputs) }
    if Report.wanted("items") { report.measureItems(promo: promo, inputs: inputs) }
    if Report.wanted("format3") { report.measureFormat3(promo: promo, inputs: inputs) }
    if Report.wanted("jobs") { report.measureJobs(promo: promo, inputs: inputs) }
    if Report.wanted("batch") { report.measureBatch(promo: promo, inputs: inputs) }
    if Report.wanted("startup") { report.measureStartup(promo: promo, inputs: inputs) }
    if Report.wanted("memory") { report.measureMemory(promo: promo, inputs: inputs) }
    if Report.wanted("text") { report.measureText(promo: promo, inputs: inputs) }
    if Report.wanted("store") { report.measureStore(promo: promo, inputs: inputs) }
    report.print()
    exit(report.allTargetsMet ? 0 : 1)
  }
}

/// What one run of a command cost.
struct Measurement {
  var seconds: Double
  var maximumResidentKilobytes: Int
  var status: Int32
}

/// Runs a command with its standard input and output redirected to files, and measures its
/// wall time and peak memory (from `wait4`'s resource usage).
enum Runner {
  static func run(_ argv: [String], stdin: String = "/dev/null", stdout: String = "/dev/null") -> Measurement
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
