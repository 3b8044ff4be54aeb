// The parts store format 4 added to a promotion: how it combines, its layer, its get
// target, counting across lines, and leaving out lines already on sale.

extension Promotion {
  /// The values a ``writtenLayer`` may take.
  public static let allowedLayers: ClosedRange<Int> = 1...9

  /// Whether it combines with every class (item, order and shipping): `stackable: true`,
  /// or a `combinesWith` that names all three. Setting it makes it combine with all of
  /// them or none, written as `stackable`.
  public var isStackable: Bool {
    get { combinesWith == .all }
    set {
      combinesWith = newValue ? .all : .none
      combinesWithIsWritten = false
    }
  }

  /// How the store writes which promotions it combines with.
  public enum Combination: Sendable, Hashable {
    /// Neither key: it combines with nothing.
    case none
    /// `"stackable": true`: it combines with every class.
    case stackable
    /// `combinesWith`, these classes in the store's order (item, order, shipping).
    case classes([PromotionClass])
  }

  /// How the store writes ``combinesWith``: nothing for none, `stackable` for all of them
  /// unless it was written as `combinesWith`, else `combinesWith`.
  public var combination: Combination {
    if combinesWith.isEmpty { return .none }
    if combinesWith == .all && !combinesWithIsWritten { return .stackable }
    return .classes(combinesWith.classes)
  }

  /// Whether it may be in one plan with a promotion of `other`: its ``combinesWith``
  /// names that class. (Two promotions go together when each combines with the other's
  /// class; item deals always go together with each other.)
  ///
  /// - Complexity: O(1).
  public func combines(with other: PromotionClass) -> Bool {
    combinesWith.contains(other)
  }

  /// The layer of the order stage it is in: the one it names, else 1 for a discount and 2
  /// for a threshold (``PromotionKind/defaultLayer``); `nil` for the kinds outside the
  /// order stage.
  public var layer: Int? {
    guard let fallback = kind.defaultLayer else { return nil }
    return writtenLayer ?? fallback
  }

  /// The layer the store names (`layer`, 1–9, store format 4), `nil` when it names none.
  public var writtenLayer: Int? { details?.parts.layer }

  /// For a buy/get: the lines whose units are got (store format 4's `getTarget`); the
  /// units bought come from the other lines ``target`` targets. `nil` when the units got
  /// come from the lines ``target`` targets.
  public var getTarget: ItemTarget? { details?.parts.getTarget }

  /// For a discount or threshold: whether it leaves out the lines that took an item deal
  /// in the plan, from its base, its units, its minimums and its allocation (store format
  /// 4's `excludeDiscountedLines`).
  public var excludesDiscountedLines: Bool { details?.parts.excludesDiscountedLines ?? false }

  /// `acrossLines` as the store wrote it: ``BuyGet/acrossLines`` for a buy/get, and for a
  /// `percentOff`, `amountOff` or `fixedPrice` item deal with a `maximumQuantity` (store
  /// format 4) its own switch.
  public var acrossLines: Bool {
    if case .buyGet(let terms) = benefit { return terms.acrossLines }
    return details?.parts.acrossLines ?? false
  }

  /// Whether the units of every line it targets count together: a buy/get with
  /// `acrossLines` or a ``getTarget``, a `percentOff`, `amountOff` or `fixedPrice` item deal
  /// with `acrossLines` (its `maximumQuantity` then counts the units of the order, the
  /// dearest first), and every ``Benefit/bundle(_:)``.
  public var countsAcrossLines: Bool {
    if case .bundle = benefit { return true }
    return acrossLines || getTarget != nil
  }
}
