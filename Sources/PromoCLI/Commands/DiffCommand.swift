import PromoKit

/// `promo diff --base STORE ORDER.json...`: what a change of the store does to the prices
/// of reference orders.
///
/// Each order is priced against the base store and the store in use, at the same instant
/// with the same codes. Without `--lines`, every input is read and checked before anything
/// is printed, and the text table is aligned as a whole; with `--lines`, changed orders
/// stream out as they are found (text rows aligned to the widest cell so far) and a bad
/// line is reported without stopping.
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
    let jobs = try PriceCommand.jobCount(arguments)
    let instant = try context.evaluationTime()
    let codes = try context.presentedCodes()
    let base = try context.loadCatalog(at: basePath)
    let changed = try context.loadStore()
    context.warnAboutUnmatchedCodes(codes, in: [base, changed])
    context.warnAboutUnmatchedGroups(try context.customerGroups(), in: [base, changed])
    let before = try context.calculator(for: base, at: basePath, instant: instant, codes: codes)
    let after = try context.calculator(for: changed, at: context.storePath, instant: instant, codes: codes)
    let comparison: PriceComparison
    do {
      comparison = try PriceComparison(base: before, changed: after)
    } catch {
      throw PromoError(.invalidData, file: context.storePath, error.message)
    }
    var report = DiffReport(context: context, comparison: comparison, basePath: basePath)
    var status = ExitStatus.success
    if arguments.flag("--lines") {
      status = try report.compareStreams(arguments.positionals, jobs: jobs)
    } else {
      var changes: [PriceChange] = []
      for input in arguments.positionals {
        let (bytes, name) = try context.readOrders(input)
        for order in try OrderDecoder.decodeFile(bytes, file: name, storeCurrency: changed.currency) {
          changes.append(try report.compare(order, file: name, position: nil))
        }
      }
      var table = DiffRenderer.Table()
      for change in changes where change.isChanged {
        if report.json { report.write(change) } else { table.append(change) }
      }
      if !report.json { context.stdout.write(table.render()) }
    }
    report.finish()
    guard status == ExitStatus.success && report.gate && report.summary.changed > 0 else { return status }
    // The gate's verdict is not output: it stands even when the reader of standard output
    // went away before the end (a changed order had been written, so there was a change).
    let summary = report.summary
    let counted =
      context.stdout.failure == .closedByReader
      ? "at least \(summary.changed) order\(summary.changed == 1 ? "" : "s")"
      : "\(summary.changed) of \(summary.orders) order\(summary.orders == 1 ? "" : "s")"
    context.stderr.write(ErrorLine.render(message: "\(counted) changed total (--fail-on-change)"))
    return ExitStatus.changed
  }
}

/// Compares orders one by one, keeps the summary, and writes the changed orders and the
/// summary in the chosen format.
private struct DiffReport {
  let context: CommandContext
  let comparison: PriceComparison
  /// The base store as named on the command line, for messages.
  let basePath: String
  /// Whether the output is JSON lines (else text).
  let json: Bool
  /// Whether `--fail-on-change` makes a change the command's status.
  let gate: Bool
  /// The summary so far.
  private(set) var summary: PriceChangeSummary
  /// The rows written so far, for text streams: each aligned to the widest cell yet.
  private var rows = DiffRenderer.StreamedRows()

  init(context: CommandContext, comparison: PriceComparison, basePath: String) {
    self.context = context
    self.comparison = comparison
    self.basePath = basePath
    json = context.arguments.value("--format") == "json"
    gate = context.arguments.flag("--fail-on-change")
    summary = PriceChangeSummary(minorDigits: comparison.changed.catalog.currency.minorDigits)
  }

  /// `order` compared and counted in the summary; an error names `file` and `position`,
  /// and, when a store cannot price the order, which store.
  mutating func compare(_ order: Order, file: String, position: String?) throws(PromoError) -> PriceChange {
    let change = try Self.compare(order, with: comparison, stores: stores, file: file, position: position)
    try count(change, file: file, position: position)
    return change
  }

  /// The names of the base store and the store in use, as messages give them.
  var stores: (base: String, changed: String) {
    func named(_ path: String) -> String { path == "-" ? context.stdin.name : path }
    return (named(basePath), named(context.storePath))
  }

  /// `comparison` with calculators of its own, for a worker thread
  /// (``PriceCalculator/preparedAgain(keptUntilExit:)``); `nil` if preparing them fails.
  ///
  /// - Complexity: that of preparing both stores.
  static func preparedAgain(_ comparison: PriceComparison, keptUntilExit: KeptUntilExit?) -> PriceComparison?
  {
    guard let base = comparison.base.preparedAgain(keptUntilExit: keptUntilExit),
      let changed = comparison.changed.preparedAgain(keptUntilExit: keptUntilExit)
    else { return nil }
    return try? PriceComparison(base: base, changed: changed)
  }

