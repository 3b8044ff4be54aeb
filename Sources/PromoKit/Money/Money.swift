/// An exact, non-negative-or-signed amount of money in minor units of a currency.
///
/// All pricing arithmetic happens here, on integers: no binary floating point. Operations
/// that could overflow report it as ``MoneyOverflow`` instead of trapping.
///
///     let price = Money(minorUnits: 12_800, minorDigits: 2)   // 128.00
///     price.description                                       // "128.00"
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The amount as a count of minor units (cents for a 2-digit currency).
  public var minorUnits: Int64
  /// How many minor digits the currency has (0 through 3).
  public var minorDigits: Int

  /// Creates an amount from a count of minor units.
  public init(minorUnits: Int64, minorDigits: Int) {
    self.minorUnits = minorUnits
    self.minorDigits = minorDigits
  }

  /// Zero in a currency with `minorDigits` minor digits.
  public static func zero(minorDigits: Int) -> Money {
    Money(minorUnits: 0, minorDigits: minorDigits)
  }

  /// The amount written as a decimal, or `nil` when the decimal has more places than the
  /// currency's minor digits or does not fit.
  public init?(_ decimal: DecimalNumber, minorDigits: Int) {
    guard let units = decimal.units(atScale: minorDigits) else { return nil }
    self.init(minorUnits: units, minorDigits: minorDigits)
  }

  /// Orders amounts of the same currency.
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

  /// The sum, or ``MoneyOverflow`` when it does not fit.
  public func adding(_ other: Money) throws(MoneyOverflow) -> Money {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    if overflow { throw MoneyOverflow() }
    return Money(minorUnits: sum, minorDigits: minorDigits)
  }

  /// The amount times a count, or ``MoneyOverflow`` when it does not fit.
  public func multiplied(by count: Int64) throws(MoneyOverflow) -> Money {
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: count)
    if overflow { throw MoneyOverflow() }
    return Money(minorUnits: product, minorDigits: minorDigits)
  }

  /// The amount less a smaller or equal amount; never overflows for non-negative inputs.
  public func subtracting(_ other: Money) -> Money {
    Money(minorUnits: minorUnits - other.minorUnits, minorDigits: minorDigits)
  }

  /// The amount with exactly the currency's minor digits: `"102.40"`, `"100"`, `"1.250"`.
  public var description: String {
    DecimalNumber.format(magnitude: minorUnits.magnitude, negative: minorUnits < 0, places: minorDigits)
  }
}

/// The result of money arithmetic would not fit in 64 bits of minor units.
public struct MoneyOverflow: Error, Sendable, Equatable {
  /// Creates the error.
  public init() {}
}
