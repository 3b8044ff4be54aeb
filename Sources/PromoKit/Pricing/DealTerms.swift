/// One working promotion of an order, its amounts in the order's minor units: what each
/// kind takes off, and when it applies (docs/FORMAT.md), defined once for the exact plan
/// search of format-3 stores (``ExactPlanSearch``).
///
///     let terms = try DealTerms(promotion, storeIndex: 3, rank: 1, minorDigits: 2)
///     terms.orderDiscount(base: 18_525, units: 4)   // what a discount or threshold takes
///
/// The terms are a plain value with no reference in it: prepared once per store
/// (``ExactCandidates``), an order's search copies those that can matter to it into one
/// contiguous array and reads them without reference counting. What a deal targets stays
/// with its promotion (``targetedLines(of:target:)``).
///
/// - Complexity: each question is O(1).
struct DealTerms: Sendable {
  // Small fields only, what pricing reads most first: a deal is about 80 bytes, so that
  // the candidates of an order fit in a few cache lines each.
  /// Its minimum amount in minor units, rounded up (exact for every amount the currency
  /// holds); 0 without one.
  private let minimumUnits: Int64
  /// Its fixed sum (`amountOff`, `fixedPrice`) in minor units; 0 without one.
  private let sumUnits: Int64
  /// Its cap in minor units; `Int64.max` without one (every amount is at most 10^12, so
  /// 10^15 minor units at the most).
  private let capUnits: Int64
  /// Its minimum of units; 0 without one.
  let minimumQuantity: Int64
  /// Its limit of units per line (or got across lines); `Int64.max` without one.
  let maximumQuantity: Int64
  /// Its percentage (`percentOff`, or the one a buy/get takes off the units got); 100%
  /// for the other benefits, which do not read it.
  private let percentage: Percentage
  /// A repeating threshold's step by amount (its `minimumAmount`) when that is finer than
  /// the currency; 0 otherwise (the step is then ``minimum``).
  private let fineStep: DecimalNumber
  /// The rank of its id among the store's ids.
  let rank: Int32
  /// Its position in the catalog.
  let storeIndex: Int32
  /// A buy/get's units bought and got; 0 for the other benefits.
  private let buy: Int16
  private let get: Int16
  /// What it takes off, without the amounts (kept above): the model's one list of kinds.
  let benefit: Benefit.Kind
  /// Its kind.
  let kind: PromotionKind
  /// The minor digits of the amounts.
  private let minorDigits: Int8
  /// Whether it may combine with other promotions.
  let isStackable: Bool
  /// Whether it is a repeating threshold.
  private let repeats: Bool
  /// Whether it is a buy/get that counts the units of its lines together.
  private let acrossLines: Bool
  /// Whether it acts only on the lines it targets.
  let isTargeted: Bool
  /// Whether it has a minimum amount.
  private let hasMinimum: Bool
  /// Whether it has a minimum of units.
  let hasMinimumQuantity: Bool
  /// Whether it is only for customers of some groups.
  let isForCustomerGroups: Bool
  /// Whether it targets one SKU or one category, no more: an order finds it through one of
  /// its SKUs or categories at most.
  let hasOneTarget: Bool

  /// Whether it is an item deal that prices each line on its own (not a buy/get across
  /// lines): what it takes off a line depends on that line alone.
  var isPricedLineByLine: Bool { kind == .item && !acrossLines }

  /// Its fixed price in minor units; 0 for another benefit.
  private var fixedPriceUnits: Int64 { benefit == .fixedPrice ? sumUnits : 0 }

  /// Its minimum amount in minor units; 0 without one.
  var minimum: Int128 { Int128(minimumUnits) }
  /// Its fixed sum in minor units; 0 without one.
  private var sum: Int128 { Int128(sumUnits) }
  /// Its cap in minor units; `Int128.max` without one.
  private var cap: Int128 { capUnits == .max ? .max : Int128(capUnits) }

