/// A change to a catalog that cannot be made.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A promotion with this id is already in the catalog.
  case duplicateID(String)
  /// No promotion has this id.
  case unknownID(String)
  /// An amount of the promotion `id` (its `field`) has more decimal places than the
  /// catalog's `currency` has.
  case amountFinerThanCurrency(id: String, field: String, currency: Currency)

  /// What is wrong, in a sentence.
  public var description: String {
    switch self {
    case .duplicateID(let id): "a promotion with the id \"\(id)\" is already in the catalog"
    case .unknownID(let id): "no promotion has the id \"\(id)\""
    case .amountFinerThanCurrency(let id, let field, let currency):
      "\(field) of \"\(id)\" has more decimal places than \(currency.code) has (\(currency.minorDigits))"
    }
  }
}

extension Catalog {
  /// Adds `promotion` at the end, or throws and changes nothing.
  ///
  /// A change made in place: a catalog nothing else shares is not copied (100,000
  /// promotions for a store's one edit).
  ///
  /// - Complexity: O(*n*).
  public mutating func insert(_ promotion: Promotion) throws(CatalogError) {
    guard self.promotion(id: promotion.id) == nil else { throw .duplicateID(promotion.id) }
    try Self.checkAmounts(of: promotion, in: currency)
    promotions.append(promotion)
  }

  /// Replaces the promotion `id` by `promotion`, in its place, or throws and changes
  /// nothing; the new promotion may have another id, as long as no other promotion has it.
  ///
  /// - Complexity: O(*n*).
  public mutating func replace(id: String, with promotion: Promotion) throws(CatalogError) {
    guard let index = promotions.firstIndex(where: { $0.id == id }) else { throw .unknownID(id) }
    if promotion.id != id && self.promotion(id: promotion.id) != nil { throw .duplicateID(promotion.id) }
    try Self.checkAmounts(of: promotion, in: currency)
    promotions[index] = promotion
  }

  /// Removes the promotion `id`, or throws and changes nothing.
  ///
  /// - Complexity: O(*n*).
  public mutating func remove(id: String) throws(CatalogError) {
    guard let index = promotions.firstIndex(where: { $0.id == id }) else { throw .unknownID(id) }
    promotions.remove(at: index)
  }

  /// The catalog with `promotion` added at the end.
  ///
  /// - Complexity: O(*n*).
  public func inserting(_ promotion: Promotion) throws(CatalogError) -> Catalog {
    var copy = self
    try copy.insert(promotion)
    return copy
  }

  /// The catalog with the promotion of the same id replaced by `promotion`, in its place.
  ///
  /// - Complexity: O(*n*).
  public func replacing(_ promotion: Promotion) throws(CatalogError) -> Catalog {
    try replacing(id: promotion.id, with: promotion)
  }

  /// The catalog with the promotion `id` replaced by `promotion`, in its place; the new
  /// promotion may have another id, as long as no other promotion has it.
  ///
  /// - Complexity: O(*n*).
  public func replacing(id: String, with promotion: Promotion) throws(CatalogError) -> Catalog {
    var copy = self
    try copy.replace(id: id, with: promotion)
    return copy
  }

  /// The catalog without the promotion `id`.
  ///
  /// - Complexity: O(*n*).
  public func removing(id: String) throws(CatalogError) -> Catalog {
    var copy = self
    try copy.remove(id: id)
    return copy
  }
}
