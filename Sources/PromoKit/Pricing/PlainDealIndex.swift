/// A set of discounts or thresholds (all of one kind and stackability), indexed so that
/// what they take off one amount is found without a pass over them.
///
/// Every rule is split into at most two *pieces*, each valid on an interval of amounts:
///
/// - a **fixed piece** `(sum, from)`: on every amount `A >= from` it takes off
///   `min(sum, A)`. A fixed sum is one piece from its minimum (from 0 for a discount); a
///   capped percentage is one from the amount where it reaches its cap (its *breakpoint*
///   `b`, or its minimum when that is later), with its cap as the sum, since there it
///   takes off exactly the cap;
/// - a **percentage piece** `(rate, [from, to))`: on the amounts in the interval it takes off
///   `round(A × rate)`. An uncapped percentage is one piece from its minimum on; a capped
///   percentage is one from its minimum up to its breakpoint.
///
/// On one amount, the largest fixed sum gives the most of the fixed pieces, and the largest
/// rate the most of the percentage pieces (rounding is monotonic). The pieces are keyed by
/// the sums' and the rates' ranks and weighted by the rules' positions (the rules are kept
/// in id order); an index finds the pieces valid on an amount, their largest key, and the
/// lowest position among keys in a range. Every fixed piece and every uncapped percentage
/// is valid from an amount up, a ray, and goes in a ``RayIndex`` (arrays the size of the
/// pieces); only a capped percentage's piece below its cap has two ends, and those go in a
/// ``StabbingIndex``. A range of discounts on an amount maps to a range of keys: the sums
/// in it, and the rates that round into it (``RateArithmetic/leastRate(reaching:on:)``).
///
/// - Complexity: O(*n* log *n*) to build for *n* rules (O(*n*) memory without capped
///   percentages).
final class OrderRuleSet: Sendable {
  /// The distinct sums of the fixed pieces, ascending (a key is a position here).
  private let sums: [Int128]
  /// The fixed pieces: each is valid from an amount up.
  private let fixed: RayIndex
  /// The fixed pieces that take off the whole of some amounts (a sum at least where it
  /// starts), for the tie among them there.
  private let wholeAmount: WholeAmountIndex
  /// The distinct rates of the percentage pieces, ascending.
  private let rates: [Int64]
  /// The percentage pieces valid from an amount up (uncapped percentages).
  private let percent: RayIndex
  /// The percentage pieces valid up to an amount (capped percentages, below their caps).
  private let cappedPercent: StabbingIndex

  /// Whether the set has no rule.
  let isEmpty: Bool
  /// The rules themselves when there are at most ``fewRules``: a set that small is searched
  /// directly (a bounded number of steps), its indexes left empty.
  private let few: [OrderRule]?
  /// The weights of `few`.
  private let fewWeights: [Int32]

  /// Up to this many rules, a set is searched directly.
  static let fewRules = 8

  /// Indexes `rules`, weighted by `weights` (the rules' positions in id order).
  convenience init(_ rules: [OrderRule], weights: [Int32]) {
    self.init(rules, at: rules.indices.map { Int32($0) }, weights: weights)
  }

  /// Indexes the rules of `rules` at `positions`, weighted by `weights` (the rules'
  /// positions in id order). Each rule is read where it is, never copied whole (which would
  /// retain its id).
  init(_ rules: [OrderRule], at positions: [Int32], weights: [Int32]) {
    isEmpty = positions.isEmpty
    if positions.count <= Self.fewRules {
      few = positions.map { rules[Int($0)] }
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
    fixedRays.reserveCapacity(positions.count)
    fixedSums.reserveCapacity(positions.count)
    for (position, weight) in zip(positions, weights) {
      let minimum = rules[Int(position)].minimum.map(\.minorUnits).flatMap { $0 > 0 ? $0 : nil }
      switch rules[Int(position)].reduction {
      case .fixed(let sum):
        fixedRays.append(.init(lower: minimum, key: 0, weight: weight))
        fixedSums.append(sum.minorUnits)
      case .percent(let rate, nil):
        percentRays.append(.init(lower: minimum, key: 0, weight: weight))
        rayRates.append(Int128(rate.tenThousandths))
      case .percent(let rate, let cap?):
        let breakpoint = RateArithmetic.breakpoint(rate: rate.tenThousandths, cap: cap.minorUnits)
        fixedRays.append(.init(lower: max(breakpoint, minimum ?? 0), key: 0, weight: weight))
        fixedSums.append(cap.minorUnits)
        if (minimum ?? 0) < breakpoint {
          cappedIntervals.append(.init(lower: minimum, upper: breakpoint, key: 0, weight: weight))
          intervalRates.append(Int128(rate.tenThousandths))
        }
      }
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

  /// The most any rule of the set takes off `amount` (in minor units), or `nil` when none
  /// applies (a threshold below its minimum).
  ///
  /// - Complexity: O(log *n*).
  func best(at amount: Int128) -> Int128? {
    var best: Int128?
    if let few {
      for rule in few {
        if let value = Self.value(of: rule, at: amount), best == nil || value > best! { best = value }
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

  /// The lowest weight of the rules that take at least `value` off `amount`
  /// (`0 <= value <= amount`).
  ///
  /// - Complexity: O(log² *n*).
  func lowestWeight(at amount: Int128, reaching value: Int128) -> Int32? {
    lowestWeight(at: amount, within: value, Int128.max)
  }

  /// The lowest weight of the rules that take off `amount` a sum in `low...high`
  /// (`0 <= low`; nothing when `low > amount`).
  ///
  /// - Complexity: O(log² *n*).
  func lowestWeight(at amount: Int128, within low: Int128, _ high: Int128) -> Int32? {
    guard low <= amount, low <= high else { return nil }
    var best: Int32?
    if let few {
      for (rule, weight) in zip(few, fewWeights) {
        if let value = Self.value(of: rule, at: amount), value >= low && value <= high,
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

  /// The most a rule of the set takes off `amount` without taking off more than `bound`
  /// (`bound >= 0`), or `nil` when every rule takes off more (or none applies).
  ///
  /// - Complexity: O(log² *n*).
  func greatest(at amount: Int128, notAbove bound: Int128) -> Int128? {
    var best: Int128?
    if let few {
      for rule in few {
        if let value = Self.value(of: rule, at: amount), value <= bound, best == nil || value > best! {
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

  /// What `rule` takes off `amount` (in its minor units), or `nil` below its minimum: the
  /// same as ``OrderRule/discount(on:)``.
  @inline(__always)
  private static func value(of rule: OrderRule, at amount: Int128) -> Int128? {
    if let minimum = rule.minimum, amount < minimum.minorUnits { return nil }
    return rule.reduction(ofUnits: amount)
  }
}
