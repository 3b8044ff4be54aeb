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
    self.init(positions, of: rules.map { FewItemRule($0, rank: 0) })
  }

  /// Indexes the rules at `positions` of `rules` (their weights are their positions).
  init(_ positions: [Int], of rules: [FewItemRule]) {
    var percentages: [(value: Int64, weight: Int32)] = []
    var perUnit: [(value: Int64, weight: Int32)] = []
    var leastPrice: (price: Int64, weight: Int32)?
    var buyGets: [(buy: Int64, get: Int64, value: Int64, weight: Int32)] = []
    for position in positions {
      let weight = Int32(position)
      let rule = rules[position]
      switch rule.kind {
      case .percentOff: percentages.append((rule.number, weight))
      case .amountOff: perUnit.append((rule.number, weight))
      case .fixedPrice:
        if let least = leastPrice,
          least.price < rule.number || (least.price == rule.number && least.weight < weight)
        {
          break
        }
        leastPrice = (rule.number, weight)
      case .buyGet:
        let terms = rule.buyGet
        buyGets.append((terms.buy, terms.get, terms.rate, weight))
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
  func best(unitPrice: Int128, quantity: Int64, lineAmount: Int128) -> (discount: Int128, weight: Int32)? {
    // Nearly every line's amount fits in 64 bits: given amounts whose high halves are known
    // to be 0, the compiler drops the formulas' wide paths (a 128-bit division it would
    // otherwise do up front) from this copy of the search.
    if let small = UInt64(exactly: lineAmount), unitPrice >= 0 && unitPrice <= lineAmount {
      return best(unitPrice: UInt64(truncatingIfNeeded: unitPrice), quantity: quantity, lineAmount: small)
    }
    return search(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount, small: false)
  }

  /// ``best(unitPrice:quantity:lineAmount:)`` for amounts that fit in 64 bits.
  private func best(unitPrice: UInt64, quantity: Int64, lineAmount: UInt64) -> (
    discount: Int128, weight: Int32
  )? {
    search(unitPrice: Int128(unitPrice), quantity: quantity, lineAmount: Int128(lineAmount), small: true)
  }

  /// ``best(unitPrice:quantity:lineAmount:)``, written once for both of its copies; `small`
  /// (a constant in each) says that the line amount fits in 64 bits, and with it every
  /// amount and discount below (none exceeds the line amount), which the formulas then
  /// compute in 64 bits (``Self/percentageOff(_:of:small:)``, ``Self/product(_:_:small:)``).
  @inline(__always)
  private func search(unitPrice: Int128, quantity: Int64, lineAmount: Int128, small: Bool) -> (
    discount: Int128, weight: Int32
  )? {
    // First the most each kind (and each buy-get shape) takes off; then, among those that
    // take off that much, the least weight. The shapes are read in place, never copied.
    var most: Int128 = 0
    let percentage = largestRate > 0 ? Self.percentageOff(largestRate, of: lineAmount, small: small) : 0
    most = max(most, percentage)
    let perUnitOff = largestPerUnit > 0 ? DealTerms.sumOff(Int128(largestPerUnit), of: unitPrice) : 0
    // DealTerms.perUnitOff: the sum off each unit is at most the unit price already.
    let perUnitDiscount = Self.product(perUnitOff, quantity, small: small)
    most = max(most, perUnitDiscount)
    let fixedPriceDiscount =
      leastPrice.map { Self.product(max(unitPrice - Int128($0.price), 0), quantity, small: small) } ?? 0
    most = max(most, fixedPriceDiscount)
    // The shape taking off the most (the first of them), and whether another takes as much.
    var shapeCount = 0
    var shapeMost: Int128 = 0
    var shapeWinner = -1
    var shapesTie = false
    // When even the bound is below what another kind takes off, no shape can win or tie.
    let shapesMayReach =
      !shapes.isEmpty && Self.percentageOff(shapeBound, of: lineAmount, small: small) >= most
    while shapesMayReach && shapeCount < shapes.count
      && shapes[shapeCount].buy + shapes[shapeCount].get <= quantity
    {
      let amount = gotAmount(unitPrice: unitPrice, quantity: quantity, shape: shapeCount, small: small)
      let value = Self.percentageOff(shapes[shapeCount].largest, of: amount, small: small)
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
      let amount = gotAmount(unitPrice: unitPrice, quantity: quantity, shape: index, small: small)
      guard Self.percentageOff(shapes[index].largest, of: amount, small: small) == most,
        let rate = RateArithmetic.leastRate(reaching: most, on: amount),
        let found = shapes[index].rates.lowestWeight(from: Int128(rate))
      else { continue }
      weight = min(weight, found)
    }
    return (most, weight)
  }

  /// ``DealTerms/percentageOff(_:of:cap:)`` without a cap; with `small`, `amount` fits in
  /// 64 bits and the common case (a product that fits too) is computed there, by the same
  /// rounding as ``Percentage/rounded(_:tenThousandths:)``.
  @inline(__always)
  private static func percentageOff(_ rate: Int64, of amount: Int128, small: Bool) -> Int128 {
    if small {
      let product = UInt64(truncatingIfNeeded: amount).multipliedFullWidth(by: UInt64(rate))
      if product.high == 0 && product.low <= UInt64.max - 500_000 {
        return Int128(truncatingIfNeeded: (product.low &+ 500_000) / 1_000_000)
      }
    }
    return DealTerms.percentageOff(rate, of: amount)
  }

  /// A sum per unit times `units` (``RateArithmetic/product(_:_:)``, which the formulas of
  /// ``DealTerms`` use); with `small`, the product is at most the line amount (the sum is at
  /// most the unit price, the units at most the quantity), so it is taken in 64 bits.
  @inline(__always)
  private static func product(_ amount: Int128, _ units: Int64, small: Bool) -> Int128 {
    guard small else { return RateArithmetic.product(amount, units) }
    return Int128(truncatingIfNeeded: UInt64(truncatingIfNeeded: amount) &* UInt64(truncatingIfNeeded: units))
  }

  /// ``DealTerms/gotAmount(unitPrice:quantity:buy:get:limit:)`` for the shape at `shape`.
  @inline(__always)
  private func gotAmount(unitPrice: Int128, quantity: Int64, shape: Int, small: Bool) -> Int128 {
    let units = BuyGet.discountedUnits(of: quantity, buy: shapes[shape].buy, get: shapes[shape].get)
    return Self.product(unitPrice, units, small: small)
  }
}

/// What an item search found: the most a promotion takes off a line, the rank of its id and
/// its position in the store.
typealias ItemPick = (discount: Int128, rank: Int32, storeIndex: Int)

/// One item promotion of a short list in a trivial value of 16 bytes: its benefit packed in
/// one word, the rank of its id and its position in the store. A pass over a few of them,
/// laid out one after the other, reads nothing else, four to a cache line.
struct FewItemRule: Sendable {
  /// The benefit: its kind in bits 62–63 (the raw value of its ``Benefit/Kind``), whether
  /// the rule is stackable in bit 61, and its number in bits 0–49: the rate (in
  /// ten-thousandths of a percent), the sum per unit or the price (in minor units: store
  /// amounts are at most 10^12 in at most 3 minor digits, below 2^50); a buy-get rule has
  /// its rate in bits 0–19 (at most 10^6), `buy` in bits 20–29 and `get` in bits 30–39 (1 to
  /// 1,000 each).
  private let terms: UInt64
  /// The rank of the rule's id among the store's ids.
  let rank: Int32
  /// The promotion's position in the store.
  let storeIndex: Int32

  private static let numberBits: UInt64 = (1 << 50) - 1
  /// A buy-get rule's rate (bits 0–19), and its `buy` and `get` (bits 20–39).
  private static let rateBits: UInt64 = 0xf_ffff
  private static let shapeBits: UInt64 = 0xff_fff0_0000
  /// The kind (bits 62–63).
  private static let kindBits: UInt64 = 0xc000_0000_0000_0000
  private static let stackableBit: UInt64 = 1 << 61

  /// `rule`, whose id has rank `rank`.
  init(_ rule: ItemRule, rank: Int32) {
    func number(_ value: Int128) -> UInt64 {
      precondition(value >= 0 && value <= Int128(Self.numberBits), "an item promotion's amount beyond 2^50")
      return UInt64(value)
    }
    var terms = UInt64(rule.reduction.kind.rawValue) << 62
    switch rule.reduction {
    case .percent(let rate): terms |= number(Int128(rate.tenThousandths))
    case .perUnit(let sum): terms |= number(sum.minorUnits)
    case .fixedPrice(let price): terms |= number(price.minorUnits)
    case .buyGet(let buyGet):
      precondition(
        (0...RateArithmetic.hundredPercent).contains(buyGet.percentOff.tenThousandths)
          && BuyGet.allowedCounts.contains(buyGet.buy) && BuyGet.allowedCounts.contains(buyGet.get),
        "a buy-get promotion beyond its bounds")
      terms |= UInt64(buyGet.percentOff.tenThousandths) | UInt64(buyGet.buy) << 20 | UInt64(buyGet.get) << 30
    }
    if rule.isStackable { terms |= Self.stackableBit }
    self.terms = terms
    self.rank = rank
    storeIndex = Int32(rule.storeIndex)
  }

  /// The rule's benefit kind.
  var kind: Benefit.Kind {
    // The top two bits hold one of the four kinds: every value names one.
    Benefit.Kind(rawValue: UInt8(truncatingIfNeeded: terms >> 62))!
  }

  /// Whether the rule may be combined with the order stage.
  var isStackable: Bool { terms & Self.stackableBit != 0 }

  /// The rule's number: its rate, sum per unit or price (a buy-get rule's rate is
  /// ``buyGet``'s).
  var number: Int64 { Int64(terms & Self.numberBits) }

  /// A buy-get rule's terms (meaningless for another kind).
  var buyGet: (buy: Int64, get: Int64, rate: Int64) {
    (Int64(terms >> 20 & 0x3ff), Int64(terms >> 30 & 0x3ff), Int64(terms & Self.rateBits))
  }

  /// The rules this rule may outdo or be outdone by (``outdoes(_:)``) share its family: its
  /// kind, and for a buy-get rule its `buy` and `get` (bits 20–39 and 62–63 of its terms).
  var family: UInt64 {
    kind == .buyGet ? terms & (Self.kindBits | Self.shapeBits) : terms & Self.kindBits
  }

  /// How good the rule's number is within its family: the rate or the sum per unit, the
  /// price negated (a lower price takes more off).
  var goodness: Int64 {
    switch kind {
    case .percentOff, .amountOff: number
    case .fixedPrice: -number
    case .buyGet: buyGet.rate
    }
  }

  /// Whether this rule makes `other` useless to ``best(of:unitPrice:quantity:lineAmount:)``
  /// wherever both are in the rules passed: on every line it takes off at least as much,
  /// its id is lower, and it is stackable if `other` is.
  ///
  /// Both have the same benefit kind (and, for buy-get rules, the same `buy` and `get`),
  /// with a number at least as good: a rate or a sum per unit at least as large, a price at
  /// most as large. Each formula of ``DealTerms`` only grows with its rate or sum and only
  /// shrinks as the price grows (a percentage of the same amount, rounded half up; `min(sum,
  /// unit price)` per unit; `max(unit price − price, 0)` per unit; a buy-get's units got
  /// depend on `buy`, `get` and the quantity alone). So on every line this rule takes off
  /// at least what `other` does, and with the lower rank it wins every tie: `other` is never
  /// the best of all; nor of the stackable ones, where this rule is too when `other` is.
  func outdoes(_ other: FewItemRule) -> Bool {
    guard terms >> 62 == other.terms >> 62, rank < other.rank, isStackable || !other.isStackable else {
      return false
    }
    switch kind {
    case .percentOff, .amountOff:
      return other.kind == kind && terms & Self.numberBits >= other.terms & Self.numberBits
    case .fixedPrice:
      return other.kind == kind && terms & Self.numberBits <= other.terms & Self.numberBits
    case .buyGet:
      // The same kind, the same `buy` and `get` (bits 20–39), and a
      // rate (bits 0–19) at least as large.
      return other.kind == kind && terms & Self.shapeBits == other.terms & Self.shapeBits
        && terms & Self.rateBits >= other.terms & Self.rateBits
    }
  }

  /// What the rule takes off a line of `quantity` units at `unitPrice` (amount
  /// `lineAmount`), by the formulas of ``DealTerms``.
  @inline(__always)
  func discount(unitPrice: Int128, quantity: Int64, lineAmount: Int128) -> Int128 {
    switch kind {
    case .percentOff:
      return DealTerms.percentageOff(Int64(terms & Self.numberBits), of: lineAmount)
    case .amountOff:
      return DealTerms.perUnitOff(Int128(terms & Self.numberBits), unitPrice: unitPrice, units: quantity)
    case .fixedPrice:
      return DealTerms.fixedPriceOff(Int128(terms & Self.numberBits), unitPrice: unitPrice, units: quantity)
    case .buyGet:
      let (buy, get, rate) = buyGet
      let got = DealTerms.gotAmount(unitPrice: unitPrice, quantity: quantity, buy: buy, get: get)
      return DealTerms.percentageOff(rate, of: got)
    }
  }

  /// The best of a few rules on a line of `quantity` units at `unitPrice` (amount
  /// `lineAmount`): the most any of them takes off and the lowest id taking that much, of
  /// all of them and of the stackable ones, in one pass; `nil` when none takes off more
  /// than 0.
  ///
  /// - Complexity: O(*k*) for *k* rules.
  static func best(
    of rules: UnsafeBufferPointer<FewItemRule>, unitPrice: Int128, quantity: Int64, lineAmount: Int128
  ) -> (all: ItemPick?, stackable: ItemPick?) {
    // As in ItemRuleGroup.best: a copy of the pass for amounts known to fit in 64 bits.
    if let small = UInt64(exactly: lineAmount), unitPrice >= 0 && unitPrice <= lineAmount {
      return best(
        of: rules, unitPrice: UInt64(truncatingIfNeeded: unitPrice), quantity: quantity, lineAmount: small)
    }
    return pass(over: rules, unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
  }

  /// ``best(of:unitPrice:quantity:lineAmount:)`` for amounts that fit in 64 bits, with
  /// as few branches as the formulas allow: which rule wins is data the branch predictor
  /// cannot learn, and mispredicted comparisons cost more than the formulas.
  ///
  /// Every discount is at most the line amount, so below 2^64, and a rule's discount, its
  /// rank and its position pack into one 128-bit key: the discount in the high half, then
  /// the rank's complement (the lower rank wins a tie), then the position. The greatest key
  /// is the best rule, and among the stackable ones the greatest key of a stackable rule.
  private static func best(
    of rules: UnsafeBufferPointer<FewItemRule>, unitPrice: UInt64, quantity: Int64, lineAmount: UInt64
  ) -> (all: ItemPick?, stackable: ItemPick?) {
    var all: UInt128 = 0
    var stackable: UInt128 = 0
    for position in rules.indices {
      let rule = rules[position]
      let discount = rule.discount(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
      let key =
        UInt128(discount) << 64 | UInt128(UInt32.max - UInt32(bitPattern: rule.rank)) << 32
        | UInt128(position)
      all = max(all, key)
      stackable = max(stackable, rule.terms & Self.stackableBit != 0 ? key : 0)
    }
    // A key whose discount is 0 is no pick.
    func pick(_ key: UInt128) -> ItemPick? {
      guard key >> 64 != 0 else { return nil }
      let rule = rules[Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: key))]
      return (
        Int128(truncatingIfNeeded: UInt64(truncatingIfNeeded: key >> 64)), rule.rank, Int(rule.storeIndex)
      )
    }
    return (pick(all), pick(stackable))
  }

  /// ``discount(unitPrice:quantity:lineAmount:)`` on a line whose amount fits in 64 bits
  /// (so does every discount, at most the line amount): the formulas of ``DealTerms``,
  /// exactly, with the kind chosen by masks rather than branches (rules of every kind
  /// follow one another in a pass). Only a buy-get rule branches, to count its units got
  /// (a target's buy-get rules come last), and a percentage whose product exceeds 64 bits
  /// is left to ``DealTerms/percentageOff(_:of:cap:)``.
  @inline(__always)
  private func discount(unitPrice: UInt64, quantity: Int64, lineAmount: UInt64) -> UInt64 {
    // The kinds' raw values: percentOff 0, amountOff 1, fixedPrice 2, buyGet 3. All ones
    // for the sums per unit (amountOff, fixedPrice), else 0; all ones for amountOff (and
    // buyGet, which the first mask leaves out), else 0.
    let kind = terms >> 62
    let perUnitMask = 0 &- ((kind ^ kind >> 1) & 1)
    let amountOffMask = 0 &- (kind & 1)
    let number = terms & Self.numberBits
    // A rate of the line amount (percentOff), or of the amount of the units got (buyGet);
    // 0 for the sums per unit, whose percentage is then 0.
    var base = lineAmount
    var rate = number & ~perUnitMask
    if kind == 3 {
      base = unitPrice &* UInt64(BuyGet.discountedUnits(of: quantity, buy: buyGet.buy, get: buyGet.get))
      rate = terms & Self.rateBits
    }
    let product = base.multipliedFullWidth(by: rate)
    let percentage =
      product.high == 0 && product.low <= UInt64.max - 500_000
      ? (product.low &+ 500_000) / 1_000_000
      : UInt64(DealTerms.percentageOff(Int64(rate), of: Int128(base)))
    // A sum off each unit: at most the unit price (amountOff), or what the unit costs
    // above the price (fixedPrice).
    let sumOff = min(number, unitPrice)
    let aboveFixedPrice = unitPrice > number ? unitPrice &- number : 0
    let perUnit = (sumOff & amountOffMask) | (aboveFixedPrice & ~amountOffMask)
    return percentage | (perUnit &* UInt64(quantity) & perUnitMask)
  }

  /// ``best(of:unitPrice:quantity:lineAmount:)`` on any amounts, one rule after another.
  @inline(__always)
  private static func pass(
    over rules: UnsafeBufferPointer<FewItemRule>, unitPrice: Int128, quantity: Int64, lineAmount: Int128
  ) -> (all: ItemPick?, stackable: ItemPick?) {
    // The best so far, of all and of the stackable ones. "None yet" is 0 off at no rank:
    // a rule taking off nothing may replace it (at a lower rank), but any rule taking off
    // more than 0 beats both, and 0 off is no pick.
    var all: (discount: Int128, rank: Int32, storeIndex: Int32) = (0, .max, 0)
    var stackable = all
    for rule in rules {
      let discount = rule.discount(unitPrice: unitPrice, quantity: quantity, lineAmount: lineAmount)
      let rank = rule.rank
      if discount > all.discount || (discount == all.discount && rank < all.rank) {
        all = (discount, rank, rule.storeIndex)
      }
      if rule.isStackable
        && (discount > stackable.discount || (discount == stackable.discount && rank < stackable.rank))
      {
        stackable = (discount, rank, rule.storeIndex)
      }
    }
    return (
      all.discount > 0 ? (all.discount, all.rank, Int(all.storeIndex)) : nil,
      stackable.discount > 0 ? (stackable.discount, stackable.rank, Int(stackable.storeIndex)) : nil
    )
  }
}
