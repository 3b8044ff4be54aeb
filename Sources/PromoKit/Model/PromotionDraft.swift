/// A promotion being written: every part optional and unchecked, as a store file or the
/// command line gives it. ``promotion(currency:)`` checks it against the rules and builds
/// the ``Promotion``; ``violations(currency:)`` lists every rule it breaks.
///
/// `promo update` edits a draft of the stored promotion and builds it again, so flags and
/// files are checked by the same rules:
///
///     var draft = PromotionDraft(existing)
///     draft.percentOff = DecimalNumber(significand: 25)
///     let updated = try draft.promotion(currency: catalog.currency)
public struct PromotionDraft: Sendable, Hashable {
  /// A target as written: either list may be missing.
  public struct Target: Sendable, Hashable {
    /// The SKUs, if given.
    public var skus: [String]?
    /// The categories, if given.
    public var categories: [String]?

    /// Creates a target draft.
    public init(skus: [String]? = nil, categories: [String]? = nil) {
      self.skus = skus
      self.categories = categories
    }

    /// The draft of `target`, an empty list left out.
    public init(_ target: ItemTarget) {
      self.init(skus: target.skus.nilIfEmpty, categories: target.categories.nilIfEmpty)
    }
  }

  /// The id.
  public var id: String?
  /// The name.
  public var name: String?
  /// The kind.
  public var kind: PromotionKind?
  /// The coupon code.
  public var code: String?
  /// The customer groups it is for.
  public var customerGroups: [String]?
  /// The target.
  public var target: Target?
  /// The minimum amount of a threshold or shipping deal.
  public var minimumAmount: DecimalNumber?
  /// The minimum number of units of a threshold.
  public var minimumQuantity: Int64?
  /// Whether a threshold repeats for every full minimum.
  public var repeats = false
  /// Whether a buy-get counts the units of all its lines together.
  public var acrossLines = false
  /// The `buy` count of a buy-get.
  public var buy: Int64?
  /// The `get` count of a buy-get.
  public var get: Int64?
  /// A percentage off (also the discount of the units got in a buy-get).
  public var percentOff: DecimalNumber?
  /// A fixed sum off.
  public var amountOff: DecimalNumber?
  /// A fixed price per unit.
  public var fixedPrice: DecimalNumber?
  /// The cap of a percentage (or of a repeating threshold).
  public var maximumDiscount: DecimalNumber?
  /// The most units per line an item deal covers.
  public var maximumQuantity: Int64?
  /// The start of the window.
  public var startsAt: Timestamp?
  /// The end of the window.
  public var endsAt: Timestamp?
  /// The merchant's switch.
  public var isActive = true
  /// Whether it combines with other stages.
  public var isStackable = false
  /// The classes it combines with, as written (store format 4's `combinesWith`); `nil`
  /// when it says it with ``isStackable``.
  public var combinesWith: [PromotionClass]?
  /// The layer of a discount or threshold, as written (store format 4).
  public var layer: Int?
  /// The lines whose units a buy/get gets (store format 4).
  public var getTarget: Target?
  /// Whether a discount or threshold leaves out the lines that took an item deal (store
  /// format 4's `excludeDiscountedLines`).
  public var excludesDiscountedLines = false
  /// The terms of a bundle, as written (store format 4).
  public var bundle: BundleTerms?
  /// The tiers of a threshold, as written (store format 4).
  public var tiers: [TierTerms]?
  /// The goods of a gift promotion, as written (store format 4).
  public var gift: GiftTerms?

  /// An empty draft: active, not stackable, nothing else set.
  public init() {}

  /// A draft of `promotion`, to change and build again.
  public init(_ promotion: Promotion) {
    id = promotion.id
    name = promotion.name
    kind = promotion.kind
    code = promotion.code
    customerGroups = promotion.customerGroups?.names
    target = promotion.target.map(Target.init)
    getTarget = promotion.getTarget.map(Target.init)
    layer = promotion.writtenLayer
    excludesDiscountedLines = promotion.excludesDiscountedLines
    minimumAmount = promotion.minimumAmount
    minimumQuantity = promotion.minimumQuantity
    repeats = promotion.repeats
    benefit = promotion.benefit
    maximumDiscount = promotion.maximumDiscount
    maximumQuantity = promotion.maximumQuantity
    startsAt = promotion.startsAt
    endsAt = promotion.endsAt
    isActive = promotion.isActive
    if promotion.combinesWithIsWritten {
      combinesWith = promotion.combinesWith.classes
    } else {
      isStackable = promotion.isStackable
    }
    acrossLines = promotion.acrossLines
  }

