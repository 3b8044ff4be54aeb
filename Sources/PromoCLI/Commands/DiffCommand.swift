import PromoKit

/// `promo diff --base STORE ORDER.json...`: what a change of the store does to the prices
/// of reference orders.
///
/// Each order is priced against the base store and the store in use, at the same instant
/// with the same codes. Without `--lines`, every input is read and checked before anything
/// is printed; with `--lines`, changed orders stream out (as JSON; the text table is
/// aligned, so it is printed at the end) and a bad line is reported without stopping.
enum DiffCommand {
  /// Runs the command: 65 when `--lines` met bad lines, 1 when `--fail-on-change` found a
  /// change, else 0.
  static func run(_ context: CommandContext) throws(PromoError) -> Int32 {
    let arguments = context.arguments
    guard let basePath = arguments.value("--base") else {
      throw PromoError(
        .usage, "diff needs --base STORE, the store before the change (the store in use is the one after it)")
    }
    try context.readStandardInputOnce(arguments.positionals + [context.storePath, basePath])
    let instant = try context.evaluationTime()
    let codes = try context.presentedCodes()
    let base = try context.loadCatalog(at: basePath)
    let changed = try context.loadStore()
    let before = try context.calculator(for: base, at: basePath, instant: instant, codes: codes)
    let after = try context.calculator(for: changed, at: context.storePath, instant: instant, codes: codes)
    let comparison: PriceComparison
    do {
      comparison = try PriceComparison(base: before, changed: after)
    } catch {
      throw PromoError(.invalidData, file: context.storePath, error.message)
    }
    var report = DiffReport(context: context, comparison: comparison, currency: changed.currency)
    var status = ExitStatus.success
    if arguments.flag("--lines") {
      status = try report.compareStreams(arguments.positionals)
    } else {
      var changes: [PriceChange] = []
      for input in arguments.positionals {
        let (bytes, name) = try context.readInput(input)
        for order in try OrderDecoder.decodeFile(bytes, file: name, storeCurrency: changed.currency) {
          changes.append(try report.compare(order, file: name, position: nil))
        }
      }
      for change in changes { report.write(change) }
    }
    report.finish()
    if status == ExitStatus.success && arguments.flag("--fail-on-change") && report.summary.changed > 0 {
      let summary = report.summary
      context.stderr.write(
        ErrorLine.render(
          message: "\(summary.changed) of \(summary.orders) order\(summary.orders == 1 ? "" : "s") "
            + "changed total (--fail-on-change)"))
      return ExitStatus.changed
    }
    return status
  }
}

/// Compares orders one by one, keeps the summary, and writes the changed orders and the
/// summary in the chosen format.
private struct DiffReport {
  let context: CommandContext
  let comparison: PriceComparison
  let json: Bool
  /// The summary so far.
  private(set) var summary: PriceChangeSummary
  /// The text table's rows, printed by ``finish()``.
  private var table = DiffRenderer.Table()

  init(context: CommandContext, comparison: PriceComparison, currency: Currency?) {
    self.context = context
    self.comparison = comparison
    json = context.arguments.value("--format") == "json"
    summary = PriceChangeSummary(minorDigits: currency.minorDigits)
  }

  /// `order` compared and counted in the summary; an error names `file` and `position`.
  mutating func compare(_ order: Order, file: String, position: String?) throws(PromoError) -> PriceChange {
    let change: PriceChange
    do {
      change = try comparison.compare(order)
    } catch {
      throw PromoError(error.category, file: file, position: position, "cannot be priced: \(error)")
    }
    do {
      try summary.add(change)
    } catch {
      throw PromoError(.invalidData, file: file, position: position, error.message)
    }
    return change
  }

  /// Reports `change` if the order's total changed: a JSON line at once, or a table row.
  mutating func write(_ change: PriceChange) {
    guard change.isChanged else { return }
    if json {
      context.stdout.write(DiffRenderer.json(change))
    } else {
      table.append(change)
    }
  }

  /// Writes the table (text) and the summary.
  func finish() {
    if json {
      context.stdout.write(DiffRenderer.json(summary))
    } else {
      context.stdout.write(DiffRenderer.text(table, summary: summary))
    }
  }

  /// Compares every line of every input as a stream; returns 65 if any line was bad.
  mutating func compareStreams(_ inputs: [String]) throws(PromoError) -> Int32 {
    var failures = 0
    let storeCurrency = comparison.changed.catalog.currency
    // Every file is opened before the first line, so a missing one fails the command first.
    let sources = try inputs.map { (input: String) throws(PromoError) -> TextInput in
      input == "-" ? context.stdin : try FileInput(path: input, name: input)
    }
    for source in sources {
      let stdout = context.stdout
      var reader = JSONLinesReader(input: source, willRead: { stdout.flush() })
      while context.stdout.failure == nil, let line = try reader.next() {
        do throws(PromoError) {
          switch line {
          case .tooLong(let number):
            throw PromoError(
              .invalidData, file: source.name, position: "line \(number)",
              "longer than \(JSONLinesReader.maximumLineLength >> 20) MiB")
          case .text(let number, let bytes):
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let order = try OrderDecoder.decodeLine(
              Array(bytes), file: source.name, line: number, storeCurrency: storeCurrency)
            write(try compare(order, file: source.name, position: "line \(number)"))
          }
        } catch {
          context.stdout.flush()
          context.stderr.write(ErrorLine.render(error))
          context.stderr.flush()
          failures += 1
        }
      }
    }
    return failures > 0 ? 65 : ExitStatus.success
  }
}
