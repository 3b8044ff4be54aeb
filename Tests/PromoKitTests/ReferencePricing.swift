import Foundation
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
        .percentOff(Percentage.valid(DecimalNumber(significand: percent, scale: 4)))
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

/// The brute-force reference for the documented rules, for stores described by ``PromotionSpec``: the
/// one reference of all the tests (PromoTestSupport's ``Format3Reference``), given each
/// spec as the JSON object a store holds and the subtotal as an order of that `amount`.
enum ReferencePricing {
  /// The evaluation time the specs' windows are relative to.
  static let at = "2026-11-22T04:00:00Z"
  /// `at` in seconds since 1970.
  static let epoch: Int64 = 1_795_320_000

  /// The specs as the reference reads them from a store's JSON.
  static func promotions(_ specs: [PromotionSpec]) -> [Ref3Promotion] {
    specs.map { spec in
      let text = spec.json(epoch: epoch, quoteNumbers: true)
      guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
        let promotion = try? Ref3Reader.promotion(object, digits: 2)
      else { fatalError("the reference cannot read \(text)") }
      return promotion
    }
  }

  /// Every plan of the documented rules for a subtotal, as the reference enumerates them: none, every
  /// working single that applies (and takes something off), and every stackable working
  /// discount followed by a stackable working threshold that applies to the discounted
  /// amount.
  static func allPlans(_ specs: [PromotionSpec], subtotal: Int64) -> [ReferencePlan] {
    let promotions = promotions(specs)
    let order = order(subtotal)
    let working = promotions.indices.filter {
      Format3Reference.status(promotions[$0], order: order, at: instant) == nil
    }
    var plans: [ReferencePlan] = []
    Ref3PlanSearch(promotions, working: working, order: order).forEachPlan { candidate in
      var plan = ReferencePlan(ids: [], discounts: [], total: Int64(candidate.total))
      for (position, cut) in [(candidate.first, candidate.firstCut), (candidate.second, candidate.secondCut)]
      where position >= 0 {
        plan.ids.append(promotions[position].id)
        plan.discounts.append(Int64(cut))
      }
      plans.append(plan)
    }
    return plans
  }

  /// The best plan by rule 4.3.
  static func best(_ specs: [PromotionSpec], subtotal: Int64) -> ReferencePlan {
    plan(price(promotions(specs), subtotal: subtotal, keepPlans: false).best)
  }

  static func best(of plans: [ReferencePlan]) -> ReferencePlan {
    var best = plans[0]
    for plan in plans.dropFirst() where plan.isBetter(than: best) { best = plan }
    return best
  }

  /// The evaluation time as the reference reads it.
  static let instant: RefInstant = {
    guard let instant = try? RefInstant(rfc3339: at) else { fatalError("cannot read \(at)") }
    return instant
  }()

  /// An order of `subtotal` cents given by its amount, as the reference reads it.
  static func order(_ subtotal: Int64) -> Ref3Order {
    let amount = RefCurrency.format(Int128(subtotal), digits: 2)
    guard
      let order = try? Ref3Reader.order(["amount": amount], digits: 2, codes: [], groups: [], name: "random")
    else { fatalError("the reference cannot read the amount \(amount)") }
    return order
  }

  /// The reference's pricing of an order of `subtotal` cents.
  static func price(_ promotions: [Ref3Promotion], subtotal: Int64, keepPlans: Bool) -> Ref3Pricing {
    Format3Reference.price(
      promotions, order: order(subtotal), at: instant, currency: nil, digits: 2, keepPlans: keepPlans)
  }

  /// A reference plan in the tests' terms.
  static func plan(_ plan: Ref3Plan) -> ReferencePlan {
    ReferencePlan(ids: plan.ids, discounts: plan.stage.map { Int64($0.discount) }, total: Int64(plan.total))
  }
}

/// Random stores and subtotals for the property tests.
struct StoreGenerator: SeededCaseGenerator {
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

  mutating func uniqueID(avoiding used: inout Set<String>, maximumLength: Int) -> String {
    while true {
      let length = random.int(1...maximumLength)
      let id = String((0..<length).map { _ in pick(Self.idCharacters) })
      if used.insert(id).inserted { return id }
    }
  }

  mutating func bound() -> Int64 {
    chance(70) ? pick(Self.bounds) : random.int(-200_000...200_000)
  }

  mutating func spec(id: String) -> PromotionSpec {
    let kind: PromotionKind = chance(50) ? .discount : .threshold
    var percent: Int64?
    var fixed: Int64?
    if chance(50) {
      percent = chance(75) ? pick(Self.percents) : random.int(1...1_000_000)
    } else {
      fixed = chance(75) ? pick(Self.fixedSums) : random.int(1...20_000)
    }
    let minimum: Int64? =
      kind == .threshold
      ? (chance(60) ? pick(Self.minimums) : random.int(0...30_000)) : nil
    var start: Int64? = chance(35) ? bound() : nil
    var end: Int64? = chance(35) ? bound() : nil
    if let low = start, let high = end, low >= high {
      if chance(50) {
        (start, end) = (high, low)
        if high == low { end = low + 1 }
      } else {
        end = low + random.int(1...100_000)
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
    let roll = random.int(0...99)
    let nudge: Int64 = random.int(-2...2)
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
      return random.int(0...40_000)
    }
  }
}
