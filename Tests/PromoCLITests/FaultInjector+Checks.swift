import Foundation

/// What one injected run's outcome must be: the store old or new, the status and output,
/// no temporary file left, and the next writer unblocked (FaultInjectionTests lists the rules).
extension FaultInjector {
  /// What one injected run left in the store's folder, and where its call stands.
  struct Observation {
    /// The temporary files in the folder after the run.
    var temporaries: Set<String>
    /// The temporary files the run left: all but those planted before it.
    var own: Set<String>
    /// Whether the store is the old one.
    var isOld: Bool
    /// Whether the store is the new one.
    var isNew: Bool
    /// Where the call is: -1 before the rename, 0 the rename itself, 1 after it.
    var position: Int
  }

  /// The problems with one run's outcome.
  func check(
    _ outcome: Outcome, of injection: Injection, into call: TracedCall, _ expected: Expectations,
    _ report: inout Report
  ) throws -> [String] {
    let after = try snapshot()
    let temporaries = Set(after.keys.filter { $0.hasPrefix(Self.temporaryPrefix) })
    var problems: [String] = []
    let strangers = Set(after.keys).subtracting(expected.initial.keys).subtracting([Self.store, Self.lock])
      .subtracting(temporaries)
    if !strangers.isEmpty { problems.append("unexpected files \(strangers.sorted())") }
    let seen = Observation(
      temporaries: temporaries, own: temporaries.subtracting(expected.planted),
      isOld: after[Self.store] == expected.oldStore, isNew: after[Self.store] == expected.newStore,
      position: call.index < expected.rename.index ? -1 : call.index == expected.rename.index ? 0 : 1)
    var nextWriterNeeded = false

    switch injection {
    case .kill:
      report.killCases += 1
      problems += killProblems(outcome, call, seen, expected)
      nextWriterNeeded = !seen.temporaries.isEmpty

    case .failedCleanup:
      report.cleanupCases += 1
      problems += cleanupProblems(outcome.result, seen)
      nextWriterNeeded = true

    case .error(let error):
      report.errorCases += 1
      problems += errorProblems(error, outcome.result, call, seen, expected)
    }

    if nextWriterNeeded { problems += try nextWriterProblems(own: seen.own, &report) }
    return problems
  }

  /// The problems of a run killed at `call`: the store old before the rename, new after it,
  /// never torn, and no temporary file left outside the write.
  func killProblems(_ outcome: Outcome, _ call: TracedCall, _ seen: Observation, _ expected: Expectations)
    -> [String]
  {
    var problems: [String] = []
    if !outcome.killed { problems.append("not killed (status \(outcome.result.status))") }
    if seen.position < 0 && !seen.isOld { problems.append("store changed though killed before the rename") }
    if seen.position > 0 && !seen.isNew {
      problems.append("store not the new one though killed after the rename")
    }
    if seen.position == 0 && !seen.isOld && !seen.isNew { problems.append("store torn") }
    if !seen.own.isEmpty && (call.index < expected.temporaryOpen.index || call.index > expected.rename.index)
    {
      problems.append("temporary file left outside the write: \(seen.own.sorted())")
    }
    return problems
  }

  /// The problems of a run whose failure's cleanup failed too: status 73, the store old, and
  /// the one temporary file left.
  func cleanupProblems(_ result: PromoBinary.Result, _ seen: Observation) -> [String] {
    var problems = failureOutputProblems(result)
    if result.status != 73 { problems.append("status \(result.status), not 73") }
    if !seen.isOld { problems.append("the store changed") }
    if seen.own.count != 1 {
      problems.append("\(seen.own.count) temporary files left, not the one its cleanup failed on")
    }
    return problems
  }

  /// The problems of a run with an injected `errno`: no temporary file left, then those of its
  /// success or of its failure.
  func errorProblems(
    _ error: String, _ result: PromoBinary.Result, _ call: TracedCall, _ seen: Observation,
    _ expected: Expectations
  ) -> [String] {
    var problems: [String] = []
    if !seen.own.isEmpty { problems.append("temporary file left: \(seen.own.sorted())") }
    if result.status == 0 {
      problems += successProblems(error, result, call, seen, expected)
    } else {
      problems += failureProblems(result, call, seen)
    }
    return problems
  }

  /// The problems of a run that succeeded though `error` was injected: the new store and the
  /// same output, leftovers removed, and only for a call whose failure is harmless or retried.
  func successProblems(
    _ error: String, _ result: PromoBinary.Result, _ call: TracedCall, _ seen: Observation,
    _ expected: Expectations
  ) -> [String] {
    var problems: [String] = []
    // Calls of the cleanup of dead writers' files, which may fail without harm.
    let cleanup =
      seen.position < 0
      && (call.syscall == "unlink" || call.syscall == "getdents64" || call.target == .folder)
    if !seen.isNew { problems.append("status 0 but the store is not the new one") }
    if result.stdout != expected.stdout { problems.append("stdout \(result.stdout.debugDescription)") }
    if !result.stderr.isEmpty { problems.append("stderr on success: \(result.stderr.debugDescription)") }
    if !seen.temporaries.isEmpty && !cleanup {
      problems.append("leftover not removed: \(seen.temporaries.sorted())")
    }
    if Self.mustFail(call, position: seen.position), !FaultPlan.isRetried(error, by: call.syscall) {
      problems.append("status 0 though the call failed")
    }
    return problems
  }

  /// The problems of a run that failed on an injected `errno`: one `promo:` line, the store old
  /// and status 73 (or 66 on reading) before the rename, the new store and the status its
  /// call calls for after it.
  func failureProblems(_ result: PromoBinary.Result, _ call: TracedCall, _ seen: Observation) -> [String] {
    var problems = failureOutputProblems(result)
    if seen.position <= 0 {
      if !seen.isOld { problems.append("failed before the rename but the store changed") }
      // Resolving the store's path reads each link on the way (`readlink` of its folders):
      // a failure there leaves the store unread, which is 66 ("cannot be read") too.
      let readsInput = call.target == .store || call.target == .input || call.syscall == "readlink"
      if result.status != 73 && !(result.status == 66 && readsInput) {
        problems.append("status \(result.status), not 73")
      }
    } else {
      if !seen.isNew { problems.append("failed after the rename but the store is not the new one") }
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
    return problems
  }

  /// The problems with a failed run's output: nothing on stdout, one `promo:` line on stderr.
  func failureOutputProblems(_ result: PromoBinary.Result) -> [String] {
    var problems: [String] = []
    if !result.stdout.isEmpty { problems.append("stdout on failure: \(result.stdout.debugDescription)") }
    if !result.stderr.hasPrefix("promo: ") || !result.stderr.hasSuffix("\n")
      || result.stderr.dropLast().contains("\n")
    {
      problems.append("stderr not one promo: line: \(result.stderr.debugDescription)")
    }
    return problems
  }

  /// Runs the next writer, after a kill or a failed cleanup: it must not be blocked by the
  /// dead one's lock, and must remove what was left. Counts the leftovers it cleaned.
  func nextWriterProblems(own: Set<String>, _ report: inout Report) throws -> [String] {
    var problems: [String] = []
    let next = try PromoBinary.run(Self.nextWriter, in: storeFolder)
    let rest = try snapshot().keys.filter { $0.hasPrefix(Self.temporaryPrefix) }
    if next.status != 0 { problems.append("the next writer failed: \(next.status) \(next.stderr)") }
    if !rest.isEmpty { problems.append("the next writer left \(rest.sorted())") }
    if !own.isEmpty && next.status == 0 && rest.isEmpty { report.leftoversCleaned += 1 }
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
}
