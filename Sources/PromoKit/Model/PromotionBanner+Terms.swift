// The terms store format 4 adds after a banner's offer, in both languages: a unit limit
// across the order, leaving out lines on sale, the classes a deal combines with, and its
// layer.

extension Promotion {
  /// Whether the deal covers at most ``maximumQuantity`` units of the whole order: a
  /// `percentOff`, `amountOff` or `fixedPrice` item deal across lines.
  private var limitsUnitsPerOrder: Bool {
    guard acrossLines, maximumQuantity != nil else { return false }
    switch benefit {
    case .percentOff, .amountOff, .fixedPrice: return true
    case .buyGet, .bundle, .tiers, .gift: return false
    }
  }

  /// The classes it names in `combinesWith` when they are some but not all: what a banner
  /// says it goes with (all of them is `stackable`, which a banner leaves unsaid).
  private var namedClasses: [PromotionClass]? {
    guard combinesWithIsWritten, !combinesWith.isEmpty, combinesWith != .all else { return nil }
    return combinesWith.classes
  }

  /// `, at most 2 per order`, `, not on sale items`: the limits of the English offer.
  func appendEnglishLimits(to bytes: inout TextBuffer) {
    if limitsUnitsPerOrder, let maximumQuantity {
      bytes.appendLiteral(", at most ")
      bytes.appendInteger(maximumQuantity)
      bytes.appendLiteral(" per order")
    }
    if excludesDiscountedLines { bytes.appendLiteral(", not on sale items") }
  }

  /// `, combines with order deals and shipping deals`, `, layer 3`: what the English
  /// offer goes with, and the layer the store names.
  func appendEnglishCombination(to bytes: inout TextBuffer) {
    if let classes = namedClasses {
      bytes.appendLiteral(", combines with ")
      for (index, promotionClass) in classes.enumerated() {
        if index > 0 { bytes.appendLiteral(index == classes.count - 1 ? " and " : ", ") }
        switch promotionClass {
        case .item: bytes.appendLiteral("item deals")
        case .order: bytes.appendLiteral("order deals")
        case .shipping: bytes.appendLiteral("shipping deals")
        }
      }
    }
    if let writtenLayer {
      bytes.appendLiteral(", layer ")
      bytes.appendInteger(Int64(writtenLayer))
    }
  }

  /// `，每单限2件`, `，不含特价商品`: the limits of the Chinese offer.
  func appendChineseLimits(to bytes: inout TextBuffer) {
    if limitsUnitsPerOrder, let maximumQuantity {
      bytes.appendLiteral("，每单限")
      bytes.appendInteger(maximumQuantity)
      bytes.appendLiteral("件")
    }
    if excludesDiscountedLines { bytes.appendLiteral("，不含特价商品") }
  }

  /// `，可与订单优惠、包邮同享`, `，第3层`: what the Chinese offer goes with, and the layer
  /// the store names.
  func appendChineseCombination(to bytes: inout TextBuffer) {
    if let classes = namedClasses {
      bytes.appendLiteral("，可与")
      for (index, promotionClass) in classes.enumerated() {
        if index > 0 { bytes.appendLiteral("、") }
        switch promotionClass {
        case .item: bytes.appendLiteral("单品优惠")
        case .order: bytes.appendLiteral("订单优惠")
        case .shipping: bytes.appendLiteral("包邮")
        }
      }
      bytes.appendLiteral("同享")
    }
    if let writtenLayer {
      bytes.appendLiteral("，第")
      bytes.appendInteger(Int64(writtenLayer))
      bytes.appendLiteral("层")
    }
  }
}
