/// An exact amount of money in minor units of a currency.
///
/// All pricing arithmetic happens here, on 128-bit integers: no binary floating point,
/// and room for any order the input limits allow (10^12 × 10^6 per line, in up to three
/// minor digits, summed over millions of lines). Operations that could still overflow
/// report it as ``MoneyOverflow`` instead of trapping.
///
///     let price = Money(minorUnits: 12_800, minorDigits: 2)   // 128.00
///     price.description                                       // "128.00"
///
/// Amounts compare by value, whatever their minor digits: `1.00 == 1.000`, and `<`, `==`
/// and the hash agree (a strict total order consistent with equality).
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The amount as a count of minor units (cents for a 2-digit currency).
  public var minorUnits: Int128
  /// How many minor digits the currency has (0 through 3).
  public var minorDigits: Int

  /// Creates an amount from a count of minor units.
  public init(minorUnits: Int128, minorDigits: Int) {
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
    self.init(minorUnits: Int128(units), minorDigits: minorDigits)
  }

  /// Orders amounts by value.
  ///
  /// - Complexity: O(1).
  public static func < (lhs: Money, rhs: Money) -> Bool {
    if lhs.minorDigits == rhs.minorDigits { return lhs.minorUnits < rhs.minorUnits }
    return compare(lhs, rhs) < 0
  }

  /// Whether two amounts have the same value.
  public static func == (lhs: Money, rhs: Money) -> Bool {
    if lhs.minorDigits == rhs.minorDigits { return lhs.minorUnits == rhs.minorUnits }
    return compare(lhs, rhs) == 0
  }

  /// Hashes the value, so that equal amounts of different minor digits hash alike.
  public func hash(into hasher: inout Hasher) {
    var units = minorUnits
    var digits = minorDigits
    while digits > 0 && units % 10 == 0 {
      units /= 10
      digits -= 1
    }
    hasher.combine(units)
    hasher.combine(digits)
  }

  /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`, for any minor digits: the one
  /// with fewer digits is scaled up, and a scaling that overflows 128 bits is larger in
  /// magnitude than anything the other can hold.
  private static func compare(_ lhs: Money, _ rhs: Money) -> Int {
    func scaled(_ money: Money, to digits: Int) -> (value: Int128, overflow: Bool) {
      var value = money.minorUnits
      for _ in money.minorDigits..<digits {
        let (product, overflow) = value.multipliedReportingOverflow(by: 10)
        if overflow { return (value, true) }
        value = product
      }
      return (value, false)
    }
    let digits = max(lhs.minorDigits, rhs.minorDigits)
    let left = scaled(lhs, to: digits)
    let right = scaled(rhs, to: digits)
    if left.overflow { return lhs.minorUnits < 0 ? -1 : 1 }
    if right.overflow { return rhs.minorUnits < 0 ? 1 : -1 }
    return left.value < right.value ? -1 : (left.value == right.value ? 0 : 1)
  }

  /// The sum, or ``MoneyOverflow`` when it does not fit.
  public func adding(_ other: Money) throws(MoneyOverflow) -> Money {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    if overflow { throw MoneyOverflow() }
    return Money(minorUnits: sum, minorDigits: minorDigits)
  }

  /// The amount times a count, or ``MoneyOverflow`` when it does not fit.
  public func multiplied(by count: Int64) throws(MoneyOverflow) -> Money {
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int128(count))
    if overflow { throw MoneyOverflow() }
    return Money(minorUnits: product, minorDigits: minorDigits)
  }

  /// The sum of two amounts known to fit (parts of one order's subtotal, say).
  ///
  /// - Complexity: O(1).
  func adding(unchecked other: Money) -> Money {
    Money(minorUnits: minorUnits + other.minorUnits, minorDigits: minorDigits)
  }

  /// The amount less a smaller or equal amount; never overflows for non-negative inputs.
  ///
  /// - Complexity: O(1).
  public func subtracting(_ other: Money) -> Money {
    Money(minorUnits: minorUnits - other.minorUnits, minorDigits: minorDigits)
  }

  /// The amount with exactly the currency's minor digits: `"102.40"`, `"100"`, `"1.250"`.
  public var description: String {
    var bytes: [UInt8] = []
    appendDecimal(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the amount's decimal text (as ``description`` gives it) to UTF-8 bytes,
  /// without building a string: the hot path of every JSON result.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  public func appendDecimal(to bytes: inout [UInt8]) {
    if minorUnits < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = minorUnits.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { digits in
      var count = 0
      // Least significant digit first; 64-bit division when the amount fits, as it
      // nearly always does.
      func emit<Value: BinaryInteger>(_ value: Value) {
        var rest = value
        repeat {
          digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
          count += 1
        } while rest > 0
      }
      if let small = UInt64(exactly: magnitude) { emit(small) } else { emit(magnitude) }
      while count <= minorDigits {
        digits[count] = UInt8(ascii: "0")
        count += 1
      }
      // `digits` holds the digits from the least significant; write them back to front,
      // with the point before the last `minorDigits` of them.
      for position in stride(from: count - 1, through: 0, by: -1) {
        if position == minorDigits - 1 { bytes.append(UInt8(ascii: ".")) }
        bytes.append(digits[position])
      }
    }
  }
}

/// The result of money arithmetic would not fit in 128 bits of minor units.
public struct MoneyOverflow: Error, Sendable, Equatable {
  /// Creates the error.
  public init() {}
}