  /// The terms of `promotion` in `minorDigits`, or ``UnpayableAmount`` naming an amount the
  /// currency cannot hold.
  init(_ promotion: Promotion, storeIndex: Int, rank: Int32, minorDigits: Int) throws(UnpayableAmount) {
    self.storeIndex = Int32(storeIndex)
    self.rank = rank
    kind = promotion.kind
    isStackable = promotion.isStackable
    repeats = promotion.repeats
    isTargeted = promotion.target != nil
    isForCustomerGroups = promotion.customerGroups != nil
    hasOneTarget = promotion.target.map { $0.skus.count + $0.categories.count == 1 } ?? false
    hasMinimumQuantity = promotion.minimumQuantity != nil
    minimumQuantity = promotion.minimumQuantity ?? 0
    maximumQuantity = promotion.maximumQuantity ?? .max
    self.minorDigits = Int8(minorDigits)
    hasMinimum = promotion.minimumAmount != nil
    minimumUnits = promotion.minimumAmount.map { Int64($0.unitsRoundedUp(atScale: minorDigits)) } ?? 0
    let none = DecimalNumber(significand: 0)
    if promotion.repeats, let step = promotion.minimumAmount, step.scale > minorDigits {
      fineStep = step
    } else {
      fineStep = none
    }
    func units(_ value: DecimalNumber, _ field: String) throws(UnpayableAmount) -> Int64 {
      guard let money = Money(value, minorDigits: minorDigits) else { throw UnpayableAmount(field: field) }
      return Int64(money.minorUnits)
    }
    benefit = promotion.benefit.kind
    var (percentage, sum, buy, get, acrossLines) = (Percentage.hundred, Int64(0), Int16(0), Int16(0), false)
    switch promotion.benefit {
    case .percentOff(let value): percentage = value
    case .amountOff(let value): sum = try units(value, "amountOff")
    case .fixedPrice(let value): sum = try units(value, "fixedPrice")
    case .buyGet(let terms):
      percentage = terms.percentOff
      (buy, get, acrossLines) = (Int16(terms.buy), Int16(terms.get), terms.acrossLines)
    }
    (self.percentage, sumUnits, self.buy, self.get, self.acrossLines) = (
      percentage, sum, buy, get, acrossLines
    )
    capUnits =
      try promotion.maximumDiscount.map { (value) throws(UnpayableAmount) in
        try units(value, "maximumDiscount")
      } ?? .max
  }

  /// The units got of `quantity` units by a buy/get: `floor(q / (buy + get)) × get`.
  private func discountedUnits(of quantity: Int64) -> Int64 {
    BuyGet.discountedUnits(of: quantity, buy: Int64(buy), get: Int64(get))
  }

  /// Its rate, in ten-thousandths of a percent.
  private var rate: Int64 { percentage.tenThousandths }

  /// The lines of `items` that `target` (the promotion's) takes in: every line without one.
  ///
  /// - Complexity: O(*L* *t*) for *L* lines and a target of *t* SKUs and categories.
  static func targetedLines(of items: [OrderItem], target: ItemTarget?) -> TargetedLines {
    guard let target else { return .every }
    var lines = TargetedLines.none(count: items.count)
    for (line, item) in items.enumerated() where target.matches(sku: item.sku, categories: item.categories) {
      lines.insert(line)
    }
    return lines
  }

  // MARK: Item deals

  /// What an item deal takes off one line of `quantity` units at `unitPrice` minor units
  /// on its own (not across lines): per unit, up to its unit limit.
  func lineDiscount(unitPrice: Int128, quantity: Int64) -> Int128 {
    let covered = min(quantity, maximumQuantity)
    switch benefit {
    case .percentOff: return Self.percentageOff(rate, of: RateArithmetic.product(unitPrice, covered))
    case .amountOff: return Self.perUnitOff(sum, unitPrice: unitPrice, units: covered)
    case .fixedPrice: return Self.fixedPriceOff(sum, unitPrice: unitPrice, units: covered)
    case .buyGet:
      let got = Self.gotAmount(
        unitPrice: unitPrice, quantity: quantity, buy: Int64(buy), get: Int64(get), limit: maximumQuantity)
      return Self.percentageOff(rate, of: got)
    }
  }

  /// Whether this item deal, priced line by line, takes at least as much as `other` off
  /// every line and wins a tie (a lower id), in every item stage `other` can be in: the
  /// same benefit (a buy/get of the same units), at least the rate or the sum off (at most
  /// the fixed price), at least the unit limit, stackable if `other` is, and for every
  /// customer. Then `other` is never the item deal of a line where this one is tried too.
  ///
  /// A lower fixed price (with at least the unit limit) outdoes whatever the ids: wherever
  /// `other` takes something off a line (its unit price above `other`'s fixed price), this
  /// one takes more off each of at least as many units, so no tie is left to the ids.
  func outdoes(_ other: DealTerms) -> Bool {
    guard isPricedLineByLine, other.isPricedLineByLine, !isForCustomerGroups,
      isStackable || !other.isStackable, maximumQuantity >= other.maximumQuantity
    else { return false }
    if benefit == .fixedPrice && other.benefit == .fixedPrice && sumUnits < other.sumUnits { return true }
    guard rank < other.rank else { return false }
    switch (benefit, other.benefit) {
    case (.percentOff, .percentOff): return rate >= other.rate
    case (.amountOff, .amountOff): return sumUnits >= other.sumUnits
    case (.fixedPrice, .fixedPrice): return sumUnits <= other.sumUnits
    case (.buyGet, .buyGet): return buy == other.buy && get == other.get && rate >= other.rate
    case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
    }
  }