  /// The benefit fields as one value: setting it clears the benefit fields it does not use
  /// (``acrossLines`` is part of a buy-get).
  public var benefit: Benefit? {
    get {
      if let gift { return gift.goods.map(Benefit.gift) }
      if let tiers { return TierTerms.ladder(of: tiers).map(Benefit.tiers) }
      if let bundle { return bundle.terms.map(Benefit.bundle) }
      if let buy, let get {
        let percentage = percentOff.flatMap { try? Percentage($0) } ?? .hundred
        return (try? BuyGet(buy: buy, get: get, percentOff: percentage, acrossLines: acrossLines)).map(
          Benefit.buyGet)
      }
      if let percentOff { return (try? Percentage(percentOff)).map(Benefit.percentOff) }
      if let amountOff { return .amountOff(amountOff) }
      if let fixedPrice { return .fixedPrice(fixedPrice) }
      return nil
    }
    set {
      (buy, get, percentOff, amountOff, fixedPrice) = (nil, nil, nil, nil, nil)
      (bundle, tiers, gift) = (nil, nil, nil)
      acrossLines = false
      switch newValue {
      case .percentOff(let percentage): percentOff = percentage.decimal
      case .amountOff(let amount): amountOff = amount
      case .fixedPrice(let price): fixedPrice = price
      case .buyGet(let terms):
        buy = terms.buy
        get = terms.get
        acrossLines = terms.acrossLines
        if terms.percentOff != .hundred { percentOff = terms.percentOff.decimal }
      case .bundle(let terms): bundle = BundleTerms(terms)
      case .tiers(let ladder): tiers = ladder.tiers.map(TierTerms.init)
      case .gift(let goods): gift = GiftTerms(goods)
      case nil: break
      }
    }
  }

  /// The promotion, or the first rule the draft breaks.
  ///
  /// With a `currency`, amounts may have no more decimal places than it has (without one,
  /// the default of 2 applies; pass `nil` to skip that check, as ``Promotion/init(id:name:kind:code:target:benefit:minimumAmount:maximumDiscount:startsAt:endsAt:isActive:isStackable:)``
  /// does).
  public func promotion(currency: Currency??) throws(PromotionRuleError) -> Promotion {
    if let first = violations(currency: currency).first { throw first }
    let target = try self.target.map { draft throws(PromotionRuleError) in
      try ItemTarget(skus: draft.skus, categories: draft.categories)
    }
    let getTarget = try self.getTarget.map { draft throws(PromotionRuleError) in
      try ItemTarget(skus: draft.skus, categories: draft.categories)
    }
    let groups = try customerGroups.map { names throws(PromotionRuleError) in try CustomerGroups(names) }
    return Promotion(
      checked: self, benefit: benefit!, target: target, customerGroups: groups, getTarget: getTarget)
  }

  /// Every rule the draft breaks, in the store's key order, one per field at most.
  ///
  /// `currency` is the store's: `.some(nil)` for a store without one (amounts then have at
  /// most 2 decimal places), `nil` to leave decimal places unchecked.
  ///
  /// - Complexity: O(*t*) for *t* entries in the target.
  public func violations(currency: Currency??) -> [PromotionRuleError] {
    var found: [PromotionRuleError] = []
    if let id {
      if !Promotion.isValidID(id) { found.append(.invalidID(id)) }
    } else {
      found.append(.missingField("id"))
    }
    if kind == nil { found.append(.missingField("kind")) }
    if let code, !CouponCode.isValid(code) { found.append(.invalidCode(code)) }
    if let customerGroups, let problem = CustomerGroups.problem(in: customerGroups) {
      found.append(.invalidCustomerGroups(problem))
    }
    checkTarget(into: &found)
    checkMinimum(currency: currency, into: &found)
    checkBenefit(currency: currency, into: &found)
    checkMaximumDiscount(currency: currency, into: &found)
    checkQuantityLimit(into: &found)
    checkFormat4(into: &found)
    if let startsAt, let endsAt, startsAt.instant >= endsAt.instant {
      found.append(.windowBackwards(startsAt: startsAt, endsAt: endsAt))
    }
    return found
  }

