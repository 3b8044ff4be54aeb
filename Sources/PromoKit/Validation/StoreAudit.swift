/// Something legal but suspicious in a store, with where it is.
public struct StoreWarning: Sendable, Hashable {
  /// The JSON path of the promotion or field: `promotions[3].endsAt`.
  public var position: String
  /// What looks wrong, and why.
  public var message: String
  /// What kind of warning it is, for scripts (`nil` for one about no store field).
  public var code: StoreFindingCode?

  /// Creates a warning.
  public init(position: String, message: String, code: StoreFindingCode? = nil) {
    self.position = position
    self.message = message
    self.code = code
  }
}

/// Finds what is legal in a store but probably a mistake: a window that has already
/// ended, a promotion that makes what it applies to free (100% off, a fixed price of 0, an
/// amount off at least the threshold's minimum), a buy-get that gives away more units
/// than it sells (not "buy 1 get 1 free", a common deal), a fixed price on every line of
/// every order, two promotions that share a code when neither is stackable, two
/// promotions that are the same but for their id, and, of store format 4, a shipping deal
/// that combines with nothing while other deals work, a tier that can take less than the
/// one below it, order deals that share a layer though each combines with `order`, and a
/// `combinesWith` that names a class no working deal has.
///
///     StoreAudit.warnings(for: catalog, at: now).map(\.message)
///
/// - Complexity: O(*n*) for *n* promotions (hashing each once).
public enum StoreAudit {
  /// The warnings for `catalog` at `instant`, in store order (a promotion's own warnings
  /// first, then those comparing it with an earlier one).
  public static func warnings(for catalog: Catalog, at instant: Instant) -> [StoreWarning] {
    var warnings: [StoreWarning] = []
    var firstWithSameTerms: [SameTerms: Int] = [:]
    var firstUnstackableWithCode: [String: Int] = [:]
    for (index, promotion) in catalog.promotions.enumerated() {
      let path = "promotions[\(index)]"
      warnings += ownWarnings(promotion, path: path, currency: catalog.currency, at: instant)
      if let code = promotion.code, !promotion.isStackable {
        let key = CouponCode.normalized(code)
        if let first = firstUnstackableWithCode[key] {
          warnings.append(
            StoreWarning(
              position: path + ".code",
              message: "\"\(promotion.id)\" has the code \"\(code)\" like promotions[\(first)] "
                + "(\"\(catalog.promotions[first].id)\") and neither is stackable: an order presenting "
                + "it gets one of them, never both; make one stackable or give it its own code",
              code: .sharedCode))
        } else {
          firstUnstackableWithCode[key] = index
        }
      }
      let terms = SameTerms(promotion)
      if let first = firstWithSameTerms[terms] {
        warnings.append(
          StoreWarning(
            position: path,
            message: "\"\(promotion.id)\" is the same as promotions[\(first)] "
              + "(\"\(catalog.promotions[first].id)\") except for its id", code: .sameTerms))
      } else {
        firstWithSameTerms[terms] = index
      }
    }
    warnings += tiersThatTakeLess(in: catalog)
    warnings += combinationWarnings(for: catalog, at: instant)
    return warnings
  }

