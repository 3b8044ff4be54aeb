import PromoKit

/// `promo price`: prices each order with the best plan.
///
/// Without `--lines`, every input is read and checked before anything is printed. With
/// `--lines`, each input is a JSON Lines stream priced line by line as it is read; a bad
/// line is reported on standard error and the others are still priced. `--jobs N` prices
/// the stream's lines on N threads, with the same output as one.
enum PriceCommand {
  /// The most worker threads `--jobs` accepts.
  static let maximumJobs = 256

  /// Runs the command; returns 65 when `--lines` met bad lines (each already reported).
  static func run(_ context: CommandContext) throws(PromoError) -> Int32 {
    let arguments = context.arguments
    try context.readStandardInputOnce(arguments.positionals + [context.storePath])
    let jobs = try jobCount(arguments)
    let instant = try context.evaluationTime()
    let codes = try context.presentedCodes()
    let catalog = try context.loadStore()
    context.warnAboutUnmatchedCodes(codes, in: [catalog])
    context.warnAboutUnmatchedGroups(try context.customerGroups(), in: [catalog])
    func pricer(_ calculator: PriceCalculator) -> LinePricer {
      LinePricer(
        calculator: calculator, storeCurrency: catalog.currency, storePath: context.storePath,
        explain: arguments.flag("--explain"), json: arguments.value("--format") == "json",
        style: context.textStyle)
    }
    /// A calculator prepared for many orders, or for a pass over the promotions for one.
    func calculator(indexed: Bool) throws(PromoError) -> PriceCalculator {
      try context.calculator(
        for: catalog, at: context.storePath, instant: instant, codes: codes, indexed: indexed)
    }
    if arguments.flag("--lines") {
      var stream = OrderStream(context: context, pricer: pricer(try calculator(indexed: true)))
      return try stream.price(arguments.positionals, jobs: jobs)
    }
    // An order alone is priced by a pass over the promotions, which costs less time and
    // memory than preparing them; more orders, by the store prepared once (from two orders
    // on, the cheaper: measured on the bench's stores). The plans are the same, and so are
    // the errors (PriceCalculator(catalog:context:indexed:)).
    var orderPricer: LinePricer?
    var quotes: [Quote] = []
    for input in arguments.positionals {
      let (bytes, name) = try context.readOrders(input)
      let orders = try OrderDecoder.decodeFile(
        bytes, file: name, storeCurrency: catalog.currency)
      for order in orders {
        // (Made at the first order, when whether it is alone is known.)
        let linePricer: LinePricer
        if let made = orderPricer {
          linePricer = made
        } else {
          let alone = arguments.positionals.count == 1 && orders.count == 1
          linePricer = pricer(try calculator(indexed: !alone))
          orderPricer = linePricer
        }
        do {
          quotes.append(try linePricer.quote(order))
        } catch {
          // Which file and order, as a stream's error names its line.
          throw PromoError(
            error.category, file: name, position: "order \(order.id)", "cannot be priced: \(error)")
        }
      }
    }
    // (No order at all: a calculator for the stream's settings, which prices nothing.)
    let streamPricer: LinePricer
    if let orderPricer {
      streamPricer = orderPricer
    } else {
      streamPricer = pricer(try calculator(indexed: false))
    }
    var stream = OrderStream(context: context, pricer: streamPricer)
    for quote in quotes { stream.write(quote) }
    stream.finish()
    return ExitStatus.success
  }

  /// `--jobs N`: a whole number from 1 to ``maximumJobs``, only with `--lines`; 1 when not
  /// given.
  static func jobCount(_ arguments: ParsedArguments) throws(PromoError) -> Int {
    guard let text = arguments.value("--jobs") else { return 1 }
    guard let jobs = Int(text), jobs >= 1, jobs <= maximumJobs,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else {
      throw PromoError(
        .usage, position: "--jobs",
        "\"\(text)\" is not a number of jobs: a whole number from 1 to \(maximumJobs)")
    }
    if !arguments.flag("--lines") {
      throw PromoError(
        .usage, position: "--jobs",
        "works only with --lines: without it, every order is read before any is priced")
    }
    return jobs
  }
}

/// What pricing one order needs besides the order, and how its result is written: a value
/// each worker thread of `--jobs` can use on its own.
struct LinePricer: Sendable {
  let calculator: PriceCalculator
  let storeCurrency: Currency?
  let storePath: String
  let explain: Bool
  let json: Bool
  let style: TextStyle

  /// The most lines a chunk of a stream holds (``ParallelLines``): an explained result
  /// lists every promotion of the store, so that a chunk's results hold about
  /// ``outcomesPerChunk`` outcomes (one order a chunk against a store of as many); no limit
  /// but the chunk's bytes otherwise.
  var linesPerChunk: Int {
    explain ? max(1, Self.outcomesPerChunk / max(1, calculator.catalog.promotions.count)) : .max
  }

