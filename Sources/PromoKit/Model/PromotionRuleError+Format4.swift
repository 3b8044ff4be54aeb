// The fields and messages of the rules store format 4 added.

extension PromotionRuleError {
  /// ``field`` for a rule of store format 4.
  var format4Field: String {
    switch self {
    case .combinesWithEmpty, .combinesWithDuplicate, .combinesWithAndStackable: "combinesWith"
    case .combinationOnGift(let field), .notWithTiers(let field), .benefitOnGift(let field): field
    case .layerNotAllowed, .layerOutOfRange: "layer"
    case .excludeDiscountedLinesNotAllowed: "excludeDiscountedLines"
    case .getTargetNotAllowed, .emptyGetTarget: "getTarget"
    case .invalidGetTargetList(let field, _): "getTarget." + field
    case .acrossLinesFalseWithGetTarget, .acrossLinesNeedsMaximumQuantity: "acrossLines"
    case .bundleNotAllowed: "bundle"
    case .bundleQuantityOutOfRange: "bundle.quantity"
    case .maximumQuantityWithBundle: "maximumQuantity"
    case .tiersNotAllowed, .tierCountOutOfRange: "tiers"
    case .tierNeedsOneMinimum(let index): "tiers[\(index)].minimumAmount"
    case .tierMinimumsMixed(let index, let expected):
      "tiers[\(index)]." + (expected == "minimumAmount" ? "minimumQuantity" : "minimumAmount")
    case .tierNotIncreasing(let index, let field): "tiers[\(index)].\(field)"
    case .tierNeedsOneBenefit(let index): "tiers[\(index)].percentOff"
    case .giftNotAllowed, .missingGift: "gift"
    case .invalidGiftSKU: "gift.sku"
    case .giftQuantityOutOfRange: "gift.quantity"
    default: preconditionFailure("not a rule of store format 4")
    }
  }

  /// ``message`` for a rule of store format 4.
  var format4Message: String {
    switch self {
    case .combinesWithEmpty:
      "combinesWith must not be empty; leave it out to combine with nothing, or name \"item\", \"order\" or \"shipping\""
    case .combinesWithDuplicate(let promotionClass):
      "combinesWith has \"\(promotionClass.rawValue)\" twice; classes must be distinct"
    case .combinesWithAndStackable:
      "a promotion has combinesWith or stackable, not both (\"stackable\": true is combinesWith [\"item\", \"order\", \"shipping\"])"
    case .combinationOnGift(let field):
      "\(field) is not for a gift promotion: a gift takes nothing off and goes with every plan (remove \(field))"
    case .layerNotAllowed(let kind):
      "layer is only for discount and threshold promotions, not for \(Self.article(kind)) \(Self.noun(kind)) (remove layer)"
    case .layerOutOfRange(let value):
      "layer must be a whole number from \(Promotion.allowedLayers.lowerBound) to \(Promotion.allowedLayers.upperBound), not \(value)"
    case .excludeDiscountedLinesNotAllowed(let kind):
      "excludeDiscountedLines is only for discount and threshold promotions, not for \(Self.article(kind)) \(Self.noun(kind))"
    case .getTargetNotAllowed:
      "getTarget is only for an item promotion with buy and get (the lines whose units are got)"
    case .emptyGetTarget: "a getTarget needs \"skus\" or \"categories\" (or remove getTarget)"
    case .invalidGetTargetList(let field, let problem): Self.listMessage(field, problem)
    case .acrossLinesFalseWithGetTarget:
      "a buy/get with getTarget always counts across lines; remove \"acrossLines\": false"
    case .acrossLinesNeedsMaximumQuantity:
      "acrossLines on a percentOff, amountOff or fixedPrice item deal needs maximumQuantity (the most units it covers in the order)"
    case .bundleNotAllowed(let kind):
      "bundle is only for item promotions, not for \(Self.article(kind)) \(Self.noun(kind)); make the kind \"item\""
    case .bundleQuantityOutOfRange(let value):
      "bundle.quantity must be a whole number from \(BundlePrice.allowedQuantities.lowerBound) to \(BundlePrice.allowedQuantities.upperBound), not \(value)"
    case .maximumQuantityWithBundle:
      "maximumQuantity is not for a bundle (a bundle takes every group of its units); remove maximumQuantity"
    case .tiersNotAllowed(let kind):
      "tiers is only for threshold promotions, not for \(Self.article(kind)) \(Self.noun(kind)); make the kind \"threshold\""
    case .tierCountOutOfRange(let count):
      "tiers has \(count) tier\(count == 1 ? "" : "s"); a threshold has \(TierLadder.allowedCounts.lowerBound) to \(TierLadder.allowedCounts.upperBound)"
    case .tierNeedsOneMinimum(let index):
      "tiers[\(index)] needs one minimum: \"minimumAmount\" (above 0) or \"minimumQuantity\" (1 to 1000000), not both"
    case .tierMinimumsMixed(let index, let expected):
      "tiers[\(index)] must have \(expected) like the tier before it: every tier has the same kind of minimum"
    case .tierNotIncreasing(let index, let field):
      "tiers[\(index)].\(field) must be above the \(field) of tiers[\(index - 1)]: tiers go up strictly"
    case .tierNeedsOneBenefit(let index):
      "tiers[\(index)] needs exactly one of \"percentOff\" and \"amountOff\""
    case .notWithTiers(let field):
      "a threshold with tiers has no \(field) of its own (each tier has its minimum and benefit); remove \(field)"
    case .giftNotAllowed(let kind):
      "gift is only for gift promotions, not for \(Self.article(kind)) \(Self.noun(kind)); make the kind \"gift\""
    case .missingGift: "missing the goods: add \"gift\": {\"sku\": S, \"quantity\": N}"
    case .benefitOnGift(let field):
      "\(field) is not for a gift promotion: a gift takes nothing off, it grants its goods (remove \(field))"
    case .invalidGiftSKU(let sku):
      "gift.sku \"\(sku)\" must be 1 to \(GiftGoods.maximumSKULength) characters"
    case .giftQuantityOutOfRange(let value):
      "gift.quantity must be a whole number from \(GiftGoods.allowedQuantities.lowerBound) to \(GiftGoods.allowedQuantities.upperBound), not \(value)"
    default: preconditionFailure("not a rule of store format 4")
    }
  }

  /// The article before ``noun(_:)`` of `kind`: `an` for an item promotion, else `a`.
  static func article(_ kind: PromotionKind) -> String {
    kind == .item ? "an" : "a"
  }
}
