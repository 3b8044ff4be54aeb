/// The merchant's promotions as one value: the content of a promotion store.
///
/// A catalog filters (``working(at:)``, ``effective(at:)``, ``ofKind(_:)``) and changes
/// (``inserting(_:)``, ``replacing(_:)``, ``removing(id:)``) without touching any file; the
/// store reads and writes it.
public struct Catalog: Sendable, Hashable {
  /// The newest store format version this library reads and writes.
  public static let currentVersion = 4
  /// The store format versions this library reads.
  public static let supportedVersions: ClosedRange<Int> = 1...4
  /// The version a new catalog (and a store created by `add` or `init`) starts at: 3. It
  /// is written at a later version once it holds something that needs it
  /// (``formatVersion``), so a store that uses nothing of format 4 stays readable by the
  /// promo of format 3.
  public static let newStoreVersion = 3

  /// The store format version the catalog was read as: 1, 2, 3 or 4. A catalog is written at
  /// a later version once it holds a promotion that needs it (see ``formatVersion``).
  public var version: Int

  /// The currency every amount is in, if the store names one.
  public var currency: Currency?
  /// How every percentage of the store is rounded to the minor unit (store format 4's
  /// `rounding`; ``PercentageRounding/halfUp`` when the store names none).
  public var rounding: PercentageRounding
  /// The promotions, in the order they were added.
  public internal(set) var promotions: [Promotion]
  /// A top-level `$schema` URL, kept so that a rewritten store still finds its schema.
  public var schema: String?

  /// Creates a catalog, or throws ``CatalogError/duplicateID(_:)`` when two promotions
  /// share an id, or ``CatalogError/amountFinerThanCurrency(id:field:currency:)`` when an
  /// amount (`amountOff`, `fixedPrice`, `maximumDiscount`) has more decimal places than
  /// `currency` has: the rules a store file keeps, kept for a catalog built in code too.
  ///
  ///     let catalog = try Catalog(currency: Currency(code: "CNY"), promotions: [autumn, spend100])
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  public init(
    version: Int = Catalog.newStoreVersion, currency: Currency? = nil, promotions: [Promotion] = [],
    schema: String? = nil, rounding: PercentageRounding = .halfUp
  ) throws(CatalogError) {
    var seen: Set<String> = []
    for promotion in promotions {
      guard seen.insert(promotion.id).inserted else { throw .duplicateID(promotion.id) }
      try Self.checkAmounts(of: promotion, in: currency)
    }
    self.init(
      version: version, currency: currency, checkedPromotions: promotions, schema: schema, rounding: rounding)
  }

  /// Creates a catalog of promotions already known to keep the rules of
  /// ``init(version:currency:promotions:schema:)`` (the decoders check them with the place
  /// in the file; a filter of a catalog keeps them).
  package init(
    version: Int = Catalog.newStoreVersion, currency: Currency?, checkedPromotions: [Promotion],
    schema: String? = nil, rounding: PercentageRounding = .halfUp
  ) {
    self.version = version
    self.currency = currency
    self.rounding = rounding
    self.promotions = checkedPromotions
    self.schema = schema
  }

  /// Throws when an amount of `promotion` has more decimal places than `currency` has.
  static func checkAmounts(of promotion: Promotion, in currency: Currency?) throws(CatalogError) {
    guard let currency else { return }
    var amounts: [(String, DecimalNumber)] = []
    switch promotion.benefit {
    case .amountOff(let value): amounts.append(("amountOff", value))
    case .fixedPrice(let value): amounts.append(("fixedPrice", value))
    case .bundle(let terms): amounts.append(("bundle.price", terms.price))
    case .tiers(let ladder):
      for (index, tier) in ladder.tiers.enumerated() {
        if case .amountOff(let value) = tier.benefit { amounts.append(("tiers[\(index)].amountOff", value)) }
      }
    case .percentOff, .buyGet, .gift: break
    }
    if let cap = promotion.maximumDiscount { amounts.append(("maximumDiscount", cap)) }
    for (field, value) in amounts where value.units(atScale: currency.minorDigits) == nil {
      throw .amountFinerThanCurrency(id: promotion.id, field: field, currency: currency)
    }
  }

  /// The promotion with `id`, if any.
  ///
  ///     catalog.promotion(id: "autumn-20")?.isStackable
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  public func promotion(id: String) -> Promotion? {
    promotions.first { $0.id == id }
  }

  /// The version the catalog is written as: its own, or the lowest that holds every
  /// promotion (``Promotion/requiredVersion``) and its ``rounding``, never lower than its
  /// own. A command that changed the catalog compares it with ``version`` to say that the
  /// store's version was raised.
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  public var formatVersion: Int {
    if version >= Catalog.currentVersion { return version }
    return promotions.reduce(max(version, rounding.requiredVersion)) { max($0, $1.requiredVersion) }
  }

  /// The promotions that are switched on and inside their window at `instant` (codes not
  /// considered), in store order.
  ///
  ///     catalog.working(at: now).map(\.id)   // what is live right now
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  public func working(at instant: Instant) -> [Promotion] {
    promotions.filter { $0.isWorking(at: instant) }
  }

  /// The promotions inside their window at `instant`, switched on or not, in store order.
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  public func effective(at instant: Instant) -> [Promotion] {
    promotions.filter { $0.isEffective(at: instant) }
  }

  /// The promotions of one kind, in store order.
  ///
  /// - Complexity: O(*n*) for *n* promotions.
  public func ofKind(_ kind: PromotionKind) -> [Promotion] {
    promotions.filter { $0.kind == kind }
  }
}
