/// An ISO 4217 currency: its three-letter code and how many minor digits it has.
///
/// The minor digits follow the table of docs/FORMAT.md: JPY has 0; KWD, BHD, OMR, JOD, TND, LYD
/// and IQD have 3; every other code has 2.
///
///     Currency(code: "KWD")?.minorDigits   // 3
public struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// The three capital letters of the code, such as `CNY`.
  public let code: String
  /// The number of digits after the decimal point in an amount of this currency.
  public let minorDigits: Int

  /// Minor digits used when neither the order nor the store names a currency.
  public static let defaultMinorDigits = 2

  /// Creates the currency for a code of exactly three capital ASCII letters, else `nil`.
  public init?(code: String) {
    let letters = code.utf8
    guard letters.count == 3, letters.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    else {
      return nil
    }
    self.code = code
    switch code {
    case "JPY": minorDigits = 0
    case "KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD": minorDigits = 3
    default: minorDigits = 2
    }
  }

  /// The code.
  public var description: String { code }
}

extension Optional where Wrapped == Currency {
  /// The minor digits of the currency, or the default of 2 when there is none.
  public var minorDigits: Int { self?.minorDigits ?? Currency.defaultMinorDigits }
}
