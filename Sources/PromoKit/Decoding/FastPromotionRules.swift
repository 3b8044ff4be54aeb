/// Builds the promotion of a draft of a common shape (no customer groups, no repeating
/// threshold, nothing of store format 4, whose drafts the model's own rules build) that
/// breaks no rule, checking the rules of ``PromotionDraft/violations(currency:)``
/// directly instead of listing violations: the store fast path's way to build most
/// promotions.
///
/// It answers `nil` for any draft it is not sure about, and the caller then goes through
/// ``PromotionDraft/promotion(currency:)``, so it can only ever be too careful; the tests
/// hold the fast path to the tree decoder (which lists violations) on random stores.
///
/// The draft's counts (`buy`, `get`, `minimumQuantity`, `maximumQuantity`) must already be
/// in their ranges, and its id valid: the fast path checks them as it reads them.
///
/// - Complexity: O(*t*) for *t* entries in the target.
enum FastPromotionRules {
  /// The promotion of `draft` for a store in `currency`, or `nil` when the draft is not of a
  /// common shape or breaks a rule.
  static func promotion(of draft: PromotionDraft, currency: Currency?) -> Promotion? {
    guard draft.id != nil, let kind = draft.kind, draft.customerGroups == nil, !draft.repeats,
      !draft.hasFormat4Parts
    else {
      return nil
    }
    if let code = draft.code, !CouponCode.isValid(code) { return nil }
    let digits = currency.minorDigits
    func valid(_ value: DecimalNumber, allowsZero: Bool, checksDigits: Bool) -> Bool {
      isAllowed(value, allowsZero: allowsZero, checksDigits: checksDigits, digits: digits)
    }
    var target: ItemTarget?
    if let written = draft.target {
      guard kind != .shipping, written.skus != nil || written.categories != nil,
        let built = try? ItemTarget(skus: written.skus, categories: written.categories)
      else { return nil }
      target = built
    }
    if let minimum = draft.minimumAmount {
      guard kind == .threshold || kind == .shipping, valid(minimum, allowsZero: true, checksDigits: false)
      else {
        return nil
      }
    }
    if draft.minimumQuantity != nil && kind != .threshold { return nil }
    if kind == .threshold && draft.minimumAmount == nil && draft.minimumQuantity == nil { return nil }
    guard let benefit = benefit(of: draft, kind: kind, valid: valid) else { return nil }
    if let cap = draft.maximumDiscount {
      guard kind.actsOnOrder, draft.percentOff != nil, draft.amountOff == nil, draft.buy == nil,
        valid(cap, allowsZero: false, checksDigits: true)
      else { return nil }
    }
    if draft.maximumQuantity != nil && kind != .item { return nil }
    if let startsAt = draft.startsAt, let endsAt = draft.endsAt, startsAt.instant >= endsAt.instant {
      return nil
    }
    return Promotion(checked: draft, benefit: benefit, target: target, customerGroups: nil)
  }

  /// The one benefit of the draft, allowed for `kind` and within its limits.
  private static func benefit(
    of draft: PromotionDraft, kind: PromotionKind,
    valid: (DecimalNumber, _ allowsZero: Bool, _ checksDigits: Bool) -> Bool
  ) -> Benefit? {
    if draft.buy != nil || draft.get != nil {
      guard kind == .item, let buy = draft.buy, let get = draft.get, draft.amountOff == nil,
        draft.fixedPrice == nil
      else { return nil }
      var percentage = Percentage.hundred
      if let percentOff = draft.percentOff {
        guard let written = try? Percentage(percentOff) else { return nil }
        percentage = written
      }
      return (try? BuyGet(buy: buy, get: get, percentOff: percentage, acrossLines: draft.acrossLines)).map(
        Benefit.buyGet)
    }
    if draft.acrossLines { return nil }
    if let percentOff = draft.percentOff {
      guard draft.amountOff == nil, draft.fixedPrice == nil, let percentage = try? Percentage(percentOff)
      else {
        return nil
      }
      return .percentOff(percentage)
    }
    if let amountOff = draft.amountOff {
      guard draft.fixedPrice == nil, valid(amountOff, false, true) else { return nil }
      return .amountOff(amountOff)
    }
    if let fixedPrice = draft.fixedPrice {
      guard kind == .item || kind == .shipping, valid(fixedPrice, true, true) else { return nil }
      return .fixedPrice(fixedPrice)
    }
    return nil
  }

  /// The benefit of a promotion of the plain shape (no code, customer groups, target,
  /// quantity minimum or limit, repeat, buy/get) from its values, or `nil` when they break
  /// a rule: the rules of ``promotion(of:currency:)`` for those values alone, without a
  /// draft (its window by the bounds' instants). `digits` are the store currency's minor
  /// digits. The promotion is then made of the values as they are.
  static func plainBenefit(
    kind: PromotionKind, minimumAmount: DecimalNumber?, percentOff: DecimalNumber?, amountOff: DecimalNumber?,
    fixedPrice: DecimalNumber?, maximumDiscount: DecimalNumber?, startsAt: Instant?, endsAt: Instant?,
    digits: Int
  ) -> Benefit? {
    @inline(__always)
    func valid(_ value: DecimalNumber, allowsZero: Bool, checksDigits: Bool) -> Bool {
      isAllowed(value, allowsZero: allowsZero, checksDigits: checksDigits, digits: digits)
    }
    if let minimumAmount {
      guard kind == .threshold || kind == .shipping,
        valid(minimumAmount, allowsZero: true, checksDigits: false)
      else { return nil }
    } else if kind == .threshold {
      return nil
    }
    let benefit: Benefit
    if let percentOff {
      guard amountOff == nil, fixedPrice == nil, let percentage = try? Percentage(percentOff) else {
        return nil
      }
      benefit = .percentOff(percentage)
    } else if let amountOff {
      guard fixedPrice == nil, valid(amountOff, allowsZero: false, checksDigits: true) else { return nil }
      benefit = .amountOff(amountOff)
    } else if let fixedPrice {
      guard kind == .item || kind == .shipping, valid(fixedPrice, allowsZero: true, checksDigits: true) else {
        return nil
      }
      benefit = .fixedPrice(fixedPrice)
    } else {
      return nil
    }
    if let maximumDiscount {
      guard kind.actsOnOrder, percentOff != nil, valid(maximumDiscount, allowsZero: false, checksDigits: true)
      else { return nil }
    }
    if let startsAt, let endsAt, startsAt >= endsAt { return nil }
    return benefit
  }

  /// Whether `value` is an amount a promotion may name: not negative, not zero unless
  /// `allowsZero`, at most ``Promotion/maximumAmount``, and, when `checksDigits`, with at
  /// most `digits` decimal places. A significand of at most 10^12 is within the maximum at
  /// any scale, so the exact comparison is made only above it.
  @inline(__always)
  static func isAllowed(_ value: DecimalNumber, allowsZero: Bool, checksDigits: Bool, digits: Int) -> Bool {
    !value.isNegative && (allowsZero || !value.isZero)
      && (value.significand <= 1_000_000_000_000 || !(Promotion.maximumAmount < value))
      && (!checksDigits || value.scale <= digits)
  }
}
