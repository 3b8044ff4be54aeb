/// The five kinds of a format-4 store.
package enum Ref4Kind: String, Sendable {
  case item, discount, threshold, shipping, gift
}

/// What a promotion acts on, for `combinesWith`: item deals, order deals (discounts and
/// thresholds) or shipping.
package enum Ref4Class: String, Sendable, CaseIterable {
  case item, order, shipping
}

/// One rung of a threshold with `tiers`: one minimum and one benefit.
package struct Ref4Tier {
  /// `minimumAmount` as written, and the least amount in minor units that reaches it.
  package var minimumAmount: (text: RefDecimal, units: Int128)?
  /// `minimumQuantity`, in units.
  package var minimumQuantity: Int128?
  /// `percentOff` (ten-thousandths of a percent) or `amountOff` (minor units).
  package var benefit: Ref4Benefit
}

/// What a format-4 promotion takes off: amounts in minor units, percentages in
/// ten-thousandths of a percent.
package enum Ref4Benefit {
  /// `percentOff`.
  case percentOff(Int128)
  /// `amountOff`.
  case amountOff(Int128)
  /// `fixedPrice`.
  case fixedPrice(Int128)
  /// `buy` and `get`, the units got `percent` off (100 % when not given).
  case buyGet(buy: Int128, get: Int128, percent: Int128)
  /// `bundle`: any `quantity` targeted units for `price` together.
  case bundle(quantity: Int128, price: Int128)
  /// `tiers`, in the order written (strictly increasing minimums).
  case tiers([Ref4Tier])
  /// A gift takes nothing off.
  case none
}

/// A `target` or a `getTarget`: the SKUs and categories it names.
package struct Ref4Target {
  /// `skus`, if it names any.
  package var skus: Set<String>?
  /// `categories`, if it names any.
  package var categories: Set<String>?

  /// Whether a line is targeted: its SKU is in `skus` or one of its categories in `categories`.
  package func targets(_ line: RefLine) -> Bool {
    if let sku = line.sku, skus?.contains(sku) == true { return true }
    return line.categories.contains { categories?.contains($0) == true }
  }
}

/// The goods a `gift` grants.
package struct Ref4Gift {
  /// `gift.sku`.
  package var sku: String
  /// `gift.quantity`.
  package var quantity: Int128
}

/// One promotion of a store of any version (1 to 4), read for the format-4 reference
/// (``Format4Reference``): every field of the contract, amounts in minor units. A class, so
/// that the plan search shares one copy.
package final class Ref4Promotion {
  /// `id`.
  package let id: String
  /// `kind`.
  package let kind: Ref4Kind
  /// The benefit (``Ref4Benefit/none`` for a gift).
  package let benefit: Ref4Benefit
  /// `minimumAmount` as written and the least amount in minor units that reaches it.
  package let minimumAmount: (text: RefDecimal, units: Int128)?
  /// `minimumQuantity`.
  package let minimumQuantity: Int128?
  /// `repeat`.
  package let repeats: Bool
  /// `acrossLines` (true for a deal with `getTarget`, which always counts across lines).
  package let acrossLines: Bool
  /// `maximumQuantity`.
  package let maximumQuantity: Int128?
  /// `maximumDiscount`, in minor units.
  package let maximumDiscount: Int128?
  /// `target`, or `nil` (every line).
  package let target: Ref4Target?
  /// `getTarget`, or `nil`.
  package let getTarget: Ref4Target?
  /// `layer`; without it 1 for a discount and 2 for a threshold (0 for other kinds).
  package let layer: Int
  /// `excludeDiscountedLines`.
  package let excludeDiscountedLines: Bool
  /// `gift`, for a gift.
  package let gift: Ref4Gift?
  /// `customerGroups`, if it names any.
  package let customerGroups: Set<String>?
  /// `code`, as written.
  package let code: String?
  /// `startsAt`, as written and as an instant.
  package let startsAt: (text: String, instant: RefInstant)?
  /// `endsAt`, as written and as an instant.
  package let endsAt: (text: String, instant: RefInstant)?
  /// `active`.
  package let active: Bool
  /// The classes it combines with: all three for `stackable: true`, none for `false` or
  /// neither key, else those `combinesWith` names.
  package let combines: Set<Ref4Class>

  /// A promotion with every field given.
  package init(
    id: String, kind: Ref4Kind, benefit: Ref4Benefit, minimumAmount: (text: RefDecimal, units: Int128)?,
    minimumQuantity: Int128?, repeats: Bool, acrossLines: Bool, maximumQuantity: Int128?,
    maximumDiscount: Int128?, target: Ref4Target?, getTarget: Ref4Target?, layer: Int?,
    excludeDiscountedLines: Bool, gift: Ref4Gift?, customerGroups: Set<String>?, code: String?,
    startsAt: (text: String, instant: RefInstant)?, endsAt: (text: String, instant: RefInstant)?,
    active: Bool, combines: Set<Ref4Class>
  ) {
    self.id = id
    self.kind = kind
    self.benefit = benefit
    self.minimumAmount = minimumAmount
    self.minimumQuantity = minimumQuantity
    self.repeats = repeats
    self.acrossLines = acrossLines || getTarget != nil
    self.maximumQuantity = maximumQuantity
    self.maximumDiscount = maximumDiscount
    self.target = target
    self.getTarget = getTarget
    self.layer = layer ?? (kind == .discount ? 1 : kind == .threshold ? 2 : 0)
    self.excludeDiscountedLines = excludeDiscountedLines
    self.gift = gift
    self.customerGroups = customerGroups
    self.code = code
    self.startsAt = startsAt
    self.endsAt = endsAt
    self.active = active
    self.combines = combines
  }

  /// Its class: `item`, `order` (a discount or threshold) or `shipping`; `nil` for a gift,
  /// which is never in a plan.
  package var promotionClass: Ref4Class? {
    switch kind {
    case .item: .item
    case .discount, .threshold: .order
    case .shipping: .shipping
    case .gift: nil
    }
  }

  /// Whether it has a `target`.
  package var isTargeted: Bool { target != nil }

  /// Whether it targets a line (no target: every line).
  package func targets(_ line: RefLine) -> Bool { target?.targets(line) ?? true }

  /// Whether it may be in one plan with a promotion of class `other` (its half of the
  /// pairwise rule of `combinesWith`).
  package func combines(with other: Ref4Class) -> Bool { combines.contains(other) }

  /// Whether two promotions may be in one plan: each combines with the other's class. Item
  /// deals always go together.
  package func combines(withPromotion other: Ref4Promotion) -> Bool {
    guard let mine = promotionClass, let theirs = other.promotionClass else { return false }
    if mine == .item && theirs == .item { return true }
    return combines(with: theirs) && other.combines(with: mine)
  }

  /// The minimum its `below-minimum` outcome is tested against: its own, or, with tiers,
  /// its first tier's.
  package var testedMinimum: (amount: (text: RefDecimal, units: Int128)?, quantity: Int128?) {
    if case .tiers(let tiers) = benefit, let first = tiers.first {
      return (first.minimumAmount, first.minimumQuantity)
    }
    return (minimumAmount, minimumQuantity)
  }

  /// Whether it counts units (a `minimumQuantity`, or tiers of quantities), so that it
  /// never applies to an order given by `amount`.
  package var countsUnits: Bool { testedMinimum.quantity != nil }
}
