import Foundation
import PromoCLI
import PromoKit
import Testing

@Suite("Argument parsing from the command table")
struct ArgumentParsingTests {
  let price = CommandTable.price

  @Test("options take values in both spellings, flags none, and -- ends the options")
  func spellings() throws {
    let parsed = try ParsedArguments(
      ["a.json", "--at", "2026-01-01T00:00:00Z", "--format=json", "--explain", "--", "--b.json"], for: price)
    #expect(parsed.positionals == ["a.json", "--b.json"])
    #expect(parsed.value("--at") == "2026-01-01T00:00:00Z")
    #expect(parsed.value("--format") == "json")
    #expect(parsed.flag("--explain"))
    #expect(!parsed.flag("--help"))
  }

  @Test(
    "usage errors",
    arguments: [
      (["a.json", "--zzzzzzzz"], "unknown option --zzzzzzzz for price; see 'promo help price'"),
      (["a.json", "--exlpain"], "unknown option --exlpain for price; did you mean --explain?"),
      (["a.json", "--at"], "--at needs a value: --at TIME"),
      (["a.json", "--format", "xml"], "--format: must be one of text, json, not \"xml\""),
      (["a.json", "--explain=yes"], "--explain takes no value"),
      ([], "missing ORDER.json...; usage: promo \(CommandTable.price.usage)"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: PromoError(.usage, message)) {
      try ParsedArguments(arguments, for: CommandTable.price)
    }
  }

  @Test("every pair of options the table calls exclusive is refused together (the completions rely on it)")
  func exclusivePairsAreRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-pairs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var checked = 0
    for command in CommandTable.commands {
      for (first, second) in command.exclusivePairs {
        var arguments = [command.name] + Array(repeating: "some-id", count: command.minimumArguments)
        for name in [first, second] {
          let option = try #require(command.option(named: name), "\(command.name) has no \(name)")
          arguments.append(name)
          if option.takesValue { arguments.append(option.choices.first ?? "1") }
        }
        // A store that is never created: the command must stop before it.
        let run = InProcessRun(arguments, environment: ["PROMO_STORE": folder.path + "/promotions.json"])
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("cannot be"), "\(arguments): \(run.stderr)")
        checked += 1
      }
    }
    #expect(checked > 30)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/promotions.json"))
  }

  @Test("an option given twice takes its last value")
  func lastValueWins() throws {
    let parsed = try ParsedArguments(
      ["a.json", "--format", "text", "--format", "json", "--explain", "--explain"], for: price)
    #expect(parsed.value("--format") == "json")
    #expect(parsed.flag("--explain"))
  }

  @Test("-h is --help, and --help skips the argument count check")
  func help() throws {
    #expect(try ParsedArguments(["-h"], for: price).flag("--help"))
  }

  @Test("a lone - is a positional (standard input)")
  func dashIsPositional() throws {
    #expect(try ParsedArguments(["-"], for: price).positionals == ["-"])
  }
}
