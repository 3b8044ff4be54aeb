/// An exact decimal number: `significand × 10^-scale`, read from text without binary
/// floating point.
///
/// The value is normalized (no trailing zeros after the point), so `"12.50"` and `12.5`
/// are equal, and ``scale`` is the number of decimal places the value really needs.
///
///     let price = try DecimalNumber(parsing: "12.50")   // significand 125, scale 1
///
/// - Complexity: parsing is O(*n*) in the length of the text.
public struct DecimalNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The digits of the value as an integer, with its sign.
  public private(set) var significand: Int64
  /// How many of those digits stand after the decimal point (0 through 18).
  public private(set) var scale: Int

  /// Why a text is not a decimal this type can hold.
  public enum ParseError: Error, Sendable, Equatable {
    /// The text is not written as a decimal number.
    case malformed
    /// The value is 10^18 or more in magnitude: too large for any amount.
    case tooLarge
    /// The value is smaller than that but needs more than 18 significant digits or decimal
    /// places.
    case tooPrecise
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
    try self.init(utf8: Array(text.utf8)[...])
  }

  /// Reads a number in the JSON number grammar from UTF-8 bytes, without allocating.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  public init<Bytes: RandomAccessCollection>(utf8 bytes: Bytes) throws(ParseError)
  where Bytes.Element == UInt8, Bytes.Index == Int {
    func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    let end = bytes.endIndex
    var index = bytes.startIndex
    let negative = index < end && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let integerStart = index
    while index < end && isDigit(bytes[index]) { index += 1 }
    let integerEnd = index
    guard integerEnd > integerStart, bytes[integerStart] != 48 || integerEnd - integerStart == 1 else {
      throw .malformed
    }
    var fractionStart = index
    var fractionEnd = index
    if index < end && bytes[index] == UInt8(ascii: ".") {
      index += 1
      fractionStart = index
      while index < end && isDigit(bytes[index]) { index += 1 }
      fractionEnd = index
      guard fractionEnd > fractionStart else { throw .malformed }
    }
    var exponent = 0
    if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index += 1
      var exponentNegative = false
      if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      let exponentStart = index
      while index < end && isDigit(bytes[index]) {
        exponent = min(exponent * 10 + Int(bytes[index] - 48), 1_000_000)
        index += 1
      }
      guard index > exponentStart else { throw .malformed }
      if exponentNegative { exponent = -exponent }
    }
    guard index == end else { throw .malformed }
    // How many digits the value has before the decimal point once the exponent is applied:
    // 19 or more is 10^18 or more, too large; otherwise a value that does not fit needs too
    // many digits.
    let firstSignificant = (integerStart..<integerEnd).first { bytes[$0] != 48 }
    let magnitude = firstSignificant.map { integerEnd - $0 + exponent } ?? exponent
    let outOfRange: ParseError = magnitude >= 19 ? .tooLarge : .tooPrecise
    // The significant digits: leading zeros skipped, trailing zeros moved into the scale.
    var value: Int64 = 0
    var significantCount = 0
    var pendingZeros = 0
    func take(_ digit: UInt8) throws(ParseError) {
      if digit == 48 {
        if significantCount > 0 { pendingZeros += 1 }
        return
      }
      significantCount += pendingZeros + 1
      guard significantCount <= 18 else { throw outOfRange }
      for _ in 0..<pendingZeros { value *= 10 }
      value = value * 10 + Int64(digit - 48)
      pendingZeros = 0
    }
    for position in integerStart..<integerEnd { try take(bytes[position]) }
    for position in fractionStart..<fractionEnd { try take(bytes[position]) }
    guard significantCount > 0 else {
      self.init(significand: 0)
      return
    }
    var scale = (fractionEnd - fractionStart) - exponent - pendingZeros
    guard scale > -18, scale <= 18 else { throw outOfRange }
    if scale < 0 {
      let (scaled, overflow) = value.multipliedReportingOverflow(by: Self.powerOfTen(-scale))
      guard !overflow, scaled < 1_000_000_000_000_000_000 else { throw outOfRange }
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

  /// The value as a count of `10^-digits` units, rounded up to the next unit when it has
  /// more decimal places: the least whole count of units that is not below the value.
  ///
  ///     DecimalNumber(significand: 99_995, scale: 3).unitsRoundedUp(atScale: 2)   // 10000
  public func unitsRoundedUp(atScale digits: Int) -> Int128 {
    if scale <= digits { return Int128(significand) * Int128(Self.powerOfTen(digits - scale)) }
    let divisor = Int64(Self.powerOfTen(scale - digits))
    let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: divisor)
    return Int128(quotient) + (remainder > 0 ? 1 : 0)
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
  static func format(magnitude: some BinaryInteger, negative: Bool, places: Int) -> String {
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
