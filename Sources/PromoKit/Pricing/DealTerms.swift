/// One working promotion of an order, its amounts in the order's minor units: what each
/// kind takes off, and when it applies (docs/FORMAT.md), defined once for the exact plan
/// search of every store (``ExactPlanSearch``).
///
///     let terms = try DealTerms(promotion, storeIndex: 3, rank: 1, minorDigits: 2)
///     terms.orderDiscount(base: 18_525, units: 4)   // what a discount or threshold takes
///
/// This file holds the stored terms and how a promotion becomes them. Each benefit has a
/// file of its own in `Pricing/Benefits/` (what it takes off, how it bounds what a set of
/// deals takes, when it takes at least what another of its kind takes):
/// `PercentageOff.swift`, `SumOff.swift`, `RepeatingSumOff.swift`, `FixedPrice.swift`,
/// `BuyGetOff.swift`. Each kind of deal asks them in a file of its own: item deals
/// (`DealTerms+ItemDeals.swift`), discounts and thresholds (`DealTerms+OrderDeals.swift`),
/// shipping deals (`DealTerms+ShippingDeals.swift`), and which deal outdoes which
/// (`DealTerms+Outdoing.swift`, the one dominance rule).
///
/// The terms are a plain value, prepared once per store (``ExactCandidates``): an order's
/// search reads those that can matter to it from one contiguous array, and copying them
/// copies their bytes, counting no reference. Their one reference, ``extras`` (`nil` for
/// every deal but a tier ladder, a buy/get with a get target and a repeating threshold
/// with a step finer than the currency), is not counted: whoever makes terms keeps their
/// extras (`extrasKept`) for as long as the terms are used. What a deal targets stays with
/// its promotion (``targetedLines(of:target:)``).
///
/// - Complexity: each question is O(1).
struct DealTerms: Sendable, BitwiseCopyable {
  // Small fields only, what pricing reads most first: a deal is about 80 bytes, so that
  // the candidates of an order fit in a few cache lines each.
  /// Its minimum amount in minor units, rounded up (exact for every amount the currency
  /// holds); 0 without one.
  let minimumUnits: Int64
  /// Its fixed sum (`amountOff`, `fixedPrice`) in minor units; 0 without one.
  let sumUnits: Int64
  /// Its cap in minor units; `Int64.max` without one (every amount is at most 10^12, so
  /// 10^15 minor units at the most).
  let capUnits: Int64
  /// Its minimum of units; 0 without one.
  let minimumQuantity: Int64
  /// Its limit of units per line (or got across lines); `Int64.max` without one.
  let maximumQuantity: Int64
  /// Its percentage (`percentOff`, or the one a buy/get takes off the units got); 100%
  /// for the other benefits, which do not read it.
  private let percentage: Percentage
  /// A repeating threshold's step by amount (its `minimumAmount`) when that is finer than
  /// the currency; 0 otherwise (the step is then ``minimum``). Kept with the extras: few
  /// deals have one.
  var fineStep: DecimalNumber { extras?.fineStep ?? DecimalNumber(significand: 0) }
  /// The rank of its id among the store's ids.
  let rank: Int32
  /// Its position in the catalog.
  let storeIndex: Int32
  /// A buy/get's units bought and got; 0 for the other benefits.
  let buy: Int16
  let get: Int16
  /// What it takes off, without the amounts (kept above): the model's one list of kinds.
  let benefit: Benefit.Kind
  /// Its kind.
  let kind: PromotionKind
  /// The minor digits of the amounts.
  let minorDigits: Int8
  /// Whether it may combine with promotions of every class (``combines``).
  let isStackable: Bool
  /// The classes of promotions it may be applied with (store format 4's `combinesWith`;
  /// every class when stackable, none otherwise).
  let combines: PromotionClasses
  /// A discount's or threshold's layer, 1–9 (0 for the other kinds).
  let layer: Int8
  /// Whether a discount or threshold leaves out the lines that took an item deal.
  let excludesDiscountedLines: Bool
  /// How its percentages are rounded (the store's rule).
  let rounding: PercentageRounding
  /// Whether it is a repeating threshold.
  let repeats: Bool
  /// Whether it is an item deal worked out on the units of all its lines together (a
  /// buy/get across lines or with a get target, a bundle, a single price with a limit of
  /// units across lines).
  let acrossLines: Bool
  /// Whether it acts only on the lines it targets.
  let isTargeted: Bool
  /// Whether it has a minimum amount.
  let hasMinimum: Bool
  /// Whether it has a minimum of units.
  let hasMinimumQuantity: Bool
  /// Whether it is only for customers of some groups.
  let isForCustomerGroups: Bool
  /// Whether it targets one SKU or one category, no more: an order finds it through one of
  /// its SKUs or categories at most.
  let hasOneTarget: Bool
  /// What store format 4 adds to a few deals (tiers, a get target) and a repeating
  /// threshold's fine step; `nil` for every other deal. Not counted (so that a copy of
  /// the terms is a copy of bytes): the `extrasKept` given to
  /// ``init(_:storeIndex:rank:minorDigits:rounding:keepingExtrasIn:)`` holds it, and must
  /// outlive these terms.
  private let extrasReference: Unmanaged<DealExtras>?
  /// The extras (``extrasReference``).
  var extras: DealExtras? { extrasReference?.takeUnretainedValue() }

