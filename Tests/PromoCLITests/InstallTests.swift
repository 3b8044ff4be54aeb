import Foundation
import PromoCLI
import Testing

@Suite("make install and the manual page")
struct InstallTests {
  static let package = PromoBinary.fixtures.deletingLastPathComponent()

  @Test(
    "make install-files puts a working promo, promo.1 and the completions under PREFIX; uninstall removes them"
  )
  func installIntoTemporaryPrefix() throws {
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-prefix-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let make = try Self.make([
      "install-files", "PREFIX=\(prefix.path)", "PROMO=\(PromoBinary.executable.path)",
    ])
    #expect(make.status == 0, "\(make.output)")
    let installed = prefix.appendingPathComponent("bin/promo")
    // Installed without its symbol tables: smaller than the binary it came from.
    func size(_ url: URL) throws -> Int {
      try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    }
    #expect(try size(installed) < size(PromoBinary.executable), "the installed binary is stripped")
    let version = try PromoBinary.run(["--version"], executable: installed)
    #expect(version.stdout == "promo \(PromoCLI.version)\n")
    for file in [
      "share/man/man1/promo.1", "share/bash-completion/completions/promo", "share/zsh/site-functions/_promo",
      "share/fish/vendor_completions.d/promo.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
    }
    // man renders the page, with every command in it.
    let rendered = try Self.run(
      "/usr/bin/man", ["-l", prefix.appendingPathComponent("share/man/man1/promo.1").path])
    #expect(rendered.status == 0, "\(rendered.output)")
    for command in CommandTable.commands {
      #expect(
        rendered.output.contains(command.usage.split(separator: " ").first.map(String.init) ?? command.name))
    }
    #expect(rendered.output.contains("EXIT STATUS"))
    let removed = try Self.make(["uninstall", "PREFIX=\(prefix.path)"])
    #expect(removed.status == 0)
    #expect(!FileManager.default.fileExists(atPath: installed.path))
  }

  @Test("the manual page lists every option of every command with its meaning, and the examples")
  func manPageNamesEveryOption() throws {
    let page = try PromoBinary.run(["help", "--man"]).stdout
    for command in CommandTable.commands {
      for option in command.options {
        #expect(page.contains("\\fB" + option.name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"))
        let words = option.summary.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(
          page.contains(words.replacingOccurrences(of: "-", with: "\\-")), "\(command.name) \(option.name)")
      }
      for example in command.examples {
        #expect(page.contains("promo " + example.replacingOccurrences(of: "-", with: "\\-")))
      }
    }
  }

  static func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try run("/usr/bin/make", ["-C", package.path, "--no-print-directory"] + arguments)
  }

  static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try PromoBinary.runTool(
      path, arguments, environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "100", "TERM": "dumb"], in: package)
  }
}
