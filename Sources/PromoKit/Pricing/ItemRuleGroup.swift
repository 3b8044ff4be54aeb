/// Item promotions that target the same lines (one SKU, one category, or every line),
/// indexed by benefit kind so that the best of them on a line is found without a pass over
/// them.
///
/// On a line of `q` units at `u` (amount `L`), within one kind the best is found from one
/// value:
///
/// - `percentOff r`: `round(L × r)` grows with `r`, so the largest rate is best; the rates
///   that round to the same discount are a suffix of the sorted rates;
/// - `amountOff a` (per unit): `q × min(a, u)` grows with `a` up to `u`; every sum from
///   `min(largest, u)` on gives the best;
/// - `fixedPrice f`: `q × max(u − f, 0)` shrinks as `f` grows; only the least price can be
///   best (when it is below `u`);
/// - `buy b get g` at `r`: for one shape `(b, g)` the units got are fixed by `q`, and then
///   the largest rate is best; the shapes are compared one by one, only those with
///   `b + g <= q` (the others get no unit).
///
/// Ties go to the lowest weight (the rules' positions in id order), kept as suffix minima
/// over each kind's sorted values.
///
/// - Complexity: O(*k* log *k*) to build for *k* rules; ``best(unitPrice:quantity:lineAmount:)``
///   is O(log *k* + *s* log *k*) for *s* buy-get shapes with `b + g <= q`.
struct ItemRuleGroup: Sendable {
  /// Rates sorted ascending, with the least weight of each suffix.
  private struct Ladder: Sendable {
    /// The values ascending, each with the least weight of the entries from it on.
    private var entries: [(value: Int64, weight: Int32)] = []
    /// The largest value, the least weight of the entries holding it, and the next lower
    /// value (-1 for none), kept in place: a query that only the largest value answers does
    /// not touch `entries`' memory.
    private var top: (value: Int64, weight: Int32, next: Int64) = (-1, Int32.max, -1)

    /// Sorts `entries` by value and keeps the suffix minima of their weights, in the
    /// array itself.
    init(_ entries: [(value: Int64, weight: Int32)]) {
      guard !entries.isEmpty else { return }
      self.entries = entries
      if entries.count > 1 { self.entries.sort { $0.value < $1.value } }
      var index = self.entries.count - 2
      while index >= 0 {
        self.entries[index].weight = min(self.entries[index].weight, self.entries[index + 1].weight)
        index -= 1
      }
      let largest = self.entries[self.entries.count - 1].value
      var first = self.entries.count - 1
      while first > 0 && self.entries[first - 1].value == largest { first -= 1 }
      top = (largest, self.entries[first].weight, first > 0 ? self.entries[first - 1].value : -1)
    }

    var isEmpty: Bool { entries.isEmpty }

    var largest: Int64? { top.value >= 0 ? top.value : nil }