  /// Whether this untargeted threshold or shipping deal, without a code, takes at least as
  /// much as `other` (of its kind, untargeted, without a code) in every plan `other` can be
  /// in, and wins a tie (a lower id): no higher minimums, the same benefit with no less off
  /// (or all of the shipping), no repeat, stackable if `other` is, for every customer. Every
  /// order that finds `other` finds this one too, and `other` is never in the best plan.
  func outdoesUntargeted(_ other: DealTerms) -> Bool {
    guard kind == other.kind, !isTargeted, !other.isTargeted, !isForCustomerGroups, rank < other.rank,
      isStackable || !other.isStackable, minimumUnits <= other.minimumUnits,
      minimumQuantity <= other.minimumQuantity, !repeats, !other.repeats
    else { return false }
    switch kind {
    case .threshold:
      switch (benefit, other.benefit) {
      case (.percentOff, .percentOff): return rate >= other.rate && capUnits >= other.capUnits
      case (.amountOff, .amountOff): return sumUnits >= other.sumUnits
      case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
      }
    case .shipping:
      switch (benefit, other.benefit) {
      case (.percentOff, _) where rate == Percentage.hundred.tenThousandths: return true
      case (.percentOff, .percentOff): return rate >= other.rate
      case (.amountOff, .amountOff): return sumUnits >= other.sumUnits
      case (.fixedPrice, .fixedPrice): return sumUnits <= other.sumUnits
      case (.percentOff, _), (.amountOff, _), (.fixedPrice, _), (.buyGet, _): return false
      }
    case .item, .discount: return false
    }
  }

  /// Those of `deals` that no other `outdoes`, nor one of `others`, which are tried wherever
  /// these are; by their fixed price (0 for another benefit), then their ids: a deal that
  /// outdoes another comes first (it has a lower id, or a lower fixed price), so each deal
  /// left out is outdone by one kept.
  ///
  /// - Complexity: O(*n* log *n* + *n* *k*) for *n* deals of which *k* are kept.
  static func unoutdone(
    _ deals: [DealTerms], by others: [DealTerms] = [],
    outdoes: (DealTerms, DealTerms) -> Bool = { $0.outdoes($1) }
  ) -> [DealTerms] {
    var kept: [DealTerms] = []
    for deal in deals.sorted(by: { ($0.fixedPriceUnits, $0.rank) < ($1.fixedPriceUnits, $1.rank) })
    where !kept.contains(where: { outdoes($0, deal) }) && !others.contains(where: { outdoes($0, deal) }) {
      kept.append(deal)
    }
    return kept
  }

  /// What an item deal takes off each line of `items` (0 for a line it does not target),
  /// `target` being the promotion's.
  ///
  /// - Complexity: O(*L* log *L*) for *L* lines.
  func lineDiscounts(_ items: [OrderItem], target: ItemTarget?) -> [Int128] {
    var discounts = [Int128](repeating: 0, count: items.count)
    forEachLineDiscount(items, targeted: Self.targetedLines(of: items, target: target)) { discounts[$0] = $1 }
    return discounts
  }

  /// Calls `body` with each line of `targeted` and what the item deal takes off it (0 or
  /// more); `cheapestFirst`, when given, is ``cheapestFirst(_:)`` of `items`.
  ///
  /// A buy/get across lines counts the units of all its lines together; the cheapest
  /// `floor(U / (buy + get)) × get` units (at most its unit limit) are got, ties going to
  /// the earlier line's units, and each line's share is rounded on its own.
  ///
  /// - Complexity: O(*L*), or O(*L* log *L*) across lines, for *L* lines.
  @inline(__always)
  func forEachLineDiscount(
    _ items: [OrderItem], targeted: TargetedLines, cheapestFirst: [Int]? = nil, _ body: (Int, Int128) -> Void
  ) {
    guard acrossLines else {
      // The two numbers of each line, not the line: copying it would retain its strings.
      targeted.forEach(count: items.count) {
        body($0, lineDiscount(unitPrice: items[$0].unitPrice.minorUnits, quantity: items[$0].quantity))
      }
      return
    }
    var units: Int64 = 0
    targeted.forEach(count: items.count) { units += items[$0].quantity }
    var got = min(discountedUnits(of: units), maximumQuantity)
    for index in cheapestFirst ?? Self.cheapestFirst(items) where got > 0 && targeted.contains(index) {
      let taken = min(got, items[index].quantity)
      got -= taken
      body(
        index, Self.percentageOff(rate, of: RateArithmetic.product(items[index].unitPrice.minorUnits, taken)))
    }
  }

