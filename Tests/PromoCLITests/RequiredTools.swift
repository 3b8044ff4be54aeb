import Foundation

/// Whether the tools some suites need (strace, zsh, fish, a way to run as another user)
/// must be there: in CI (`CI=true`, as `.ci/run` sets it) a suite never skips because one
/// is missing, it fails saying which; elsewhere it is skipped, and says why.
///
/// A suite or test uses `.enabled(if: available || RequiredTools.inCI)` and starts with
/// `try #require(available, "why")`.
enum RequiredTools {
  /// Whether the tests run in CI: `$CI` is `true` (or `1`).
  static let inCI: Bool = {
    let value = ProcessInfo.processInfo.environment["CI"]?.lowercased()
    return value == "true" || value == "1"
  }()
}
