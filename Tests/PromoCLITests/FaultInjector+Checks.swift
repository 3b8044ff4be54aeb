import Foundation

/// What one injected run's outcome must be: the store old or new, the status and output,
/// no temporary file left, and the next writer unblocked (FaultInjectionTests lists the rules).
extension FaultInjector {
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
}