  /// This pricer with a calculator of its own, for a worker thread
  /// (``PriceCalculator/preparedAgain(keptUntilExit:)``).
  ///
  /// - Complexity: that of preparing the store.
  func preparedAgain(keptUntilExit: KeptUntilExit?) -> LinePricer? {
    guard let again = calculator.preparedAgain(keptUntilExit: keptUntilExit) else { return nil }
    return LinePricer(
      calculator: again, storeCurrency: storeCurrency, storePath: storePath, explain: explain, json: json,
      style: style)
  }

  /// The outcomes the explained results of one chunk hold at most, about 400 KB of JSON.
  static let outcomesPerChunk = 4_096

  /// The quote for one order; a store amount the order's currency cannot hold names the
  /// store.
  func quote(_ order: Order) throws(PromoError) -> Quote {
    do {
      return try calculator.quote(for: order, explain: explain)
    } catch {
      throw error.inFile(storePath)
    }
  }

  /// The quote for one line of a stream, or `nil` for a blank line; a line that cannot be
  /// read or priced is an error naming its line.
  func quote(line bytes: ArraySlice<UInt8>, number: Int, source: String) throws(PromoError) -> Quote? {
    if JSONLinesReader.isBlank(bytes) { return nil }
    let order = try self.order(line: bytes, number: number, source: source)
    do {
      return try quote(order)
    } catch {
      throw Self.unpriced(error, line: number, source: source)
    }
  }

  /// Prices one line of a stream and lets `body` read its quote where it is (it is not
  /// copied out); `false` for a blank line, which is not priced. A line that cannot be read
  /// or priced is an error naming its line, as with ``quote(line:number:source:)``.
  func withQuote(
    line bytes: ArraySlice<UInt8>, number: Int, source: String, _ body: (borrowing Quote) -> Void
  ) throws(PromoError) -> Bool {
    if JSONLinesReader.isBlank(bytes) { return false }
    let order = try self.order(line: bytes, number: number, source: source)
    let quote: Quote
    do {
      quote = try calculator.quote(for: order, explain: explain)
    } catch {
      throw Self.unpriced(error.inFile(storePath), line: number, source: source)
    }
    body(quote)
    return true
  }

  /// The order of one line of a stream; an error names its line, with a hint where one
  /// helps.
  private func order(line bytes: ArraySlice<UInt8>, number: Int, source: String) throws(PromoError) -> Order {
    do {
      return try OrderDecoder.decodeLine(bytes, file: source, line: number, storeCurrency: storeCurrency)
    } catch {
      throw StreamLineHint.hinted(error, line: number)
    }
  }

  /// The error for a line whose order cannot be priced: `error`, named by the line.
  private static func unpriced(_ error: PromoError, line number: Int, source: String) -> PromoError {
    PromoError(error.category, file: source, position: "line \(number)", "cannot be priced: \(error)")
  }

  /// The error for a line longer than the reader takes.
  static func tooLong(_ number: Int, source: String) -> PromoError {
    PromoError(
      .invalidData, file: source, position: "line \(number)",
      "longer than \(JSONLinesReader.maximumLineLength >> 20) MiB")
  }
}

/// A quote's JSON line or text block, in bytes.
struct QuoteRenderer {
  private var json: QuoteJSONRenderer?
  private var text: QuoteTextRenderer?

  /// A renderer of JSON lines, or of text blocks styled as `style` says.
  init(json: Bool, style: TextStyle) {
    if json { self.json = QuoteJSONRenderer() } else { text = QuoteTextRenderer(style: style) }
  }

  /// The last text block, before it is appended to a ``ByteBuffer``.
  private var textBlock: [UInt8] = []

  /// Appends the quote's JSON line, or its text block (without a separating blank line).
  mutating func render(_ quote: Quote, into output: inout [UInt8]) {
    if json != nil { json!.render(quote, into: &output) } else { text!.render(quote, into: &output) }
  }

  /// Appends the quote's JSON line, or its text block (without a separating blank line), to
  /// `buffer`: a JSON line is laid out there directly.
  mutating func append(_ quote: Quote, to buffer: ByteBuffer) {
    if json != nil {
      json!.append(quote, to: buffer)
    } else {
      textBlock.removeAll(keepingCapacity: true)
      text!.render(quote, into: &textBlock)
      buffer.append(textBlock)
    }
  }
}

/// Writes the results of `promo price` in the chosen format, and prices `--lines` streams.
private struct OrderStream {
  let context: CommandContext
  let pricer: LinePricer
  private var written = 0
  private var renderer: QuoteRenderer
  /// Results rendered but not yet handed to standard output.
  private let pending: PendingOutput

  init(context: CommandContext, pricer: LinePricer) {
    self.context = context
    self.pricer = pricer
    renderer = QuoteRenderer(json: pricer.json, style: pricer.style)
    pending = PendingOutput(context.stdout)
  }

  /// Results rendered into bytes, handed to standard output a few at a time (each hand-over
  /// costs more than a result's bytes).
  final class PendingOutput {
    /// The bytes waiting.
    var bytes: [UInt8] = []
    let stdout: TextOutput

    init(_ stdout: TextOutput) {
      self.stdout = stdout
      bytes.reserveCapacity(Self.batch + 4_096)
    }

