// How a promotion keeps the parts most promotions leave out.

extension Promotion {
  /// The parts of a promotion that most promotions leave out (name, code, customer groups,
  /// target, quantity minimum and limit, repeat, cap, window, and format 4's get target,
  /// layer and switches), kept in one immutable box
  /// that copies of the promotion share.
  ///
  /// A promotion of a big store is mostly an id, a kind, a benefit and perhaps a minimum:
  /// inline, those take about 80 bytes, where every part inline took about 250, and a copy
  /// retains two references instead of up to ten. The box is never changed once built
  /// (``Promotion/name``'s setter builds a new one), so the promotion stays a value.
  final class Details: Sendable, Hashable {
    /// The parts, as plain values.
    struct Parts: Sendable, Hashable {
      /// ``Promotion/name``.
      var name: String?
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
      /// ``Promotion/startsAt``.
      var startsAt: Timestamp?
      /// ``Promotion/endsAt``.
      var endsAt: Timestamp?
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
          name: name, code: code, customerGroups: customerGroups, target: target,
          minimumQuantity: minimumQuantity, repeats: repeats, maximumDiscount: maximumDiscount,
          maximumQuantity: maximumQuantity, startsAt: startsAt, endsAt: endsAt)
          && getTarget == nil && layer == nil && !excludesDiscountedLines && !acrossLines
      }

      /// Whether every one of these parts is absent: checked before a promotion builds its
      /// parts, so that the common promotion without any copies none of them.
      @inline(__always)
      static func areAbsent(
        name: String?, code: String?, customerGroups: CustomerGroups?, target: ItemTarget?,
        minimumQuantity: Int64?, repeats: Bool, maximumDiscount: DecimalNumber?, maximumQuantity: Int64?,
        startsAt: Timestamp?, endsAt: Timestamp?
      ) -> Bool {
        name == nil && code == nil && customerGroups == nil && target == nil && minimumQuantity == nil
          && !repeats && maximumDiscount == nil && maximumQuantity == nil && startsAt == nil && endsAt == nil
      }
    }

    /// The parts it holds, never all absent.
    let parts: Parts

    /// A box of `parts`, which are not all absent.
    private init(_ parts: Parts) {
      self.parts = parts
    }

    /// A box of `parts`, or `nil` when every part is absent (so that two promotions with
    /// the same parts have the same storage, and compare and hash alike).
    static func boxing(_ parts: Parts) -> Details? {
      parts.isEmpty ? nil : Details(parts)
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
}