  private func checkTarget(into found: inout [PromotionRuleError]) {
    guard let target, let kind else { return }
    guard kind != .shipping else {
      found.append(.targetNotAllowed(kind))
      return
    }
    if target.skus == nil && target.categories == nil {
      found.append(.emptyTarget)
      return
    }
    // (Each list on its own, without a list of them: this runs for every targeted promotion.)
    if let skus = target.skus, let problem = ItemTarget.problem(in: skus) {
      found.append(.invalidTargetList(field: "skus", problem))
    }
    if let categories = target.categories, let problem = ItemTarget.problem(in: categories) {
      found.append(.invalidTargetList(field: "categories", problem))
    }
  }

  /// The minimums of a threshold (an amount, a quantity, or both) and of a shipping deal
  /// (an amount), and the terms of a repeating threshold.
  private func checkMinimum(currency: Currency??, into found: inout [PromotionRuleError]) {
    guard let kind else { return }
    if tiers != nil && kind == .threshold {
      checkWithTiers(into: &found)
      return
    }
    if let minimumAmount {
      if kind == .threshold || kind == .shipping || kind == .gift {
        // A minimum may be finer than the currency: the comparison, and the count of
        // steps of a repeating threshold, stay exact.
        if let problem = Self.amountProblem("minimumAmount", minimumAmount, allowsZero: true, currency: nil) {
          found.append(problem)
        }
      } else {
        found.append(.minimumNotAllowed(kind))
      }
    }
    if let minimumQuantity {
      if kind != .threshold && kind != .gift {
        found.append(.minimumQuantityNotAllowed(kind))
      } else if !Promotion.allowedQuantities.contains(minimumQuantity) {
        found.append(.quantityOutOfRange(field: "minimumQuantity", minimumQuantity))
      }
    }
    if kind == .threshold && minimumAmount == nil && minimumQuantity == nil { found.append(.missingMinimum) }
    guard repeats else { return }
    if kind != .threshold {
      found.append(.repeatNotAllowed(kind))
    } else if amountOff == nil {
      found.append(.repeatNeedsAmountOff)
    } else if minimumAmount != nil && minimumQuantity != nil {
      found.append(.repeatNeedsOneMinimum)
    } else if let minimumAmount, minimumAmount.isZero {
      found.append(.repeatNeedsPositiveMinimum)
    } else if let minimumAmount, let currency, minimumAmount.scale > currency.minorDigits {
      // The step of a repeat is counted in whole minor units of the currency.
      found.append(.repeatStepTooPrecise(minimumAmount, currency: currency))
    }
  }

  /// A cap is for a percentage off an order, or for a repeating threshold.
  private func checkMaximumDiscount(currency: Currency??, into found: inout [PromotionRuleError]) {
    guard let maximumDiscount, let kind else { return }
    let capsPercentage = kind.actsOnOrder && percentOff != nil && amountOff == nil && buy == nil
    let capsRepeats = kind == .threshold && repeats && amountOff != nil
    let capsTiers = kind == .threshold && tiers != nil
    if !capsPercentage && !capsRepeats && !capsTiers {
      found.append(.maximumDiscountNotAllowed)
    } else if let problem = Self.amountProblem(
      "maximumDiscount", maximumDiscount, allowsZero: false, currency: currency)
    {
      found.append(problem)
    }
  }

