/// A rule that lowers what an order costs: its kind, its benefit, its window, the
/// merchant's on/off switch and whether it may be combined with another.
///
/// A promotion owns its rules: ``status(at:)`` says whether it is working at an instant and
/// ``terms(minorDigits:)`` gives what it takes off an amount.
///
///     let promotion = Promotion(id: "autumn-20", kind: .discount,
///                               benefit: .percentOff(Percentage(DecimalNumber(significand: 20))!))
///     promotion.isWorking(at: now)   // true: active, no window
public struct Promotion: Sendable, Hashable, Identifiable {
  /// The characters an id may use, besides ASCII letters and digits.
  public static let idPunctuation: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-")]
  /// The longest id accepted.
  public static let maximumIDLength = 64
  /// The largest amount a promotion may name: 10^12.
  public static let maximumAmount = DecimalNumber(significand: 1_000_000_000_000)

  /// Unique in its store: 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  public var id: String
  /// Free text for people.
  public var name: String?
  /// `discount` or `threshold`.
  public var kind: PromotionKind
  /// What it takes off.
  public var benefit: Benefit
  /// For a threshold: the least amount it applies to. `nil` for a discount.
  public var minimumAmount: DecimalNumber?
  /// The first instant of its window, inclusive; `nil` for no start.
  public var startsAt: Timestamp?
  /// The end of its window, exclusive; `nil` for no end.
  public var endsAt: Timestamp?
  /// The merchant's switch: a switched-off promotion never applies.
  public var isActive: Bool
  /// Whether it may be combined with one promotion of the other kind.
  public var isStackable: Bool

  /// Creates a promotion; defaults follow the store format (active, not stackable).
  public init(
    id: String, name: String? = nil, kind: PromotionKind, benefit: Benefit,
    minimumAmount: DecimalNumber? = nil, startsAt: Timestamp? = nil, endsAt: Timestamp? = nil,
    isActive: Bool = true, isStackable: Bool = false
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.benefit = benefit
    self.minimumAmount = minimumAmount
    self.startsAt = startsAt
    self.endsAt = endsAt
    self.isActive = isActive
    self.isStackable = isStackable
  }

  /// Whether `id` is 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  public static func isValidID(_ id: String) -> Bool {
    let bytes = id.utf8
    return !bytes.isEmpty && bytes.count <= maximumIDLength
      && bytes.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || idPunctuation.contains(byte)
      }
  }

  /// Whether `instant` is inside the window: `startsAt <= instant < endsAt`, a missing bound
  /// being unbounded.
  public func isEffective(at instant: Instant) -> Bool {
    if let startsAt, instant < startsAt.instant { return false }
    if let endsAt, instant >= endsAt.instant { return false }
    return true
  }

  /// Whether it is switched on and effective at `instant`: only then can it apply.
  public func isWorking(at instant: Instant) -> Bool {
    isActive && isEffective(at: instant)
  }

  /// Where it stands at `instant`: the switch is checked first, then the window.
  public func status(at instant: Instant) -> PromotionStatus {
    if !isActive { return .inactive }
    if let startsAt, instant < startsAt.instant { return .notStarted }
    if let endsAt, instant >= endsAt.instant { return .ended }
    return .working
  }

  /// Its amounts in minor units of a currency with `minorDigits` digits, ready to apply.
  ///
  /// A minimum with more decimal places than the currency is rounded up to the next minor
  /// unit, which keeps `amount >= minimumAmount` exact for every amount the currency can
  /// hold. Fails with ``TermsError`` when `amountOff` has more decimal places than the
  /// currency allows (a store without a currency priced against a JPY order, say).
  public func terms(minorDigits: Int) throws(TermsError) -> PromotionTerms {
    let minimum = minimumAmount.map {
      Money(minorUnits: $0.unitsRoundedUp(atScale: minorDigits), minorDigits: minorDigits)
    }
    switch benefit {
    case .percentOff(let percentage):
      return PromotionTerms(minimum: minimum, reduction: .percent(percentage))
    case .amountOff(let decimal):
      guard let money = Money(decimal, minorDigits: minorDigits) else { throw TermsError(field: "amountOff") }
      return PromotionTerms(minimum: minimum, reduction: .fixed(money))
    }
  }

  /// A promotion amount cannot be written in the minor units of the order's currency.
  public struct TermsError: Error, Sendable, Equatable {
    /// The key of the amount that does not fit (`amountOff` or `minimumAmount`).
    public var field: String

    /// Creates the error for the amount under `field`.
    public init(field: String) {
      self.field = field
    }
  }
}
