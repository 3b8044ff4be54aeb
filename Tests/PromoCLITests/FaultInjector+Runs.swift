import Foundation

/// One run under strace: what it injects, what its trace tells of it, and the files of the
/// store's folder read before and laid out again after it.
extension FaultInjector {
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