  /// `body` of the extras, which it reads in place (no reference counted); `nil` without.
  @inline(__always)
  func withExtras<Result>(_ body: (DealExtras) -> Result) -> Result? {
    extrasReference?._withUnsafeGuaranteedRef(body)
  }

  /// Whether it needs the layered search (store format 4): it combines with some classes
  /// only, leaves out the lines on sale, or stands in a layer of its own choosing.
  var needsLayeredSearch: Bool {
    Self.needLayeredSearch(kind: kind, combines: combines, excludesDiscountedLines, layer: Int(layer))
  }

  /// Whether terms of `kind`, combining with `combines`, leaving out the lines on sale when
  /// `excludesDiscountedLines`, in `layer` (0 for an item or shipping deal) need the
  /// layered search: the rule of ``needsLayeredSearch`` and ``Promotion/needsLayeredSearch``.
  static func needLayeredSearch(
    kind: PromotionKind, combines: PromotionClasses, _ excludesDiscountedLines: Bool, layer: Int
  ) -> Bool {
    (combines != .all && combines != .none) || excludesDiscountedLines
      || (kind.actsOnOrder && layer != kind.defaultLayer ?? 0)
  }

  /// Whether it is an item deal that prices each line on its own (not a buy/get across
  /// lines): what it takes off a line depends on that line alone.
  var isPricedLineByLine: Bool { kind == .item && !acrossLines }

  /// Its minimum amount in minor units; 0 without one.
  var minimum: Int128 { Int128(minimumUnits) }
  /// Its fixed sum in minor units; 0 without one.
  var sum: Int128 { Int128(sumUnits) }
  /// Its cap in minor units; `Int128.max` without one.
  var cap: Int128 { capUnits == .max ? .max : Int128(capUnits) }

  /// The terms of `promotion` in `minorDigits`, or ``UnpayableAmount`` naming an amount the
  /// currency cannot hold. Their ``extras``, when they have any, are appended to
  /// `extrasKept`, which the caller keeps for as long as it uses the terms. The promotion
  /// is borrowed: an initialiser's parameter is otherwise its own copy, each of the
  /// promotion's strings and boxes retained and released again.
  init(
    _ promotion: borrowing Promotion, storeIndex: Int, rank: Int32, minorDigits: Int,
    rounding: PercentageRounding = .halfUp, keepingExtrasIn extrasKept: inout [DealExtras]
  ) throws(UnpayableAmount) {
    self.storeIndex = Int32(storeIndex)
    self.rank = rank
    kind = promotion.kind
    isStackable = promotion.isStackable
    combines = promotion.combinesWith
    layer = Int8(promotion.layer ?? 0)
    excludesDiscountedLines = promotion.excludesDiscountedLines
    self.rounding = rounding
    repeats = promotion.repeats
    isTargeted = promotion.target != nil
    isForCustomerGroups = promotion.customerGroups != nil
    hasOneTarget = promotion.target.map { $0.skus.count + $0.categories.count == 1 } ?? false
    // A threshold with tiers applies from its first tier: that is its minimum.
    let (testedAmount, testedQuantity) = (promotion.testedMinimumAmount, promotion.testedMinimumQuantity)
    hasMinimumQuantity = testedQuantity != nil
    minimumQuantity = testedQuantity ?? 0
    maximumQuantity = promotion.maximumQuantity ?? .max
    self.minorDigits = Int8(minorDigits)
    hasMinimum = testedAmount != nil
    minimumUnits = testedAmount.map { Int64($0.unitsRoundedUp(atScale: minorDigits)) } ?? 0
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
      (buy, get) = (Int16(terms.buy), Int16(terms.get))
    case .bundle(let bundle):
      // A bundle's quantity where a buy/get keeps its units bought; its price as a sum.
      (buy, sum) = (Int16(bundle.quantity), try units(bundle.price, "bundle.price"))
    case .tiers, .gift: break
    }
    acrossLines =
      promotion.kind == .item && (promotion.countsAcrossLines || promotion.benefit.kind == .bundle)
    let extras = try DealExtras.of(promotion, minorDigits: minorDigits)
    if let extras { extrasKept.append(extras) }
    extrasReference = extras.map { Unmanaged.passUnretained($0) }
    (self.percentage, sumUnits, self.buy, self.get, self.acrossLines) = (
      percentage, sum, buy, get, acrossLines
    )
    capUnits =
      try promotion.maximumDiscount.map { (value) throws(UnpayableAmount) in
        try units(value, "maximumDiscount")
      } ?? .max
  }

  /// Its rate, in ten-thousandths of a percent.
  var rate: Int64 { percentage.tenThousandths }
}

extension Promotion {
  /// Whether the terms of the promotion need the layered search (``DealTerms/needsLayeredSearch``),
  /// known without making them.
  var needsLayeredSearch: Bool {
    DealTerms.needLayeredSearch(
      kind: kind, combines: combinesWith, excludesDiscountedLines, layer: layer ?? 0)
  }
}
