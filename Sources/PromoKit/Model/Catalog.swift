/// The merchant's promotions as one value: the content of a promotion store.
///
/// A catalog filters (``working(at:)``, ``effective(at:)``, ``ofKind(_:)``) and changes
/// (``inserting(_:)``, ``replacing(_:)``, ``removing(id:)``) without touching any file; the
/// store reads and writes it.
public struct Catalog: Sendable, Hashable {
  /// The store format version this library reads and writes.
  public static let currentVersion = 1

  /// The currency every amount is in, if the store names one.
  public var currency: Currency?
  /// The promotions, in the order they were added.
  public internal(set) var promotions: [Promotion]
  /// A top-level `$schema` URL, kept so that a rewritten store still finds its schema.
  public var schema: String?

  /// Creates a catalog. Ids must be unique; the decoder and the changing methods keep that.
  public init(currency: Currency? = nil, promotions: [Promotion] = [], schema: String? = nil) {
    self.currency = currency
    self.promotions = promotions
    self.schema = schema
  }

  /// The promotion with `id`, if any.
  ///
  /// Complexity: O(*n*).
  public func promotion(id: String) -> Promotion? {
    promotions.first { $0.id == id }
  }

  /// The promotions that are switched on and inside their window at `instant`.
  public func working(at instant: Instant) -> [Promotion] {
    promotions.filter { $0.isWorking(at: instant) }
  }

  /// The promotions inside their window at `instant`, switched on or not.
  public func effective(at instant: Instant) -> [Promotion] {
    promotions.filter { $0.isEffective(at: instant) }
  }

  /// The promotions of one kind.
  public func ofKind(_ kind: PromotionKind) -> [Promotion] {
    promotions.filter { $0.kind == kind }
  }
}
