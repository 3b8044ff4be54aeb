import Foundation
import PromoCLI
import Testing

/// The completion scripts, loaded in real shells. bash is always there; zsh and fish are
/// installed by `.ci/run`, and their tests say so when a machine lacks them.
@Suite("Shell completion scripts, generated from the command table")
struct CompletionTests {
  static let binaryFolder = PromoBinary.executable.deletingLastPathComponent().path

  /// Runs `script` in `shell` inside `fixtures/`, with the built `promo` first on the PATH.
  static func shell(_ shell: String, _ script: String) throws -> (status: Int32, output: String) {
    try PromoBinary.runTool(
      "/usr/bin/" + shell, ["-c", script],
      environment: [
        "PATH": binaryFolder + ":/usr/local/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
        "TERM": "dumb",
      ])
  }

  static func installed(_ shell: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell)
  }

  @Test("each script names every command and every option of the parser")
  func scriptsCoverTheTable() throws {
    for shell in ["bash", "zsh", "fish"] {
      let script = try PromoBinary.run(["completions", shell]).stdout
      for command in CommandTable.commands {
        #expect(script.contains(command.name), "\(shell) script lacks \(command.name)")
        for option in command.options {
          let spelled = shell == "fish" ? "-l " + option.name.dropFirst(2) : option.name
          #expect(script.contains(spelled), "\(shell) script lacks \(command.name) \(option.name)")
        }
      }
    }
  }

  @Test("bash, for real: commands, options, option values, ids from the store, and files")
  func bash() throws {
    let script = """
      source <(promo completions bash) || exit 9
      c() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _promo; echo "$*|${COMPREPLY[*]}"; }
      c promo pr
      c promo price --ex
      c promo price --format ''
      c promo list --kind t
      c promo show aut
      c promo enable --store stores/jpy.json ''
      c promo price orders/st
      c promo help val
      c promo completions f
      """
    let (status, output) = try Self.shell("bash", script)
    #expect(status == 0, "\(output)")
    let replies = Dictionary(
      output.split(separator: "\n").compactMap { line -> (String, Set<String>)? in
        let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), Set(parts[1].split(separator: " ").map(String.init)))
      }, uniquingKeysWith: { first, _ in first })
    #expect(replies["promo pr"] == ["price"])
    #expect(replies["promo price --ex"] == ["--explain"])
    #expect(replies["promo price --format "] == ["text", "json"])
    #expect(replies["promo list --kind t"] == ["threshold"])
    #expect(replies["promo show aut"] == ["autumn-20"])
    #expect(replies["promo enable --store stores/jpy.json "] == ["ten-percent", "spend5000-save500"])
    #expect(replies["promo price orders/st"] == ["orders/stack-wins.json", "orders/stream.jsonl"])
    #expect(replies["promo help val"] == ["validate"])
    #expect(replies["promo completions f"] == ["fish"])
  }

  @Test(
    "zsh, for real: the script loads and offers commands, values and ids",
    .enabled(if: installed("zsh"), "zsh is not installed here (.ci/run installs it)"))
  func zsh() throws {
    // zsh filters the candidates by the typed prefix itself, so these check what is offered.
    let script = """
      autoload -U compinit && compinit -u
      source <(promo completions zsh) || exit 9
      c() { emulate -L sh; setopt kshglob noshglob braceexpand; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _promo; echo "${COMPREPLY[*]}"; }
      c promo ''
      c promo list --kind ''
      c promo show ''
      c promo price --f
      """
    let (status, output) = try Self.shell("zsh", script)
    #expect(status == 0, "\(output)")
    let lines = output.split(separator: "\n").map { Set($0.split(separator: " ").map(String.init)) }
    try #require(lines.count == 4, "\(output)")
    #expect(lines[0].isSuperset(of: ["price", "list", "validate", "completions"]))
    #expect(lines[1] == ["discount", "item", "threshold"])
    #expect(lines[2].isSuperset(of: ["autumn-20", "winter-25"]))
    #expect(lines[3].isSuperset(of: ["--format", "--fail-fast"]))
  }

  @Test(
    "fish, for real: the script loads and completes commands, options, values and ids",
    .enabled(if: installed("fish"), "fish is not installed here (.ci/run installs it)"))
  func fish() throws {
    let script = """
      source (promo completions fish | psub); or exit 9
      complete -C 'promo pr'
      complete -C 'promo price --ex'
      complete -C 'promo list --kind '
      complete -C 'promo disable aut'
      """
    let (status, output) = try Self.shell("fish", script)
    #expect(status == 0, "\(output)")
    let words = Set(output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
    #expect(words.isSuperset(of: ["price", "--explain", "discount", "threshold", "autumn-20"]), "\(words)")
  }

  @Test("an unknown shell is a usage error")
  func unknownShell() throws {
    let result = try PromoBinary.run(["completions", "tcsh"])
    #expect(result.status == 64)
    #expect(result.stderr == "promo: no completions for \"tcsh\"; choose one of bash, zsh, fish\n")
  }
}
