import PromoKit

/// How a ``RawWriter`` writes amounts and whole numbers in decimal.
extension RawWriter {
  /// The most bytes ``money(_:)`` or ``integer(_:)`` writes.
  static let numberBound = 48

  /// Writes an amount as ``Money/description`` does.
  mutating func money(_ value: Money) {
    guard let magnitude = UInt64(exactly: value.minorUnits.magnitude), value.minorDigits >= 0,
      value.minorDigits < 20
    else {
      var bytes: [UInt8] = []
      value.appendDecimal(to: &bytes)
      bytes.withUnsafeBufferPointer { self.bytes($0.baseAddress!, $0.count) }
      return
    }
    digits(magnitude, negative: value.minorUnits < 0, fraction: value.minorDigits)
  }

  /// Writes a whole number in decimal.
  mutating func integer(_ value: Int64) {
    digits(value.magnitude, negative: value < 0, fraction: 0)
  }

  /// Writes `magnitude` in decimal with a point before its last `fraction` digits (and at
  /// least one digit before it), after a minus sign when `negative`.
  @inline(__always)
  private mutating func digits(_ magnitude: UInt64, negative: Bool, fraction: Int) {
    if magnitude < 100_000_000 && fraction <= 3 {
      if negative { byte(UInt8(ascii: "-")) }
      eightDigits(UInt32(truncatingIfNeeded: magnitude), fraction: fraction)
    } else {
      anyDigits(magnitude, negative: negative, fraction: fraction)
    }
  }

  /// ``digits(_:negative:fraction:)`` for a value below 10^8 and at most 3 fraction digits,
  /// without a branch on the number of digits: the value's 8 digits (leading zeros
  /// included) are made in one word, two at a time, and written whole, from the first one
  /// that is not a leading zero; the fraction's digits are then moved one byte on, after the
  /// point. The words written reach at most 12 bytes past ``position``, within
  /// ``numberBound``.
  @inline(__always)
  private mutating func eightDigits(_ value: UInt32, fraction: Int) {
    checkRoom(12)
    let pairs = UnsafeRawPointer(RawWriter.digitPairs.utf8Start)
    func pair(_ twoDigits: UInt32) -> UInt64 {
      UInt64(UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: Int(twoDigits) &* 2, as: UInt16.self)))
    }
    let high = value / 10_000
    let low = value % 10_000
    // The digits in memory order: the most significant in the lowest byte.
    let word = pair(high / 100) | pair(high % 100) << 16 | pair(low / 100) << 32 | pair(low % 100) << 48
    let leadingZeros = (word ^ 0x3030_3030_3030_3030).trailingZeroBitCount >> 3
    let length = max(8 - leadingZeros, fraction + 1)
    let target = UnsafeMutableRawPointer(position)
    target.storeBytes(of: (word >> (UInt64(8 - length) &* 8)).littleEndian, as: UInt64.self)
    guard fraction > 0 else {
      position += length
      return
    }
    let whole = length - fraction
    target.storeBytes(of: UInt8(ascii: "."), toByteOffset: whole, as: UInt8.self)
    let fractionDigits = UInt32(truncatingIfNeeded: word >> (UInt64(8 - fraction) &* 8))
    target.storeBytes(of: fractionDigits.littleEndian, toByteOffset: whole + 1, as: UInt32.self)
    position += length + 1
  }

  /// ``digits(_:negative:fraction:)`` for any value and number of fraction digits.
  private mutating func anyDigits(_ magnitude: UInt64, negative: Bool, fraction: Int) {
    // The number of digits: ⌊log10 2^bits⌋ (1233/4096 is just above log10 2), plus one when
    // the value reaches the next power of ten.
    var length = ((64 - magnitude.leadingZeroBitCount) &* 1_233) >> 12
    if length < 20 && magnitude >= RawWriter.powerOfTen(length) { length += 1 }
    length = max(length, fraction + 1)
    if negative { byte(UInt8(ascii: "-")) }
    let total = length + (fraction > 0 ? 1 : 0)
    checkRoom(total)
    var cursor = position + total
    position = cursor
    var value = magnitude
    var written = 0
    let pairs = RawWriter.digitPairs.utf8Start
    // The fraction's digits (two at a time for cents), then the point.
    if fraction == 2 {
      let pair = Int(value % 100) &* 2
      value /= 100
      cursor -= 2
      cursor[0] = pairs[pair]
      cursor[1] = pairs[pair + 1]
      written = 2
    } else {
      while written < fraction {
        cursor -= 1
        cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        value /= 10
        written += 1
      }
    }
    if fraction > 0 {
      cursor -= 1
      cursor.pointee = UInt8(ascii: ".")
    }
    // The whole part, two digits at a time.
    while length - written >= 2 {
      let pair = Int(value % 100) &* 2
      value /= 100
      cursor -= 2
      cursor[0] = pairs[pair]
      cursor[1] = pairs[pair + 1]
      written += 2
    }
    if written < length {
      cursor -= 1
      cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }
  }

  /// 10^`exponent`, for `exponent` in `0..<20`: a constant table, with no lazy global to
  /// check on each call.
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// "00", "01", ... "99", side by side.
  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
