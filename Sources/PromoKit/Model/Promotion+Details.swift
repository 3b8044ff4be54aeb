// How a promotion keeps the parts most promotions leave out.

extension Promotion {
  /// The parts of a promotion that most promotions leave out (code, customer groups,
  /// target, quantity minimum and limit, repeat, cap, and format 4's get target,
  /// layer and switches), kept in one immutable box
  /// that copies of the promotion share.
  ///
  /// A promotion of a big store is mostly an id, a name, a kind, a benefit and perhaps a
  /// minimum: inline, those and the two boxes' references take about 120 bytes, where every
  /// part inline took about 250, and a copy retains four references instead of up to ten.
  /// The box is never changed once built, so the promotion stays a value.
  final class Details: Sendable, Hashable {
    /// The parts, as plain values.
    struct Parts: Sendable, Hashable {
      /// ``Promotion/code``.
      var code: String?
      /// ``Promotion/customerGroups``.
      var customerGroups: CustomerGroups?
      /// ``Promotion/target``.
      var target: ItemTarget?
      /// ``Promotion/minimumQuantity``.
      var minimumQuantity: Int64?
      /// ``Promotion/repeats``.
      var repeats = false
      /// ``Promotion/maximumDiscount``.
      var maximumDiscount: DecimalNumber?
      /// ``Promotion/maximumQuantity``.
      var maximumQuantity: Int64?
      /// ``Promotion/getTarget`` (store format 4).
      var getTarget: ItemTarget?
      /// ``Promotion/writtenLayer`` (store format 4).
      var layer: Int?
      /// ``Promotion/excludesDiscountedLines`` (store format 4).
      var excludesDiscountedLines = false
      /// `acrossLines` on an item deal that is not a buy/get (store format 4; a buy/get
      /// keeps it in ``BuyGet/acrossLines``).
      var acrossLines = false

      /// Whether every part is absent.
      var isEmpty: Bool {
        Self.areAbsent(
          code: code, customerGroups: customerGroups, target: target,
          minimumQuantity: minimumQuantity, repeats: repeats, maximumDiscount: maximumDiscount,
          maximumQuantity: maximumQuantity)
          && getTarget == nil && layer == nil && !excludesDiscountedLines && !acrossLines
      }

      /// Whether every one of these parts is absent: checked before a promotion builds its
      /// parts, so that the common promotion without any copies none of them.
      @inline(__always)
      static func areAbsent(
        code: String?, customerGroups: CustomerGroups?, target: ItemTarget?,
        minimumQuantity: Int64?, repeats: Bool, maximumDiscount: DecimalNumber?, maximumQuantity: Int64?
      ) -> Bool {
        code == nil && customerGroups == nil && target == nil && minimumQuantity == nil
          && !repeats && maximumDiscount == nil && maximumQuantity == nil
      }
    }

    /// The parts it holds, never all absent.
    let parts: Parts
    /// The lowest store format that can hold these parts on a promotion of its kind
    /// (see ``Promotion/requiredVersion``), worked out once: a store's version is asked
    /// of every promotion at each write.
    let requiredVersion: Int

    /// A box of `parts`, which are not all absent, of a promotion of `kind`.
    private init(_ parts: Parts, kind: PromotionKind) {
      self.parts = parts
      if parts.layer != nil || parts.getTarget != nil || parts.excludesDiscountedLines || parts.acrossLines {
        requiredVersion = 4
      } else if parts.customerGroups != nil || (parts.target != nil && kind != .item)
        || parts.minimumQuantity != nil || parts.repeats || parts.maximumQuantity != nil
      {
        requiredVersion = 3
      } else if parts.code != nil || parts.maximumDiscount != nil {
        requiredVersion = 2
      } else {
        requiredVersion = 1
      }
    }

    /// A box of `parts` of a promotion of `kind`, or `nil` when every part is absent (so
    /// that two promotions with the same parts have the same storage, and compare and hash
    /// alike).
    static func boxing(_ parts: Parts, kind: PromotionKind) -> Details? {
      parts.isEmpty ? nil : Details(parts, kind: kind)
    }

    /// Whether the two boxes hold the same parts.
    static func == (left: Details, right: Details) -> Bool {
      left === right || left.parts == right.parts
    }

    /// Hashes the parts.
    func hash(into hasher: inout Hasher) {
      hasher.combine(parts)
    }
  }

  /// A promotion's window (``Promotion/startsAt``, ``Promotion/endsAt``), in a box of its
  /// own: a third of a merchant's promotions may have one and nothing else of the parts
  /// in ``Details``, whose box is three times the size.
  final class Window: Sendable, Hashable {
    /// ``Promotion/startsAt``.
    let startsAt: Timestamp?
    /// ``Promotion/endsAt``.
    let endsAt: Timestamp?

    private init(startsAt: Timestamp?, endsAt: Timestamp?) {
      self.startsAt = startsAt
      self.endsAt = endsAt
    }

    /// Where an instant stands against a window.
    enum Position { case before, inside, after }

    /// Where `instant` stands: before `startsAt`, at or after `endsAt`, or inside. The
    /// bounds' instants are read in place (a copy of a bound is a copy of its text).
    func position(of instant: Instant) -> Position {
      if let start = startsAt?.instant, instant < start { return .before }
      if let end = endsAt?.instant, instant >= end { return .after }
      return .inside
    }

    /// A box of the window's bounds, or `nil` when it has neither.
    static func boxing(startsAt: Timestamp?, endsAt: Timestamp?) -> Window? {
      startsAt == nil && endsAt == nil ? nil : Window(startsAt: startsAt, endsAt: endsAt)
    }

    /// Whether the two boxes hold the same bounds.
    static func == (left: Window, right: Window) -> Bool {
      left === right || (left.startsAt == right.startsAt && left.endsAt == right.endsAt)
    }

    /// Hashes the bounds.
    func hash(into hasher: inout Hasher) {
      hasher.combine(startsAt)
      hasher.combine(endsAt)
    }
  }
}
