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
