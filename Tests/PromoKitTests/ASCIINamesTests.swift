import Testing

@testable import PromoKit

/// The byte checks behind ids and coupon codes (``ASCIINames``), against the rules stated
/// character by character.
@Suite("ASCII names: ids and codes checked and capitalized by their bytes")
struct ASCIINamesTests {
  /// The rule of ids, a character at a time.
  static func isIDByCharacters(_ id: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    return !id.isEmpty && id.utf8.count <= Promotion.maximumIDLength && id.allSatisfy(allowed.contains)
  }

  @Test(
    "ids and codes: valid exactly when every character is allowed and the length is in range",
    arguments: [
      "", "a", "VIP10", "vip-10_x.y", "tea pot", "thé", "a\u{0}", String(repeating: "x", count: 32),
      String(repeating: "x", count: 33), String(repeating: "y", count: 64), String(repeating: "y", count: 65),
      "emoji🍵", "tab\t", "slash/",
    ])
  func validity(name: String) {
    #expect(Promotion.isValidID(name) == Self.isIDByCharacters(name))
    let codeAllowed = !name.contains(".") && Self.isIDByCharacters(name) && name.utf8.count <= 32
    #expect(CouponCode.isValid(name) == codeAllowed)
  }

  @Test("capitalized: small ASCII letters only, and the same string when there are none")
  func capitalized() {
    #expect(CouponCode.normalized("vip10") == "VIP10")
    #expect(CouponCode.normalized("Welcome_10-x") == "WELCOME_10-X")
    #expect(CouponCode.normalized("VIP10") == "VIP10")
    #expect(CouponCode.normalized("") == "")
    #expect(ASCIINames.capitalized("thé") == "THé")
    // A long string (stored out of line) too.
    let long = String(repeating: "ab", count: 20)
    #expect(ASCIINames.capitalized(long) == String(repeating: "AB", count: 20))
  }
}