  /// The lines of `items` from the lowest unit price up, ties in line order: the order in
  /// which a buy/get across lines gets units.
  ///
  /// - Complexity: O(*L* log *L*) for *L* lines.
  static func cheapestFirst(_ items: [OrderItem]) -> [Int] {
    items.indices.sorted {
      let (left, right) = (items[$0].unitPrice.minorUnits, items[$1].unitPrice.minorUnits)
      return left != right ? left < right : $0 < $1
    }
  }

  // MARK: Order deals

  /// What a discount or threshold takes off a base of `base` minor units over `units`
  /// units, or 0 when it does not apply there (a minimum not reached, nothing to take).
  func orderDiscount(base: Int128, units: Int64) -> Int128 {
    if base < minimum || units < minimumQuantity { return 0 }
    let taken: Int128
    switch benefit {
    case .percentOff:
      taken = Self.percentageOff(rate, of: base, cap: cap)
    case .amountOff:
      if repeats {
        let steps: Int128 =
          if !hasMinimum {
            Int128(units / minimumQuantity)
          } else if fineStep.isZero {
            base / minimum
          } else {
            Self.steps(of: fineStep, in: base, minorDigits: Int(minorDigits))
          }
        let (product, overflow) = steps.multipliedReportingOverflow(by: sum)
        taken = Self.sumOff(min(overflow ? .max : product, cap), of: base)
      } else {
        taken = Self.sumOff(sum, of: base)
      }
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
    return max(taken, 0)
  }

  /// Adds this discount or threshold to `bound`, which then bounds what it takes too.
  func include(in bound: inout TakenBound) {
    bound.minimum = min(bound.minimum, minimumUnits)
    bound.minimumQuantity = min(bound.minimumQuantity, minimumQuantity)
    switch benefit {
    case .percentOff: bound.rate = max(bound.rate, rate)
    case .amountOff:
      if !repeats {
        bound.sum = max(bound.sum, sumUnits)
      } else if capUnits != .max {
        bound.sum = max(bound.sum, capUnits)
      } else {
        bound.isUnbounded = true
      }
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// Whether ``orderDiscountBound(base:units:)`` is exactly what
  /// ``orderDiscount(base:units:)`` takes: for every discount and threshold but a
  /// repeating sum off (the two compute the same percentage, or the same sum off the base).
  var orderDiscountBoundIsExact: Bool { benefit == .percentOff || !repeats }

  /// At least what ``orderDiscount(base:units:)`` takes, found with less arithmetic: what
  /// it takes, but for a repeating threshold, its cap or the base.
  @inline(__always)
  func orderDiscountBound(base: Int128, units: Int64) -> Int128 {
    if base < minimum || units < minimumQuantity { return 0 }
    switch benefit {
    case .percentOff: return max(Self.percentageOff(rate, of: base, cap: cap), 0)
    case .amountOff: return max(min(repeats ? cap : sum, base), 0)
    case .fixedPrice, .buyGet: preconditionFailure("an order deal takes a percentage or a sum")
    }
  }

  /// `floor(base / step)`, exactly, for `base` in minor units and a step (a repeating
  /// threshold's `minimumAmount`, above 0) that may be finer than the currency; a count
  /// too large for 128 bits is given as the largest one.
  static func steps(of step: DecimalNumber, in base: Int128, minorDigits: Int) -> Int128 {
    if step.scale <= minorDigits { return base / step.unitsRoundedUp(atScale: minorDigits) }
    // base / (significand / 10^(scale - minorDigits)), by long division so that nothing
    // overflows: base = q × significand + r, and (r × 10^k) < significand × 10^18.
    let significand = Int128(step.significand)
    let power = Int128(DecimalNumber.powerOfTen(step.scale - minorDigits))
    let (whole, remainder) = base.quotientAndRemainder(dividingBy: significand)
    let (high, overflow) = whole.multipliedReportingOverflow(by: power)
    if overflow { return .max }
    let (total, carry) = high.addingReportingOverflow(remainder * power / significand)
    return carry ? .max : total
  }

  // MARK: Shipping deals

  /// What a shipping deal takes off shipping of `shipping` minor units on an order whose
  /// subtotal is `subtotal`; 0 when there is no shipping or the minimum is not reached.
  func shippingDiscount(shipping: Int128, subtotal: Int128) -> Int128 {
    guard shipping > 0 else { return 0 }
    if subtotal < minimum { return 0 }
    switch benefit {
    case .percentOff: return Self.percentageOff(rate, of: shipping)
    case .amountOff: return Self.sumOff(sum, of: shipping)
    case .fixedPrice: return Self.fixedPriceOff(sum, unitPrice: shipping, units: 1)
    case .buyGet: preconditionFailure("a shipping deal has no buy/get")
    }
  }
}

/// A bound on what some discounts and thresholds take off any base up to an amount,
/// gathered without an amount: the largest sum (or cap of a repeating threshold) and the
/// largest percentage among them, and the smallest minimums (amount and units) among them.
///
///     var bound = TakenBound()
///     terms.include(in: &bound)
///     bound.bound(upTo: 18_525)   // none of them takes more off a base of at most 185.25
///
/// - Complexity: O(1) for each question.
struct TakenBound: Sendable {
  /// The largest sum off, or cap of a repeating threshold, in minor units.
  var sum: Int64 = 0
  /// The largest percentage off, in ten-thousandths of a percent.
  var rate: Int64 = 0
  /// Whether one is a repeating threshold without a cap (which may take the whole base).
  var isUnbounded = false
  /// The smallest minimum amount among them, in minor units (0 when one has none;
  /// `Int64.max` when there is none of them).
  var minimum: Int64 = .max
  /// The smallest minimum of units among them (0 when one has none; `Int64.max` when
  /// there is none of them).
  var minimumQuantity: Int64 = .max

  /// Adds the deals of `other`.
  mutating func formUnion(_ other: TakenBound) {
    sum = max(sum, other.sum)
    rate = max(rate, other.rate)
    isUnbounded = isUnbounded || other.isUnbounded
    minimum = min(minimum, other.minimum)
    minimumQuantity = min(minimumQuantity, other.minimumQuantity)
  }

  /// At least what any of them takes off a base of at most `amount` minor units.
  func bound(upTo amount: Int128) -> Int128 {
    bound(upTo: amount, units: .max)
  }

  /// At least what any of them takes off a base of at most `amount` minor units over at
  /// most `units` units: nothing when the amount is below every one's minimum amount, or
  /// the units below every one's minimum of units (a deal takes nothing below either of
  /// its minimums, ``DealTerms/orderDiscount(base:units:)``).
  func bound(upTo amount: Int128, units: Int64) -> Int128 {
    if amount < Int128(minimum) || units < minimumQuantity { return 0 }
    if isUnbounded { return amount }
    return min(amount, max(Int128(sum), DealTerms.percentageOff(rate, of: amount)))
  }
}

/// Bounds on what the order deals of one order (or some of them) take: of every one, of
/// the stackable discounts, and of the stackable thresholds; and the lowest rank of the
/// stackable discounts.
struct OrderStageBounds: Sendable {
  /// Of every discount and threshold.
  var any = TakenBound()
  /// Of the stackable discounts, and of the stackable thresholds.
  var stackableDiscounts = TakenBound()
  var stackableThresholds = TakenBound()
  /// The lowest rank of the ids of the stackable discounts (`Int32.max` without one).
  var lowestStackableDiscountRank = Int32.max

  /// Adds `terms`, a discount or threshold.
  mutating func include(_ terms: DealTerms) {
    terms.include(in: &any)
    guard terms.isStackable else { return }
    switch terms.kind {
    case .discount:
      terms.include(in: &stackableDiscounts)
      lowestStackableDiscountRank = min(lowestStackableDiscountRank, terms.rank)
    case .threshold: terms.include(in: &stackableThresholds)
    case .item, .shipping: break
    }
  }

  /// Adds the deals of `other`.
  mutating func formUnion(_ other: OrderStageBounds) {
    any.formUnion(other.any)
    stackableDiscounts.formUnion(other.stackableDiscounts)
    stackableThresholds.formUnion(other.stackableThresholds)
    lowestStackableDiscountRank = min(lowestStackableDiscountRank, other.lowestStackableDiscountRank)
  }
}
