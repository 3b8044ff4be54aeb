/// A set of ``PromotionClass``es: the classes a promotion may be applied with (store format
/// 4's `combinesWith`). `"stackable": true` is ``all``, and `false`, or neither key,
/// ``none``.
///
///     let coupon = PromotionClasses([.shipping])
///     coupon.contains(.shipping)   // true
///     coupon.contains(.order)      // false
///     PromotionClasses.all.classes // [.item, .order, .shipping]
public struct PromotionClasses: Sendable, Hashable, BitwiseCopyable, CustomStringConvertible {
  /// One bit per class, by ``PromotionClass/position``.
  private let bits: UInt8

  private init(bits: UInt8) {
    self.bits = bits
  }

  /// Every class: what a stackable promotion combines with.
  public static let all = PromotionClasses(bits: 0b111)
  /// No class: what a promotion that is not stackable combines with.
  public static let none = PromotionClasses(bits: 0)

  /// The set of `classes` (a class given twice counts once).
  public init(_ classes: some Sequence<PromotionClass>) {
    bits = classes.reduce(0) { $0 | (1 << UInt8($1.position)) }
  }

  /// Whether `promotionClass` is in the set.
  ///
  /// - Complexity: O(1).
  public func contains(_ promotionClass: PromotionClass) -> Bool {
    bits & (1 << UInt8(promotionClass.position)) != 0
  }

  /// Whether the set has every class of `other`.
  ///
  /// - Complexity: O(1).
  public func isSuperset(of other: PromotionClasses) -> Bool {
    bits & other.bits == other.bits
  }

  /// Whether no class is in the set.
  public var isEmpty: Bool { bits == 0 }

  /// The classes in the set, in the store's order (item, order, shipping).
  public var classes: [PromotionClass] {
    PromotionClass.allCases.filter(contains)
  }

  /// The names of the classes, comma-separated: `order,shipping`.
  public var description: String {
    classes.map(\.rawValue).joined(separator: ",")
  }
}

extension PromotionClasses {
  /// The order and shipping classes: what the item deals of format 3's plan kind 3 combine
  /// with (stackable ones do).
  static let orderAndShipping = PromotionClasses(bits: 0b110)

  /// These classes and `other`.
  ///
  /// - Complexity: O(1).
  func union(_ other: PromotionClasses) -> PromotionClasses { PromotionClasses(bits: bits | other.bits) }

  /// The classes both in these and in `other`.
  ///
  /// - Complexity: O(1).
  func intersection(_ other: PromotionClasses) -> PromotionClasses {
    PromotionClasses(bits: bits & other.bits)
  }

  /// These classes and `promotionClass`.
  ///
  /// - Complexity: O(1).
  func inserting(_ promotionClass: PromotionClass) -> PromotionClasses {
    PromotionClasses(bits: bits | (1 << UInt8(promotionClass.position)))
  }
}

extension PromotionClasses {
  /// How many sets of classes there are (every subset of the three classes).
  static let setCount = 8

  /// Every set of classes, by ``setIndex``.
  static let allSets = (0..<UInt8(setCount)).map { PromotionClasses(bits: $0) }

  /// The set's place among ``allSets``, from 0 (no class) to 7 (every class).
  var setIndex: Int { Int(bits) }
}
