import PromoKit

/// `promo export --format merchant-center ...`: the store as another tool's file. One
/// format today, the Google Merchant Center promotions feed (``MerchantCenterFeed``), as
/// tab-separated values with a header row on standard output; each promotion left out is
/// one line on standard error, and `--strict` makes one the feed cannot express status 1.
enum ExportCommand {
  /// Runs the command and returns its exit status.
  static func run(_ context: CommandContext) throws(PromoError) -> Int32 {
    let arguments = context.arguments
    let country = arguments.value("--target-country") ?? ""
    guard country.count == 2, country.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
      throw PromoError(
        .usage, position: "--target-country",
        "\"\(country)\" is not a two-letter ISO 3166-1 country code in capitals, such as CN or US")
    }
    let language = arguments.value("--content-language") ?? ""
    guard language.count == 2, language.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else {
      throw PromoError(
        .usage, position: "--content-language",
        "\"\(language)\" is not a two-letter ISO 639-1 language code in lower case, such as zh or en")
    }
    let settings = MerchantCenterFeed.Settings(
      instant: try context.evaluationTime(), targetCountry: country, contentLanguage: language,
      redemptionChannel: arguments.value("--redemption-channel") ?? "online",
      destinations: arguments.values("--destination"))
    let catalog = try context.loadStore()
    let (rows, leftOut) = MerchantCenterFeed.make(catalog, settings: settings)
    var output = MerchantCenterFeed.columns.joined(separator: "\t") + "\n"
    for row in rows {
      output += MerchantCenterFeed.columns.map { cell(row[$0] ?? "") }.joined(separator: "\t") + "\n"
    }
    context.stdout.write(output)
    for promotion in leftOut {
      context.stderr.write(
        ErrorLine.render(
          message: "\(context.storePath): promotions[\(promotion.index)] (\"\(promotion.id)\"): "
            + "not in the feed: \(promotion.reason)"))
    }
    let refused = leftOut.contains { $0.inexpressible }
    return refused && arguments.flag("--strict") ? ExitStatus.changed : ExitStatus.success
  }

  /// A value as one cell of a tab-separated line: tabs and line breaks become spaces.
  static func cell(_ text: String) -> String {
    guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
      return text
    }
    return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
  }
}