    /// How many bytes wait at most before they are handed over.
    static let batch = 1 << 15

    /// Hands the waiting bytes to standard output.
    func send() {
      guard !bytes.isEmpty else { return }
      stdout.write(bytes)
      bytes.removeAll(keepingCapacity: true)
    }

    /// Hands the waiting bytes over and sends them on.
    func flush() {
      send()
      stdout.flush()
    }
  }

  /// Writes one result: a JSON line, or a text block (after a blank line if not the first).
  mutating func write(_ quote: Quote) {
    if !pricer.json && written > 0 { pending.bytes.append(UInt8(ascii: "\n")) }
    renderer.render(quote, into: &pending.bytes)
    written += 1
    if pending.bytes.count >= PendingOutput.batch { pending.send() }
  }

  /// Hands every result written so far to standard output.
  func finish() {
    pending.send()
  }

  /// Reports a bad line: the results so far first, then the error, both sent on at once,
  /// so that in a pipeline the error appears next to the line it is about.
  func report(_ error: PromoError) {
    pending.flush()
    context.stderr.write(ErrorLine.render(error))
    context.stderr.flush()
  }

  /// The results of one chunk of lines, priced on a worker: the output bytes, and where
  /// the bad lines' errors go among them.
  struct PricedChunk {
    /// The results, one after the other; each text block starts with its separating
    /// blank line, which the first block of the whole output drops.
    var bytes: ByteBuffer
    /// The bad lines: the error, and the length of `bytes` when it was met.
    var failures: [(offset: Int, error: PromoError)] = []
    /// Where the first text block starts, if the chunk has one.
    var firstBlock: Int?
    /// How many results the chunk holds.
    var results = 0
  }

  /// Prices every line of every input as a stream, on `jobs` threads (``ParallelLines``;
  /// one job is the calling thread alone), writing the results in input order: the same
  /// bytes, the same line numbers in the same places whatever the number of jobs, and with
  /// `--fail-fast` nothing after the first bad line. Returns 65 if any line was bad.
  mutating func price(_ inputs: [String], jobs: Int) throws(PromoError) -> Int32 {
    let failFast = context.arguments.flag("--fail-fast")
    let sources = try inputs.map { (input: String) throws(PromoError) -> TextInput in try context.open(input)
    }
    let pricer = self.pricer
    let kept = context.keptUntilExit
    let pricers = PerWorker(pricer) { pricer.preparedAgain(keptUntilExit: kept) }
    let stdout = context.stdout
    var failures = 0
    var stoppedAtFailure = false
    var written = self.written
    try ParallelLines.run(
      sources, jobs: jobs, linesPerChunk: pricer.linesPerChunk,
      makeProcessor: {
        var renderer = QuoteRenderer(json: pricer.json, style: pricer.style)
        let own = pricers.next()
        return { chunk in Self.price(chunk, with: own, renderer: &renderer) }
      },
      deliver: { (priced: PricedChunk) -> Bool in
        var position = 0
        func emit(upTo end: Int) {
          priced.bytes.withBytes { bytes in
            if written == 0, let first = priced.firstBlock, first >= position, first < end {
              if first > position {
                stdout.write(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<first]))
              }
              position = first + 1
            }
            if end > position {
              stdout.write(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
            }
            position = max(position, end)
          }
        }
        for failure in priced.failures {
          emit(upTo: failure.offset)
          report(failure.error)
          failures += 1
          if failFast || StreamLineHint.endsStream(failure.error) {
            stdout.flush()
            stoppedAtFailure = true
            return false
          }
        }
        emit(upTo: priced.bytes.count)
        written += priced.results
        return stdout.failure == nil
      },
      beforeWaiting: { stdout.flush() })
    self.written = written
    return failures > 0 || stoppedAtFailure ? ExitStatus.invalidData : ExitStatus.success
  }

  /// Prices the lines of `chunk` (on a worker thread).
  private static func price(
    _ chunk: ParallelLines.Chunk, with pricer: LinePricer, renderer: inout QuoteRenderer
  )
    -> PricedChunk
  {
    // A JSON result is about five times its order's line (the bench's orders).
    var priced = PricedChunk(bytes: ByteBuffer(capacity: chunk.lineBytes * 6))
    for (number, range) in chunk.lines {
      do throws(PromoError) {
        guard let range else { throw LinePricer.tooLong(number, source: chunk.source) }
        let bytes = priced.bytes
        let json = pricer.json
        var firstBlock = priced.firstBlock
        guard
          try pricer.withQuote(
            line: chunk.bytes[range], number: number, source: chunk.source,
            { quote in
              if !json {
                if firstBlock == nil { firstBlock = bytes.count }
                bytes.write(atMost: 1) { $0.byte(UInt8(ascii: "\n")) }
              }
              renderer.append(quote, to: bytes)
            })
        else { continue }
        priced.firstBlock = firstBlock
        priced.results += 1
      } catch {
        priced.failures.append((priced.bytes.count, error))
      }
    }
    return priced
  }
}
