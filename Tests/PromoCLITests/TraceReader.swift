// Reading the fault injection runs' strace output: each traced call, numbered per system
// call, with the file it works on.
import Foundation

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
