/// The untargeted deals without a code that an order of a customer in no customer group
/// gathers (``ExactCandidates/deals(for:codes:groups:)``), listed once for every such order:
/// the item deals, then the discounts and the thresholds whose minimum the subtotal
/// reaches, and the shipping deals whose minimum it reaches, each list in the order the
/// candidates name them; those for customer groups left out.
///
///     let every = ExactUntargetedDeals(table: table, items: 0..<3, discounts: 3..<5, byMinimum: 5..<9)
///     let (orders, shipping) = every.reached[2]   // with the first 2 by minimum reached
///
/// - Complexity: O(*n*) to list *n* deals, once per store.
struct ExactUntargetedDeals: Sendable {
  /// The item deals, each of every line.
  let items: [ItemCandidate]
  /// The discounts, then the thresholds by their minimum (their places in the table).
  let orders: [Int32]
  /// The shipping deals by their minimum.
  let shipping: [Int32]
  /// For each count `r` of the deals by minimum an order reaches, how many of ``orders``
  /// and of ``shipping`` it gathers.
  let reached: [(orders: Int32, shipping: Int32)]

  /// The deals for every customer at `items`, `discounts` and `byMinimum` (sorted by their
  /// minimum) of `table`.
  init(table: [DealTerms], items: Range<Int>, discounts: Range<Int>, byMinimum: Range<Int>) {
    self.items = items.filter { !table[$0].isForCustomerGroups }.map {
      ItemCandidate(deal: Int32($0), lines: .every)
    }
    var orders = discounts.filter { !table[$0].isForCustomerGroups }.map { Int32($0) }
    var shipping: [Int32] = []
    var reached = [(orders: Int32(orders.count), shipping: Int32(0))]
    reached.reserveCapacity(byMinimum.count + 1)
    for index in byMinimum {
      let terms = table[index]
      if !terms.isForCustomerGroups {
        switch terms.kind {
        case .discount, .threshold: orders.append(Int32(index))
        case .shipping: shipping.append(Int32(index))
        case .item, .gift: preconditionFailure("an item deal has no minimum amount to be reached")
        }
      }
      reached.append((Int32(orders.count), Int32(shipping.count)))
    }
    self.orders = orders
    self.shipping = shipping
    self.reached = reached
  }
}
