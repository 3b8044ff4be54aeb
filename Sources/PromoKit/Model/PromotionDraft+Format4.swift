// The parts store format 4 added to a draft (bundle, tiers, gift) and the rules that
// check them.

extension PromotionDraft {
  /// A bundle as written: either part may be missing.
  public struct BundleTerms: Sendable, Hashable {
    /// The units in one group, if given.
    public var quantity: Int64?
    /// What one group costs, if given.
    public var price: DecimalNumber?

    /// Creates a bundle draft.
    public init(quantity: Int64? = nil, price: DecimalNumber? = nil) {
      self.quantity = quantity
      self.price = price
    }

    /// The draft of `terms`.
    public init(_ terms: BundlePrice) {
      self.init(quantity: terms.quantity, price: terms.price)
    }

    /// The terms, when they break no rule (the currency aside).
    var terms: BundlePrice? {
      guard let quantity, let price else { return nil }
      return try? BundlePrice(quantity: quantity, price: price)
    }

    /// Appends the rules the bundle breaks.
    func check(currency: Currency??, into found: inout [PromotionRuleError]) {
      if let quantity {
        if !BundlePrice.allowedQuantities.contains(quantity) {
          found.append(.bundleQuantityOutOfRange(quantity))
        }
      } else {
        found.append(.missingField("bundle.quantity"))
      }
      if let price {
        if let problem = PromotionDraft.amountProblem(
          "bundle.price", price, allowsZero: true, currency: currency)
        {
          found.append(problem)
        }
      } else {
        found.append(.missingField("bundle.price"))
      }
    }
  }

  /// One tier as written: any key may be missing.
  public struct TierTerms: Sendable, Hashable {
    /// Its least amount, if given.
    public var minimumAmount: DecimalNumber?
    /// Its least units, if given.
    public var minimumQuantity: Int64?
    /// Its percentage off, if given.
    public var percentOff: DecimalNumber?
    /// Its sum off, if given.
    public var amountOff: DecimalNumber?

    /// Creates a tier draft.
    public init(
      minimumAmount: DecimalNumber? = nil, minimumQuantity: Int64? = nil, percentOff: DecimalNumber? = nil,
      amountOff: DecimalNumber? = nil
    ) {
      self.minimumAmount = minimumAmount
      self.minimumQuantity = minimumQuantity
      self.percentOff = percentOff
      self.amountOff = amountOff
    }

    /// The draft of `tier`.
    public init(_ tier: Tier) {
      switch tier.minimum {
      case .amount(let amount): minimumAmount = amount
      case .quantity(let units): minimumQuantity = units
      }
      switch tier.benefit {
      case .percentOff(let percentage): percentOff = percentage.decimal
      case .amountOff(let amount): amountOff = amount
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break
      }
    }

    /// The tier, when it has one minimum and one valid benefit.
    var tier: Tier? {
      let minimum: TierMinimum
      switch (minimumAmount, minimumQuantity) {
      case (let amount?, nil): minimum = .amount(amount)
      case (nil, let units?): minimum = .quantity(units)
      default: return nil
      }
      switch (percentOff, amountOff) {
      case (let percent?, nil):
        return (try? Percentage(percent)).map { Tier(minimum: minimum, benefit: .percentOff($0)) }
      case (nil, let amount?): return Tier(minimum: minimum, benefit: .amountOff(amount))
      default: return nil
      }
    }

    /// The ladder of `tiers`, when it breaks no rule (the currency aside).
    static func ladder(of tiers: [TierTerms]) -> TierLadder? {
      let built = tiers.compactMap(\.tier)
      guard built.count == tiers.count else { return nil }
      return try? TierLadder(built)
    }

    /// Appends the rules `tiers` break, at most one per tier.
    ///
    /// - Complexity: O(*t*) for *t* tiers.
    static func check(_ tiers: [TierTerms], currency: Currency??, into found: inout [PromotionRuleError]) {
      guard TierLadder.allowedCounts.contains(tiers.count) else {
        found.append(.tierCountOutOfRange(tiers.count))
        return
      }
      var previous: TierMinimum?
      for (index, terms) in tiers.enumerated() {
        if let problem = terms.problem(index: index, after: previous, currency: currency) {
          found.append(problem)
          previous = nil
        } else {
          previous = terms.tier?.minimum
        }
      }
    }

    /// The first rule this tier (at `index`, after a tier whose minimum is `previous`)
    /// breaks.
    private func problem(index: Int, after previous: TierMinimum?, currency: Currency??)
      -> PromotionRuleError?
    {
      let path = "tiers[\(index)]."
      guard (minimumAmount == nil) != (minimumQuantity == nil) else {
        return .tierNeedsOneMinimum(index: index)
      }
      if let minimumAmount,
        let problem = PromotionDraft.amountProblem(
          path + "minimumAmount", minimumAmount, allowsZero: false, currency: nil)
      {
        return problem
      }
      if let minimumQuantity, !Promotion.allowedQuantities.contains(minimumQuantity) {
        return .quantityOutOfRange(field: path + "minimumQuantity", minimumQuantity)
      }
      guard (percentOff == nil) != (amountOff == nil) else { return .tierNeedsOneBenefit(index: index) }
      if let percentOff, let problem = PromotionDraft.percentProblem(path + "percentOff", percentOff) {
        return problem
      }
      if let amountOff,
        let problem = PromotionDraft.amountProblem(
          path + "amountOff", amountOff, allowsZero: false, currency: currency)
      {
        return problem
      }
      guard let previous, let minimum = tier?.minimum else { return nil }
      if minimum.measure != previous.measure {
        return .tierMinimumsMixed(index: index, expected: previous.key)
      }
      if !(previous < minimum) { return .tierNotIncreasing(index: index, field: minimum.key) }
      return nil
    }
  }

