/// An exact decimal number: `significand × 10^-scale`, read from text without binary
/// floating point.
///
/// The value is normalized (no trailing zeros after the point), so `"12.50"` and `12.5`
/// are equal, and ``scale`` is the number of decimal places the value really needs.
///
///     let price = try DecimalNumber(parsing: "12.50")   // significand 125, scale 1
///
/// Complexity: parsing is O(*n*) in the length of the text.
public struct DecimalNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The digits of the value as an integer, with its sign.
  public private(set) var significand: Int64
  /// How many of those digits stand after the decimal point (0 through 18).
  public private(set) var scale: Int

  /// Why a text is not a decimal this type can hold.
  public enum ParseError: Error, Sendable, Equatable {
    /// The text is not written as a decimal number.
    case malformed
    /// The value needs more than 18 significant digits or decimal places, or is too large.
    case outOfRange
  }

  /// Creates a decimal from a significand and a scale, normalizing trailing zeros.
  public init(significand: Int64, scale: Int = 0) {
    var significand = significand
    var scale = scale
    while scale > 0 && significand % 10 == 0 {
      significand /= 10
      scale -= 1
    }
    if significand == 0 { scale = 0 }
    self.significand = significand
    self.scale = scale
  }

  /// Reads a number written in the JSON number grammar (`-12.50`, `1e3`, `0.125`).
  ///
  /// A leading `+`, a bare `.5`, a trailing `.`, spaces and leading zeros are malformed.
  public init(parsing text: some StringProtocol) throws(ParseError) {
    var digits: [UInt8] = []
    var negative = false
    var fractionDigits = 0
    var exponent = 0
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    }
    let integerPart = bytes.prefix { $0 >= 48 && $0 <= 57 }
    guard !integerPart.isEmpty, integerPart.first != 48 || integerPart.count == 1 else { throw .malformed }
    digits.append(contentsOf: integerPart)
    bytes = bytes.dropFirst(integerPart.count)
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      let fraction = bytes.prefix { $0 >= 48 && $0 <= 57 }
      guard !fraction.isEmpty else { throw .malformed }
      digits.append(contentsOf: fraction)
      fractionDigits = fraction.count
      bytes = bytes.dropFirst(fraction.count)
    }
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      var exponentNegative = false
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        exponentNegative = sign == UInt8(ascii: "-")
        bytes = bytes.dropFirst()
      }
      let exponentDigits = bytes.prefix { $0 >= 48 && $0 <= 57 }
      guard !exponentDigits.isEmpty else { throw .malformed }
      bytes = bytes.dropFirst(exponentDigits.count)
      for digit in exponentDigits {
        exponent = exponent * 10 + Int(digit - 48)
        if exponent > 1_000_000 { exponent = 1_000_000 }
      }
      if exponentNegative { exponent = -exponent }
    }
    guard bytes.isEmpty else { throw .malformed }
    // Drop leading zeros, then trailing zeros (moving them into the exponent).
    var significant = digits.drop { $0 == 48 }
    var scale = fractionDigits - exponent
    while let last = significant.last, last == 48 {
      significant = significant.dropLast()
      scale -= 1
    }
    if significant.isEmpty {
      self.init(significand: 0)
      return
    }
    guard significant.count <= 18, scale > -18, scale <= 18 else { throw .outOfRange }
    var value: Int64 = 0
    for digit in significant { value = value * 10 + Int64(digit - 48) }
    if scale < 0 {
      let (scaled, overflow) = value.multipliedReportingOverflow(by: Self.powerOfTen(-scale))
      guard !overflow, scaled < 1_000_000_000_000_000_000 else { throw .outOfRange }
      value = scaled
      scale = 0
    }
    self.init(significand: negative ? -value : value, scale: scale)
  }

  /// `10^exponent` for exponents 0 through 18.
  static func powerOfTen(_ exponent: Int) -> Int64 {
    var result: Int64 = 1
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  /// Whether the value is below zero.
  public var isNegative: Bool { significand < 0 }

  /// Whether the value is zero.
  public var isZero: Bool { significand == 0 }

  /// The value as a count of `10^-digits` units, or `nil` when it has more decimal places
  /// than `digits` or does not fit in 64 bits.
  ///
  ///     DecimalNumber(significand: 125, scale: 1).units(atScale: 2)   // 1250
  public func units(atScale digits: Int) -> Int64? {
    guard scale <= digits else { return nil }
    let shift = digits - scale
    guard shift <= 18 else { return significand == 0 ? 0 : nil }
    let (value, overflow) = significand.multipliedReportingOverflow(by: Self.powerOfTen(shift))
    return overflow ? nil : value
  }

  /// Orders two decimals by value.
  public static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
    let digits = max(lhs.scale, rhs.scale)
    let left = Int128(lhs.significand) * Int128(powerOfTen(digits - lhs.scale))
    let right = Int128(rhs.significand) * Int128(powerOfTen(digits - rhs.scale))
    return left < right
  }

  /// The plain decimal text of the value, with as many decimal places as it needs
  /// (`"12.5"`, `"-0.125"`, `"100"`).
  public var description: String { formatted(minimumFractionDigits: 0) }

  /// The decimal text with at least `minimumFractionDigits` decimal places.
  ///
  ///     DecimalNumber(significand: 15).formatted(minimumFractionDigits: 2)   // "15.00"
  public func formatted(minimumFractionDigits: Int) -> String {
    let places = max(scale, minimumFractionDigits)
    let magnitude = significand.magnitude * UInt64(Self.powerOfTen(places - scale))
    return Self.format(magnitude: magnitude, negative: significand < 0, places: places)
  }

  /// Formats `magnitude × 10^-places` with exactly `places` decimal places.
  static func format(magnitude: UInt64, negative: Bool, places: Int) -> String {
    var digits = String(magnitude)
    if places > 0 {
      if digits.count <= places {
        digits = String(repeating: "0", count: places - digits.count + 1) + digits
      }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
    }
    return negative ? "-" + digits : digits
  }
}
