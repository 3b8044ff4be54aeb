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
  /// The values a quantity minimum or limit (`minimumQuantity`, `maximumQuantity`) may take.
  public static let allowedQuantities: ClosedRange<Int64> = 1...1_000_000

  /// Unique in its store: 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  public let id: String
  /// Free text for people.
  public var name: String? {
    get { storedName?.string }
    set { storedName = newValue.map(PromotionName.init) }
  }
  /// The name as stored: in the promotion itself, not with the parts most promotions leave
  /// out (most promotions of a merchant's store have a name and none of those parts), its
  /// bytes shared with the other names of a store read from a file.
  var storedName: PromotionName?
  /// The parts most promotions leave out (code, groups, target, quantities, cap), in one
  /// shared box: `nil` when it has none of them.
  private(set) var details: Details?
  /// Its window, in a shared box of its own: `nil` when it has none.
  private(set) var window: Window?
  /// For a threshold: the least amount its base must reach; for a shipping deal: the least
  /// subtotal. `nil` for none.
  public let minimumAmount: DecimalNumber?
  /// `item`, `discount`, `threshold` or `shipping`.
  public let kind: PromotionKind
  /// The merchant's switch: a switched-off promotion never applies.
  public var isActive: Bool
  /// The classes of promotions it may be applied with (store format 4's `combinesWith`;
  /// `stackable: true` is ``PromotionClasses/all``, false or absent
  /// ``PromotionClasses/none``).
  public internal(set) var combinesWith: PromotionClasses
  /// Whether the store wrote `combinesWith` (rather than `stackable`), so that it is
  /// rewritten as it was written.
  public internal(set) var combinesWithIsWritten: Bool
  /// What it takes off.
  public let benefit: Benefit

  /// The coupon code an order must present for it to apply, if any.
  public var code: String? { details?.parts.code }
  /// The customer groups it is for (an order's customer must be in one of them); `nil`
  /// for every customer (store format 3).
  public var customerGroups: CustomerGroups? { details?.parts.customerGroups }
  /// The lines it acts on (an item deal, and, in format 3, a discount or threshold); `nil`
  /// for every line (a discount or threshold then acts on the whole order).
  public var target: ItemTarget? { details?.parts.target }
  /// For a threshold: the least number of units its lines must have (store format 3).
  public var minimumQuantity: Int64? { details?.parts.minimumQuantity }
  /// For a threshold with `amountOff` and one minimum: whether it takes its sum once for
  /// every full minimum ("10 off every 100"; store format 3).
  public var repeats: Bool { details?.parts.repeats ?? false }
  /// The most a percentage off the order (or a repeating threshold) takes off, if capped.
  public var maximumDiscount: DecimalNumber? { details?.parts.maximumDiscount }
  /// For an item deal: the most units of each line it covers (for a buy/get, the most units
  /// got per line, or in the order when it counts across lines; store format 3).
  public var maximumQuantity: Int64? { details?.parts.maximumQuantity }
  /// The first instant of its window, inclusive; `nil` for no start.
  public var startsAt: Timestamp? { window?.startsAt }
  /// The end of its window, exclusive; `nil` for no end.
  public var endsAt: Timestamp? { window?.endsAt }
  /// Calls `body` with the offset of each window bound of the promotions at `rows` of
  /// `promotions`, start before end, in the order of `rows`. Each window is read where it
  /// is stored: a promotion handed out of the array would be a copy, each of its strings and
  /// boxes retained and released again.
  ///
  /// - Complexity: O(*n*) for *n* rows.
  package static func forEachWindowOffset(
    of promotions: [Promotion], at rows: [Int], _ body: (Timestamp.WrittenOffset) -> Void
  ) {
    for index in rows {
      guard let window = promotions[index].window else { continue }
      if let start = window.startsAt { body(start.writtenOffset) }
      if let end = window.endsAt { body(end.writtenOffset) }
    }
  }

  /// Creates a promotion from its parts, or throws the first rule it breaks.
  ///
  /// Defaults follow the store format: no code, no target, active, not stackable. Amounts
  /// are checked against the format's limits but not against a currency (a ``Catalog``
  /// does not know its orders' currencies; ``PromotionDraft/promotion(currency:)`` checks
  /// them against one).
  public init(
    id: String, name: String? = nil, kind: PromotionKind, code: String? = nil,
    customerGroups: CustomerGroups? = nil, target: ItemTarget? = nil, benefit: Benefit,
    minimumAmount: DecimalNumber? = nil, minimumQuantity: Int64? = nil, repeats: Bool = false,
    maximumDiscount: DecimalNumber? = nil, maximumQuantity: Int64? = nil, startsAt: Timestamp? = nil,
    endsAt: Timestamp? = nil, isActive: Bool = true, isStackable: Bool = false,
    combinesWith: PromotionClasses? = nil, layer: Int? = nil, getTarget: ItemTarget? = nil,
    acrossLines: Bool = false, excludesDiscountedLines: Bool = false
  ) throws(PromotionRuleError) {
    var draft = PromotionDraft()
    draft.id = id
    draft.name = name
    draft.kind = kind
    draft.code = code
    draft.customerGroups = customerGroups?.names
    draft.target = target.map(PromotionDraft.Target.init)
    draft.benefit = benefit
    draft.minimumAmount = minimumAmount
    draft.minimumQuantity = minimumQuantity
    draft.repeats = repeats
    draft.maximumDiscount = maximumDiscount
    draft.maximumQuantity = maximumQuantity
    draft.startsAt = startsAt
    draft.endsAt = endsAt
    draft.isActive = isActive
    draft.isStackable = isStackable
    draft.combinesWith = combinesWith?.classes
    draft.layer = layer
    draft.getTarget = getTarget.map(PromotionDraft.Target.init)
    draft.acrossLines = draft.acrossLines || acrossLines
    draft.excludesDiscountedLines = excludesDiscountedLines
    self = try draft.promotion(currency: nil)
  }

  /// The promotion of a draft known to break no rule.
  init(
    checked draft: PromotionDraft, benefit: Benefit, target: ItemTarget?, customerGroups: CustomerGroups?,
    getTarget: ItemTarget? = nil
  ) {
    var acrossLines = false
    switch benefit {
    case .percentOff, .amountOff, .fixedPrice: acrossLines = draft.acrossLines
    case .buyGet, .bundle, .tiers, .gift: break
    }
    self.init(
      valid: draft.id!, name: draft.name, kind: draft.kind!, code: draft.code, customerGroups: customerGroups,
      target: target, minimumAmount: draft.minimumAmount, minimumQuantity: draft.minimumQuantity,
      repeats: draft.repeats, benefit: benefit, maximumDiscount: draft.maximumDiscount,
      maximumQuantity: draft.maximumQuantity, startsAt: draft.startsAt, endsAt: draft.endsAt,
      isActive: draft.isActive, isStackable: draft.isStackable,
      combinesWith: draft.combinesWith.map(PromotionClasses.init), layer: draft.layer, getTarget: getTarget,
      acrossLines: acrossLines, excludesDiscountedLines: draft.excludesDiscountedLines)
  }

  /// The promotion of parts known to break no rule, taken as they are.
  init(
    valid id: String, name: String?, kind: PromotionKind, code: String?, customerGroups: CustomerGroups?,
    target: ItemTarget?, minimumAmount: DecimalNumber?, minimumQuantity: Int64?, repeats: Bool,
    benefit: Benefit, maximumDiscount: DecimalNumber?, maximumQuantity: Int64?, startsAt: Timestamp?,
    endsAt: Timestamp?, isActive: Bool, isStackable: Bool, combinesWith: PromotionClasses? = nil,
    layer: Int? = nil, getTarget: ItemTarget? = nil, acrossLines: Bool = false,
    excludesDiscountedLines: Bool = false
  ) {
    self.init(
      valid: id, storedName: name.map(PromotionName.init), kind: kind, code: code,
      customerGroups: customerGroups, target: target, minimumAmount: minimumAmount,
      minimumQuantity: minimumQuantity, repeats: repeats, benefit: benefit, maximumDiscount: maximumDiscount,
      maximumQuantity: maximumQuantity, startsAt: startsAt, endsAt: endsAt, isActive: isActive,
      isStackable: isStackable, combinesWith: combinesWith, layer: layer, getTarget: getTarget,
      acrossLines: acrossLines, excludesDiscountedLines: excludesDiscountedLines)
  }

  /// The promotion of parts known to break no rule, taken as they are, its name as stored.
  init(
    valid id: String, storedName: PromotionName?, kind: PromotionKind, code: String?,
    customerGroups: CustomerGroups?,
    target: ItemTarget?, minimumAmount: DecimalNumber?, minimumQuantity: Int64?, repeats: Bool,
    benefit: Benefit, maximumDiscount: DecimalNumber?, maximumQuantity: Int64?, startsAt: Timestamp?,
    endsAt: Timestamp?, isActive: Bool, isStackable: Bool, combinesWith: PromotionClasses? = nil,
    layer: Int? = nil, getTarget: ItemTarget? = nil, acrossLines: Bool = false,
    excludesDiscountedLines: Bool = false
  ) {
    self.id = id
    self.storedName = storedName
    self.kind = kind
    self.minimumAmount = minimumAmount
    self.benefit = benefit
    self.isActive = isActive
    self.combinesWith = combinesWith ?? (isStackable ? .all : .none)
    combinesWithIsWritten = combinesWith != nil
    // A layer that is the kind's own is a default: left out, as the store writes defaults.
    let layer = layer == kind.defaultLayer ? nil : layer
    let absent =
      Details.Parts.areAbsent(
        code: code, customerGroups: customerGroups, target: target,
        minimumQuantity: minimumQuantity,
        repeats: repeats, maximumDiscount: maximumDiscount, maximumQuantity: maximumQuantity)
      && getTarget == nil && layer == nil && !acrossLines && !excludesDiscountedLines
    details =
      absent
      ? nil
      : Details.boxing(
        Details.Parts(
          code: code, customerGroups: customerGroups, target: target,
          minimumQuantity: minimumQuantity, repeats: repeats, maximumDiscount: maximumDiscount,
          maximumQuantity: maximumQuantity, getTarget: getTarget,
          layer: layer, excludesDiscountedLines: excludesDiscountedLines, acrossLines: acrossLines),
        kind: kind)
    window = Window.boxing(startsAt: startsAt, endsAt: endsAt)
  }

  /// Whether `id` is 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  ///
  /// The punctuation of ``idPunctuation`` is compared byte by byte, without building the
  /// set (which every run would pay for at start-up).
  public static func isValidID(_ id: String) -> Bool {
    ASCIINames.isName(id, maximumLength: maximumIDLength) { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }

  /// The lowest store format version that can hold it: 4 when it uses anything of format 4
  /// (a gift, `combinesWith`, a layer, tiers, a bundle, a get target, `acrossLines` on a
  /// deal that is not a buy/get, `excludeDiscountedLines`), else 3 when it uses anything of format 3
  /// (a shipping deal, customer groups, a target on an order deal, a quantity minimum or
  /// limit, a repeating threshold, a buy/get across lines), else 2 when it uses anything of
  /// format 2 (an item deal, a code, a cap), else 1.
  ///
  /// - Complexity: O(1): the rare parts' share is worked out when they are boxed.
  public var requiredVersion: Int {
    var version = max(kind.introducedInVersion, details?.requiredVersion ?? 1)
    if combinesWithIsWritten { version = 4 }
    switch benefit {
    case .bundle, .tiers, .gift: version = 4
    case .buyGet(let terms) where terms.acrossLines: version = max(version, 3)
    case .buyGet, .percentOff, .amountOff, .fixedPrice: break
    }
    return version
  }

  /// Whether `instant` is inside the window: `startsAt <= instant < endsAt`, a missing bound
  /// being unbounded.
  public func isEffective(at instant: Instant) -> Bool {
    window?.position(of: instant) ?? .inside == .inside
  }

  /// Whether it is switched on and effective at `instant`. A promotion with a code also
  /// needs the order to present it (see ``isWorking(at:presenting:)``).
  public func isWorking(at instant: Instant) -> Bool {
    isActive && isEffective(at: instant)
  }

  /// Whether it can apply to an order at `instant` that presents `codes` (normalized with
  /// ``CouponCode/normalized(_:)``) and whose customer is in `groups`: switched on,
  /// effective, its code presented, and the customer in one of its groups.
  public func isWorking(at instant: Instant, presenting codes: Set<String>, groups: Set<String> = []) -> Bool
  {
    isWorking(at: instant) && isPresented(by: codes) && admitsCustomer(in: groups)
  }

  /// Whether an order presenting `codes` (normalized with ``CouponCode/normalized(_:)``)
  /// presents its code: always for a promotion without one. The one definition of coupon
  /// eligibility, which pricing and its explanation use.
  public func isPresented(by codes: Set<String>) -> Bool {
    code.map { codes.contains(CouponCode.normalized($0)) } ?? true
  }

  /// Whether a customer in `groups` may have it: always for a promotion without customer
  /// groups.
  public func admitsCustomer(in groups: Set<String>) -> Bool {
    customerGroups?.admits(groups) ?? true
  }

  /// Where it stands at `instant`: the switch is checked first, then the window.
  public func status(at instant: Instant) -> PromotionStatus {
    if !isActive { return .inactive }
    switch window?.position(of: instant) ?? .inside {
    case .before: return .notStarted
    case .after: return .ended
    case .inside: return .working
    }
  }
}
