// Compares what a documentation example printed with what its document shows (`...` lines
// and `...` inside a line), and makes a diff to read when they differ.
import Foundation

/// Whether printed lines are what a document shows, and if not, a diff to read.
enum ShownOutput {
  /// Whether `line` is what `pattern` shows: equal, or with `...` standing for any text.
  static func matches(_ pattern: String, _ line: String) -> Bool {
    guard pattern.contains("...") else { return pattern == line }
    let parts = pattern.components(separatedBy: "...")
    var rest = Substring(line)
    guard rest.hasPrefix(parts[0]) else { return false }
    rest = rest.dropFirst(parts[0].count)
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    let last = parts[parts.count - 1]
    return rest.count >= last.count && rest.hasSuffix(last)
  }

  /// nil when `printed` is what `shown` shows (a `...` line standing for any lines), else the
  /// lines of a diff: `  ` for a line as shown, `- ` for a shown line not printed, `+ ` for a
  /// printed line not shown.
  static func diff(shown: [String], printed: [String]) -> [String]? {
    let rows = shown.count
    let columns = printed.count
    // cost[i][j]: the fewest lines to add or remove to make shown[i...] show printed[j...].
    var cost = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
    for i in stride(from: rows, through: 0, by: -1) {
      for j in stride(from: columns, through: 0, by: -1) {
        if i == rows && j == columns { continue }
        var best = Int.max
        if i < rows, shown[i] == "..." {
          best = min(best, cost[i + 1][j])
          if j < columns { best = min(best, cost[i][j + 1]) }
        }
        if i < rows, j < columns, matches(shown[i], printed[j]) { best = min(best, cost[i + 1][j + 1]) }
        if i < rows { best = min(best, 1 + cost[i + 1][j]) }
        if j < columns { best = min(best, 1 + cost[i][j + 1]) }
        cost[i][j] = best
      }
    }
    if cost[0][0] == 0 { return nil }
    var lines: [String] = []
    var (i, j) = (0, 0)
    while i < rows || j < columns {
      if i < rows, shown[i] == "..." {
        if cost[i][j] == cost[i + 1][j] {
          lines.append("  ...")
          i += 1
          continue
        }
        if j < columns, cost[i][j] == cost[i][j + 1] {
          j += 1
          continue
        }
      }
      if i < rows, j < columns, matches(shown[i], printed[j]), cost[i][j] == cost[i + 1][j + 1] {
        lines.append("  " + printed[j])
        i += 1
        j += 1
      } else if i < rows, cost[i][j] == 1 + cost[i + 1][j] {
        lines.append("- " + shown[i])
        i += 1
      } else {
        lines.append("+ " + printed[j])
        j += 1
      }
    }
    return withContext(lines)
  }

  /// `diff` with only 3 lines of context around each change.
  static func withContext(_ lines: [String]) -> [String] {
    let changed = lines.indices.filter { !lines[$0].hasPrefix("  ") }
    var result: [String] = []
    var skipped = 0
    for (index, line) in lines.enumerated() {
      if changed.contains(where: { abs($0 - index) <= 3 }) {
        if skipped > 0 { result.append("  [\(skipped) \(skipped == 1 ? "line" : "lines") as shown]") }
        skipped = 0
        result.append(line)
      } else {
        skipped += 1
      }
    }
    if skipped > 0 { result.append("  [\(skipped) \(skipped == 1 ? "line" : "lines") as shown]") }
    return result
  }

  /// The lines of a program's output, without the empty string after its last line break.
  static func lines(_ output: String) -> [String] {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
