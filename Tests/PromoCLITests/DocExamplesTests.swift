// Every example of README.md and docs/*.md, run by the built `promo` as a reader would run it
// from the repository root, and compared with the output the document shows.
//
// The markup (README.md's "Examples in the documentation" says the same):
//
// - Only fenced code blocks are examples; code inside a sentence is never run.
// - A fence is an example when any of its lines starts with `$ `, when its info string is a
//   shell (`sh`, `shell`, `bash`, `console`), or when `<!-- output-of: COMMAND -->` comes
//   just before it. Every other fence (JSON, Swift, Python, YAML, plain text) is not one.
// - `<!-- not-run: REASON -->` just before a fence (blank lines between are allowed, nothing
//   else) skips it, and is the only way to skip an example: the reason is required, and a
//   marker that no fence follows fails the test.
// - `$ COMMAND` is a command; a line ending in `\` goes on onto the next line. The lines
//   after it, up to the next `$ ` or the end of the fence, are what it prints: lines starting
//   `promo: ` on standard error, the others on standard output, each stream compared line for
//   line. `...` alone on a line stands for any number of lines (none too), and `...` inside a
//   line for any text. `$ echo $?` shows the exit status of the command before it (its line is
//   that status); a command whose status is not shown must exit 0.
// - A shell fence without `$ ` lines is a list of commands whose output is not shown: each line
//   (with its continuations; blank lines and `#` comments skipped) runs and must exit 0.
// - `<!-- output-of: COMMAND -->` makes the fence after it the output of COMMAND, which must be
//   a line of the fenced block before it (the Quick start shows its command and its output in
//   two blocks). `swift run promo` at the start of a command runs the built `promo`.
//
// How they run: each document's examples run in document order, in a fresh temporary folder
// that holds a copy of the repository's `fixtures/` and of any other file or folder of the
// repository a command names (so `fixtures/...` resolves as from the repository root, and a
// store made by `promo init` is the one the next `promo add` changes). Each command is
// `/bin/sh -c COMMAND` (so pipes into POSIX tools work), with the built `promo` first on `PATH`
// and no other variable of the test's environment (no `PROMO_STORE`).
import Foundation
import Testing

/// One Markdown file of the repository.
struct DocumentFile: Sendable, CustomTestStringConvertible {
  /// Relative to the repository root: `README.md`, `docs/CI.md`.
  let path: String

  var testDescription: String { path }

  static let repositoryRoot: URL = PromoBinary.fixtures.deletingLastPathComponent()

  /// README.md and every docs/*.md, in that order.
  static let all: [DocumentFile] = {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? []
    return [DocumentFile(path: "README.md")]
      + docs.filter { $0.hasSuffix(".md") }.sorted().map { DocumentFile(path: "docs/" + $0) }
  }()

  var url: URL { Self.repositoryRoot.appendingPathComponent(path) }

  func text() throws -> String { try String(contentsOf: url, encoding: .utf8) }
}

/// A fenced code block of a document.
struct Fence {
  /// 1-based line number of the opening fence.
  var line: Int
  var info: String
  /// The lines between the fences (the fence's indentation removed), with their line numbers.
  var body: [(line: Int, text: String)]
  /// The `<!-- ... -->` comment just before the fence, if any, without `<!--` and `-->`.
  var marker: String?
}

/// One command of an example and what the document shows it prints.
struct DocCommand {
  var line: Int
  var command: String
  /// The shown lines (nil: the document shows no output, which is then not compared).
  var shown: [String]?
  /// The status the document shows with `$ echo $?`; otherwise 0.
  var status: Int32 = 0
}

/// What the documents hold: the examples to run, and those marked not to be.
struct DocExamples {
  var runs: [(fence: Fence, commands: [DocCommand])] = []
  var notRun: [(fence: Fence, reason: String)] = []
  /// Markup mistakes, each with its line.
  var problems: [(line: Int, message: String)] = []

  static let shellInfos: Set<String> = ["sh", "shell", "bash", "console"]

  init(markdown: String) {
    let fences = Self.fences(of: markdown, problems: &problems)
    for (index, fence) in fences.enumerated() {
      if let marker = fence.marker, marker.hasPrefix("not-run:") {
        let reason = marker.dropFirst("not-run:".count).trimmingCharacters(in: .whitespaces)
        if reason.isEmpty { problems.append((fence.line, "a not-run marker must give its reason")) }
        notRun.append((fence, reason))
      } else if let marker = fence.marker, marker.hasPrefix("output-of:") {
        let command = marker.dropFirst("output-of:".count).trimmingCharacters(in: .whitespaces)
        let before =
          index > 0 ? fences[index - 1].body.map { $0.text.trimmingCharacters(in: .whitespaces) } : []
        if !before.contains(command) {
          problems.append(
            (fence.line, "output-of names `\(command)`, which is no line of the block before it"))
        }
        runs.append((fence, [DocCommand(line: fence.line, command: command, shown: fence.body.map(\.text))]))
      } else if fence.body.contains(where: { $0.text.hasPrefix("$ ") }) {
        runs.append((fence, Self.promptCommands(fence, problems: &problems)))
      } else if Self.shellInfos.contains(fence.info) {
        runs.append((fence, Self.plainCommands(fence)))
      }
    }
  }

