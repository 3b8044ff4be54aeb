/// What a store's promotions did to a batch of orders: the orders priced, the sums of their
/// subtotals, discounts, shipping and totals, what each promotion cost, the spread of the
/// orders by discount rate, and (store format 4) what each gift promotion gave.
///
/// A report holds counters, not orders: one per promotion applied, one per gift granted and
/// one per rate bucket,
/// so it stays the same size however many orders it counts. Reports of parts of a batch
/// add up, with ``merging(_:)``, to exactly the report of the whole batch, whatever the
/// parts and in whatever order they are merged.
///
///     var report = PricingReport(currency: catalog.currency)
///     for order in orders {
///       try report.add(try calculator.quote(for: order))
///     }
///     for cost in report.promotions {   // the largest cost first
///       print(cost.id, cost.orders, cost.discount, cost.average)
///     }
///     let whole = try morning.merging(afternoon)
///
/// - Complexity: ``add(_:)`` is O(*p*) for the *p* promotions and gifts of the order;
///   ``merging(_:)`` is O(*q*) for the *q* promotions and gifts of the other report.
public struct PricingReport: Sendable, Hashable {
  /// The orders counted.
  public private(set) var orders: Int64 = 0
  /// The sum of the orders' subtotals.
  public private(set) var subtotal: Money
  /// The sum of the orders' discounts (of every promotion applied).
  public private(set) var discount: Money
  /// The sum of the orders' shipping amounts, before any shipping discount (which is part
  /// of ``discount``), so that `total = subtotal − discount + shipping`.
  public private(set) var shipping: Money
  /// The sum of the orders' totals.
  public private(set) var total: Money
  /// How many orders fall in each ``DiscountRateBucket``, by index.
  private var rateCounts: [Int64]
  /// The promotions applied so far, by id.
  private var tallies: [String: Tally] = [:]
  /// The gift promotions granted so far, by id.
  private var giftCounts: [String: GiftCount] = [:]
  /// The currency of the orders, once it is known: from the store, or from the first order.
  private var knownCurrency: Currency??

  /// What one promotion has cost so far.
  struct Tally: Sendable, Hashable {
    var name: String?
    var orders: Int64
    var discount: Money
  }

  /// An empty report in `currency`, or, for `nil`, in the currency of the first order
  /// counted (the store's currency, when it names one, is the right choice: every order
  /// priced against it is in it).
  ///
  ///     var report = PricingReport(currency: Currency(code: "CNY"))
  ///     report.orders        // 0
  ///     report.rates.count   // 21, every bucket empty
  public init(currency: Currency?) {
    knownCurrency = currency.map { .some($0) }
    let zero = Money.zero(minorDigits: currency.minorDigits)
    subtotal = zero
    discount = zero
    shipping = zero
    total = zero
    rateCounts = Array(repeating: 0, count: DiscountRateBucket.count)
  }

  /// The currency of the orders: `nil` before the first order when the report was made
  /// without one, or when the orders name none.
  public var currency: Currency? { knownCurrency ?? nil }

  /// Whether the currency is settled: given when the report was made, or set by an order.
  /// A report with no currency settled merges with a report in any currency.
  public var isCurrencySettled: Bool { knownCurrency != nil }

  /// The minor digits of every amount of the report.
  public var minorDigits: Int { subtotal.minorDigits }

  /// What each promotion applied cost, the largest total discount first (ties: the lowest
  /// id, compared as byte strings).
  ///
  ///     report.promotions.first?.id   // the promotion that cost the most
  ///
  /// - Complexity: O(*p* log *p*) for the *p* promotions applied.
  public var promotions: [PromotionCost] {
    tallies.map { id, tally in
      PromotionCost(
        id: id, name: tally.name, orders: tally.orders, discount: tally.discount, totalDiscount: discount)
    }.sorted { left, right in
      left.discount != right.discount
        ? left.discount > right.discount : Array(left.id.utf8).lexicographicallyPrecedes(right.id.utf8)
    }
  }

