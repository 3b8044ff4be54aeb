import PromoKit

/// `promo price`: reads the store and every order, prices each with the best plan, and
/// prints the results only when every input was good.
enum PriceCommand {
  static func run(_ context: CommandContext) throws(PromoError) {
    let arguments = context.arguments
    if arguments.positionals.filter({ $0 == "-" }).count > 1 {
      throw PromoError(.usage, "standard input (-) can be read only once")
    }
    let instant = try context.evaluationTime()
    let explain = arguments.flag("--explain")
    let catalog = try context.loadStore()
    let calculator: PriceCalculator
    do {
      calculator = try PriceCalculator(catalog: catalog, at: instant)
    } catch {
      throw error.inFile(context.storePath)
    }
    var quotes: [Quote] = []
    for input in arguments.positionals {
      let name = input == "-" ? "stdin" : input
      let bytes = input == "-" ? try context.stdin.readAll() : try FileIO.readFile(atPath: input)
      let orders = try OrderDecoder.decodeFile(bytes, file: name, storeCurrency: catalog.currency)
      for order in orders {
        do {
          quotes.append(try calculator.quote(for: order, explain: explain))
        } catch {
          throw error.inFile(context.storePath)
        }
      }
    }
    if arguments.value("--format") == "json" {
      for quote in quotes { context.stdout.write(QuoteJSONRenderer.render(quote) + "\n") }
    } else {
      let style = context.textStyle
      let blocks = quotes.map { QuoteTextRenderer.render($0, style: style) }
      context.stdout.write(blocks.joined(separator: "\n"))
    }
  }
}

extension PromoError {
  /// The error, naming `file` when it names none yet.
  func inFile(_ file: String) -> PromoError {
    var copy = self
    if copy.file == nil { copy.file = file }
    return copy
  }
}
