import PromoKit
import PromoTestSupport

/// A promotion described by plain integers, so that the reference pricing below does not
/// depend on the library's own money, percentage or time code.
struct PromotionSpec: Sendable, Equatable {
  var id: String
  var kind: PromotionKind
  /// The percentage in ten-thousandths of a percent (`20%` is 200,000), or `nil`.
  var percent: Int64?
  /// The fixed sum in cents, or `nil`.
  var fixed: Int64?
  /// The threshold's minimum in cents (`nil` for a discount).
  var minimum: Int64?
  /// The window's bounds, in seconds relative to the evaluation time.
  var start: Int64?
  var end: Int64?
  var active: Bool
  var stackable: Bool
  /// The UTC offset, in minutes, its timestamps are written with in JSON.
  var offsetMinutes: Int64

  var isWorking: Bool {
    active && (start.map { $0 <= 0 } ?? true) && (end.map { $0 > 0 } ?? true)
  }

  /// What it takes off `amount` (cents), ignoring the minimum: half-up for a percentage,
  /// capped at the amount for a fixed sum.
  func reduction(of amount: Int64) -> Int64 {
    if let percent {
      return Int64((Int128(amount) * Int128(percent) + 500_000) / 1_000_000)
    }
    return min(fixed!, amount)
  }

  func applies(to amount: Int64) -> Bool { minimum.map { amount >= $0 } ?? true }

  /// The library's promotion for this spec, evaluated at `epoch` seconds.
  func promotion(epoch: Int64) -> Promotion {
    let benefit: Benefit =
      if let percent {
        .percentOff(Percentage(DecimalNumber(significand: percent, scale: 4))!)
      } else {
        .amountOff(DecimalNumber(significand: fixed!, scale: 2))
      }
    return Fixture.built {
      try Promotion(
        id: id, kind: kind, benefit: benefit,
        minimumAmount: minimum.map { DecimalNumber(significand: $0, scale: 2) },
        startsAt: start.map {
          Fixture.timestamp(
            RefInstant.format(seconds: epoch + $0, fraction: [], offsetMinutes: offsetMinutes))
        },
        endsAt: end.map {
          Fixture.timestamp(
            RefInstant.format(seconds: epoch + $0, fraction: [], offsetMinutes: offsetMinutes))
        },
        isActive: active, isStackable: stackable)
    }
  }

