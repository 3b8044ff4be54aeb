import PromoKit

/// `promo report ORDER.json...`: prices a batch of orders as `price` does and summarises
/// them in a ``PricingReport``; `promo report --merge REPORT.json...` adds up reports of
/// parts of a batch.
///
/// Without `--lines`, every input is read, priced and counted before anything is written, so one
/// bad file means no report. With `--lines`, a bad line is reported on standard error with
/// its line number and left out of the sums, and the status is 65 at the end; the report
/// keeps counters, not orders, so a stream of any length runs in constant memory, and
/// `--jobs N` prices it on N threads with the same report. The report is written once, at
/// the end, as text, JSON (which `--merge` reads back) or a self-contained HTML page.
enum ReportCommand {
  /// Runs the command; returns 65 when `--lines` met bad lines (each already reported).
  static func run(_ context: CommandContext) throws(PromoError) -> Int32 {
    let arguments = context.arguments
    func given(_ option: String) -> Bool { arguments.flag(option) || !arguments.values(option).isEmpty }
    // --merge adds up reports: it prices nothing, so it takes no option about pricing.
    for (first, second) in arguments.command.exclusivePairs where given(first) && given(second) {
      throw PromoError(
        .usage, "\(first) and \(second) cannot be used together: --merge reads reports, not orders")
    }
    try context.readStandardInputOnce(
      arguments.positionals + (arguments.flag("--merge") ? [] : [context.storePath]))
    if arguments.flag("--merge") {
      write(try merge(arguments.positionals, context: context), context: context)
      return ExitStatus.success
    }
    let jobs = try PriceCommand.jobCount(arguments)
    let instant = try context.evaluationTime()
    let codes = try context.presentedCodes()
    let catalog = try context.loadStore()
    context.warnAboutUnmatchedCodes(codes, in: [catalog])
    context.warnAboutUnmatchedGroups(try context.customerGroups(), in: [catalog])
    let calculator = try context.calculator(
      for: catalog, at: context.storePath, instant: instant, codes: codes)
    let pricer = LinePricer(
      calculator: calculator, storeCurrency: catalog.currency, storePath: context.storePath,
      explain: false, json: false, style: context.textStyle)
    var report = PricingReport(currency: catalog.currency)
    var status = ExitStatus.success
    if arguments.flag("--lines") {
      status = try tallyStreams(
        arguments.positionals, jobs: jobs, pricer: pricer, into: &report, context: context)
    } else {
      // Every file is read and priced before anything is written: one bad file, no report.
      for input in arguments.positionals {
        let (bytes, name) = try context.readOrders(input)
        for order in try OrderDecoder.decodeFile(bytes, file: name, storeCurrency: catalog.currency) {
          try count(try pricer.quote(order), into: &report, file: name, position: "order \(order.id)")
        }
      }
    }
    write(report, context: context)
    return status
  }

  /// Counts `quote` in `report`; an error (an order in another currency than the ones
  /// before it, a sum that does not fit) names `file` and `position`.
  static func count(_ quote: Quote, into report: inout PricingReport, file: String, position: String)
    throws(PromoError)
  {
    do {
      try report.add(quote)
    } catch {
      throw PromoError(.invalidData, file: file, position: position, error.message)
    }
  }

  /// Writes the report in the format asked for.
  static func write(_ report: PricingReport, context: CommandContext) {
    switch context.arguments.value("--format") {
    case "json": context.stdout.write(PricingReportEncoder.encode(report))
    case "html": context.stdout.write(ReportHTMLRenderer.page(report))
    default: context.stdout.write(ReportTextRenderer.text(report, style: context.textStyle))
    }
  }

  /// The reports in `inputs` (JSON, as `--format json` writes them), added up in the
  /// order given.
  static func merge(_ inputs: [String], context: CommandContext) throws(PromoError) -> PricingReport {
    var whole = PricingReport(currency: nil)
    for input in inputs {
      let (bytes, name) = try context.readInput(input)
      let part = try PricingReportDecoder.decode(bytes, file: name)
      do {
        whole = try whole.merging(part)
      } catch {
        switch error {
        case .mixedCurrencies(let earlier, let later):
          func named(_ currency: Currency?) -> String {
            currency.map { "in \($0.code)" } ?? "without a currency"
          }
          throw PromoError(
            .invalidData, file: name,
            "the report is \(named(later)) but the reports before it are \(named(earlier)); "
              + "only reports in one currency add up")
        case .overflow:
          throw PromoError(.invalidData, file: name, error.message)
        }
      }
    }
    return whole
  }

  /// One line of a stream, priced on a worker: its quote, or why it has none.
  private enum LineOutcome: Sendable {
    case quote(Quote, file: String, line: Int)
    case failure(PromoError)
  }

  /// Prices every line of every input as a stream on `jobs` worker threads
  /// (``ParallelLines``; one is enough), counting the quotes in input order, so that the
  /// report and the errors are the same for any number of jobs; returns 65 if any line was
  /// bad.
  private static func tallyStreams(
    _ inputs: [String], jobs: Int, pricer: LinePricer, into report: inout PricingReport,
    context: CommandContext
  ) throws(PromoError) -> Int32 {
    let sources = try inputs.map { (input: String) throws(PromoError) -> TextInput in try context.open(input)
    }
    var failures = 0
    var tally = report
    let kept = context.keptUntilExit
    let pricers = PerWorker(pricer) { pricer.preparedAgain(keptUntilExit: kept) }
    try ParallelLines.run(
      sources, jobs: jobs,
      makeProcessor: {
        let pricer = pricers.next()
        return { (chunk: ParallelLines.Chunk) -> [LineOutcome] in
          var outcomes: [LineOutcome] = []
          for (number, range) in chunk.lines {
            do throws(PromoError) {
              guard let range else { throw LinePricer.tooLong(number, source: chunk.source) }
              guard
                let quote = try pricer.quote(line: chunk.bytes[range], number: number, source: chunk.source)
              else { continue }
              outcomes.append(.quote(quote, file: chunk.source, line: number))
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
            case .quote(let quote, let file, let line):
              try count(quote, into: &tally, file: file, position: "line \(line)")
            case .failure(let error):
              throw error
            }
          } catch {
            context.stderr.write(ErrorLine.render(error))
            context.stderr.flush()
            failures += 1
            if StreamLineHint.endsStream(error) { return false }
          }
        }
        return true
      },
      beforeWaiting: {})
    report = tally
    return failures > 0 ? ExitStatus.invalidData : ExitStatus.success
  }
}