  /// `order` compared (on any thread); an error names `file`, `position` and, when a store
  /// cannot price the order, which store.
  static func compare(
    _ order: Order, with comparison: PriceComparison, stores: (base: String, changed: String), file: String,
    position: String?
  ) throws(PromoError) -> PriceChange {
    do {
      return try comparison.compare(order)
    } catch {
      switch error {
      case .cannotPrice(let side, let cause):
        throw PromoError(
          cause.category, file: file, position: position,
          "cannot be priced against \(side == .base ? stores.base : stores.changed): \(cause)")
      default:
        throw PromoError(.invalidData, file: file, position: position, error.message)
      }
    }
  }

  /// Counts `change` in the summary; an error (an order in another currency, a sum that
  /// does not fit) names `file` and `position`.
  mutating func count(_ change: PriceChange, file: String, position: String?) throws(PromoError) {
    do {
      try summary.add(change)
    } catch {
      throw PromoError(.invalidData, file: file, position: position, error.message)
    }
  }

  /// Writes `change` as it is found (only an order whose total changed): a JSON line, or a
  /// text row of a stream.
  mutating func write(_ change: PriceChange) {
    guard change.isChanged else { return }
    if json {
      context.stdout.write(DiffRenderer.json(change))
    } else {
      context.stdout.write(rows.row(for: change))
    }
  }

  /// Writes the summary (in text, after a line saying no order changed if none did).
  func finish() {
    if json {
      context.stdout.write(DiffRenderer.json(summary))
    } else {
      context.stdout.write(DiffRenderer.text(summary))
    }
  }

  /// One line of a stream, compared on a worker: its change, or why it has none.
  private enum LineOutcome: Sendable {
    case change(PriceChange, file: String, line: Int)
    case failure(PromoError)
  }

  /// Compares every line of every input as a stream, on `jobs` worker threads
  /// (``ParallelLines``; one is enough), counting and writing in input order, so that the
  /// output is the same for any number of jobs; returns 65 if any line was bad. Reading
  /// stops when the reader of standard output goes away: only a changed order writes
  /// anything, so by then `--fail-on-change` has its verdict.
  mutating func compareStreams(_ inputs: [String], jobs: Int) throws(PromoError) -> Int32 {
    let sources = try inputs.map { (input: String) throws(PromoError) -> TextInput in try context.open(input)
    }
    let comparison = self.comparison
    let stores = self.stores
    let storeCurrency = comparison.changed.catalog.currency
    let stdout = context.stdout
    var failures = 0
    let kept = context.keptUntilExit
    let comparisons = PerWorker(comparison) { Self.preparedAgain(comparison, keptUntilExit: kept) }
    try ParallelLines.run(
      sources, jobs: jobs,
      makeProcessor: {
        let comparison = comparisons.next()
        return { (chunk: ParallelLines.Chunk) -> [LineOutcome] in
          var outcomes: [LineOutcome] = []
          for (number, range) in chunk.lines {
            do throws(PromoError) {
              guard let range else { throw LinePricer.tooLong(number, source: chunk.source) }
              let bytes = chunk.bytes[range]
              if JSONLinesReader.isBlank(bytes) { continue }
              let order: Order
              do throws(PromoError) {
                order = try OrderDecoder.decodeLine(
                  bytes, file: chunk.source, line: number, storeCurrency: storeCurrency)
              } catch {
                throw StreamLineHint.hinted(error, line: number)
              }
              let change = try Self.compare(
                order, with: comparison, stores: stores, file: chunk.source, position: "line \(number)")
              outcomes.append(.change(change, file: chunk.source, line: number))
            } catch {
              outcomes.append(.failure(error))
            }
          }
          return outcomes
        }
      },
      deliver: { (outcomes: [LineOutcome]) -> Bool in
        for outcome in outcomes {
          do throws(PromoError) {
            switch outcome {
            case .change(let change, let file, let line):
              try count(change, file: file, position: "line \(line)")
              write(change)
            case .failure(let error):
              throw error
            }
          } catch {
            stdout.flush()
            context.stderr.write(ErrorLine.render(error))
            context.stderr.flush()
            failures += 1
            if StreamLineHint.endsStream(error) { return false }
          }
        }
        return stdout.failure == nil
      },
      beforeWaiting: { stdout.flush() })
    return failures > 0 ? ExitStatus.invalidData : ExitStatus.success
  }
}
