import PromoKit

/// `promo list`, `show` and `validate`: they read the store and never change it.
enum ReadCommands {
  /// `promo list`: the promotions, filtered, as a table or JSON lines.
  static func list(_ context: CommandContext) throws(PromoError) {
    let arguments = context.arguments
    if arguments.flag("--working") && arguments.flag("--effective") {
      throw PromoError(
        .usage, "--working and --effective cannot be used together (working implies effective)")
    }
    let instant = try context.evaluationTime()
    let catalog = try context.loadStore()
    let promotions = catalog.promotions
    // The filters of `Catalog` (`working(at:)`, `effective(at:)`, `ofKind(_:)`), one after
    // the other, as the indices of the promotions they keep: a promotion copied into a new
    // list would retain each of its strings.
    var selection = Array(promotions.indices)
    if arguments.flag("--working") { selection.removeAll { !promotions[$0].isWorking(at: instant) } }
    if arguments.flag("--effective") { selection.removeAll { !promotions[$0].isEffective(at: instant) } }
    if let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:)) {
      selection.removeAll { promotions[$0].kind != kind }
    }
    let digits = catalog.currency.minorDigits
    if arguments.value("--format") == "json" {
      for index in selection {
        let line = PromotionRenderer.jsonLine(
          promotions[index], minorDigits: digits, status: promotions[index].status(at: instant))
        context.stdout.write(line + "\n")
      }
    } else if selection.isEmpty {
      context.stdout.write(promotions.isEmpty ? "no promotions yet\n" : "no promotion matches\n")
    } else {
      PromotionRenderer.table(
        promotions, rows: selection, currency: catalog.currency, locale: context.bannerLocale, at: instant,
        style: context.textStyle
      ) { context.stdout.write($0) }
    }
  }

  /// `promo show ID`: one promotion's fields and status.
  static func show(_ context: CommandContext) throws(PromoError) {
    let id = context.arguments.positionals[0]
    let instant = try context.evaluationTime()
    let catalog = try context.loadStore()
    guard let promotion = catalog.promotion(id: id) else { throw context.unknownID(id, in: catalog) }
    let digits = catalog.currency.minorDigits
    if context.arguments.value("--format") == "json" {
      let line = PromotionRenderer.jsonLine(
        promotion, minorDigits: digits, status: promotion.status(at: instant))
      context.stdout.write(line + "\n")
    } else {
      context.stdout.write(
        PromotionRenderer.details(
          promotion, currency: catalog.currency, locale: context.bannerLocale, at: instant))
    }
  }

  /// `promo validate [FILE]`: every problem and the warnings on standard error (many of
  /// one pattern grouped, unless `--all-warnings`); a summary on standard output when there
  /// is no problem.
  static func validate(_ context: CommandContext) throws(PromoError) {
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
    let (catalog, problems) = StoreDecoder.diagnose(bytes, file: name)
    let warnings = catalog.map { StoreAudit.warnings(for: $0, at: instant) } ?? []
    for problem in problems.dropLast() { context.stderr.write(ErrorLine.render(problem)) }
    // Warnings that repeat one pattern are grouped unless every one is asked for.
    let all = context.arguments.flag("--all-warnings")
    for line in WarningGroups.lines(warnings, file: name, all: all) { context.stderr.write(line) }
    if let last = problems.last {
      // The last problem is thrown, so the status and the one-line form stay the command's.
      throw last
    }
    let count = catalog?.promotions.count ?? 0
    let summary =
      "\(name): ok, \(count) promotion\(count == 1 ? "" : "s"), "
      + "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
    context.stdout.write(summary + "\n")
  }
}
