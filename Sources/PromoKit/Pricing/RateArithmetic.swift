/// The inverses of the percentage rounding (``Percentage/rounded(_:tenThousandths:)``), for
/// the indexes of plan selection: the range of rates that round to a given discount on one
/// amount, and where a capped percentage stops growing; and the product of an amount and a
/// count in hardware.
///
/// A rate is a percentage in ten-thousandths of a percent (`20%` is 200,000), so that
/// `round(amount × rate / 10^6)` is the discount. Amounts are at least 0 and below 10^26,
/// so no product here overflows 128 bits.
enum RateArithmetic {
  /// One hundred percent, in ten-thousandths of a percent: ``Percentage/hundred``'s.
  static let hundredPercent: Int64 = Percentage.hundred.tenThousandths

  /// `amount × count` for `amount >= 0` and `count >= 0` whose product fits (a line's
  /// amount or less): one 64 × 64 → 128-bit multiplication when `amount` fits in 64 bits.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func product(_ amount: Int128, _ count: Int64) -> Int128 {
    if let small = UInt64(exactly: amount) {
      let (high, low) = small.multipliedFullWidth(by: UInt64(count))
      return Int128(UInt128(high) << 64 | UInt128(low))
    }
    return amount * Int128(count)
  }

  /// The least rate whose discount on `amount` is at least `value`, or `nil` when no rate
  /// reaches it (some rate above 100% may; the caller's keys end at 100%).
  ///
  /// `round(A × r / 10^6) >= V` ⟺ `A × r >= V × 10^6 − 500,000`.
  ///
  /// - Complexity: O(1).
  static func leastRate(reaching value: Int128, on amount: Int128) -> Int64? {
    if value <= 0 { return 0 }
    if amount == 0 { return nil }
    if value < 1 << 40, amount < 1 << 62 {
      // In 64 bits (V × 10^6 < 2^60).
      let small = UInt64(amount)
      let needed = UInt64(value) * 1_000_000 - 500_000
      let rate = (needed + small - 1) / small
      return rate > UInt64(hundredPercent) ? nil : Int64(rate)
    }
    let needed = value * 1_000_000 - 500_000
    let rate = (needed + amount - 1) / amount
    return rate > Int128(hundredPercent) ? nil : Int64(rate)
  }

  /// The greatest rate whose discount on `amount` is at most `value` (`value >= 0`),
  /// clamped to 100%.
  ///
  /// `round(A × r / 10^6) <= V` ⟺ `A × r <= (V + 1) × 10^6 − 500,001`.
  ///
  /// - Complexity: O(1).
  static func greatestRate(notAbove value: Int128, on amount: Int128) -> Int64 {
    if amount == 0 { return hundredPercent }
    if value < 1 << 40, let small = UInt64(exactly: amount) {
      let rate = (UInt64(value + 1) * 1_000_000 - 500_001) / small
      return rate > UInt64(hundredPercent) ? hundredPercent : Int64(rate)
    }
    let rate = ((value + 1) * 1_000_000 - 500_001) / amount
    return rate > Int128(hundredPercent) ? hundredPercent : Int64(rate)
  }

  /// The least amount on which `rate` takes off at least `cap`: where a capped percentage
  /// stops growing (`rate > 0`, `cap > 0`).
  ///
  /// - Complexity: O(1).
  static func breakpoint(rate: Int64, cap: Int128) -> Int128 {
    let needed = cap * 1_000_000 - 500_000
    return (needed + Int128(rate) - 1) / Int128(rate)
  }
}