  /// A buy-get across lines and a limit of units are for item deals.
  private func checkQuantityLimit(into found: inout [PromotionRuleError]) {
    guard let kind else { return }
    if acrossLines {
      let single = percentOff != nil || amountOff != nil || fixedPrice != nil
      if kind != .item || bundle != nil || (buy == nil && get == nil && !single) {
        found.append(.acrossLinesNotAllowed)
      } else if buy == nil && get == nil && maximumQuantity == nil {
        found.append(.acrossLinesNeedsMaximumQuantity)
      }
    }
    guard let maximumQuantity else { return }
    if kind != .item {
      found.append(.maximumQuantityNotAllowed(kind))
    } else if !Promotion.allowedQuantities.contains(maximumQuantity) {
      found.append(.quantityOutOfRange(field: "maximumQuantity", maximumQuantity))
    }
  }

  private func checkBenefit(currency: Currency??, into found: inout [PromotionRuleError]) {
    if checkFormat4Benefit(currency: currency, into: &found) { return }
    let isBuyGet = buy != nil || get != nil
    if let kind, kind != .item {
      // (Fields told apart in key order, without a list: this runs for every promotion read.)
      let misplaced =
        fixedPrice != nil && kind != .shipping ? "fixedPrice" : buy != nil ? "buy" : get != nil ? "get" : nil
      if let misplaced {
        found.append(.benefitNotForKind(field: misplaced, kind))
        return
      }
    }
    // The first two benefits given, in key order; a percentage belongs to a buy-get when
    // there is one.
    var (first, second): (String?, String?) = (nil, nil)
    func note(_ field: String, given: Bool) {
      guard given else { return }
      if first == nil { first = field } else if second == nil { second = field }
    }
    note("buy", given: isBuyGet)
    note("bundle", given: bundle != nil)
    note("percentOff", given: percentOff != nil && !isBuyGet)
    note("amountOff", given: amountOff != nil)
    note("fixedPrice", given: fixedPrice != nil)
    if let first, let second {
      found.append(.conflictingBenefits(first: first, second: second))
      return
    }
    if first == nil {
      if let kind { found.append(.missingBenefit(kind)) }
      return
    }
    if isBuyGet {
      checkBuyGetCount("buy", buy, into: &found)
      checkBuyGetCount("get", get, into: &found)
    }
    if let bundle { bundle.check(currency: currency, into: &found) }
    if let percentOff {
      if let problem = Self.percentProblem("percentOff", percentOff) { found.append(problem) }
    }
    if let amountOff,
      let problem = Self.amountProblem("amountOff", amountOff, allowsZero: false, currency: currency)
    {
      found.append(problem)
    }
    if let fixedPrice,
      let problem = Self.amountProblem("fixedPrice", fixedPrice, allowsZero: true, currency: currency)
    {
      found.append(problem)
    }
  }

  /// A buy-get's count `field`: given, and in range.
  private func checkBuyGetCount(_ field: String, _ value: Int64?, into found: inout [PromotionRuleError]) {
    guard let value else {
      found.append(.incompleteBuyGet(missing: field))
      return
    }
    if !BuyGet.allowedCounts.contains(value) { found.append(.countOutOfRange(field: field, value)) }
  }

  static func percentProblem(_ field: String, _ value: DecimalNumber) -> PromotionRuleError? {
    do throws(PromotionRuleError) {
      _ = try Percentage(value)
      return nil
    } catch .percentOutOfRange {
      return .percentOutOfRange(field: field, value)
    } catch {
      return .percentTooPrecise(field: field, value)
    }
  }

  /// The first problem of an amount: its sign, its size, then its decimal places.
  static func amountProblem(
    _ field: String, _ value: DecimalNumber, allowsZero: Bool, currency: Currency??
  ) -> PromotionRuleError? {
    if value.isNegative || (!allowsZero && value.isZero) {
      return .amountTooSmall(field: field, value, allowsZero: allowsZero)
    }
    if Promotion.maximumAmount < value { return .amountTooLarge(field: field, value) }
    if let currency, value.scale > currency.minorDigits {
      return .tooManyDecimalPlaces(field: field, value, currency: currency)
    }
    return nil
  }
}

extension Array {
  /// The array, or `nil` when it is empty.
  var nilIfEmpty: [Element]? { isEmpty ? nil : self }
}
