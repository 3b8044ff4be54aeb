// The examples of README.md and docs/*.md as DocExamplesTests reads them: the documents, their
// fenced blocks with the marker before each, and the commands and shown output of each
// example (the markup is described at the top of DocExamplesTests.swift).
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
