/// Something legal but suspicious in a store, with where it is.
public struct StoreWarning: Sendable, Hashable {
  /// The JSON path of the promotion or field: `promotions[3].endsAt`.
  public var position: String
  /// What looks wrong, and why.
  public var message: String

  /// Creates a warning.
  public init(position: String, message: String) {
    self.position = position
    self.message = message
  }
}

/// Finds what is legal in a store but probably a mistake: a window that has already
/// ended, a promotion that makes qualifying orders free, and two promotions that are the
/// same but for their id.
///
///     StoreAudit.warnings(for: catalog, at: now).map(\.message)
///
/// Complexity: O(*n*) for *n* promotions.
public enum StoreAudit {
  /// The warnings for `catalog` at `instant`, in store order.
  public static func warnings(for catalog: Catalog, at instant: Instant) -> [StoreWarning] {
    var warnings: [StoreWarning] = []
    var firstWithSameTerms: [SameTerms: Int] = [:]
    for (index, promotion) in catalog.promotions.enumerated() {
      let path = "promotions[\(index)]"
      if let endsAt = promotion.endsAt, endsAt.instant <= instant {
        warnings.append(
          StoreWarning(
            position: path + ".endsAt",
            message:
              "\"\(promotion.id)\" ended at \(endsAt) and can never apply again; delete it or move endsAt"))
      }
      switch promotion.benefit {
      case .percentOff(let percentage) where percentage.tenThousandths == 1_000_000:
        warnings.append(
          StoreWarning(
            position: path + ".percentOff",
            message: "\"\(promotion.id)\" takes 100% off: every order it applies to becomes free"))
      case .amountOff(let amount):
        if let minimum = promotion.minimumAmount, !(amount < minimum) {
          let digits = catalog.currency.minorDigits
          warnings.append(
            StoreWarning(
              position: path + ".amountOff",
              message: "\"\(promotion.id)\" takes off \(amount.formatted(minimumFractionDigits: digits)), "
                + "at least its minimum \(minimum.formatted(minimumFractionDigits: digits)): "
                + "an order of exactly the minimum becomes free"))
        }
      default: break
      }
      let terms = SameTerms(promotion)
      if let first = firstWithSameTerms[terms] {
        warnings.append(
          StoreWarning(
            position: path,
            message: "\"\(promotion.id)\" is the same as promotions[\(first)] "
              + "(\"\(catalog.promotions[first].id)\") except for its id"))
      } else {
        firstWithSameTerms[terms] = index
      }
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
    var startsAt: Instant?
    var endsAt: Instant?
    var isActive: Bool
    var isStackable: Bool

    init(_ promotion: Promotion) {
      name = promotion.name
      kind = promotion.kind
      code = promotion.code.map(CouponCode.normalized)
      skus = promotion.target.map { Set($0.skus) }
      categories = promotion.target.map { Set($0.categories) }
      benefit = promotion.benefit
      minimumAmount = promotion.minimumAmount
      maximumDiscount = promotion.maximumDiscount
      startsAt = promotion.startsAt?.instant
      endsAt = promotion.endsAt?.instant
      isActive = promotion.isActive
      isStackable = promotion.isStackable
    }
  }
}
