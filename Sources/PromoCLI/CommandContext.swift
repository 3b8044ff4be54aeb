import PromoKit
import PromoLibc

/// What a command runs with: its parsed arguments, the environment, the three standard
/// streams and the clock.
struct CommandContext {
  /// The parsed arguments.
  var arguments: ParsedArguments
  /// The environment variables.
  var environment: [String: String]
  /// Standard input.
  var stdin: TextInput
  /// Standard output.
  var stdout: TextOutput
  /// Standard error.
  var stderr: TextOutput
  /// Reads the current time; called at most once per command.
  var clock: @Sendable () -> Instant
  /// Holds the stores read and the calculators made until the process ends (`main`'s);
  /// `nil` frees them when the command returns.
  var keptUntilExit: KeptUntilExit?

  /// The default store file when neither `--store` nor `$PROMO_STORE` names one.
  static let defaultStorePath = "promotions.json"

  /// The store in use: `--store`, else `$PROMO_STORE`, else `./promotions.json`.
  var storePath: String {
    if let path = arguments.value("--store") { return path }
    if let path = environment["PROMO_STORE"], !path.isEmpty { return path }
    return Self.defaultStorePath
  }

  /// The evaluation time: `--at` when given, else the clock.
  func evaluationTime() throws(PromoError) -> Instant {
    guard let text = arguments.value("--at") else { return clock() }
    let instant: Instant
    do {
      instant = try Timestamp(parsing: text).instant
    } catch {
      throw PromoError(.usage, position: "--at", "\"\(text)\": \(error.reason)")
    }
    guard instant.hasFourDigitYear else {
      throw PromoError(.usage, position: "--at", "\"\(text)\" is outside the years 0001 to 9999 in UTC")
    }
    return instant
  }

  /// Whether text output may use colour: standard output is a terminal and `NO_COLOR` is
  /// unset (set to anything, even empty, it turns colour off, as NO_COLOR asks).
  var textStyle: TextStyle {
    TextStyle(isEnabled: stdout.isTerminal && environment["NO_COLOR"] == nil)
  }

  /// The language of banners: `--locale`, English by default.
  var bannerLocale: BannerLocale {
    arguments.value("--locale").flatMap(BannerLocale.init(rawValue:)) ?? .english
  }

  /// The store in use.
  var store: PromotionStore { PromotionStore(path: storePath) }

  /// The error for a store that does not exist, saying how to make one.
  var missingStore: PromoError {
    let create = "create one with 'promo init' or 'promo add', or name one with --store or $PROMO_STORE"
    guard let nearby = Self.nearbyStore(to: storePath) else {
      return PromoError(.missing, file: storePath, "no promotion store here; " + create)
    }
    return PromoError(
      .missing, file: storePath, "no promotion store here; did you mean \(nearby)? Else " + create)
  }

