// Exact numbers for the reference pricer: minor units, decimals read from text, currency
// digits and the arithmetic the documented rules fixes, all in `Int128`, none of it PromoKit's.

/// Input the reference cannot price: something outside the valid files it models.
package struct RefError: Error, CustomStringConvertible {
  /// What is wrong.
  package var description: String

  /// An error saying what is wrong.
  package init(_ description: String) {
    self.description = description
  }
}

/// The number of minor digits of a currency code, as the documented rules fixes them.
package enum RefCurrency {
  /// JPY 0; KWD, BHD, OMR, JOD, TND, LYD, IQD 3; any other code, or none, 2.
  package static func minorDigits(_ code: String?) -> Int {
    switch code {
    case "JPY": 0
    case "KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD": 3
    default: 2
    }
  }

  /// `units` minor units written with exactly `digits` decimals (`"102.40"`, `"100"`, `"1.250"`).
  package static func format(_ units: Int128, digits: Int) -> String {
    let negative = units < 0
    let magnitude = negative ? -units : units
    var text = String(magnitude)
    if digits > 0 {
      if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    }
    return negative ? "-" + text : text
  }
}

/// A non-negative decimal read exactly from its text (`"12.50"`, `"100"`, `"99.995"`).
package struct RefDecimal: Equatable, Sendable, CustomStringConvertible {
  /// The digits before the point, without leading zeros (empty for zero).
  package var integerDigits: [UInt8]
  /// The digits after the point, without trailing zeros.
  package var fractionDigits: [UInt8]

  /// Reads `digits` or `digits.digits`; anything else (a sign, an exponent) is an error.
  package init(_ text: String) throws(RefError) {
    let bytes = Array(text.utf8)
    let point = bytes.firstIndex(of: UInt8(ascii: "."))
    let whole = bytes[..<(point ?? bytes.endIndex)]
    let fraction = point.map { bytes[($0 + 1)...] } ?? []
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard !whole.isEmpty, whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
      point == nil || !fraction.isEmpty
    else { throw RefError("not a plain non-negative decimal: \(text)") }
    integerDigits = Array(whole.drop { $0 == UInt8(ascii: "0") }).map { $0 - UInt8(ascii: "0") }
    var tail = Array(fraction).map { $0 - UInt8(ascii: "0") }
    while tail.last == 0 { tail.removeLast() }
    fractionDigits = tail
    guard integerDigits.count <= 20 else { throw RefError("too large for the reference: \(text)") }
  }

  /// The value in units of 10^-`digits`, exactly; an error if it has finer digits.
  package func units(digits: Int) throws(RefError) -> Int128 {
    guard fractionDigits.count <= digits else {
      throw RefError("\(self) has more than \(digits) decimal places")
    }
    return ceilingUnits(digits: digits)
  }

  /// The least number of units of 10^-`digits` that is at least the value.
  package func ceilingUnits(digits: Int) -> Int128 {
    var value: Int128 = 0
    for digit in integerDigits { value = value * 10 + Int128(digit) }
    for position in 0..<digits {
      value = value * 10 + Int128(position < fractionDigits.count ? fractionDigits[position] : 0)
    }
    return fractionDigits.count > digits ? value + 1 : value
  }

  /// The decimal's shortest text (`"12.5"`, `"0"`).
  package var description: String {
    let whole = integerDigits.isEmpty ? "0" : String(integerDigits.map { Character(String($0)) })
    return fractionDigits.isEmpty ? whole : whole + "." + String(fractionDigits.map { Character(String($0)) })
  }
}

/// Exact integer helpers.
package enum RefMath {
  /// `amount × percent / 100` rounded half-up, with `percent` in ten-thousandths of a percent.
  package static func percent(_ amount: Int128, _ percent: Int128) -> Int128 {
    (amount * percent + 500_000) / 1_000_000
  }

  /// Whether `lhs` precedes `rhs` as a sequence of byte strings.
  package static func idsPrecede(_ lhs: [String], _ rhs: [String]) -> Bool {
    lhs.lexicographicallyPrecedes(rhs) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// ASCII case folding, for codes.
  package static func foldCase(_ text: String) -> String {
    String(
      decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 },
      as: UTF8.self)
  }
}
