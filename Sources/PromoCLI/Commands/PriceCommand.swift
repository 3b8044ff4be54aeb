import PromoKit

/// `promo price`: prices each order with the best plan.
///
/// Without `--lines`, every input is read and checked before anything is printed. With
/// `--lines`, each input is a JSON Lines stream priced line by line as it is read; a bad
/// line is reported on standard error and the others are still priced.
enum PriceCommand {
  /// Runs the command; returns 65 when `--lines` met bad lines (each already reported).
  static func run(_ context: CommandContext) throws(PromoError) -> Int32 {
    let arguments = context.arguments
    try context.readStandardInputOnce(arguments.positionals + [context.storePath])
    let instant = try context.evaluationTime()
    let codes = try context.presentedCodes()
    let catalog = try context.loadStore()
    let calculator = try context.calculator(
      for: catalog, at: context.storePath, instant: instant, codes: codes)
    var pricer = OrderPricer(context: context, calculator: calculator, storeCurrency: catalog.currency)
    if arguments.flag("--lines") {
      return try pricer.priceStreams(arguments.positionals)
    }
    var quotes: [Quote] = []
    for input in arguments.positionals {
      let (bytes, name) = try context.readOrders(input)
      let orders = try OrderDecoder.decodeFile(
        bytes, file: name, storeCurrency: catalog.currency)
      for order in orders { quotes.append(try pricer.quote(order)) }
    }
    for quote in quotes { pricer.write(quote) }
    return ExitStatus.success
  }
}

/// Prices orders against one prepared calculator and writes each result in the chosen
/// format.
private struct OrderPricer {
  let context: CommandContext
  let calculator: PriceCalculator
  let storeCurrency: Currency?
  let explain: Bool
  let json: Bool
  let style: TextStyle
  private var written = 0
  private var jsonRenderer = QuoteJSONRenderer()

  init(context: CommandContext, calculator: PriceCalculator, storeCurrency: Currency?) {
    self.context = context
    self.calculator = calculator
    self.storeCurrency = storeCurrency
    explain = context.arguments.flag("--explain")
    json = context.arguments.value("--format") == "json"
    style = context.textStyle
  }

  /// The input named on the command line: standard input for `-`, else a file.
  func open(_ input: String) throws(PromoError) -> TextInput {
    input == "-" ? context.stdin : try FileInput(path: input, name: input)
  }

  /// The quote for one order; a store amount the order's currency cannot hold names the
  /// store.
  func quote(_ order: Order) throws(PromoError) -> Quote {
    do {
      return try calculator.quote(for: order, explain: explain)
    } catch {
      throw error.inFile(context.storePath)
    }
  }

  /// Writes one result: a JSON line, or a text block (after a blank line if not the first).
  mutating func write(_ quote: Quote) {
    if json {
      context.stdout.write(jsonRenderer.render(quote))
    } else {
      context.stdout.write((written > 0 ? "\n" : "") + QuoteTextRenderer.render(quote, style: style))
    }
    written += 1
  }

  /// Prices every line of every input as a stream; returns 65 if any line was bad.
  mutating func priceStreams(_ inputs: [String]) throws(PromoError) -> Int32 {
    let failFast = context.arguments.flag("--fail-fast")
    var failures = 0
    // Every file is opened before the first line is priced, so a missing one fails the
    // command before anything is printed.
    let sources = try inputs.map { (input: String) throws(PromoError) -> TextInput in try open(input) }
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
            let priced: Quote
            do {
              priced = try quote(order)
            } catch {
              throw PromoError(
                error.category, file: source.name, position: "line \(number)", "cannot be priced: \(error)")
            }
            write(priced)
          }
        } catch {
          // Results so far first, then the error, both sent on at once: in a pipeline the
          // error appears next to the line it is about.
          context.stdout.flush()
          context.stderr.write(ErrorLine.render(error))
          context.stderr.flush()
          failures += 1
          if failFast {
            context.stdout.flush()
            return 65
          }
        }
      }
    }
    return failures > 0 ? 65 : ExitStatus.success
  }
}
