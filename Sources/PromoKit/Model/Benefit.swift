/// What a promotion takes off.
///
/// On an order (``PromotionKind/discount`` and ``PromotionKind/threshold``) only
/// ``percentOff(_:)`` and ``amountOff(_:)`` are allowed; a ``PromotionKind/shipping`` deal
/// may also have ``fixedPrice(_:)`` (the shipping then costs that much); an
/// ``PromotionKind/item`` promotion may have any of them, each applied per line:
///
///     .percentOff(twenty)          // 20% of the line, rounded once
///     .amountOff(fiveYuan)         // 5.00 off each unit, never more than the unit price
///     .fixedPrice(nineteen)        // each unit costs 19.00 (never more than it did)
///     .buyGet(BuyGet(buy: 2, get: 1, percentOff: hundred))   // buy 2 get 1 free
///
/// Store format 4 adds ``bundle(_:)`` (item deals), ``tiers(_:)`` (thresholds) and
/// ``gift(_:)``, the goods of a ``PromotionKind/gift`` promotion, which takes nothing off.
public enum Benefit: Sendable, Hashable {
  /// A percentage of the amount (of the order, or of each targeted line).
  case percentOff(Percentage)
  /// A fixed sum: off the order (never more than its amount), or off each unit of a
  /// targeted line (never more than the unit price).
  case amountOff(DecimalNumber)
  /// Each unit of a targeted line costs this much (item promotions), or the shipping costs
  /// this much (shipping promotions).
  case fixedPrice(DecimalNumber)
  /// Of every `buy + get` units of a targeted line, `get` are discounted (item promotions
  /// only).
  case buyGet(BuyGet)
  /// Any ``BundlePrice/quantity`` of the targeted units, across lines, for
  /// ``BundlePrice/price`` together (item promotions only; store format 4).
  case bundle(BundlePrice)
  /// The tiers of a threshold: the last tier its base or units reach is what it takes off
  /// (threshold promotions only; store format 4).
  case tiers(TierLadder)
  /// The goods a gift promotion grants: it takes nothing off (gift promotions only; store
  /// format 4).
  case gift(GiftGoods)

  /// The store keys that hold this benefit, for messages.
  public var keys: [String] {
    switch self {
    case .percentOff: ["percentOff"]
    case .amountOff: ["amountOff"]
    case .fixedPrice: ["fixedPrice"]
    case .buyGet: ["buy", "get"]
    case .bundle: ["bundle"]
    case .tiers: ["tiers"]
    case .gift: ["gift"]
    }
  }
}

/// "Buy `buy`, get `get` at `percentOff` off": of every `buy + get` units on a line, `get`
/// are discounted by `percentOff` (100 makes them free).
///
/// With ``acrossLines`` (store format 3), the units of every line the deal targets count
/// together and the cheapest of them are got: "second teapot half price" on two different
/// teapots.
public struct BuyGet: Sendable, Hashable {
  /// The least and largest value of ``buy`` and ``get``.
  public static let allowedCounts: ClosedRange<Int64> = 1...1_000

  /// The units bought at full price in each group.
  public let buy: Int64
  /// The units discounted in each group.
  public let get: Int64
  /// The percentage taken off the units got.
  public let percentOff: Percentage
  /// Whether the units of all the lines it targets count together (store format 3).
  public let acrossLines: Bool

  /// Creates the terms; throws ``PromotionRuleError/countOutOfRange(field:_:)`` when `buy`
  /// or `get` is outside 1...1000.
  ///
  ///     let secondHalfPrice = try BuyGet(buy: 1, get: 1, percentOff: 50)
  public init(
    buy: Int64, get: Int64, percentOff: Percentage = .hundred, acrossLines: Bool = false
  ) throws(PromotionRuleError) {
    for (field, count) in [("buy", buy), ("get", get)] where !Self.allowedCounts.contains(count) {
      throw .countOutOfRange(field: field, count)
    }
    self.buy = buy
    self.get = get
    self.percentOff = percentOff
    self.acrossLines = acrossLines
  }

  /// How many units of `quantity` are discounted: `floor(quantity / (buy + get)) × get`.
  ///
  /// - Complexity: O(1).
  public func discountedUnits(of quantity: Int64) -> Int64 {
    Self.discountedUnits(of: quantity, buy: buy, get: get)
  }

  /// How many units of `quantity` "buy `buy`, get `get`" discounts: the one definition,
  /// which ``discountedUnits(of:)`` and the pricing's searches and indexes use.
  ///
  /// - Complexity: O(1); no division when the quantity holds fewer than two sets.
  @inline(__always)
  package static func discountedUnits(of quantity: Int64, buy: Int64, get: Int64) -> Int64 {
    let size = buy + get
    return quantity < size ? 0 : (quantity - size < size ? get : quantity / size * get)
  }
}
