import Foundation
import PromoCLI
import PromoKit
import Testing

/// The places that list promo's kinds, flags and `--explain` outcomes, held to the program:
/// the help, the man page, the README, docs/FORMAT.md and the price schema. A kind, flag or
/// outcome the program has must be in each; one it does not have must be in none.
@Suite("Words that cannot drift: every kind, flag and outcome in help, man page and README")
struct DocumentedWordsTests {
  static let root = PromoBinary.fixtures.deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The README bullet that starts with `start` (a `- ` line), up to the next bullet.
  static func bullet(_ start: String, in text: String) throws -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let first = try #require(lines.firstIndex { $0.hasPrefix("- " + start) }, "no bullet \(start)")
    var end = first + 1
    while end < lines.count, lines[end].hasPrefix("  ") { end += 1 }
    return lines[first..<end].joined(separator: "\n")
  }

  /// The `--options` written in backticks in `text` (`--kind`, `--no-target`).
  static func options(in text: String) -> Set<String> {
    var found: Set<String> = []
    for part in text.split(separator: "`").enumerated() where part.offset % 2 == 1 {
      for word in part.element.split(separator: " ") where word.hasPrefix("--") {
        found.insert(String(word.prefix { $0 == "-" || $0.isLetter }))
      }
    }
    return found
  }

  /// Every outcome's name. `index(of:)` switches over every case without `default`, so a
  /// new outcome does not compile here until it is listed, and then this suite wants it
  /// in every place.
  static let outcomes = [
    "applied", "inactive", "not-started", "ended", "code-required", "customer-not-eligible", "no-shipping",
    "no-eligible-line", "below-minimum", "not-best",
  ]

  static func index(of outcome: PromotionOutcome) -> Int {
    switch outcome {
    case .applied, .granted: 0
    case .inactive: 1
    case .notStarted: 2
    case .ended: 3
    case .codeRequired: 4
    case .customerNotEligible: 5
    case .noShipping: 6
    case .noEligibleLine: 7
    case .belowMinimum: 8
    case .notBest: 9
    }
  }

  @Test("the outcome list is the program's: each name is its case's own")
  func outcomeList() {
    let samples: [PromotionOutcome] = [.inactive, .customerNotEligible, .noShipping, .noEligibleLine]
    for sample in samples { #expect(Self.outcomes[Self.index(of: sample)] == sample.name) }
    #expect(Set(Self.outcomes).count == Self.outcomes.count)
  }

  @Test(
    "every kind is in the man page's description, the help of add and list, and every --kind list of the docs"
  )
  func kinds() throws {
    let kinds = PromotionKind.allCases.map(\.rawValue)
    let man = InProcessRun(["help", "--man"]).stdout
    let description = try #require(
      man.components(separatedBy: ".SH DESCRIPTION\n").last?.components(separatedBy: ".SH").first)
    for kind in kinds {
      #expect(description.contains("kind \(kind)"), "man page DESCRIPTION lacks \(kind)")
      for command in ["add", "update", "list"] {
        let help = InProcessRun(["help", command]).stdout
        let line = try #require(help.split(separator: "\n").first { $0.contains("--kind KIND") })
        #expect(line.contains(kind), "help \(command): --kind says nothing of \(kind)")
      }
    }
    // Every "--kind a|b|..." written in the README and docs/ lists exactly the kinds.
    for path in ["README.md", "docs/CI.md", "docs/FORMAT.md", "docs/BEHAVIOUR.md"] {
      let text = try Self.text(path)
      for piece in text.components(separatedBy: "--kind ").dropFirst() {
        let list = piece.prefix { $0.isLetter || $0 == "|" }
        guard list.contains("|") else { continue }
        #expect(list.split(separator: "|").map(String.init) == kinds, "\(path): --kind \(list)")
      }
    }
  }

  @Test("the README's add and update bullets name every field option, and no option promo lacks")
  func readmeFlags() throws {
    let readme = try Self.text("README.md")
    let add = Self.options(in: try Self.bullet("**`add`**", in: readme))
    let update = Self.options(in: try Self.bullet("**`update ID`**", in: readme))
    let plumbing: Set<String> = ["--store", "--lock-timeout", "--quiet", "--help"]
    let addOptions = Set(CommandTable.add.options.map(\.name)).subtracting(plumbing)
    let updateOptions = Set(CommandTable.update.options.map(\.name)).subtracting(plumbing)
    #expect(
      addOptions.subtracting(add).isEmpty, "README's add bullet lacks \(addOptions.subtracting(add).sorted())"
    )
    // The update bullet says "the same options plus": what add has needs no repeating.
    let updateOnly = updateOptions.subtracting(addOptions)
    #expect(
      updateOnly.subtracting(update).isEmpty,
      "README's update bullet lacks \(updateOnly.subtracting(update).sorted())")
    #expect(
      add.subtracting(addOptions).isEmpty, "README's add bullet names \(add.subtracting(addOptions).sorted())"
    )
    #expect(
      update.subtracting(updateOptions).isEmpty,
      "README's update bullet names \(update.subtracting(updateOptions).sorted())")
  }

  @Test("every option the README writes in backticks is one promo has")
  func readmeNamesNoPhantomOption() throws {
    // Besides promo's own: `swift test --filter`, `swift format lint --strict`, `--` alone.
    var known: Set<String> = ["--help", "--version", "--man", "--filter", "--strict", "--"]
    for command in CommandTable.commands { known.formUnion(command.options.map(\.name)) }
    let written = Self.options(in: try Self.text("README.md"))
    #expect(written.subtracting(known).isEmpty, "README names \(written.subtracting(known).sorted())")
  }

  @Test("every --explain outcome is in the README, docs/FORMAT.md and the price schema, and no other")
  func outcomes() throws {
    let readme = try Self.bullet("`--explain` lists", in: try Self.text("README.md"))
    let format = try Self.text("docs/FORMAT.md")
    let results = try #require(format.components(separatedBy: "With `--explain`, `considered`").last)
    let schema = try Self.text("schemas/price-result.schema.json")
    for outcome in Self.outcomes {
      #expect(readme.contains("`\(outcome)`"), "README's --explain bullet lacks \(outcome)")
      #expect(results.contains("`\(outcome)`"), "docs/FORMAT.md's results lack \(outcome)")
      #expect(schema.contains("\"\(outcome)\""), "the price schema lacks \(outcome)")
    }
    // Every backticked word of the README's bullet that looks like an outcome (words
    // joined by hyphens) is one.
    let words = readme.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
    let named = words.filter {
      $0.contains("-") && $0.allSatisfy { $0.isLowercase || $0 == "-" } && !$0.hasPrefix("-")
    }
    #expect(
      Set(named).subtracting(Self.outcomes).isEmpty, "README names \(Set(named).subtracting(Self.outcomes))")
  }
}
