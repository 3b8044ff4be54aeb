/// Coupon codes: 1 to 32 characters of `A–Z a–z 0–9 _ -`, compared without regard to ASCII
/// case.
///
///     CouponCode.isValid("VIP10")                                   // true
///     CouponCode.normalized("vip10") == CouponCode.normalized("VIP10")   // true
public enum CouponCode {
  /// The longest code accepted.
  public static let maximumLength = 32

  /// Whether `code` is 1 to 32 characters of `A–Z a–z 0–9 _ -`.
  ///
  /// - Complexity: O(*n*) for a code of *n* bytes.
  public static func isValid(_ code: String) -> Bool {
    ASCIINames.isName(code, maximumLength: maximumLength) { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "-")
    }
  }

  /// The form codes are compared in: ASCII letters in capitals.
  ///
  /// - Complexity: O(*n*) for a code of *n* bytes.
  public static func normalized(_ code: String) -> String {
    ASCIINames.capitalized(code)
  }
}