  /// Every fenced block, with the marker before it; a marker no fence follows is a problem.
  static func fences(of markdown: String, problems: inout [(line: Int, message: String)]) -> [Fence] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var fences: [Fence] = []
    var pendingMarker: (line: Int, text: String)?
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") {
        let text = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if let pending = pendingMarker, isRunMarker(pending.text) {
          problems.append((pending.line, "`<!-- \(pending.text) -->` is not just before a fence"))
        }
        pendingMarker = (index + 1, text)
        index += 1
        continue
      }
      if trimmed.hasPrefix("```") {
        let indent = line.prefix { $0 == " " }.count
        var fence = Fence(
          line: index + 1, info: String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), body: [],
          marker: pendingMarker?.text)
        pendingMarker = nil
        index += 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
          var text = Substring(lines[index])
          var removed = 0
          while removed < indent, text.first == " " {
            text = text.dropFirst()
            removed += 1
          }
          fence.body.append((index + 1, String(text)))
          index += 1
        }
        fences.append(fence)
        index += 1
        continue
      }
      if !trimmed.isEmpty, let pending = pendingMarker {
        if isRunMarker(pending.text) {
          problems.append((pending.line, "`<!-- \(pending.text) -->` is not just before a fence"))
        }
        pendingMarker = nil
      }
      index += 1
    }
    if let pending = pendingMarker, isRunMarker(pending.text) {
      problems.append((pending.line, "`<!-- \(pending.text) -->` is not just before a fence"))
    }
    return fences
  }

  static func isRunMarker(_ text: String) -> Bool {
    text.hasPrefix("not-run:") || text.hasPrefix("output-of:")
  }

  /// The `$ ` commands of a fence and the lines shown after each.
  static func promptCommands(_ fence: Fence, problems: inout [(line: Int, message: String)]) -> [DocCommand] {
    var commands: [DocCommand] = []
    var index = 0
    let body = fence.body
    while index < body.count {
      let (line, text) = body[index]
      guard text.hasPrefix("$ ") else {
        problems.append((line, "a line before the first `$ ` command of its fence"))
        index += 1
        continue
      }
      var command = String(text.dropFirst(2))
      index += 1
      while command.hasSuffix("\\"), index < body.count {
        command += "\n" + body[index].text
        index += 1
      }
      var shown: [String] = []
      while index < body.count, !body[index].text.hasPrefix("$ ") {
        shown.append(body[index].text)
        index += 1
      }
      if command.trimmingCharacters(in: .whitespaces) == "echo $?" {
        if let status = shown.count == 1 ? Int32(shown[0]) : nil, !commands.isEmpty {
          commands[commands.count - 1].status = status
        } else {
          problems.append((line, "`$ echo $?` must follow a command and show one status"))
        }
        continue
      }
      commands.append(DocCommand(line: line, command: command, shown: shown))
    }
    return commands
  }

  /// The commands of a shell fence that shows no output.
  static func plainCommands(_ fence: Fence) -> [DocCommand] {
    var commands: [DocCommand] = []
    var index = 0
    let body = fence.body
    while index < body.count {
      let (line, text) = body[index]
      index += 1
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      var command = text
      while command.hasSuffix("\\"), index < body.count {
        command += "\n" + body[index].text
        index += 1
      }
      commands.append(DocCommand(line: line, command: command, shown: nil))
    }
    return commands
  }
}

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

@Suite("Every example of README.md and docs/*.md, run from the repository root")
struct DocExamplesTests {
  /// How many examples the documents hold, run and not run: one that vanishes fails the test.
  static let expectedRunCount = 19
  static let expectedNotRunCount = 16

  @Test("the examples are found, and every one that is not run says why")
  func examplesAreAccountedFor() throws {
    var runs = 0
    var notRun: [String] = []
    for document in DocumentFile.all {
      let examples = DocExamples(markdown: try document.text())
      for problem in examples.problems {
        Issue.record("\(document.path):\(problem.line): \(problem.message)")
      }
      runs += examples.runs.count
      notRun += examples.notRun.map { "\(document.path):\($0.fence.line): \($0.reason)" }
    }
    print("documentation examples: \(runs) run, \(notRun.count) not run:\n" + notRun.joined(separator: "\n"))
    #expect(runs == Self.expectedRunCount)
    #expect(notRun.count == Self.expectedNotRunCount)
  }

