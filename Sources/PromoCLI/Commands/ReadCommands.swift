import PromoKit

/// `promo list` and `show`: they read the store and never change it (`validate` is
/// ``ValidateCommand``).
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
}
