import Foundation

/// Runs the built `promo` executable as a separate process, the way a shell script would.
struct PromoBinary {
  /// What one run produced.
  struct Result: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The package's `fixtures/` folder.
  static let fixtures: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

  /// The `promo` executable: `$PROMO_BINARY`, else the one built beside the test bundle.
  static let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["PROMO_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBundle.deletingLastPathComponent()
    // `swift test` runs `.build/<config>/<name>.xctest`, beside the built executables.
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("promo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return testBundle.deletingLastPathComponent().appendingPathComponent("promo")
  }()

  /// The environment a run of `promo` gets: `PATH`, the sanitizers' options when the tests
  /// run under one (`ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS`, `UBSAN_OPTIONS`: so that
  /// `make sanitize`'s settings and suppressions reach the processes the tests start), then
  /// `environment`.
  static func childEnvironment(_ environment: [String: String]) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var result = ["PATH": inherited["PATH"] ?? "/usr/bin:/bin"]
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
      if let value = inherited[name] { result[name] = value }
    }
    result.merge(environment) { _, new in new }
    return result
  }

  /// Starts `promo arguments...` with `posix_spawn(3)`, its descriptors set by `actions`
  /// and its signals by `attributes`, in the environment of ``childEnvironment(_:)``;
  /// returns its pid, or the error number when it could not start (`0` when it did).
  static func spawn(
    _ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>,
    attributes: UnsafePointer<posix_spawnattr_t>? = nil
  ) -> (pid: pid_t, error: Int32) {
    let path = executable.path
    let environment = childEnvironment([:]).map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, path, actions, attributes, &argv, &envp)
    return (pid, error)
  }

  /// Runs `promo arguments...` in `directory` with only `environment` set (plus `PATH`),
  /// feeding `stdin` to its standard input. `executable` runs another copy of `promo`.
  static func run(
    _ arguments: [String], in directory: URL = fixtures, environment: [String: String] = [:],
    stdin: Data = Data(), executable: URL = executable
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputFile = scratch.appendingPathComponent("stdin")
    let outputFile = scratch.appendingPathComponent("stdout")
    let errorFile = scratch.appendingPathComponent("stderr")
    try stdin.write(to: inputFile)
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = childEnvironment(environment)
    let input = try FileHandle(forReadingFrom: inputFile)
    let output = try FileHandle(forWritingTo: outputFile)
    let error = try FileHandle(forWritingTo: errorFile)
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    try input.close()
    try output.close()
    try error.close()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
  }

  /// Runs another program (a shell, make, man) with `environment`, in `directory`, and
  /// returns its status and its standard output and error together.
  static func runTool(
    _ path: String, _ arguments: [String], environment: [String: String], in directory: URL = fixtures
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