  /// A JSON file beside a missing store whose name is at most two typos from its name
  /// (`promotions.json` for `promotion.json`): the store the user probably meant, written
  /// with the folder as they wrote it.
  static func nearbyStore(to path: String) -> String? {
    let name = FilePath.lastComponent(of: path)
    let written = Array(name)
    let folder = FilePath.folder(of: path)
    let candidates = FilePath.names(inFolder: folder).filter { $0.hasSuffix(".json") && $0 != name }
    let scored = candidates.map { (name: $0, distance: KeySuggestion.editDistance(written, Array($0))) }
    guard let best = scored.min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }), best.distance <= 2
    else { return nil }
    return path.contains("/") ? (folder == "/" ? "/" : folder + "/") + best.name : best.name
  }

  /// The bytes of a file named on the command line, and the name messages use for it:
  /// `-` is standard input, named `stdin`.
  func readInput(_ path: String) throws(PromoError) -> (bytes: [UInt8], name: String) {
    try readInput(path, tooLargeHint: nil)
  }

  /// The bytes of an order file named on the command line (`-` is standard input); one too
  /// large to read at once says how to stream it.
  func readOrders(_ path: String) throws(PromoError) -> (bytes: [UInt8], name: String) {
    try readInput(path, tooLargeHint: "stream orders with --lines")
  }

  private func readInput(_ path: String, tooLargeHint: String?) throws(PromoError) -> (
    bytes: [UInt8], name: String
  ) {
    if path == "-" { return (try stdin.readAll(tooLargeHint: tooLargeHint), stdin.name) }
    try Self.refuseEmpty(path)
    return (try FileIO.readFile(atPath: path, tooLargeHint: tooLargeHint), path)
  }

  /// An input named on the command line, to read as a stream: standard input for `-`, else
  /// the file.
  func open(_ path: String) throws(PromoError) -> TextInput {
    if path == "-" { return stdin }
    try Self.refuseEmpty(path)
    return try FileInput(path: path, name: path)
  }

  /// Refuses an empty file name (`--base ""`) as a usage error, before any file is read.
  static func refuseEmpty(_ path: String) throws(PromoError) {
    if path.isEmpty { throw PromoError(.usage, "a file name cannot be empty") }
  }

  /// Reads and decodes the store in use (`--store -` reads it from standard input); a
  /// missing one is an error that says how to make one (a dangling symbolic link keeps its
  /// own message, which names the link and where it leads).
  func loadStore() throws(PromoError) -> Catalog {
    do {
      return try loadCatalog(at: storePath)
    } catch  where error.category == .missing && storePath != "-" && error.message == FileIO.noSuchFileReason
    {
      throw missingStore
    }
  }

  /// Reads and decodes the store at `path` (`-` reads standard input).
  func loadCatalog(at path: String) throws(PromoError) -> Catalog {
    let catalog: Catalog
    if path == "-" {
      let (bytes, name) = try readInput(path)
      catalog = try StoreDecoder.decode(bytes, file: name)
    } else {
      try Self.refuseEmpty(path)
      catalog = try PromotionStore(path: path).load()
    }
    keptUntilExit?.keep(catalog)
    return catalog
  }

  /// The coupon codes `--code` presents for every order; a malformed one is a usage error.
  func presentedCodes() throws(PromoError) -> [String] {
    let codes = arguments.values("--code")
    for code in codes where !CouponCode.isValid(code) {
      throw PromoError(
        .usage, position: "--code",
        "\"\(code)\" is not a coupon code: 1 to \(CouponCode.maximumLength) characters of A-Z a-z 0-9 _ -")
    }
    return codes
  }

  /// The customer groups `--customer-group` puts every order's customer in; a malformed
  /// one is a usage error.
  func customerGroups() throws(PromoError) -> [String] {
    let groups = arguments.values("--customer-group")
    for group in groups where !CustomerGroups.isValidName(group) {
      throw PromoError(
        .usage, position: "--customer-group",
        "\"\(group)\" is not a customer group: 1 to \(CustomerGroups.maximumNameLength) characters of A-Z a-z 0-9 . _ -"
      )
    }
    return groups
  }

  /// A calculator of `catalog` for the evaluation time, `codes` and the customer groups of
  /// `--customer-group`, with its indexes unless `indexed` is false (for an order alone); an
  /// amount of the store that its own currency cannot hold names the store at `path`.
  func calculator(
    for catalog: Catalog, at path: String, instant: Instant, codes: [String], indexed: Bool = true
  ) throws(PromoError) -> PriceCalculator {
    let context = PricingContext(instant: instant, codes: codes, customerGroups: try customerGroups())
    do {
      let calculator = try PriceCalculator(catalog: catalog, context: context, indexed: indexed)
      keptUntilExit?.keep(calculator)
      return calculator
    } catch {
      throw error.inFile(path == "-" ? stdin.name : path)
    }
  }

  /// Throws a usage error when standard input (`-`) is named more than once among `paths`.
  func readStandardInputOnce(_ paths: [String]) throws(PromoError) {
    if paths.filter({ $0 == "-" }).count > 1 {
      throw PromoError(.usage, "standard input (-) can be read only once")
    }
  }

  /// Changes the store in use under its lock (`--lock-timeout`, default 10 s). A missing
  /// store is refused unless `creating` is set.
  ///
  /// `change` owns the catalog it gets: changed in place (``Catalog/replace(id:with:)``
  /// and the like), it is not copied.
  @discardableResult
  func changeStore(
    creating: Bool = false, _ change: (consuming Catalog) throws(PromoError) -> Catalog
  ) throws(PromoError) -> Catalog {
    if storePath == "-" {
      throw PromoError(
        .usage, position: "--store", "a command that writes the store needs a file, not standard input")
    }
    let timeout = try lockTimeout()
    let missing = missingStore
    let changed = try store.change(lockTimeout: timeout) {
      (current: consuming Catalog?) throws(PromoError) -> Catalog in
      guard let catalog = current ?? (creating ? Catalog(currency: nil, checkedPromotions: []) : nil) else {
        throw missing
      }
      return try change(catalog)
    }
    keptUntilExit?.keep(changed)
    return changed
  }

  /// `--lock-timeout` in seconds: a non-negative decimal, 10 when not given.
  func lockTimeout() throws(PromoError) -> Double {
    guard let text = arguments.value("--lock-timeout") else { return 10 }
    guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
      throw PromoError(.usage, position: "--lock-timeout", "\"\(text)\" is not a number of seconds")
    }
    return seconds
  }

  /// The error for an id that is not in `catalog`, naming the nearest one.
  func unknownID(_ id: String, in catalog: Catalog) -> PromoError {
    var message = "no promotion has the id \"\(id)\""
    if let nearest = KeySuggestion.nearest(to: id, in: catalog.promotions.map(\.id)) {
      message += "; did you mean \"\(nearest)\"?"
    } else {
      message += "; see 'promo list'"
    }
    return PromoError(.notFound, file: storePath, message)
  }

  /// A catalog change's error as the command reports it.
  func report(_ error: CatalogError, in catalog: Catalog) -> PromoError {
    switch error {
    case .unknownID(let id): unknownID(id, in: catalog)
    case .duplicateID(let id):
      PromoError(.alreadyExists, file: storePath, "a promotion with the id \"\(id)\" already exists")
    case .amountFinerThanCurrency:
      PromoError(.invalidData, file: storePath, error.description)
    }
  }
}

/// The system clock, to the whole second, so that the evaluation time printed is the one
/// every date check used.
public enum SystemClock {
  /// The current time, truncated to the second.
  @Sendable public static func now() -> Instant {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Instant(secondsSinceEpoch: Int64(spec.tv_sec))
  }
}
