/// What a few deals have beside their ``DealTerms``: a threshold's tier ladder in minor
/// units and a buy/get's get target (store format 4), a repeating threshold's step when it
/// is finer than the currency. Held apart so that the terms of every deal stay small
/// (``DealTerms/extras``, `nil` for most deals; whoever makes terms keeps their extras).
///
///     let extras = try DealExtras.of(promotion, minorDigits: 2)   // nil for most promotions
///
/// - Complexity: O(*t*) to make, for *t* tiers.
final class DealExtras: Sendable {
  /// One tier: the minimum that reaches it (minor units, rounded up, or units) and what it
  /// takes off then (a rate in ten-thousandths of a percent, or a sum in minor units).
  struct Rung: Sendable {
    var minimum: Int64
    var rate: Int64
    var sum: Int64
  }

  /// The tiers of a threshold with tiers, from the first; empty otherwise.
  let rungs: [Rung]
  /// Whether the tiers' minimums count units (else amounts).
  let rungsCountUnits: Bool
  /// The lines a buy/get gets its units from, when it has a get target.
  let getTarget: ItemTarget?
  /// A repeating threshold's step by amount when that is finer than the currency.
  let fineStep: DecimalNumber?

  /// The extras of `promotion` in `minorDigits`, or `nil` when it has none: told apart
  /// before anything is made, since most promotions have none.
  ///
  /// - Complexity: O(1) for a promotion without extras.
  static func of(_ promotion: Promotion, minorDigits: Int) throws(UnpayableAmount) -> DealExtras? {
    // (No closure over the promotion: capturing it would copy it, retaining its parts.)
    var fineStep: DecimalNumber?
    if let minimum = promotion.minimumAmount, promotion.repeats, minimum.scale > minorDigits {
      fineStep = minimum
    }
    guard promotion.getTarget != nil || fineStep != nil || promotion.benefit.tierLadder != nil else {
      return nil
    }
    return try DealExtras(promotion, minorDigits: minorDigits, fineStep: fineStep)
  }

  /// The extras of `promotion` in `minorDigits`, its repeating step `fineStep` when that
  /// is finer than the currency.
  private init(_ promotion: Promotion, minorDigits: Int, fineStep: DecimalNumber?) throws(UnpayableAmount) {
    getTarget = promotion.getTarget
    self.fineStep = fineStep
    guard let ladder = promotion.benefit.tierLadder else {
      (rungs, rungsCountUnits) = ([], false)
      return
    }
    var rungs: [Rung] = []
    for tier in ladder.tiers {
      var rung = Rung(minimum: 0, rate: 0, sum: 0)
      switch tier.minimum {
      case .amount(let amount): rung.minimum = Int64(amount.unitsRoundedUp(atScale: minorDigits))
      case .quantity(let units): rung.minimum = units
      }
      switch tier.benefit {
      case .percentOff(let percentage): rung.rate = percentage.tenThousandths
      case .amountOff(let sum):
        guard let money = Money(sum, minorDigits: minorDigits) else {
          throw UnpayableAmount(field: "tiers.amountOff")
        }
        rung.sum = Int64(money.minorUnits)
      case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break  // the model allows none of them
      }
      rungs.append(rung)
    }
    self.rungs = rungs
    rungsCountUnits = ladder.measure == .quantity
  }
}

extension Benefit {
  /// The tier ladder of a threshold with tiers.
  var tierLadder: TierLadder? {
    if case .tiers(let ladder) = self { return ladder }
    return nil
  }
}