    /// The least weight of the entries whose value is at least `value`.
    func lowestWeight(from value: Int128) -> Int32? {
      if value > Int128(top.value) { return nil }
      let value = Int64(value)
      if value > top.next { return top.weight }
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) >> 1
        if entries[middle].value < value { low = middle + 1 } else { high = middle }
      }
      return low < entries.count ? entries[low].weight : nil
    }
  }

  /// The buy-get rules of one shape.
  private struct Shape: Sendable {
    var buy: Int64
    var get: Int64
    /// The largest rate of the shape's rules.
    var largest: Int64
    var rates: Ladder

  }

  private let percentages: Ladder
  private let perUnit: Ladder
  /// The largest rate and the largest sum per unit (-1 for none), kept beside the ladders
  /// so that a line reads them without touching the ladders' memory.
  private let largestRate: Int64
  private let largestPerUnit: Int64
  /// The least fixed price and the least weight of the rules with it.
  private let leastPrice: (price: Int64, weight: Int32)?
  /// The buy-get shapes by ascending `buy + get`.
  private let shapes: [Shape]
  /// A rate no buy-get rule's discount on a line exceeds applied to the whole line: the
  /// largest `⌈rate × get / (buy + get)⌉` (a line gets at most that share of its units).
  private let shapeBound: Int64

  /// Whether the group has no rule.
  var isEmpty: Bool {
    percentages.isEmpty && perUnit.isEmpty && leastPrice == nil && shapes.isEmpty
  }

  /// Indexes the rules at `positions` of `rules` (their weights are their positions).
  init(_ positions: [Int], of rules: [ItemRule]) {
    var percentages: [(value: Int64, weight: Int32)] = []
    var perUnit: [(value: Int64, weight: Int32)] = []
    var leastPrice: (price: Int64, weight: Int32)?
    var buyGets: [(buy: Int64, get: Int64, value: Int64, weight: Int32)] = []
    for position in positions {
      let weight = Int32(position)
      switch rules[position].reduction {
      case .percent(let rate): percentages.append((rate.tenThousandths, weight))
      // Store amounts are at most 10^12 in at most 3 minor digits: they fit in 64 bits.
      case .perUnit(let sum): perUnit.append((Int64(sum.minorUnits), weight))
      case .fixedPrice(let price):
        if let least = leastPrice,
          Int128(least.price) < price.minorUnits
            || (Int128(least.price) == price.minorUnits && least.weight < weight)
        {
          break
        }
        leastPrice = (Int64(price.minorUnits), weight)
      case .buyGet(let terms):
        buyGets.append((terms.buy, terms.get, terms.percentOff.tenThousandths, weight))
      }
    }
    self.percentages = Ladder(percentages)
    self.perUnit = Ladder(perUnit)
    largestRate = self.percentages.largest.map { Int64($0) } ?? -1
    largestPerUnit = self.perUnit.largest ?? -1
    self.leastPrice = leastPrice
    // The shapes by ascending `buy + get`, each with the ladder of its rates.
    buyGets.sort { ($0.buy + $0.get, $0.buy) < ($1.buy + $1.get, $1.buy) }
    var shapes: [Shape] = []
    var start = 0
    while start < buyGets.count {
      var end = start + 1
      while end < buyGets.count && buyGets[end].buy == buyGets[start].buy
        && buyGets[end].get == buyGets[start].get
      {
        end += 1
      }
      let rates = Ladder(buyGets[start..<end].map { ($0.value, $0.weight) })
      shapes.append(
        Shape(buy: buyGets[start].buy, get: buyGets[start].get, largest: Int64(rates.largest!), rates: rates))
      start = end
    }
    self.shapes = shapes
    shapeBound = shapes.reduce(0) { bound, shape in
      let size = shape.buy + shape.get
      return max(bound, (shape.largest * shape.get + size - 1) / size)
    }
  }

  /// The most a rule of the group takes off a line of `quantity` units at `unitPrice`
  /// (amount `lineAmount`), and the least weight of the rules taking that off; `nil` when
  /// none takes off more than 0.
  ///
  /// - Complexity: O(log *k* + *s* log *k*).
  @inline(__always)
  func best(unitPrice: Int128, quantity: Int64, lineAmount: Int128) -> (discount: Int128, weight: Int32)? {
    // First the most each kind (and each buy-get shape) takes off; then, among those that
    // take off that much, the least weight. The shapes are read in place, never copied.
    var most: Int128 = 0
    let percentage = largestRate > 0 ? DealTerms.percentageOff(largestRate, of: lineAmount) : 0
    most = max(most, percentage)
    let perUnitOff = largestPerUnit > 0 ? min(Int128(largestPerUnit), unitPrice) : 0
    let perUnitDiscount = DealTerms.perUnitOff(perUnitOff, unitPrice: unitPrice, units: quantity)
    most = max(most, perUnitDiscount)
    let fixedPriceDiscount =
      leastPrice.map { DealTerms.fixedPriceOff(Int128($0.price), unitPrice: unitPrice, units: quantity) } ?? 0
    most = max(most, fixedPriceDiscount)
    // The shape taking off the most (the first of them), and whether another takes as much.
    var shapeCount = 0
    var shapeMost: Int128 = 0
    var shapeWinner = -1
    var shapesTie = false
    // When even the bound is below what another kind takes off, no shape can win or tie.
    let shapesMayReach = !shapes.isEmpty && DealTerms.percentageOff(shapeBound, of: lineAmount) >= most
    while shapesMayReach && shapeCount < shapes.count
      && shapes[shapeCount].buy + shapes[shapeCount].get <= quantity
    {
      let amount = DealTerms.gotAmount(
        unitPrice: unitPrice, quantity: quantity, buy: shapes[shapeCount].buy, get: shapes[shapeCount].get)
      let value = DealTerms.percentageOff(shapes[shapeCount].largest, of: amount)
      if value > shapeMost {
        shapeMost = value
        shapeWinner = shapeCount
        shapesTie = false
      } else if value == shapeMost {
        shapesTie = true
      }
      shapeCount += 1
    }
    most = max(most, shapeMost)
    guard most > 0 else { return nil }
    var weight = Int32.max
    if percentage == most, let rate = RateArithmetic.leastRate(reaching: most, on: lineAmount),
      let found = percentages.lowestWeight(from: Int128(rate))
    {
      weight = min(weight, found)
    }
    if perUnitDiscount == most, let found = perUnit.lowestWeight(from: perUnitOff) {
      weight = min(weight, found)
    }
    if fixedPriceDiscount == most, let least = leastPrice { weight = min(weight, least.weight) }
    let tied = shapeMost == most ? (shapesTie ? 0..<shapeCount : shapeWinner..<(shapeWinner + 1)) : 0..<0
    for index in tied {
      let amount = DealTerms.gotAmount(
        unitPrice: unitPrice, quantity: quantity, buy: shapes[index].buy, get: shapes[index].get)
      guard DealTerms.percentageOff(shapes[index].largest, of: amount) == most,
        let rate = RateArithmetic.leastRate(reaching: most, on: amount),
        let found = shapes[index].rates.lowestWeight(from: Int128(rate))
      else { continue }
      weight = min(weight, found)
    }
    return (most, weight)
  }

}

