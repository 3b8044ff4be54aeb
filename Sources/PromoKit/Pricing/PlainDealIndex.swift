/// A set of plain discounts or thresholds (all of one kind and stackability), indexed so
/// that what they take off one amount is found without a pass over them. It knows nothing
/// of kinds of benefit: each deal is fed to it as the pieces of what it takes off
/// (``AmountPiece``, from ``DealTerms/amountPieces``), each valid on an interval of amounts:
///
/// - a **sum piece** `(sum, from)`: on every amount `A >= from` it takes off `min(sum, A)`
///   (a fixed sum from its minimum; a capped percentage from where it reaches its cap);
/// - a **rate piece** `(rate, [from, to))`: on the amounts in the interval it takes off
///   `round(A × rate)` (an uncapped percentage from its minimum on; a capped one up to its
///   cap).
///
/// On one amount, the largest sum gives the most of the sum pieces, and the largest rate
/// the most of the rate pieces (rounding is monotonic). The pieces are keyed by the sums'
/// and the rates' ranks and weighted by the deals' weights (the ranks of their ids, or
/// positions in id order); an index finds the pieces valid on an amount, their largest
/// key, and the lowest weight among keys in a range. Every piece valid from an amount up
/// (a ray) goes in a ``RayIndex`` (arrays the size of the pieces); only a rate piece with
/// two ends goes in a ``StabbingIndex``. A range of discounts on an amount maps to a range
/// of keys: the sums in it, and the rates that round into it
/// (``RateArithmetic/leastRate(reaching:on:)``).
///
/// - Complexity: O(*n* log *n*) to build for *n* deals (O(*n*) memory without capped
///   percentages).
final class PlainDealIndex: Sendable {
  /// The distinct sums of the sum pieces, ascending (a key is a position here).
  private let sums: [Int128]
  /// The sum pieces: each is valid from an amount up.
  private let fixed: RayIndex
  /// The sum pieces that take off the whole of some amounts (a sum at least where it
  /// starts), for the tie among them there.
  private let wholeAmount: WholeAmountIndex
  /// The distinct rates of the rate pieces, ascending.
  private let rates: [Int64]
  /// The rate pieces valid from an amount up (uncapped percentages).
  private let percent: RayIndex
  /// The rate pieces valid up to an amount (capped percentages, below their caps).
  private let cappedPercent: StabbingIndex

  /// Whether the set has no deal.
  let isEmpty: Bool
  /// The deals themselves when there are at most ``fewDeals``: a set that small is
  /// searched directly (a bounded number of steps), its indexes left empty.
  private let few: [DealTerms]?
  /// The weights of `few`.
  private let fewWeights: [Int32]

  /// Up to this many deals, a set is searched directly.
  static let fewDeals = 8

  /// Indexes `deals` (plain discounts or thresholds: ``DealTerms/amountPieces``), weighted
  /// by `weights`.
  init(_ deals: [DealTerms], weights: [Int32]) {
    isEmpty = deals.isEmpty
    if deals.count <= Self.fewDeals {
      few = deals
      fewWeights = weights
      sums = []
      rates = []
      fixed = RayIndex()
      wholeAmount = WholeAmountIndex()
      percent = RayIndex()
      cappedPercent = StabbingIndex()
      return
    }
    few = nil
    fewWeights = []
    // Each piece as the ray or interval it goes in, its key (a rank) set once the sums and
    // rates are ranked; the values in lists of their own.
    var fixedRays: [RayIndex.Ray] = []
    var fixedSums: [Int128] = []
    var percentRays: [RayIndex.Ray] = []
    var cappedIntervals: [StabbingIndex.Interval] = []
    // The rates of `percentRays`, then those of `cappedIntervals` (ranked together).
    var rayRates: [Int128] = []
    var intervalRates: [Int128] = []
    fixedRays.reserveCapacity(deals.count)
    fixedSums.reserveCapacity(deals.count)
    /// Adds `piece`, of a deal of `weight`.
    func add(_ piece: AmountPiece, weight: Int32) {
      switch piece {
      case .sum(let sum, let from):
        fixedRays.append(.init(lower: from, key: 0, weight: weight))
        fixedSums.append(sum)
      case .rate(let rate, let from):
        percentRays.append(.init(lower: from, key: 0, weight: weight))
        rayRates.append(Int128(rate))
      case .rateBelow(let rate, let from, let below):
        cappedIntervals.append(.init(lower: from, upper: below, key: 0, weight: weight))
        intervalRates.append(Int128(rate))
      }
    }
    for (deal, weight) in zip(deals, weights) {
      let (first, second) = deal.amountPieces
      add(first, weight: weight)
      if let second { add(second, weight: weight) }
    }
    let (sums, sumRanks) = ValueRanks.of(fixedSums)
    for index in fixedRays.indices { fixedRays[index].key = sumRanks[index] }
    let (rates, rateRanks) = ValueRanks.of(rayRates + intervalRates)
    for index in percentRays.indices { percentRays[index].key = rateRanks[index] }
    for index in cappedIntervals.indices { cappedIntervals[index].key = rateRanks[percentRays.count + index] }
    fixed = RayIndex(fixedRays, keyCount: sums.count)
    wholeAmount = WholeAmountIndex(fixedRays, sums: fixedSums)
    percent = RayIndex(percentRays, keyCount: rates.count)
    cappedPercent = cappedIntervals.isEmpty ? StabbingIndex() : StabbingIndex(cappedIntervals)
    self.sums = sums
    self.rates = rates.map { Int64($0) }
  }