  /// The promotion as a store's JSON object, amounts sometimes as numbers, sometimes as strings.
  func json(epoch: Int64, quoteNumbers: Bool) -> String {
    var members = [#""id": "\#(id)""#, #""kind": "\#(kind.rawValue)""#]
    func decimal(_ value: Int64, places: Int) -> String {
      let unit = Int64(places == 2 ? 100 : 10_000)
      var fraction = String(value % unit)
      fraction = String(repeating: "0", count: places - fraction.count) + fraction
      let text = "\(value / unit).\(fraction)"
      return quoteNumbers ? "\"\(text)\"" : text
    }
    if let percent { members.append(#""percentOff": \#(decimal(percent, places: 4))"#) }
    if let fixed { members.append(#""amountOff": \#(decimal(fixed, places: 2))"#) }
    if let minimum { members.append(#""minimumAmount": \#(decimal(minimum, places: 2))"#) }
    if let start {
      members.append(
        #""startsAt": "\#(RefInstant.format(seconds: epoch + start, fraction: [], offsetMinutes: offsetMinutes))""#
      )
    }
    if let end {
      members.append(
        #""endsAt": "\#(RefInstant.format(seconds: epoch + end, fraction: [], offsetMinutes: offsetMinutes))""#
      )
    }
    members.append(#""active": \#(active)"#)
    members.append(#""stackable": \#(stackable)"#)
    return "{" + members.joined(separator: ", ") + "}"
  }
}

/// A plan of the reference pricing: promotion ids in application order, each discount,
/// and the total, all in cents.
struct ReferencePlan: Equatable, CustomStringConvertible {
  var ids: [String]
  var discounts: [Int64]
  var total: Int64

  /// Rule 4.3: lower total, then fewer promotions, then ids in order as byte strings.
  func isBetter(than other: ReferencePlan) -> Bool {
    if total != other.total { return total < other.total }
    if ids.count != other.ids.count { return ids.count < other.ids.count }
    for (mine, theirs) in zip(ids, other.ids) where mine != theirs {
      return Array(mine.utf8).lexicographicallyPrecedes(Array(theirs.utf8))
    }
    return false
  }

  var description: String { "\(ids) \(discounts) → \(total)" }
}

/// The brute-force reference for SPEC 4: every plan is enumerated.
enum ReferencePricing {
  /// Every plan of SPEC 4.2 for a subtotal: none, every working single that applies, and
  /// every stackable working discount followed by a stackable working threshold that
  /// applies to the discounted amount.
  static func allPlans(_ specs: [PromotionSpec], subtotal: Int64) -> [ReferencePlan] {
    var plans = [ReferencePlan(ids: [], discounts: [], total: subtotal)]
    let working = specs.filter(\.isWorking)
    for spec in working where spec.applies(to: subtotal) {
      let cut = spec.reduction(of: subtotal)
      plans.append(ReferencePlan(ids: [spec.id], discounts: [cut], total: subtotal - cut))
    }
    let discounts = working.filter { $0.kind == .discount && $0.stackable }
    let thresholds = working.filter { $0.kind == .threshold && $0.stackable }
    for discount in discounts {
      let first = discount.reduction(of: subtotal)
      let remaining = subtotal - first
      for threshold in thresholds where threshold.applies(to: remaining) {
        let second = threshold.reduction(of: remaining)
        plans.append(
          ReferencePlan(
            ids: [discount.id, threshold.id], discounts: [first, second], total: remaining - second))
      }
    }
    return plans
  }

  /// The best plan by rule 4.3.
  static func best(_ specs: [PromotionSpec], subtotal: Int64) -> ReferencePlan {
    best(of: allPlans(specs, subtotal: subtotal))
  }

  static func best(of plans: [ReferencePlan]) -> ReferencePlan {
    var best = plans[0]
    for plan in plans.dropFirst() where plan.isBetter(than: best) { best = plan }
    return best
  }
}

/// Random stores and subtotals for the property tests.
struct StoreGenerator {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  private static let idCharacters = Array("aAbZz09._-")
  private static let percents: [Int64] = [
    50_000, 100_000, 125_000, 150_000, 200_000, 250_000, 333_333, 500_000, 1_000_000,
  ]
  private static let fixedSums: [Int64] = [1, 100, 500, 1_000, 1_500, 2_000, 5_000, 10_000]
  private static let minimums: [Int64] = [0, 1, 5_000, 9_999, 10_000, 20_000]
  private static let bounds: [Int64] = [-172_800, -3_600, -1, 0, 1, 3_600, 172_800]
  private static let offsets: [Int64] = [0, 0, 480, -300, 330, 345, -600, 840, -720]

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

  mutating func uniqueID(avoiding used: inout Set<String>, maximumLength: Int) -> String {
    while true {
      let length = Int.random(in: 1...maximumLength, using: &random)
      let id = String((0..<length).map { _ in pick(Self.idCharacters) })
      if used.insert(id).inserted { return id }
    }
  }

  mutating func bound() -> Int64 {
    chance(70) ? pick(Self.bounds) : Int64.random(in: -200_000...200_000, using: &random)
  }

  mutating func spec(id: String) -> PromotionSpec {
    let kind: PromotionKind = chance(50) ? .discount : .threshold
    var percent: Int64?
    var fixed: Int64?
    if chance(50) {
      percent = chance(75) ? pick(Self.percents) : Int64.random(in: 1...1_000_000, using: &random)
    } else {
      fixed = chance(75) ? pick(Self.fixedSums) : Int64.random(in: 1...20_000, using: &random)
    }
    let minimum: Int64? =
      kind == .threshold
      ? (chance(60) ? pick(Self.minimums) : Int64.random(in: 0...30_000, using: &random)) : nil
    var start: Int64? = chance(35) ? bound() : nil
    var end: Int64? = chance(35) ? bound() : nil
    if let low = start, let high = end, low >= high {
      if chance(50) {
        (start, end) = (high, low)
        if high == low { end = low + 1 }
      } else {
        end = low + Int64.random(in: 1...100_000, using: &random)
      }
    }
    return PromotionSpec(
      id: id, kind: kind, percent: percent, fixed: fixed, minimum: minimum, start: start, end: end,
      active: chance(85), stackable: chance(55), offsetMinutes: pick(Self.offsets))
  }

  mutating func store(count: Int, maximumIDLength: Int = 3) -> [PromotionSpec] {
    var used: Set<String> = []
    return (0..<count).map { _ in spec(id: uniqueID(avoiding: &used, maximumLength: maximumIDLength)) }
  }

  /// A subtotal: 0, random, next to a threshold's minimum, or one that a discount brings
  /// next to a threshold's minimum.
  mutating func subtotal(for specs: [PromotionSpec]) -> Int64 {
    let thresholds = specs.filter { $0.kind == .threshold }
    let discounts = specs.filter { $0.kind == .discount }
    let roll = Int.random(in: 0..<100, using: &random)
    let nudge = Int64.random(in: -2...2, using: &random)
    switch roll {
    case 0..<10:
      return 0
    case 10..<35 where !thresholds.isEmpty:
      return max(0, pick(thresholds).minimum! + nudge)
    case 35..<60 where !thresholds.isEmpty && !discounts.isEmpty:
      let target = pick(thresholds).minimum!
      let discount = pick(discounts)
      if let fixed = discount.fixed { return max(0, target + fixed + nudge) }
      let keep = 1_000_000 - discount.percent!
      guard keep > 0 else { return max(0, target + nudge) }
      return max(0, Int64((Int128(target) * 1_000_000 + Int128(keep) / 2) / Int128(keep)) + nudge)
    default:
      return Int64.random(in: 0...40_000, using: &random)
    }
  }
}
