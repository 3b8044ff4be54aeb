/// Why an order cannot be counted in a ``PricingReport``, or two reports cannot be merged.
public enum PricingReportError: Error, Sendable, Hashable {
  /// The order (or the other report) is in another currency than the orders counted so
  /// far: their amounts cannot be added up.
  case mixedCurrencies(earlier: Currency?, later: Currency?)
  /// A sum does not fit.
  case overflow

  /// What is wrong, for a person.
  ///
  ///     PricingReportError.overflow.message   // "a sum of the report is too large to add up"
  public var message: String {
    func named(_ currency: Currency?) -> String { currency.map { "in \($0.code)" } ?? "without a currency" }
    switch self {
    case .mixedCurrencies(let earlier, let later):
      return "it is \(named(later)) but the orders before it are \(named(earlier)); "
        + "a report adds up amounts, so every order must have the same currency"
    case .overflow:
      return "a sum of the report is too large to add up"
    }
  }
}