  /// The most any deal of the set takes off `amount` (in minor units), or `nil` when none
  /// applies (a threshold below its minimum).
  ///
  /// - Complexity: O(log *n*).
  func best(at amount: Int128) -> Int128? {
    var best: Int128?
    if let few {
      for deal in few {
        if let value = Self.value(of: deal, at: amount), best == nil || value > best! { best = value }
      }
      return best
    }
    if let key = fixed.maximumKey(at: amount) { best = DealTerms.sumOff(sums[Int(key)], of: amount) }
    if let key = Self.larger(
      percent.maximumKey(at: amount), cappedPercent.isEmpty ? nil : cappedPercent.maximumKey(at: amount))
    {
      let value = DealTerms.percentageOff(rates[Int(key)], of: amount)
      if best == nil || value > best! { best = value }
    }
    return best
  }

  /// The lowest weight of the deals that take at least `value` off `amount`
  /// (`0 <= value <= amount`).
  ///
  /// - Complexity: O(log² *n*).
  func lowestWeight(at amount: Int128, reaching value: Int128) -> Int32? {
    lowestWeight(at: amount, within: value, Int128.max)
  }

  /// The lowest weight of the deals that take off `amount` a sum in `low...high`
  /// (`0 <= low`; nothing when `low > amount`).
  ///
  /// - Complexity: O(log² *n*).
  func lowestWeight(at amount: Int128, within low: Int128, _ high: Int128) -> Int32? {
    guard low <= amount, low <= high else { return nil }
    var best: Int32?
    if let few {
      for (deal, weight) in zip(few, fewWeights) {
        if let value = Self.value(of: deal, at: amount), value >= low && value <= high,
          best == nil || weight < best!
        {
          best = weight
        }
      }
      return best
    }
    // A fixed piece takes off min(sum, A): each sum below A in low...high is a value of its
    // own, and every sum from A up takes off A, which is in range when high >= A.
    // (None below A reaches `low` when `low` is A itself, or above every sum: no search.)
    if low < amount, let largestSum = sums.last, low <= largestSum {
      let sumFrom = sums.firstIndex(notBelow: low)
      let sumThrough = sums.firstIndex(notBelow: min(high, amount - 1) + 1) - 1
      if sumFrom <= sumThrough,
        let weight = fixed.lowestWeight(at: amount, keysFrom: Int32(sumFrom), through: Int32(sumThrough))
      {
        best = weight
      }
    }
    if high >= amount, let weight = wholeAmount.lowestWeight(at: amount), best == nil || weight < best! {
      best = weight
    }
    // A percentage piece takes off round(A × rate): the rates that round into low...high.
    if let least = RateArithmetic.leastRate(reaching: low, on: amount), let largestRate = rates.last,
      least <= largestRate
    {
      let rateFrom = rates.firstIndex(notBelow: least)
      let greatest =
        high >= amount
        ? RateArithmetic.hundredPercent : RateArithmetic.greatestRate(notAbove: high, on: amount)
      let rateThrough = rates.firstIndex(notBelow: greatest + 1) - 1
      if rateFrom <= rateThrough {
        let (from, through) = (Int32(rateFrom), Int32(rateThrough))
        if let weight = percent.lowestWeight(at: amount, keysFrom: from, through: through),
          best == nil || weight < best!
        {
          best = weight
        }
        if !cappedPercent.isEmpty,
          let weight = cappedPercent.lowestWeight(at: amount, keysFrom: from, through: through),
          best == nil || weight < best!
        {
          best = weight
        }
      }
    }
    return best
  }

  /// The most a deal of the set takes off `amount` without taking off more than `bound`
  /// (`bound >= 0`), or `nil` when every deal takes off more (or none applies).
  ///
  /// - Complexity: O(log² *n*).
  func greatest(at amount: Int128, notAbove bound: Int128) -> Int128? {
    var best: Int128?
    if let few {
      for deal in few {
        if let value = Self.value(of: deal, at: amount), value <= bound, best == nil || value > best! {
          best = value
        }
      }
      return best
    }
    if bound >= amount {
      if let key = fixed.maximumKey(at: amount) { best = DealTerms.sumOff(sums[Int(key)], of: amount) }
    } else {
      let through = sums.firstIndex(notBelow: bound + 1) - 1
      if through >= 0, let key = fixed.greatestKey(at: amount, atMost: Int32(through)) {
        best = sums[Int(key)]
      }
    }
    let greatestRate = RateArithmetic.greatestRate(notAbove: bound, on: amount)
    let through = rates.firstIndex(notBelow: greatestRate + 1) - 1
    if through >= 0,
      let key = Self.larger(
        percent.greatestKey(at: amount, atMost: Int32(through)),
        cappedPercent.isEmpty ? nil : cappedPercent.greatestKey(at: amount, atMost: Int32(through)))
    {
      let value = DealTerms.percentageOff(rates[Int(key)], of: amount)
      if best == nil || value > best! { best = value }
    }
    return best
  }

  /// The larger of two keys, either of which may be missing.
  @inline(__always)
  private static func larger(_ first: Int32?, _ second: Int32?) -> Int32? {
    guard let first else { return second }
    guard let second else { return first }
    return max(first, second)
  }

  /// What `deal` takes off `amount` (in its minor units), or `nil` below its minimum.
  @inline(__always)
  private static func value(of deal: DealTerms, at amount: Int128) -> Int128? {
    amount < deal.minimum ? nil : deal.orderDiscount(base: amount, units: .max)
  }
}