  /// The warnings about `promotion` alone.
  private static func ownWarnings(
    _ promotion: Promotion, path: String, currency: Currency?, at instant: Instant
  ) -> [StoreWarning] {
    var warnings: [StoreWarning] = []
    let id = "\"\(promotion.id)\""
    let digits = currency.minorDigits
    if let endsAt = promotion.endsAt, endsAt.instant <= instant {
      warnings.append(
        StoreWarning(
          position: path + ".endsAt",
          message: "\(id) ended at \(endsAt) and can never apply again; delete it or move endsAt",
          code: .ended))
    }
    let becomesFree =
      switch promotion.kind {
      case .item: "every line it targets becomes free"
      case .discount, .threshold: "every order it applies to becomes free"
      case .shipping: "shipping becomes free"
      case .gift: "it takes nothing off"
      }
    if promotion.repeats, let cap = promotion.maximumDiscount, case .amountOff(let step) = promotion.benefit,
      cap < step
    {
      warnings.append(
        StoreWarning(
          position: path + ".maximumDiscount",
          message: "\(id) repeats \(step.formatted(minimumFractionDigits: digits)) but is capped at "
            + "\(cap.formatted(minimumFractionDigits: digits)), less than one step: it never repeats",
          code: .neverRepeats))
    }
    // Free shipping is an everyday deal, and a shipping deal's fixed price is the shipping's.
    guard promotion.kind != .shipping else { return warnings }
    switch promotion.benefit {
    case .percentOff(let percentage) where percentage == .hundred:
      warnings.append(
        StoreWarning(
          position: path + ".percentOff", message: "\(id) takes 100% off: \(becomesFree)", code: .makesFree))
    case .amountOff(let amount):
      if let minimum = promotion.minimumAmount, !(amount < minimum) {
        warnings.append(
          StoreWarning(
            position: path + ".amountOff",
            message: "\(id) takes off \(amount.formatted(minimumFractionDigits: digits)), "
              + "at least its minimum \(minimum.formatted(minimumFractionDigits: digits)): "
              + "an order of exactly the minimum becomes free", code: .takesMinimum))
      }
    case .fixedPrice(let price):
      if price.isZero {
        warnings.append(
          StoreWarning(
            position: path + ".fixedPrice", message: "\(id) has a fixed price of 0: \(becomesFree)",
            code: .makesFree))
      } else if promotion.target == nil {
        warnings.append(
          StoreWarning(
            position: path + ".fixedPrice",
            message: "\(id) has no target, so every unit of every order costs at most "
              + "\(price.formatted(minimumFractionDigits: digits)); give it a target",
            code: .fixedPriceWithoutTarget))
      }
    case .buyGet(let terms):
      // "Buy 1 get 1 free", one of the most common deals, gives half away on purpose: only
      // more units given than sold is suspicious.
      if terms.percentOff == .hundred && terms.get > terms.buy {
        warnings.append(
          StoreWarning(
            position: path + ".get",
            message: "\(id) gives away \(terms.get) unit\(terms.get == 1 ? "" : "s") for every "
              + "\(terms.buy) sold (buy \(terms.buy) get \(terms.get) free): more units are given "
              + "away than sold; check buy and get", code: .givesMoreThanSold))
      }
    default: break
    }
    return warnings
  }

  /// Everything about a promotion but its id: the window compared by instant, the code
  /// without regard to ASCII case, the target's lists as sets.
  private struct SameTerms: Hashable {
    var name: String?
    var kind: PromotionKind
    /// The code as orders present it: compared without regard to ASCII case.
    var code: String?
    /// The target's SKUs and categories, in any order.
    var skus: Set<String>?
    var categories: Set<String>?
    var benefit: Benefit
    var minimumAmount: DecimalNumber?
    var maximumDiscount: DecimalNumber?
    /// The customer groups, in any order.
    var customerGroups: Set<String>?
    var minimumQuantity: Int64?
    var repeats: Bool
    var maximumQuantity: Int64?
    var startsAt: Instant?
    var endsAt: Instant?
    var isActive: Bool
    /// The classes it combines with (`stackable` is all of them).
    var combinesWith: PromotionClasses
    /// Format 4's layer, get target (lists as sets), switches.
    var layer: Int?
    var getSKUs: Set<String>?
    var getCategories: Set<String>?
    var excludesDiscountedLines: Bool
    var acrossLines: Bool

    init(_ promotion: Promotion) {
      name = promotion.name
      kind = promotion.kind
      code = promotion.code.map(CouponCode.normalized)
      skus = promotion.target.map { Set($0.skus) }
      categories = promotion.target.map { Set($0.categories) }
      benefit = promotion.benefit
      minimumAmount = promotion.minimumAmount
      maximumDiscount = promotion.maximumDiscount
      customerGroups = promotion.customerGroups.map { Set($0.names) }
      minimumQuantity = promotion.minimumQuantity
      repeats = promotion.repeats
      maximumQuantity = promotion.maximumQuantity
      startsAt = promotion.startsAt?.instant
      endsAt = promotion.endsAt?.instant
      isActive = promotion.isActive
      combinesWith = promotion.combinesWith
      layer = promotion.layer
      getSKUs = promotion.getTarget.map { Set($0.skus) }
      getCategories = promotion.getTarget.map { Set($0.categories) }
      excludesDiscountedLines = promotion.excludesDiscountedLines
      acrossLines = promotion.acrossLines
    }
  }
}
