/// An ISO 4217 currency: its three-letter code and how many minor digits it has.
///
/// The minor digits follow the table of docs/FORMAT.md: JPY has 0; KWD, BHD, OMR, JOD, TND, LYD
/// and IQD have 3; every other code has 2.
///
///     try Currency(code: "KWD").minorDigits   // 3
public struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// The three capital letters of the code, such as `CNY`.
  public let code: String
  /// The number of digits after the decimal point in an amount of this currency.
  public let minorDigits: Int

  /// Minor digits used when neither the order nor the store names a currency.
  public static let defaultMinorDigits = 2

  /// Creates the currency for a code of exactly three capital ASCII letters; throws
  /// ``InvalidCurrencyCode`` otherwise (`"cny"` too: a code is never guessed).
  public init(code: String) throws(InvalidCurrencyCode) {
    let letters = code.utf8
    guard letters.count == 3, letters.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    else {
      throw InvalidCurrencyCode(code: code)
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

/// A currency code that is not three capital ASCII letters, such as `"cny"` or `"yuan"`.
public struct InvalidCurrencyCode: Error, Sendable, Hashable, CustomStringConvertible {
  /// The code as given.
  public let code: String

  /// The error for `code`.
  public init(code: String) {
    self.code = code
  }

  /// What is wrong.
  public var description: String { "\"\(code)\" is not a three-letter ISO 4217 code in capitals" }
}

extension Optional where Wrapped == Currency {
  /// The minor digits of the currency, or the default of 2 when there is none.
  public var minorDigits: Int { self?.minorDigits ?? Currency.defaultMinorDigits }
}
