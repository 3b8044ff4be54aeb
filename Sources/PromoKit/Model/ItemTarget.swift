/// Which lines an item promotion acts on: those whose SKU is in ``skus`` or that have a
/// category in ``categories``.
///
///     let teas = try ItemTarget(categories: ["tea"])
///     teas.matches(sku: "tea-green", categories: ["tea"])   // true
///
/// Lists keep the order they were written in, so a store is rewritten as it was.
public struct ItemTarget: Sendable, Hashable {
  /// The most entries either list may have.
  public static let maximumCount = 1_000

  /// The SKUs targeted (empty for none).
  public let skus: [String]
  /// The categories targeted (empty for none).
  public let categories: [String]

  /// Creates a target; at least one list must be given, and each given list must be a
  /// non-empty list of at most 1,000 distinct non-empty strings.
  ///
  /// Pass `nil` for a list that is not given; an empty array is a given, empty list, which
  /// is refused.
  public init(skus: [String]? = nil, categories: [String]? = nil) throws(PromotionRuleError) {
    if skus == nil && categories == nil { throw .emptyTarget }
    for (field, list) in [("skus", skus), ("categories", categories)] {
      guard let list else { continue }
      if let problem = Self.problem(in: list) { throw .invalidTargetList(field: field, problem) }
    }
    self.skus = skus ?? []
    self.categories = categories ?? []
  }

  /// What is wrong with one list of a target, if anything.
  static func problem(in list: [String]) -> PromotionRuleError.ListProblem? {
    if list.isEmpty { return .empty }
    if list.count > maximumCount { return .tooLong(list.count) }
    var seen = Set<String>()
    for (index, entry) in list.enumerated() {
      if entry.isEmpty { return .emptyEntry }
      // (A short list, as most are, is searched: no set to build.)
      let isRepeated = list.count <= 8 ? list[..<index].contains(entry) : !seen.insert(entry).inserted
      if isRepeated { return .duplicate(entry) }
    }
    return nil
  }

  /// Whether a line with this SKU and these categories is targeted.
  ///
  /// - Complexity: O(*s* + *c* × *k*) for *s* SKUs, *c* categories and *k* line categories;
  /// the calculator uses an index instead.
  public func matches(sku: String?, categories lineCategories: [String]) -> Bool {
    if let sku, skus.contains(sku) { return true }
    return lineCategories.contains { categories.contains($0) }
  }
}