  /// What each gift promotion granted gave (store format 4): the orders it was granted with
  /// and the units granted, by id as byte strings (UTF-8 order); empty when no gift was
  /// granted.
  ///
  ///     report.gifts.first?.orders   // the orders that got the first gift
  ///
  /// - Complexity: O(*g* log *g*) for the *g* gift promotions granted.
  public var gifts: [GiftCount] {
    giftCounts.values.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// The spread of the orders by discount rate: every bucket, from 0% to (95, 100], each
  /// with its count (0 included).
  ///
  ///     report.rates[0].orders   // the orders with no discount at all
  ///
  /// - Complexity: O(1): there are always 21 buckets.
  public var rates: [DiscountRateBucket] {
    rateCounts.enumerated().map { index, count in
      let bounds = DiscountRateBucket.bounds(ofIndex: index)
      return DiscountRateBucket(from: bounds.from, to: bounds.to, orders: count)
    }
  }

  /// The shipping amount of `quote` (before its shipping discount): the one place where a
  /// report reads shipping.
  ///
  /// The shipping an order was charged before any deal: its ``Quote/shipping`` amount, or
  /// 0 for an order without shipping.
  ///
  ///     PricingReport.shippingAmount(of: quote)   // 12.00 for order B-1
  public static func shippingAmount(of quote: Quote) -> Money {
    quote.shipping?.amount ?? .zero(minorDigits: quote.subtotal.minorDigits)
  }

  /// Counts a priced order in.
  ///
  ///     try report.add(try calculator.quote(for: order))
  ///
  /// - Throws: ``PricingReportError/mixedCurrencies(earlier:later:)`` for an order in
  ///   another currency than the report's, ``PricingReportError/overflow`` when a sum does
  ///   not fit. The report is unchanged when it throws.
  /// - Complexity: O(*p*) for the *p* promotions and gifts of the order.
  public mutating func add(_ quote: Quote) throws(PricingReportError) {
    let shippingAmount = Self.shippingAmount(of: quote)
    var updated = self
    try updated.settleCurrency(quote.currency, digits: quote.subtotal.minorDigits)
    do {
      updated.subtotal = try updated.subtotal.adding(quote.subtotal)
      updated.discount = try updated.discount.adding(quote.discount)
      updated.shipping = try updated.shipping.adding(shippingAmount)
      updated.total = try updated.total.adding(quote.total)
      for applied in quote.plan.applied {
        var tally =
          updated.tallies[applied.id]
          ?? Tally(name: applied.name, orders: 0, discount: .zero(minorDigits: updated.minorDigits))
        tally.orders += 1
        tally.discount = try tally.discount.adding(applied.discount)
        if tally.name == nil { tally.name = applied.name }
        updated.tallies[applied.id] = tally
      }
    } catch {
      throw .overflow
    }
    for gift in quote.gifts {
      try updated.count(GiftCount(id: gift.id, orders: 1, quantity: gift.quantity))
    }
    let base = quote.subtotal.adding(unchecked: shippingAmount)
    updated.rateCounts[DiscountRateBucket.index(discount: quote.discount, base: base)] += 1
    updated.orders += 1
    self = updated
  }

  /// This report and `other` added up: the report of both parts' orders together, exactly
  /// what one report over all of them gives. A promotion's name is this report's, or the
  /// other's when this one has none.
  ///
  ///     let whole = try partOne.merging(partTwo)   // the same as one report over both
  ///
  /// - Throws: ``PricingReportError/mixedCurrencies(earlier:later:)`` when the reports are
  ///   in different currencies, ``PricingReportError/overflow`` when a sum does not fit.
  /// - Complexity: O(*q*) for the *q* promotions of `other`.
  public func merging(_ other: PricingReport) throws(PricingReportError) -> PricingReport {
    // A report with no currency settled has counted nothing: it adds nothing.
    guard let theirs = other.knownCurrency else { return self }
    var merged = self
    try merged.settleCurrency(theirs, digits: other.minorDigits)
    do {
      merged.subtotal = try merged.subtotal.adding(other.subtotal)
      merged.discount = try merged.discount.adding(other.discount)
      merged.shipping = try merged.shipping.adding(other.shipping)
      merged.total = try merged.total.adding(other.total)
      for (id, theirs) in other.tallies {
        guard var tally = merged.tallies[id] else {
          merged.tallies[id] = theirs
          continue
        }
        tally.orders = try Self.sum(tally.orders, theirs.orders)
        tally.discount = try tally.discount.adding(theirs.discount)
        if tally.name == nil { tally.name = theirs.name }
        merged.tallies[id] = tally
      }
    } catch {
      throw .overflow
    }
    for count in other.giftCounts.values { try merged.count(count) }
    for index in merged.rateCounts.indices {
      merged.rateCounts[index] = try Self.sum(merged.rateCounts[index], other.rateCounts[index])
    }
    merged.orders = try Self.sum(merged.orders, other.orders)
    return merged
  }

  /// Adds `count` to the gift promotion's count so far.
  private mutating func count(_ count: GiftCount) throws(PricingReportError) {
    guard var sum = giftCounts[count.id] else {
      giftCounts[count.id] = count
      return
    }
    sum.orders = try Self.sum(sum.orders, count.orders)
    sum.quantity = try Self.sum(sum.quantity, count.quantity)
    giftCounts[count.id] = sum
  }

  /// The sum of two counts read from reports, which need not be small.
  private static func sum(_ left: Int64, _ right: Int64) throws(PricingReportError) -> Int64 {
    let (sum, overflow) = left.addingReportingOverflow(right)
    if overflow { throw .overflow }
    return sum
  }

  /// Settles the currency on `currency` (whose amounts have `digits` minor digits), or
  /// checks that it is the one already settled.
  private mutating func settleCurrency(_ currency: Currency?, digits: Int) throws(PricingReportError) {
    if let earlier = knownCurrency {
      guard earlier == currency else { throw .mixedCurrencies(earlier: earlier, later: currency) }
      return
    }
    knownCurrency = .some(currency)
    if digits != minorDigits {
      // Nothing was counted yet (an unsettled report is empty): only the digits change.
      let zero = Money.zero(minorDigits: digits)
      subtotal = zero
      discount = zero
      shipping = zero
      total = zero
    }
  }

  /// A report read back from its parts (by ``PricingReportDecoder``), which the caller has
  /// checked: the same digits everywhere, rate counts adding up to `orders`, each gift's
  /// id once.
  init(
    currency: Currency??, orders: Int64, subtotal: Money, discount: Money, shipping: Money, total: Money,
    promotions: [PromotionCost], rateCounts: [Int64], gifts: [GiftCount] = []
  ) {
    knownCurrency = currency
    self.orders = orders
    self.subtotal = subtotal
    self.discount = discount
    self.shipping = shipping
    self.total = total
    self.rateCounts = rateCounts
    for cost in promotions {
      tallies[cost.id] = Tally(name: cost.name, orders: cost.orders, discount: cost.discount)
    }
    for count in gifts { giftCounts[count.id] = count }
  }
}
