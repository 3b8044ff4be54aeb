// How a banner writes money, percentages, `折` and ordinals.

extension Promotion {
  /// `元` after a price in yuan (or without a currency), else a space and the currency's
  /// code (` JPY`).
  static func appendChineseUnit(_ currency: Currency?, to bytes: inout TextBuffer) {
    if let currency, currency.code != "CNY" {
      bytes.appendLiteral(" ")
      bytes.appendUTF8(of: currency.code)
    } else {
      bytes.appendLiteral("元")
    }
  }

  /// Money as a banner shows it: a whole amount without decimals (`100`), any other with
  /// the currency's digits (`12.50`); `0` for none.
  static func appendMoney(_ amount: DecimalNumber?, minorDigits: Int, to bytes: inout TextBuffer) {
    guard let amount else {
      bytes.appendLiteral("0")
      return
    }
    bytes.appendDecimal(amount, minimumFractionDigits: amount.units(atScale: 0) != nil ? 0 : minorDigits)
  }

  /// A percentage as a banner shows it, with as many decimals as it needs (`20`, `12.5`).
  static func appendPercentage(_ percentage: Percentage, to bytes: inout TextBuffer) {
    bytes.appendDecimal(percentage.decimal, minimumFractionDigits: 0)
  }

  /// A percentage off as `折`, the tenths of the price paid: 20% off is `8折`, 15% off
  /// `8.5折`, 100% off `免费` (free).
  static func appendZhe(_ percentage: Percentage, to bytes: inout TextBuffer) {
    if percentage == .hundred {
      bytes.appendLiteral("免费")
      return
    }
    // Paid, in tenths with five decimal places: (100% − p) / 10.
    let paid = Percentage.hundred.tenThousandths - percentage.tenThousandths
    // `DecimalNumber` drops trailing zeros: 8, 8.5, 6.66667.
    bytes.appendDecimal(DecimalNumber(significand: paid, scale: 5), minimumFractionDigits: 0)
    bytes.appendLiteral("折")
  }

  /// `2nd`, `3rd`, `4th`, `11th`, `21st`.
  static func appendOrdinal(_ number: Int64, to bytes: inout TextBuffer) {
    bytes.appendInteger(number)
    switch (number % 10, number % 100) {
    case (_, 11...13): bytes.appendLiteral("th")
    case (1, _): bytes.appendLiteral("st")
    case (2, _): bytes.appendLiteral("nd")
    case (3, _): bytes.appendLiteral("rd")
    default: bytes.appendLiteral("th")
    }
  }
}
