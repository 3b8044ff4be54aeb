import PromoKit

/// `promo init`, `add`, `update`, `delete`, `enable` and `disable`: each changes the store
/// under its lock, all or nothing, and says what it did on standard output.
enum WriteCommands {
  /// `promo init [--currency CODE] [--rounding RULE]`: an empty store, refused if one
  /// exists; version 3, or 4 with `--rounding` (the key of format 4).
  static func initialize(_ context: CommandContext) throws(PromoError) {
    let currency = try initialCurrency(context.arguments)
    let rounding = context.arguments.value("--rounding").flatMap(PercentageRounding.init(rawValue:))
    let exists = PromoError(
      .alreadyExists, file: context.storePath, "a store already exists here; it was left as it is")
    if context.storePath == "-" {
      throw PromoError(.usage, position: "--store", "init needs a file, not standard input")
    }
    if FileIO.isFolder(atPath: context.storePath) {
      throw PromoError(.unwritable, file: context.storePath, "is a folder; name a file for the store")
    }
    if context.store.exists { throw exists }
    try context.store.change(lockTimeout: context.lockTimeout()) {
      (current: Catalog?) throws(PromoError) -> Catalog in
      if current != nil { throw exists }
      return Catalog(
        version: rounding == nil ? Catalog.newStoreVersion : 4, currency: currency, checkedPromotions: [],
        rounding: rounding ?? .default)
    }
    if let rounding {
      context.stdout.write(
        "created \(context.storePath) (version 4: every percentage rounded \(rounding.rawValue))\n")
    } else {
      context.stdout.write("created \(context.storePath)\n")
    }
  }

  /// The currency of `--currency`, if given; a code that is not one is a usage error (with
  /// the code in capitals as a hint when that is one).
  private static func initialCurrency(_ arguments: ParsedArguments) throws(PromoError) -> Currency? {
    guard let code = arguments.value("--currency") else { return nil }
    do throws(InvalidCurrencyCode) {
      return try Currency(code: code)
    } catch {
      var message = error.description
      // The same hint as the store file's check: a code in the wrong case.
      if (try? Currency(code: code.uppercased())) != nil {
        message += "; did you mean \"\(code.uppercased())\"?"
      }
      throw PromoError(.usage, position: "--currency", message)
    }
  }

  /// `promo add`: from field options, or every promotion of `--file`, all or nothing.
  static func add(_ context: CommandContext) throws(PromoError) {
    let arguments = context.arguments
    var fileBytes: [UInt8]?
    var fileName = ""
    if let file = arguments.value("--file") {
      if PromotionFlags.anyGiven(in: arguments) {
        throw PromoError(.usage, "--file cannot be combined with field options such as --id")
      }
      (fileBytes, fileName) = try context.readInput(file)
    } else {
      try PromotionFlags.checkConsistency(arguments, adding: true)
    }
    // An empty array adds nothing: nothing is written, not even a new store.
    if let fileBytes, let root = try? JSONParser.parse(fileBytes), case .array(let elements) = root.value,
      elements.isEmpty
    {
      return
    }
    var added: [String] = []
    var upgraded: Int?
    try context.changeStore(creating: true) { (catalog: consuming Catalog) throws(PromoError) -> Catalog in
      let promotions: [Promotion]
      if let fileBytes {
        promotions = try StoreDecoder.decodePromotions(fileBytes, file: fileName, currency: catalog.currency)
      } else {
        promotions = [
          try PromotionFlags.promotion(applying: arguments, to: PromotionDraft(), currency: catalog.currency)
        ]
      }
      let version = catalog.formatVersion
      for promotion in promotions {
        do throws(CatalogError) {
          try catalog.insert(promotion)
        } catch {
          throw context.report(error, in: catalog)
        }
      }
      added = promotions.map(\.id)
      upgraded = catalog.formatVersion > version ? catalog.formatVersion : nil
      return catalog
    }
    for id in added { context.stdout.write("added \(id)\n") }
    if let upgraded { context.stdout.write(upgradeNote(upgraded)) }
  }

  /// `promo update ID`: the promotion with the options applied, checked as a whole.
  static func update(_ context: CommandContext) throws(PromoError) {
    let id = context.arguments.positionals[0]
    guard PromotionFlags.anyGiven(in: context.arguments) else {
      throw PromoError(
        .usage, "nothing to change; give a field option such as --percent-off (see 'promo help update')")
    }
    try PromotionFlags.checkConsistency(context.arguments, adding: false)
    var newID = id
    var upgraded: Int?
    try context.changeStore { (catalog: consuming Catalog) throws(PromoError) -> Catalog in
      guard let existing = catalog.promotion(id: id) else { throw context.unknownID(id, in: catalog) }
      let updated = try PromotionFlags.promotion(
        applying: context.arguments, to: PromotionDraft(existing), currency: catalog.currency)
      newID = updated.id
      let version = catalog.formatVersion
      do throws(CatalogError) {
        try catalog.replace(id: id, with: updated)
      } catch {
        throw context.report(error, in: catalog)
      }
      upgraded = catalog.formatVersion > version ? catalog.formatVersion : nil
      return catalog
    }
    context.stdout.write(newID == id ? "updated \(id)\n" : "updated \(id), now \(newID)\n")
    if let upgraded { context.stdout.write(upgradeNote(upgraded)) }
  }

  /// Said when a change raised the store's version to `version`.
  static func upgradeNote(_ version: Int) -> String {
    switch version {
    case 2: "the store is now version 2 (it holds a format-2 field: an item promotion, a code or a cap)\n"
    case 3:
      "the store is now version 3 (it holds a format-3 field: a shipping deal, customer groups, a target on "
        + "an order deal, a quantity minimum or limit, a repeating threshold or a buy/get across lines)\n"
    default:
      "the store is now version \(version) (it holds a format-4 field: a gift, combinesWith, a layer, tiers, a "
        + "bundle, a get target, excludeDiscountedLines or acrossLines on a deal that is not a buy/get)\n"
    }
  }

  /// `promo delete ID`.
  static func delete(_ context: CommandContext) throws(PromoError) {
    let id = context.arguments.positionals[0]
    try context.changeStore { (catalog: consuming Catalog) throws(PromoError) -> Catalog in
      do throws(CatalogError) {
        try catalog.remove(id: id)
      } catch {
        throw context.report(error, in: catalog)
      }
      return catalog
    }
    context.stdout.write("deleted \(id)\n")
  }

  /// `promo enable ID` and `promo disable ID`: the merchant's switch.
  static func setActive(_ isActive: Bool, _ context: CommandContext) throws(PromoError) {
    let id = context.arguments.positionals[0]
    try context.changeStore { (catalog: consuming Catalog) throws(PromoError) -> Catalog in
      guard var promotion = catalog.promotion(id: id) else { throw context.unknownID(id, in: catalog) }
      promotion.isActive = isActive
      do throws(CatalogError) {
        try catalog.replace(id: id, with: promotion)
      } catch {
        throw context.report(error, in: catalog)
      }
      return catalog
    }
    context.stdout.write("\(isActive ? "enabled" : "disabled") \(id)\n")
  }
}
