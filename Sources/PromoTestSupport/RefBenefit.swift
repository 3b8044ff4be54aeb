/// What a promotion takes off, as both references read it: amounts in minor units,
/// percentages in ten-thousandths of a percent. Which kinds may have which benefit, and
/// what each takes off, each reference decides on its own.
package enum RefBenefit {
  /// `percentOff`.
  case percentOff(Int128)
  /// `amountOff`.
  case amountOff(Int128)
  /// `fixedPrice`.
  case fixedPrice(Int128)
  /// `buy` units counted, `get` units `percent` off (100 % when the store gives no
  /// `percentOff`).
  case buyGet(buy: Int128, get: Int128, percent: Int128)
}
