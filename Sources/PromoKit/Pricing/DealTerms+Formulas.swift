/// What each benefit takes off, on minor units: the formulas of the pricing rules, each
/// written once. ``DealTerms`` prices with them, and so do the indexes of formats 1 and 2
/// (``ItemRuleGroup``, ``OrderRuleSet``, ``ThresholdIndex``), which only choose which
/// promotion to ask. The rounding of a percentage is ``Percentage/rounded(_:tenThousandths:)``
/// and the units a buy/get discounts are ``BuyGet/discountedUnits(of:buy:get:)``, in the
/// model.
///
///     DealTerms.percentageOff(200_000, of: 18_250, cap: 5_000)   // 3_650: 20% of 182.50
///     DealTerms.fixedPriceOff(1_900, unitPrice: 3_900, units: 2)   // 4_000
///
/// - Complexity: each is O(1).
extension DealTerms {
  /// `percentOff` (a rate in ten-thousandths of a percent) on a line or a base of `amount`
  /// minor units, at most `cap` (a `maximumDiscount`).
  @inline(__always)
  static func percentageOff(_ rate: Int64, of amount: Int128, cap: Int128 = .max) -> Int128 {
    min(Percentage.rounded(amount, tenThousandths: rate), cap)
  }

  /// `amountOff` on an amount (an order's base, the shipping, one unit of a line): never
  /// more than the amount, so no total is negative.
  @inline(__always)
  static func sumOff(_ sum: Int128, of base: Int128) -> Int128 {
    min(sum, base)
  }

  /// A repeating threshold's `amountOff`: `sum` for each of `steps` steps, at most `cap`,
  /// never more than the base (a product beyond 128 bits is more than any cap or base).
  @inline(__always)
  static func repeatedSumOff(_ sum: Int128, steps: Int128, cap: Int128, of base: Int128) -> Int128 {
    let (product, overflow) = steps.multipliedReportingOverflow(by: sum)
    return sumOff(min(overflow ? .max : product, cap), of: base)
  }

  /// `amountOff` on a line: `sum` off each of `units` units, never more than the unit price.
  @inline(__always)
  static func perUnitOff(_ sum: Int128, unitPrice: Int128, units: Int64) -> Int128 {
    RateArithmetic.product(sumOff(sum, of: unitPrice), units)
  }

  /// `fixedPrice` on a line: each of `units` units costs `price`, unless it costs less.
  @inline(__always)
  static func fixedPriceOff(_ price: Int128, unitPrice: Int128, units: Int64) -> Int128 {
    RateArithmetic.product(max(unitPrice - price, 0), units)
  }

  /// A buy/get on a line of `quantity` units at `unitPrice`: the amount of the units got
  /// (at most `limit` of them), of which its percentage is taken.
  @inline(__always)
  static func gotAmount(
    unitPrice: Int128, quantity: Int64, buy: Int64, get: Int64, limit: Int64 = .max
  ) -> Int128 {
    RateArithmetic.product(unitPrice, min(BuyGet.discountedUnits(of: quantity, buy: buy, get: get), limit))
  }
}
