extension Benefit {
  /// "Buy `buy`, get `get` at `percentOff` off", or ``PromotionRuleError/countOutOfRange(field:_:)``
  /// when a count is outside 1...1000: ``BuyGet``'s terms without a force-unwrap.
  ///
  ///     let benefit = try Benefit.buy(1, get: 1, percentOff: 50)   // second one half price
  public static func buy(
    _ buy: Int64, get: Int64, percentOff: Percentage = .hundred, acrossLines: Bool = false
  ) throws(PromotionRuleError) -> Benefit {
    .buyGet(try BuyGet(buy: buy, get: get, percentOff: percentOff, acrossLines: acrossLines))
  }
}