/// What an item search found: the most a promotion takes off a line, the rank of its id and
/// its position in the store.
typealias ItemPick = (discount: Int128, rank: Int32, storeIndex: Int)

/// One item promotion of a short list, its amounts in minor units (or ten-thousandths of a
/// percent) in a trivial value of 32 bytes, with the rank of its id and its position in the
/// store: a pass over a few of them, laid out one after the other, reads nothing else.
struct FewItemRule: Sendable {
  /// The rate, the sum per unit, or the price (store amounts fit in 64 bits).
  var value: Int64
  var rank: Int32
  var storeIndex: Int32
  /// A buy-get rule's terms (1 to 1,000 each).
  var buy: Int32 = 0
  var get: Int32 = 0
  /// Which benefit, in one byte.
  var kind: Kind
  var isStackable: Bool

  /// The benefit of a rule: `value` is a rate for `percentOff` and `buyGet`, a sum per unit
  /// for `amountOff`, a price for `fixedPrice`.
  enum Kind: UInt8, Sendable {
    case percentOff, amountOff, fixedPrice, buyGet
  }

  /// `rule`, whose id has rank `rank`.
  init(_ rule: ItemRule, rank: Int32) {
    self.rank = rank
    storeIndex = Int32(rule.storeIndex)
    isStackable = rule.isStackable
    switch rule.reduction {
    case .percent(let rate):
      kind = .percentOff
      value = rate.tenThousandths
    case .perUnit(let sum):
      kind = .amountOff
      value = Int64(sum.minorUnits)
    case .fixedPrice(let price):
      kind = .fixedPrice
      value = Int64(price.minorUnits)
    case .buyGet(let terms):
      kind = .buyGet
      value = terms.percentOff.tenThousandths
      buy = Int32(terms.buy)
      get = Int32(terms.get)
    }
  }

  /// The best of a few rules on a line of `quantity` units at `unitPrice` (amount
  /// `lineAmount`): the most any of them takes off and the lowest id taking that much, of
  /// all of them and of the stackable ones, in one pass; `nil` when none takes off more
  /// than 0.
  ///
  /// - Complexity: O(*k*) for *k* rules.
  @inline(__always)
  static func best(
    of rules: UnsafeBufferPointer<FewItemRule>, unitPrice: Int128, quantity: Int64, lineAmount: Int128
  ) -> (all: ItemPick?, stackable: ItemPick?) {
    var all: ItemPick?
    var stackable: ItemPick?
    for index in rules.indices {
      let discount: Int128
      switch rules[index].kind {
      case .percentOff: discount = DealTerms.percentageOff(rules[index].value, of: lineAmount)
      case .amountOff:
        discount = DealTerms.perUnitOff(Int128(rules[index].value), unitPrice: unitPrice, units: quantity)
      case .fixedPrice:
        discount = DealTerms.fixedPriceOff(Int128(rules[index].value), unitPrice: unitPrice, units: quantity)
      case .buyGet:
        let got = DealTerms.gotAmount(
          unitPrice: unitPrice, quantity: quantity, buy: Int64(rules[index].buy), get: Int64(rules[index].get)
        )
        discount = DealTerms.percentageOff(rules[index].value, of: got)
      }
      guard discount > 0 else { continue }
      let rank = rules[index].rank
      if all == nil || discount > all!.discount || (discount == all!.discount && rank < all!.rank) {
        all = (discount, rank, Int(rules[index].storeIndex))
      }
      if rules[index].isStackable
        && (stackable == nil || discount > stackable!.discount
          || (discount == stackable!.discount && rank < stackable!.rank))
      {
        stackable = (discount, rank, Int(rules[index].storeIndex))
      }
    }
    return (all, stackable)
  }
}
