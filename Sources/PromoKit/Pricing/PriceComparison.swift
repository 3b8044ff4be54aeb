/// Prices orders against two catalogs, a base (the store before a change) and a changed
/// one, at the same instant with the same codes, to show what the change does to them.
///
///     let comparison = try PriceComparison(
///       base: PriceCalculator(catalog: live, context: context),
///       changed: PriceCalculator(catalog: edited, context: context))
///     var summary = PriceChangeSummary()
///     for order in referenceOrders {
///       let change = try comparison.compare(order)
///       try summary.add(change)
///       if change.isChanged { print(change.order, change.before.total, change.after.total) }
///     }
///     print(summary.change)   // what the change costs (negative) or earns on these orders
///
/// - Complexity: preparing is that of two ``PriceCalculator``s; each order costs two best
///   plans (no allocation over lines).
public struct PriceComparison: Sendable {
  /// The calculator of the base catalog.
  public let base: PriceCalculator
  /// The calculator of the changed catalog.
  public let changed: PriceCalculator

  /// Compares the prices of two calculators, which must share their context.
  ///
  /// - Throws: ``PriceComparisonError/currencyMismatch(base:changed:)`` when the catalogs do
  ///   not have the same currency: their totals could not be compared.
  /// - Precondition: both calculators have the same ``PricingContext``.
  public init(base: PriceCalculator, changed: PriceCalculator) throws(PriceComparisonError) {
    precondition(base.context == changed.context, "a comparison prices both sides in one context")
    guard base.catalog.currency == changed.catalog.currency else {
      throw .currencyMismatch(base: base.catalog.currency, changed: changed.catalog.currency)
    }
    self.base = base
    self.changed = changed
  }

  /// `order` priced against both catalogs.
  ///
  /// - Throws: ``PriceComparisonError/cannotPrice(_:_:)`` naming the side whose catalog
  ///   cannot price the order (an amount the order's currency cannot hold).
  public func compare(_ order: Order) throws(PriceComparisonError) -> PriceChange {
    let before: PricingPlan
    let after: PricingPlan
    do {
      before = try base.bestPlan(for: order)
    } catch {
      throw .cannotPrice(.base, error)
    }
    do {
      after = try changed.bestPlan(for: order)
    } catch {
      throw .cannotPrice(.changed, error)
    }
    return PriceChange(order: order.id, currency: order.currency, before: before, after: after)
  }

  /// The two catalogs of a comparison.
  public enum Side: Sendable, Hashable {
    /// The catalog before the change.
    case base
    /// The catalog after the change.
    case changed
  }
}

/// Why two catalogs, or two orders, cannot be compared.
public enum PriceComparisonError: Error, Sendable, Hashable {
  /// The base and the changed catalog name different currencies (or one names none).
  case currencyMismatch(base: Currency?, changed: Currency?)
  /// An order is in another currency than the orders before it, so their totals cannot be
  /// added up.
  case mixedCurrencies(earlier: Currency?, order: Currency?)
  /// A sum of totals does not fit.
  case overflow
  /// The catalog of one side cannot price an order.
  case cannotPrice(PriceComparison.Side, PromoError)

  /// What is wrong, for a person.
  public var message: String {
    func named(_ currency: Currency?) -> String { currency.map { "in \($0.code)" } ?? "without a currency" }
    switch self {
    case .currencyMismatch(let base, let changed):
      return "the store is \(named(changed)) but the base store is \(named(base)); "
        + "prices in different currencies cannot be compared"
    case .mixedCurrencies(let earlier, let order):
      return "the order is \(named(order)) but earlier orders are \(named(earlier)); "
        + "a diff adds up totals, so every order must have the same currency"
    case .overflow:
      return "the sum of the totals is too large to add up"
    case .cannotPrice(let side, let error):
      return "cannot be priced against the \(side == .base ? "base store" : "store"): \(error)"
    }
  }
}

/// One order's best plan against the base catalog and against the changed one.
public struct PriceChange: Sendable, Hashable {
  /// The order's name: its `id`, else where it came from.
  public var order: String
  /// The order's currency, if it names one.
  public var currency: Currency?
  /// The best plan against the base catalog.
  public var before: PricingPlan
  /// The best plan against the changed catalog.
  public var after: PricingPlan

  /// Creates a change from the two plans.
  public init(order: String, currency: Currency?, before: PricingPlan, after: PricingPlan) {
    self.order = order
    self.currency = currency
    self.before = before
    self.after = after
  }

  /// The new total less the old one: above zero when the order costs more after the
  /// change.
  public var change: Money { after.total.subtracting(before.total) }

  /// Whether the order's total changed. (A different plan with the same total is not a
  /// change of price.)
  public var isChanged: Bool { before.total != after.total }
}

/// The totals of a diff over many orders: how many were priced and changed, and the sums of
/// their totals before and after.
public struct PriceChangeSummary: Sendable, Hashable {
  /// The orders priced.
  public private(set) var orders = 0
  /// The orders whose total changed.
  public private(set) var changed = 0
  /// The orders that cost more after the change.
  public private(set) var up = 0
  /// The orders that cost less after the change.
  public private(set) var down = 0
  /// The sum of the totals against the base catalog.
  public private(set) var before: Money
  /// The sum of the totals against the changed catalog.
  public private(set) var after: Money
  /// The currency of the orders added so far, once one has been added.
  private var currency: Currency??

  /// An empty summary whose sums have `minorDigits` minor digits until the first order
  /// sets them.
  public init(minorDigits: Int = Currency.defaultMinorDigits) {
    before = .zero(minorDigits: minorDigits)
    after = .zero(minorDigits: minorDigits)
  }

  /// `after − before`: what the change earns (above zero) or costs on these orders.
  public var change: Money { after.subtracting(before) }

  /// Counts `change` in.
  ///
  /// - Throws: ``PriceComparisonError/mixedCurrencies(earlier:order:)`` for an order in
  ///   another currency than the earlier ones, ``PriceComparisonError/overflow`` when a sum
  ///   does not fit. The summary is unchanged when it throws.
  /// - Complexity: O(1).
  public mutating func add(_ change: PriceChange) throws(PriceComparisonError) {
    if let earlier = currency {
      if earlier != change.currency { throw .mixedCurrencies(earlier: earlier, order: change.currency) }
    } else {
      currency = .some(change.currency)
      before = .zero(minorDigits: change.before.total.minorDigits)
      after = before
    }
    let newBefore: Money
    let newAfter: Money
    do {
      newBefore = try before.adding(change.before.total)
      newAfter = try after.adding(change.after.total)
    } catch {
      throw .overflow
    }
    before = newBefore
    after = newAfter
    orders += 1
    if change.isChanged {
      changed += 1
      if change.before.total < change.after.total { up += 1 } else { down += 1 }
    }
  }
}