  @Test("the Quick start is two commands, and no document links outside the repository")
  func quickStartAndLinks() throws {
    let readme = try DocumentFile(path: "README.md").text()
    let quickStart = try #require(readme.components(separatedBy: "## Quick start").dropFirst().first)
    var ignored: [(line: Int, message: String)] = []
    let fence = try #require(DocExamples.fences(of: quickStart, problems: &ignored).first)
    #expect(
      fence.body.map(\.text) == [
        "swift run promo price fixtures/orders/stack-wins.json --store fixtures/promotions.json --at 2026-11-22T12:00:00+08:00",
        "swift test",
      ])
    for document in DocumentFile.all {
      for (number, line) in try document.text().split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        for target in line.components(separatedBy: "](").dropFirst().map({ $0.prefix { $0 != ")" } }) {
          let resolved = URL(
            fileURLWithPath: String(target), relativeTo: document.url.deletingLastPathComponent()
          )
          .standardizedFileURL.path
          if target.contains("://")
            || !resolved.hasPrefix(DocumentFile.repositoryRoot.standardizedFileURL.path)
          {
            Issue.record("\(document.path):\(number + 1): a link outside the repository: \(target)")
          }
        }
        if line.contains("SPEC") {
          Issue.record("\(document.path):\(number + 1): SPEC is not part of the repository: \(line)")
        }
      }
    }
  }

  @Test("each example prints what the document shows", arguments: DocumentFile.all)
  func examplesRunAsShown(_ document: DocumentFile) throws {
    let examples = DocExamples(markdown: try document.text())
    if examples.runs.isEmpty { return }
    let root = DocumentFile.repositoryRoot
    let manager = FileManager.default
    let scratch = manager.temporaryDirectory.appendingPathComponent("promo-docs-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    let folder = scratch.appendingPathComponent("root")
    let bin = scratch.appendingPathComponent("bin")
    try manager.createDirectory(at: bin, withIntermediateDirectories: true)
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      at: bin.appendingPathComponent("promo"), withDestinationURL: PromoBinary.executable.absoluteURL)
    try manager.copyItem(
      at: root.appendingPathComponent("fixtures"), to: folder.appendingPathComponent("fixtures"))
    // Any other file or folder of the repository a command names, at the same place.
    for (_, commands) in examples.runs {
      for command in commands {
        let words = command.command.split { " \t\n\"'=<>|;()".contains($0) }.map(String.init)
        for word in words where !word.hasPrefix("-") && !word.hasPrefix("/") && !word.contains("..") {
          let source = root.appendingPathComponent(word)
          let target = folder.appendingPathComponent(word)
          guard !word.hasPrefix("fixtures"), manager.fileExists(atPath: source.path),
            !manager.fileExists(atPath: target.path)
          else { continue }
          try manager.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
          try manager.copyItem(at: source, to: target)
        }
      }
    }
    let environment = [
      "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      "HOME": scratch.path,
    ]
    var commandsRun = 0
    for (_, commands) in examples.runs {
      for example in commands {
        var command = example.command
        if command.hasPrefix("swift run promo ") {
          command = "promo " + command.dropFirst("swift run promo ".count)
        }
        let result = try PromoBinary.run(
          ["-c", command], in: folder, environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
        commandsRun += 1
        var failures: [String] = []
        if result.status != example.status {
          failures.append(
            "exits with status \(result.status), the document shows \(example.status)"
              + (example.status == 0 ? " (none shown: a failing command needs `$ echo $?` after it)" : ""))
        }
        if let shown = example.shown {
          let shownErrors = shown.filter { $0.hasPrefix("promo: ") }
          let shownOutput = shown.filter { !$0.hasPrefix("promo: ") }
          if let diff = ShownOutput.diff(shown: shownOutput, printed: ShownOutput.lines(result.stdout)) {
            failures.append("standard output differs (- shown, + printed):\n" + diff.joined(separator: "\n"))
          }
          if let diff = ShownOutput.diff(shown: shownErrors, printed: ShownOutput.lines(result.stderr)) {
            failures.append("standard error differs (- shown, + printed):\n" + diff.joined(separator: "\n"))
          }
        } else if result.status != example.status, !result.stderr.isEmpty {
          failures.append("standard error:\n" + result.stderr)
        }
        if !failures.isEmpty {
          Issue.record(
            Comment(
              rawValue: "\(document.path):\(example.line): $ \(example.command)\n"
                + failures.joined(separator: "\n")),
            sourceLocation: SourceLocation(
              fileID: "promo/\(document.url.lastPathComponent)", filePath: document.url.path,
              line: example.line,
              column: 1))
        }
      }
    }
    print("\(document.path): \(examples.runs.count) examples, \(commandsRun) commands run")
  }
}
