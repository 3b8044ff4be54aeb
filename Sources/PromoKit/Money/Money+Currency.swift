extension Money {
  /// An amount of `minorUnits` in `currency`'s minor digits (2 without a currency).
  ///
  ///     Money(minorUnits: 2_500, currency: Currency(code: "CNY"))   // 25.00
  public init(minorUnits: Int128, currency: Currency?) {
    self.init(minorUnits: minorUnits, minorDigits: currency.minorDigits)
  }
}