  /// The goods of a gift as written: any key may be missing.
  public struct GiftTerms: Sendable, Hashable {
    /// The SKU granted, if given.
    public var sku: String?
    /// The units granted, if given.
    public var quantity: Int64?
    /// What the goods are called, if given.
    public var name: String?

    /// Creates a gift draft.
    public init(sku: String? = nil, quantity: Int64? = nil, name: String? = nil) {
      self.sku = sku
      self.quantity = quantity
      self.name = name
    }

    /// The draft of `goods`.
    public init(_ goods: GiftGoods) {
      self.init(sku: goods.sku, quantity: goods.quantity, name: goods.name)
    }

    /// The goods, when they break no rule.
    var goods: GiftGoods? {
      guard let sku, let quantity else { return nil }
      return try? GiftGoods(sku: sku, quantity: quantity, name: name)
    }

    /// Appends the rules the goods break.
    func check(into found: inout [PromotionRuleError]) {
      if let sku {
        if !GiftGoods.isValidSKU(sku) { found.append(.invalidGiftSKU(sku)) }
      } else {
        found.append(.missingField("gift.sku"))
      }
      if let quantity {
        if !GiftGoods.allowedQuantities.contains(quantity) { found.append(.giftQuantityOutOfRange(quantity)) }
      } else {
        found.append(.missingField("gift.quantity"))
      }
    }
  }

  /// Whether the draft has any part store format 4 added (the store's fast path then
  /// leaves it to ``promotion(currency:)``, the model's own rules).
  package var hasFormat4Parts: Bool {
    combinesWith != nil || layer != nil || getTarget != nil || excludesDiscountedLines || bundle != nil
      || tiers != nil || gift != nil || kind == .gift
  }

  /// The rules of format 4's switches: how it combines, its layer, leaving out lines on
  /// sale, the get target, and a bundle's unit limit.
  func checkFormat4(into found: inout [PromotionRuleError]) {
    guard let kind else { return }
    if let combinesWith {
      if kind == .gift {
        found.append(.combinationOnGift(field: "combinesWith"))
      } else if isStackable {
        found.append(.combinesWithAndStackable)
      } else if combinesWith.isEmpty {
        found.append(.combinesWithEmpty)
      } else if let twice = combinesWith.enumerated().first(where: {
        combinesWith[..<$0.offset].contains($0.element)
      }) {
        found.append(.combinesWithDuplicate(twice.element))
      }
    } else if isStackable && kind == .gift {
      found.append(.combinationOnGift(field: "stackable"))
    }
    if let layer {
      if !kind.actsOnOrder {
        found.append(.layerNotAllowed(kind))
      } else if !Promotion.allowedLayers.contains(layer) {
        found.append(.layerOutOfRange(layer))
      }
    }
    if excludesDiscountedLines && !kind.actsOnOrder { found.append(.excludeDiscountedLinesNotAllowed(kind)) }
    if let getTarget {
      if kind != .item || (buy == nil && get == nil) {
        found.append(.getTargetNotAllowed)
      } else if getTarget.skus == nil && getTarget.categories == nil {
        found.append(.emptyGetTarget)
      } else {
        for (field, list) in [("skus", getTarget.skus), ("categories", getTarget.categories)] {
          if let list, let problem = ItemTarget.problem(in: list) {
            found.append(.invalidGetTargetList(field: field, problem))
          }
        }
      }
    }
    if bundle != nil && maximumQuantity != nil && kind == .item { found.append(.maximumQuantityWithBundle) }
  }

  /// The fields a threshold with tiers has no own of.
  func checkWithTiers(into found: inout [PromotionRuleError]) {
    for (field, given) in [
      ("minimumAmount", minimumAmount != nil), ("minimumQuantity", minimumQuantity != nil),
      ("repeat", repeats),
    ] where given {
      found.append(.notWithTiers(field: field))
    }
  }

  /// The benefit rules of a gift, a bundle and tiers; `true` when they settle the
  /// promotion's benefit (the checks of the earlier formats' benefits are then skipped).
  func checkFormat4Benefit(currency: Currency??, into found: inout [PromotionRuleError]) -> Bool {
    guard let kind else { return false }
    if kind == .gift {
      for (field, given) in [
        ("tiers", tiers != nil), ("buy", buy != nil), ("get", get != nil), ("bundle", bundle != nil),
        ("percentOff", percentOff != nil), ("amountOff", amountOff != nil), ("fixedPrice", fixedPrice != nil),
      ] where given {
        found.append(.benefitOnGift(field: field))
        return true
      }
      if let gift { gift.check(into: &found) } else { found.append(.missingGift) }
      return true
    }
    if gift != nil {
      found.append(.giftNotAllowed(kind))
      return true
    }
    if bundle != nil && kind != .item {
      found.append(.bundleNotAllowed(kind))
      return true
    }
    guard let tiers else { return false }
    guard kind == .threshold else {
      found.append(.tiersNotAllowed(kind))
      return true
    }
    for (field, given) in [
      ("buy", buy != nil), ("get", get != nil), ("bundle", bundle != nil), ("percentOff", percentOff != nil),
      ("amountOff", amountOff != nil), ("fixedPrice", fixedPrice != nil),
    ] where given {
      let isOwnBenefit = field == "percentOff" || field == "amountOff"
      found.append(isOwnBenefit ? .notWithTiers(field: field) : .benefitNotForKind(field: field, kind))
      return true
    }
    TierTerms.check(tiers, currency: currency, into: &found)
    return true
  }
}
