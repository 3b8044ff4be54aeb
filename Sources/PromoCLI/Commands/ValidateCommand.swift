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
    let bytes: [UInt8]
    let name: String
    do {
      (bytes, name) = try context.readInput(path)
    } catch
      where error.category == .missing && context.arguments.positionals.isEmpty
    {
      throw context.missingStore
    }
    switch context.arguments.value("--format") {
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
    return errors == 0 ? ExitStatus.success : ExitStatus.invalidData
  }

  /// `promotions.json: ok, 8 promotions, 1 warning`.
  private static func summary(name: String, catalog: Catalog?, warnings: Int) -> String {
    let count = catalog?.promotions.count ?? 0
    return "\(name): ok, \(count) promotion\(count == 1 ? "" : "s"), "
      + "\(warnings) warning\(warnings == 1 ? "" : "s")\n"
  }
}
