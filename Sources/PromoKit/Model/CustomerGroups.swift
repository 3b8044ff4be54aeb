/// The customer groups a promotion is for ("members only"): an order's customer must be
/// in one of them, compared exactly (store format 3).
///
///     let members = try CustomerGroups(["member", "vip"])
///     members.admits(["member"])   // true
///     members.admits(["Member"])   // false: names are case-sensitive
///
/// Names keep the order they were written in, so a store is rewritten as it was.
public struct CustomerGroups: Sendable, Hashable {
  /// The most names a promotion (or an order's customer) may list.
  public static let maximumCount = 100
  /// The longest name accepted.
  public static let maximumNameLength = 64

  /// The names, as written.
  public let names: [String]

  /// Creates the groups: a non-empty list of at most 100 distinct names, each 1 to 64
  /// characters of `A–Z a–z 0–9 . _ -`.
  public init(_ names: [String]) throws(PromotionRuleError) {
    if let problem = Self.problem(in: names) { throw .invalidCustomerGroups(problem) }
    self.names = names
  }

  /// What is wrong with a list of group names, if anything.
  static func problem(in names: [String]) -> PromotionRuleError.ListProblem? {
    if names.isEmpty { return .empty }
    if names.count > maximumCount { return .tooLong(names.count) }
    var seen = Set<String>()
    for name in names {
      if !isValidName(name) { return name.isEmpty ? .emptyEntry : .invalidEntry(name) }
      if !seen.insert(name).inserted { return .duplicate(name) }
    }
    return nil
  }

  /// Whether `name` is 1 to 64 characters of `A–Z a–z 0–9 . _ -` (the characters of an id).
  public static func isValidName(_ name: String) -> Bool {
    name.utf8.count <= maximumNameLength && Promotion.isValidID(name)
  }

  /// Whether a customer in `groups` is one this promotion is for.
  ///
  /// - Complexity: O(*n*) for *n* names.
  public func admits(_ groups: Set<String>) -> Bool {
    names.contains { groups.contains($0) }
  }
}
