import Foundation
import PromoCLI
import Testing

/// The completion scripts, loaded in real shells. bash is always there; zsh and fish are
/// installed by `.ci/run`: elsewhere their tests are skipped when a machine lacks them, and
/// in CI (`CI=true`) they fail instead (``RequiredTools``).
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
          let spelled: String
          switch shell {
          case "fish": spelled = "-l " + option.name.dropFirst(2)
          // An `_arguments` spec: `--at=[evaluate ...]`, `--explain[list ...]`.
          case "zsh": spelled = option.name + (option.takesValue ? "=[" : "[")
          default: spelled = option.name
          }
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
      c promo list --kind s
      c promo update x --no-m
      c promo update x --combines-with o
      c promo update x --no-g
      c promo price --cu
      c promo show aut
      c promo enable --store stores/jpy.json ''
      c promo price orders/st
      c promo help val
      c promo completions f
      c promo --store stores/jpy.json show ''
      c promo -q li
      c promo --store = stores/jpy.json --quiet enable t
      c promo --store stor
      c promo --st
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
    // Format-3 options and values come from the command table, like every other.
    #expect(replies["promo list --kind s"] == ["shipping"])
    #expect(
      replies["promo update x --no-m"] == [
        "--no-maximum-discount", "--no-minimum", "--no-minimum-quantity", "--no-maximum-quantity",
      ])
    // Format 4's lists of classes, and its clearers, likewise.
    #expect(replies["promo update x --combines-with o"] == ["order", "order,shipping"])
    #expect(replies["promo update x --no-g"] == ["--no-get-target"])
    #expect(replies["promo price --cu"] == ["--customer-group"])
    #expect(replies["promo show aut"] == ["autumn-20"])
    #expect(replies["promo enable --store stores/jpy.json "] == ["ten-percent", "spend5000-save500"])
    #expect(replies["promo price orders/st"] == ["orders/stack-wins.json", "orders/stream.jsonl"])
    #expect(replies["promo help val"] == ["validate"])
    #expect(replies["promo completions f"] == ["fish"])
    // Options before the command, as the parser takes them.
    #expect(replies["promo --store stores/jpy.json show "] == ["ten-percent", "spend5000-save500"])
    #expect(replies["promo -q li"] == ["list"])
    #expect(replies["promo --store = stores/jpy.json --quiet enable t"] == ["ten-percent"])
    #expect(replies["promo --store stor"] == ["stores"])
    #expect(replies["promo --st"] == ["--store"])
  }

  /// Sets up an interactive `zsh -f` for `zshCompletions`: compinit with `_promo` from
  /// `$fpath` (or sourced, when `PROMO_TEST_MODE` is `source`), Tab bound to completion,
  /// and `compadd` wrapped so that every word the real completion functions offer (and
  /// that matches what is typed) is written to `$PROMO_TEST_OUT` with how it is shown,
  /// before it is offered for real. After the completion the shell writes `--done--` and
  /// exits.
  static let zshSetup = #"""
    PS1='' RPS1='' PS2=''
    stty columns 500 2>/dev/null
    [[ $PROMO_TEST_MODE == source ]] || fpath=($PROMO_TEST_FPATH $fpath)
    # The dump in $HOME, shared by the sessions of one test, makes the later ones quick.
    autoload -Uz compinit && compinit -u
    if [[ $PROMO_TEST_MODE == source ]]; then
      (( ! $+functions[_promo] )) || exit 10
      source <(promo completions zsh) || exit 9
    fi
    [[ $_comps[promo] == _promo ]] || exit 11
    bindkey '^I' complete-word
    compadd() {
      # Calls that only ask for matches back are not offers.
      if [[ ${argv[1,(i)(-|--)]} == *-[OAD]\ * ]]; then builtin compadd "$@"; return; fi
      local -a __hits __shown
      local __i=${argv[(I)-d]}
      if (( __i )); then
        if [[ $argv[__i+1] == \(* ]]; then eval "__shown=${argv[__i+1]}"; else __shown=("${(@P)argv[__i+1]}"); fi
      fi
      builtin compadd -O __hits -D __shown "$@"
      for (( __i = 1; __i <= $#__hits; __i++ )); do
        print -r -- "$__hits[__i]"$'\t'"$__shown[__i]" >> $PROMO_TEST_OUT
      done
      builtin compadd "$@"
    }
    _promo_test_done() { print -r -- '--done--' >> $PROMO_TEST_OUT; exit 0 }
    comppostfuncs=(_promo_test_done)
    print -r -- '--ready--'
    """#

  /// Starts, for each line, an interactive zsh in a pseudo-terminal (`zsh/zpty`), types the
  /// line and a Tab, and records what the completion offered in `$2/N`.
  static let zshDriver = #"""
    zmodload zsh/zpty || exit 8
    setup=$1 out=$2; shift 2
    integer n=0
    for line in "$@"; do
      export PROMO_TEST_OUT=$out/$(( ++n ))
      : > $PROMO_TEST_OUT
      zpty z zsh -f -i
      zpty -w z "source ${(q)setup}"
      zpty -r z reply '*--ready--*' || exit 7
      zpty -w -n z "$line"$'\t'
      while zpty -r z reply; do :; done
      zpty -d z
    done
    """#

  /// What zsh offers for each of `lines` when Tab is pressed at its end (in `fixtures/`),
  /// `_promo` being autoloaded from `$fpath` or, with `sourced`, sourced: each offered word
  /// with how it is shown (`price  -- price orders ...`).
  static func zshCompletions(
    _ lines: [String], sourced: Bool = false, environment: [String: String] = [:]
  ) throws -> [String: [String: String]] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-zsh-\(UUID().uuidString)")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try PromoBinary.run(["completions", "zsh"])
    try #require(script.status == 0)
    try Data(script.stdout.utf8).write(to: folder.appendingPathComponent("_promo"))
    let setup = folder.appendingPathComponent("setup.zsh")
    try Data(zshSetup.utf8).write(to: setup)
    var env = [
      "PATH": binaryFolder + ":/usr/local/bin:/usr/bin:/bin", "HOME": folder.path, "TERM": "dumb",
      "PROMO_TEST_FPATH": folder.path, "PROMO_TEST_MODE": sourced ? "source" : "fpath",
    ]
    env.merge(environment) { _, new in new }
    let (status, log) = try PromoBinary.runTool(
      "/usr/bin/timeout",
      ["120", "/usr/bin/zsh", "-f", "-c", zshDriver, "driver", setup.path, output.path] + lines,
      environment: env)
    try #require(status == 0, "zsh driver: status \(status): \(log)")
    var offers: [String: [String: String]] = [:]
    for (index, line) in lines.enumerated() {
      let recorded = try String(
        contentsOf: output.appendingPathComponent(String(index + 1)), encoding: .utf8)
      var entries = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      try #require(entries.last == "" && entries.dropLast().last == "--done--", "\(line): \(recorded)")
      entries.removeLast(2)
      var words: [String: String] = [:]
      for entry in entries {
        let parts = entry.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        words[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
      }
      offers[line] = words
    }
    return offers
  }

  @Test(
    "zsh, for real: the generated script is valid zsh",
    .enabled(if: installed("zsh") || RequiredTools.inCI, "zsh is not installed here (.ci/run installs it)"))
  func zshSyntax() throws {
    try #require(
      Self.installed("zsh"), "zsh is not installed: CI installs it (.ci/run), and a missing shell fails CI")
    let (status, output) = try Self.shell(
      "zsh", "promo completions zsh > \"$HOME/_promo\" && zsh -n \"$HOME/_promo\"")
    #expect(status == 0, "\(output)")
    let script = try PromoBinary.run(["completions", "zsh"]).stdout
    #expect(script.hasPrefix("#compdef promo\n"))
    #expect(!script.contains("bashcompinit"))
    // Sourced without compinit: nothing registered, and a word on why.
    let bare = try Self.shell("zsh", "source <(promo completions zsh)")
    #expect(bare.status == 1 && bare.output.contains("needs compinit first"), "\(bare.output)")
  }

  @Test(
    "zsh, for real (autoloaded from $fpath): commands, options, values, ids and files through _arguments",
    .enabled(if: installed("zsh") || RequiredTools.inCI, "zsh is not installed here (.ci/run installs it)"))
  func zsh() throws {
    try #require(
      Self.installed("zsh"), "zsh is not installed: CI installs it (.ci/run), and a missing shell fails CI")
    let commandNames = Set(CommandTable.commands.map(\.name))
    let offers = try Self.zshCompletions([
      "promo ", "promo list --kind ", "promo price --f", "promo price --format ",
      "promo price --format json --f",
      "promo price --code X --c", "promo help ", "promo completions ", "promo list --at ",
      "promo show ", "promo show --store stores/jpy.json ", "promo disable --store=stores/jpy.json ",
      "promo --store stores/jpy.json enable ", "promo show autumn-20 ", "promo price orders/st",
      "promo validate --store orders/st", "promo add --id x --kind item --sku a --s",
      "promo update VIP10 --no-c", "promo list --e", "promo list --working --e", "promo update VIP10 --in",
      "promo update VIP10 --active --in", "promo update VIP10 --sku a --no-ta", "promo add --i",
      "promo add --file new-promotions.json --i", "promo update VIP10 --combines-with order --st",
      "promo add --id x --kind discount --combines-with ", "promo init --rounding ",
    ])
    func offered(_ line: String) -> Set<String> { offers[line].map { Set($0.keys) } ?? [] }
    // The first word: every command, shown with what it does.
    let first = try #require(offers["promo "])
    #expect(Set(first.keys) == commandNames)
    for command in CommandTable.commands {
      #expect(first[command.name]?.hasSuffix("-- " + command.summary) == true, "\(first[command.name] ?? "")")
    }
    #expect(offered("promo list --kind ") == ["item", "discount", "threshold", "shipping", "gift"])
    let f = try #require(offers["promo price --f"])
    #expect(Set(f.keys) == ["--format", "--fail-fast"])
    #expect(
      f["--format"]?.hasSuffix("-- " + (CommandTable.price.option(named: "--format")?.summary ?? "?")) == true
    )
    #expect(offered("promo price --format ") == ["text", "json"])
    // --format is not repeatable, so it is not offered again; --code is.
    #expect(offered("promo price --format json --f") == ["--fail-fast"])
    #expect(offers["promo price --code X --c"]?.keys.contains("--code") == true)
    #expect(offers["promo add --id x --kind item --sku a --s"]?.keys.contains("--sku") == true)
    #expect(offered("promo help ") == commandNames)
    #expect(offered("promo completions ") == ["bash", "zsh", "fish"])
    #expect(offers["promo list --at "]?.isEmpty == true)
    // Ids: from ./promotions.json (promo's default), or from the --store on the line,
    // before or after the command, as `--store FILE` or `--store=FILE`.
    #expect(offered("promo show ").isSuperset(of: ["autumn-20", "winter-25"]))
    let jpy: Set = ["ten-percent", "spend5000-save500"]
    #expect(offered("promo show --store stores/jpy.json ") == jpy)
    #expect(offered("promo disable --store=stores/jpy.json ") == jpy)
    #expect(offered("promo --store stores/jpy.json enable ") == jpy)
    // One id only: after it, the options alone.
    #expect(offered("promo show autumn-20 ").contains("--format"))
    #expect(offered("promo show autumn-20 ").allSatisfy { $0.hasPrefix("-") })
    // Files: any file for orders; JSON files first for a store.
    #expect(offered("promo price orders/st") == ["stack-wins.json", "stream.jsonl"])
    #expect(offered("promo validate --store orders/st") == ["stack-wins.json"])
    #expect(offers["promo update VIP10 --no-c"]?.keys.contains("--no-code") == true)
    // Options the table says exclude each other are not offered after one another.
    #expect(offered("promo list --e") == ["--effective"])
    #expect(offered("promo list --working --e").isEmpty)
    #expect(offered("promo update VIP10 --in") == ["--inactive"])
    #expect(offered("promo update VIP10 --active --in").isEmpty)
    #expect(offered("promo update VIP10 --sku a --no-ta").isEmpty)
    // Format 4: --combines-with offers the lists of classes, and not --stackable after it.
    #expect(offered("promo update VIP10 --combines-with order --st") == ["--starts-at", "--store"])
    #expect(offered("promo add --id x --kind discount --combines-with ").contains("order,shipping"))
    #expect(offered("promo init --rounding ") == ["half-up", "half-even", "down"])
    #expect(offered("promo add --i") == ["--id", "--inactive"])
    #expect(offered("promo add --file new-promotions.json --i").isEmpty)
  }

  @Test(
    "zsh, for real: ids from the store $PROMO_STORE names, and the script sourced after compinit",
    .enabled(if: installed("zsh") || RequiredTools.inCI, "zsh is not installed here (.ci/run installs it)"))
  func zshStoreFromEnvironmentAndSourced() throws {
    try #require(
      Self.installed("zsh"), "zsh is not installed: CI installs it (.ci/run), and a missing shell fails CI")
    let teaShop: Set = [
      "autumn-20", "spend100-save15", "spend300-save60", "tea-2nd-half", "mug-19", "biscuits-3-for-2",
      "bags-5-off", "VIP10",
    ]
    for sourced in [false, true] {
      let offers = try Self.zshCompletions(
        ["promo update ", "promo delete --store stores/jpy.json ", "promo li"], sourced: sourced,
        environment: ["PROMO_STORE": "stores/tea-shop.json"])
      func offered(_ line: String) -> Set<String> { offers[line].map { Set($0.keys) } ?? [] }
      #expect(offered("promo update ") == teaShop, "sourced: \(sourced)")
      #expect(
        offered("promo delete --store stores/jpy.json ")
          == ["ten-percent", "spend5000-save500"], "sourced: \(sourced)")
      #expect(offered("promo li") == ["list"], "sourced: \(sourced)")
    }
  }

  @Test(
    "fish, for real: the script loads and completes commands, options, values and ids",
    .enabled(if: installed("fish") || RequiredTools.inCI, "fish is not installed here (.ci/run installs it)"))
  func fish() throws {
    try #require(
      Self.installed("fish"), "fish is not installed: CI installs it (.ci/run), and a missing shell fails CI")
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
