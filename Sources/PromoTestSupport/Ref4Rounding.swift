/// A format-4 store's `rounding`: how every percentage is rounded to the minor unit.
package enum Ref4Rounding: String, Sendable {
  /// A half goes away from zero (the default, and the only rule before format 4).
  case halfUp = "half-up"
  /// A half goes to the even minor unit.
  case halfEven = "half-even"
  /// Toward zero.
  case down

  /// `amount × percent / 100` rounded this way, with `percent` in ten-thousandths of a
  /// percent and `amount` at least 0.
  package func percent(_ amount: Int128, _ percent: Int128) -> Int128 {
    let scale: Int128 = 1_000_000
    let product = amount * percent
    let quotient = product / scale
    let twice = product % scale * 2
    switch self {
    case .down: return quotient
    case .halfUp: return twice >= scale ? quotient + 1 : quotient
    case .halfEven:
      if twice != scale { return twice > scale ? quotient + 1 : quotient }
      return quotient % 2 == 0 ? quotient : quotient + 1
    }
  }
}
