/// A rule that lowers what an order costs, built from parts: what it targets, what it
/// takes off, its conditions, how it combines, its window, its code and the merchant's
/// switch.
///
/// A promotion is always valid: its initialiser throws a ``PromotionRuleError`` for every
/// combination the store format forbids (a threshold without a minimum, a fixed price on
/// the whole order, a window that ends before it starts, ...), so the calculator can price
/// every promotion there is. The parts that could break a rule are read-only; change them
/// through a ``PromotionDraft``.
///
///     let mugs = try Promotion(
///       id: "mug-19", kind: .item, target: try ItemTarget(skus: ["mug-white"]),
///       benefit: .fixedPrice(DecimalNumber(significand: 19)))
///     mugs.status(at: now)   // .working: active, no window
public struct Promotion: Sendable, Hashable, Identifiable {
  /// The characters an id may use, besides ASCII letters and digits.
  public static let idPunctuation: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-")]
  /// The longest id accepted.
  public static let maximumIDLength = 64
  /// The largest amount a promotion may name: 10^12.
  public static let maximumAmount = DecimalNumber(significand: 1_000_000_000_000)

  /// Unique in its store: 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  public let id: String
  /// Free text for people.
  public var name: String?
  /// `item`, `discount` or `threshold`.
  public let kind: PromotionKind
  /// The coupon code an order must present for it to apply, if any.
  public let code: String?
  /// For an item promotion, the lines it acts on; `nil` for every line (and for the other
  /// kinds, which act on the whole order).
  public let target: ItemTarget?
  /// For a threshold: the least amount it applies to. `nil` for the other kinds.
  public let minimumAmount: DecimalNumber?
  /// What it takes off.
  public let benefit: Benefit
  /// The most a percentage off the order takes off, if capped.
  public let maximumDiscount: DecimalNumber?
  /// The first instant of its window, inclusive; `nil` for no start.
  public let startsAt: Timestamp?
  /// The end of its window, exclusive; `nil` for no end.
  public let endsAt: Timestamp?
  /// The merchant's switch: a switched-off promotion never applies.
  public var isActive: Bool
  /// Whether it may be combined with promotions of other stages.
  public var isStackable: Bool

  /// Creates a promotion from its parts, or throws the first rule it breaks.
  ///
  /// Defaults follow the store format: no code, no target, active, not stackable. Amounts
  /// are checked against the format's limits but not against a currency (a ``Catalog``
  /// does not know its orders' currencies; ``PromotionDraft/promotion(currency:)`` checks
  /// them against one).
  public init(
    id: String, name: String? = nil, kind: PromotionKind, code: String? = nil, target: ItemTarget? = nil,
    benefit: Benefit, minimumAmount: DecimalNumber? = nil, maximumDiscount: DecimalNumber? = nil,
    startsAt: Timestamp? = nil, endsAt: Timestamp? = nil, isActive: Bool = true, isStackable: Bool = false
  ) throws(PromotionRuleError) {
    var draft = PromotionDraft()
    draft.id = id
    draft.name = name
    draft.kind = kind
    draft.code = code
    draft.target = target.map {
      PromotionDraft.Target(
        skus: $0.skus.isEmpty ? nil : $0.skus, categories: $0.categories.isEmpty ? nil : $0.categories)
    }
    draft.benefit = benefit
    draft.minimumAmount = minimumAmount
    draft.maximumDiscount = maximumDiscount
    draft.startsAt = startsAt
    draft.endsAt = endsAt
    draft.isActive = isActive
    draft.isStackable = isStackable
    self = try draft.promotion(currency: nil)
  }

  /// The promotion of a draft known to break no rule.
  init(checked draft: PromotionDraft, benefit: Benefit, target: ItemTarget?) {
    id = draft.id!
    name = draft.name
    kind = draft.kind!
    code = draft.code
    self.target = target
    minimumAmount = draft.minimumAmount
    self.benefit = benefit
    maximumDiscount = draft.maximumDiscount
    startsAt = draft.startsAt
    endsAt = draft.endsAt
    isActive = draft.isActive
    isStackable = draft.isStackable
  }

  /// Whether `id` is 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  ///
  /// The punctuation of ``idPunctuation`` is compared byte by byte, without building the
  /// set (which every run would pay for at start-up).
  public static func isValidID(_ id: String) -> Bool {
    let bytes = id.utf8
    return !bytes.isEmpty && bytes.count <= maximumIDLength
      && bytes.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      }
  }

  /// Whether it uses anything of store format 2 (an item promotion, a code, a cap), so
  /// that a version-1 store holding it must be written as version 2.
  public var needsFormat2: Bool {
    kind == .item || code != nil || maximumDiscount != nil
  }

  /// Whether `instant` is inside the window: `startsAt <= instant < endsAt`, a missing bound
  /// being unbounded.
  public func isEffective(at instant: Instant) -> Bool {
    if let startsAt, instant < startsAt.instant { return false }
    if let endsAt, instant >= endsAt.instant { return false }
    return true
  }

  /// Whether it is switched on and effective at `instant`. A promotion with a code also
  /// needs the order to present it (see ``isWorking(at:presenting:)``).
  public func isWorking(at instant: Instant) -> Bool {
    isActive && isEffective(at: instant)
  }

  /// Whether it can apply to an order at `instant` that presents `codes` (normalized with
  /// ``CouponCode/normalized(_:)``): switched on, effective, and its code presented.
  public func isWorking(at instant: Instant, presenting codes: Set<String>) -> Bool {
    isWorking(at: instant) && (code.map { codes.contains(CouponCode.normalized($0)) } ?? true)
  }

  /// Where it stands at `instant`: the switch is checked first, then the window.
  public func status(at instant: Instant) -> PromotionStatus {
    if !isActive { return .inactive }
    if let startsAt, instant < startsAt.instant { return .notStarted }
    if let endsAt, instant >= endsAt.instant { return .ended }
    return .working
  }
}
