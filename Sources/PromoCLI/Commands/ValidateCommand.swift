import PromoKit

/// `promo validate [FILE] [--format text|json|github]`: every problem and warning of a
/// store, for a person (text, on standard error) or for the tools around a CI job (JSON
/// Lines, or GitHub Actions workflow commands, on standard output, each with the line and
/// column it is about). The status is 65 when there is any problem, in every format.
enum ValidateCommand {
  /// Runs the command and returns its exit status.
  static func run(_ context: CommandContext) throws(PromoError) -> Int32 {
    let path = context.arguments.positionals.first ?? context.storePath
    let instant = try context.evaluationTime()
    let format = context.arguments.value("--format")
    let bytes: [UInt8]
    let name: String
    do throws(PromoError) {
      (bytes, name) = try read(path, context: context)
    } catch  where format == "json" || format == "github" {
      return unreadable(error, path: path, context: context)
    }
    switch format {
    case "json":
      return machineReport(bytes, name: name, at: instant, context: context, line: FindingRenderer.json)
    case "github":
      return machineReport(bytes, name: name, at: instant, context: context, line: FindingRenderer.github)
    default:
      try textReport(bytes, name: name, at: instant, context: context)
      return ExitStatus.success
    }
  }

  /// Every problem on standard error, and the warnings (many of one pattern grouped,
  /// unless `--all-warnings`); a summary on standard output when there is no problem. The
  /// last problem is thrown, so that the status and its one-line form are the command's.
  private static func textReport(
    _ bytes: [UInt8], name: String, at instant: Instant, context: CommandContext
  ) throws(PromoError) {
    let (catalog, problems) = StoreDecoder.diagnose(bytes, file: name)
    let warnings = catalog.map { StoreAudit.warnings(for: $0, at: instant) } ?? []
    for problem in problems.dropLast() { context.stderr.write(ErrorLine.render(problem)) }
    let all = context.arguments.flag("--all-warnings")
    for line in WarningGroups.lines(warnings, file: name, all: all) { context.stderr.write(line) }
    if let last = problems.last { throw last }
    context.stdout.write(summary(name: name, catalog: catalog, warnings: warnings.count))
  }

  /// One line per finding (every warning: a machine needs no grouping), then the summary
  /// (`json`: one object; `github`: the text summary, or the count of problems), all on
  /// standard output; nothing on standard error.
  private static func machineReport(
    _ bytes: [UInt8], name: String, at instant: Instant, context: CommandContext,
    line: (StoreFinding, String) -> String
  ) -> Int32 {
    let (catalog, findings) = StoreFinding.all(in: bytes, file: name, at: instant)
    let errors = write(findings, name: name, catalog: catalog, context: context, line: line)
    return errors == 0 ? ExitStatus.success : ExitStatus.invalidData
  }

  /// Writes `findings` (of the store `name`, whose catalog is `catalog` when it has no
  /// problem) and the summary on standard output; returns how many are errors.
  private static func write(
    _ findings: [StoreFinding], name: String, catalog: Catalog?, context: CommandContext,
    line: (StoreFinding, String) -> String
  ) -> Int {
    for finding in findings { context.stdout.write(line(finding, name)) }
    let errors = findings.count { $0.severity == .error }
    let warnings = findings.count - errors
    if context.arguments.value("--format") == "json" {
      context.stdout.write(FindingRenderer.jsonSummary(errors: errors, warnings: warnings))
    } else if errors == 0 {
      context.stdout.write(summary(name: name, catalog: catalog, warnings: warnings))
    } else {
      context.stdout.write("\(name): \(errors) problem\(errors == 1 ? "" : "s")\n")
    }
    return errors
  }

  /// The bytes of the store at `path` and the name to report it by; a missing default
  /// store is the error that says how to make one.
  private static func read(_ path: String, context: CommandContext) throws(PromoError) -> ([UInt8], String) {
    do throws(PromoError) {
      return try context.readInput(path)
    } catch  where error.category == .missing && context.arguments.positionals.isEmpty {
      throw context.missingStore
    }
  }

  /// A store that cannot be read, for a machine: one finding on standard output (at its
  /// first line, `unreadable-file`) and the summary, as for any other problem; the status
  /// is the error's (66 for a missing file).
  private static func unreadable(_ error: PromoError, path: String, context: CommandContext) -> Int32 {
    let finding = StoreFinding(
      severity: .error, path: nil, location: SourceLocation(line: 1, column: 1), code: .unreadableFile,
      text: error.message)
    let json = context.arguments.value("--format") == "json"
    _ = write(
      [finding], name: error.file ?? path, catalog: nil, context: context,
      line: json ? FindingRenderer.json : FindingRenderer.github)
    return ExitStatus.of(error)
  }

  /// `promotions.json: ok, 8 promotions, 1 warning`.
  private static func summary(name: String, catalog: Catalog?, warnings: Int) -> String {
    let count = catalog?.promotions.count ?? 0
    return "\(name): ok, \(count) promotion\(count == 1 ? "" : "s"), "
      + "\(warnings) warning\(warnings == 1 ? "" : "s")\n"
  }
}
