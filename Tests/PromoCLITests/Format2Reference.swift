import Foundation

// An independent reference for the contract's pricing (SPEC sections 3 and 4.1–4.5), for
// stores of format 1 and 2. It reads the JSON values Foundation's `JSONSerialization`
// gives, does all arithmetic in `Int128` minor units, enumerates every plan by brute force,
// and uses none of PromoKit's code, so that a differential test can hold the real command
// against it.

/// Input the reference cannot price: something outside the valid files it models.
struct RefError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The number of minor digits of a currency code, as SPEC 2.1 fixes them.
enum RefCurrency {
  /// JPY 0; KWD, BHD, OMR, JOD, TND, LYD, IQD 3; any other code, or none, 2.
  static func minorDigits(_ code: String?) -> Int {
    switch code {
    case "JPY": 0
    case "KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD": 3
    default: 2
    }
  }

  /// `units` minor units written with exactly `digits` decimals (`"102.40"`, `"100"`, `"1.250"`).
  static func format(_ units: Int128, digits: Int) -> String {
    let negative = units < 0
    let magnitude = negative ? -units : units
    var text = String(magnitude)
    if digits > 0 {
      if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    }
    return negative ? "-" + text : text
  }
}

/// A non-negative decimal read exactly from its text (`"12.50"`, `"100"`, `"99.995"`).
struct RefDecimal: Equatable, Sendable, CustomStringConvertible {
  /// The digits before the point, without leading zeros (empty for zero).
  var integerDigits: [UInt8]
  /// The digits after the point, without trailing zeros.
  var fractionDigits: [UInt8]

  /// Reads `digits` or `digits.digits`; anything else (a sign, an exponent) is an error.
  init(_ text: String) throws(RefError) {
    let bytes = Array(text.utf8)
    let point = bytes.firstIndex(of: UInt8(ascii: "."))
    let whole = bytes[..<(point ?? bytes.endIndex)]
    let fraction = point.map { bytes[($0 + 1)...] } ?? []
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard !whole.isEmpty, whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
      point == nil || !fraction.isEmpty
    else { throw RefError("not a plain non-negative decimal: \(text)") }
    integerDigits = Array(whole.drop { $0 == UInt8(ascii: "0") }).map { $0 - UInt8(ascii: "0") }
    var tail = Array(fraction).map { $0 - UInt8(ascii: "0") }
    while tail.last == 0 { tail.removeLast() }
    fractionDigits = tail
    guard integerDigits.count <= 20 else { throw RefError("too large for the reference: \(text)") }
  }

  /// The value in units of 10^-`digits`, exactly; an error if it has finer digits.
  func units(digits: Int) throws(RefError) -> Int128 {
    guard fractionDigits.count <= digits else {
      throw RefError("\(self) has more than \(digits) decimal places")
    }
    return ceilingUnits(digits: digits)
  }

  /// The least number of units of 10^-`digits` that is at least the value.
  func ceilingUnits(digits: Int) -> Int128 {
    var value: Int128 = 0
    for digit in integerDigits { value = value * 10 + Int128(digit) }
    for position in 0..<digits {
      value = value * 10 + Int128(position < fractionDigits.count ? fractionDigits[position] : 0)
    }
    return fractionDigits.count > digits ? value + 1 : value
  }

  var description: String {
    let whole = integerDigits.isEmpty ? "0" : String(integerDigits.map { Character(String($0)) })
    return fractionDigits.isEmpty ? whole : whole + "." + String(fractionDigits.map { Character(String($0)) })
  }
}

/// An instant read from RFC 3339 text: whole seconds since 1970 plus the exact fraction.
struct RefInstant: Comparable, Sendable, CustomStringConvertible {
  /// Whole seconds since 1970-01-01T00:00:00Z.
  var seconds: Int64
  /// The fraction of a second's decimal digits, without trailing zeros.
  var fraction: [UInt8]

  /// Reads `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; a timestamp without an offset is an error.
  init(rfc3339 text: String) throws(RefError) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) throws(RefError) -> Int64 {
      guard range.upperBound <= bytes.count else { throw RefError("timestamp too short: \(text)") }
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
          throw RefError("not a digit in timestamp: \(text)")
        }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    func expect(_ index: Int, _ allowed: String) throws(RefError) {
      guard index < bytes.count, allowed.utf8.contains(bytes[index]) else {
        throw RefError("malformed timestamp: \(text)")
      }
    }
    let year = try number(0..<4)
    try expect(4, "-")
    let month = try number(5..<7)
    try expect(7, "-")
    let day = try number(8..<10)
    try expect(10, "Tt")
    let hour = try number(11..<13)
    try expect(13, ":")
    let minute = try number(14..<16)
    try expect(16, ":")
    let second = try number(17..<19)
    var index = 19
    var fraction: [UInt8] = []
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        fraction.append(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
      guard !fraction.isEmpty else { throw RefError("empty fraction in timestamp: \(text)") }
    }
    while fraction.last == 0 { fraction.removeLast() }
    let offsetSeconds: Int64
    try expect(index, "Zz+-")
    if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
      offsetSeconds = 0
      index += 1
    } else {
      let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      let hours = try number((index + 1)..<(index + 3))
      try expect(index + 3, ":")
      let minutes = try number((index + 4)..<(index + 6))
      guard hours <= 23, minutes <= 59 else { throw RefError("bad offset in timestamp: \(text)") }
      offsetSeconds = sign * (hours * 3600 + minutes * 60)
      index += 6
    }
    guard index == bytes.count else { throw RefError("trailing text in timestamp: \(text)") }
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year), hour <= 23,
      minute <= 59, second <= 59
    else { throw RefError("out-of-range field in timestamp: \(text)") }
    seconds =
      Self.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
      - offsetSeconds
    self.fraction = fraction
  }

  init(seconds: Int64, fraction: [UInt8] = []) {
    self.seconds = seconds
    var trimmed = fraction
    while trimmed.last == 0 { trimmed.removeLast() }
    self.fraction = trimmed
  }

  static func < (lhs: RefInstant, rhs: RefInstant) -> Bool {
    if lhs.seconds != rhs.seconds { return lhs.seconds < rhs.seconds }
    let length = max(lhs.fraction.count, rhs.fraction.count)
    let left = lhs.fraction + Array(repeating: 0, count: length - lhs.fraction.count)
    let right = rhs.fraction + Array(repeating: 0, count: length - rhs.fraction.count)
    return left.lexicographicallyPrecedes(right)
  }

  /// The instant in UTC: `2026-11-22T04:00:00Z`, with its fraction when it has one.
  var description: String {
    Self.format(seconds: seconds, fraction: fraction, offsetMinutes: 0)
  }

  /// Formats an instant as RFC 3339 text with the given UTC offset (`Z` for 0).
  static func format(seconds: Int64, fraction: [UInt8], offsetMinutes: Int64) -> String {
    let local = seconds + offsetMinutes * 60
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = local - days * 86_400
    let (year, month, day) = civil(days: days)
    func pad(_ value: Int64, _ width: Int = 2) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    var text = "\(pad(year, 4))-\(pad(month))-\(pad(day))T"
    text += "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))"
    if !fraction.isEmpty { text += "." + fraction.map(String.init).joined() }
    if offsetMinutes == 0 { return text + "Z" }
    let magnitude = abs(offsetMinutes)
    return text + (offsetMinutes < 0 ? "-" : "+") + "\(pad(magnitude / 60)):\(pad(magnitude % 60))"
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a civil date (the proleptic Gregorian calendar).
  private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count since 1970-01-01.
  private static func civil(days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// One promotion of a store, read for the reference.
struct RefPromotion {
  /// The three kinds of SPEC 1.
  enum Kind: String {
    case item, discount, threshold
  }

  /// What the promotion takes off, in minor units (percentages in ten-thousandths of a percent).
  enum Benefit {
    case percentOff(Int128)
    case amountOff(Int128)
    case fixedPrice(Int128)
    case buyGet(buy: Int128, get: Int128, percent: Int128)
  }

  var id: String
  var kind: Kind
  var benefit: Benefit
  /// A threshold's minimum as written, and the least amount in minor units that reaches it.
  var minimum: (text: RefDecimal, units: Int128)?
  var maximumDiscount: Int128?
  var skus: Set<String>?
  var categories: Set<String>?
  var code: String?
  var startsAt: (text: String, instant: RefInstant)?
  var endsAt: (text: String, instant: RefInstant)?
  var active: Bool
  var stackable: Bool

  /// Whether the promotion targets a line (SPEC 2.1 `target`; no target means every line).
  func targets(_ line: RefLine) -> Bool {
    if skus == nil && categories == nil { return true }
    if let sku = line.sku, skus?.contains(sku) == true { return true }
    return line.categories.contains { categories?.contains($0) == true }
  }

  /// What this item promotion takes off a line (SPEC 4.1), ignoring its target.
  func itemDiscount(on line: RefLine) -> Int128 {
    let (unit, quantity) = (line.unitPrice, line.quantity)
    switch benefit {
    case .percentOff(let percent): return RefMath.percent(unit * quantity, percent)
    case .amountOff(let amount): return quantity * min(amount, unit)
    case .fixedPrice(let price): return quantity * max(unit - price, 0)
    case .buyGet(let buy, let get, let percent):
      return RefMath.percent(quantity / (buy + get) * get * unit, percent)
    }
  }

  /// Whether this item promotion applies to a line: it targets it and takes off more than 0.
  func applies(to line: RefLine) -> Bool { targets(line) && itemDiscount(on: line) > 0 }

  /// Whether this discount or threshold applies to an amount (a threshold's minimum, exactly).
  func applies(toAmount amount: Int128) -> Bool { minimum.map { amount >= $0.units } ?? true }

  /// What this discount or threshold takes off an amount (SPEC 4.1), ignoring the minimum.
  func orderDiscount(on amount: Int128) -> Int128 {
    switch benefit {
    case .percentOff(let percent):
      let cut = RefMath.percent(amount, percent)
      return maximumDiscount.map { min(cut, $0) } ?? cut
    case .amountOff(let amountOff): return min(amountOff, amount)
    case .fixedPrice, .buyGet: return 0  // not allowed on a discount or threshold
    }
  }
}

/// One line of an order.
struct RefLine {
  var sku: String?
  var categories: [String]
  /// The unit price in minor units.
  var unitPrice: Int128
  var quantity: Int128

  var amount: Int128 { unitPrice * quantity }
}

/// Exact integer helpers.
enum RefMath {
  /// `amount × percent / 100` rounded half-up, with `percent` in ten-thousandths of a percent.
  static func percent(_ amount: Int128, _ percent: Int128) -> Int128 {
    (amount * percent + 500_000) / 1_000_000
  }

  /// Whether `lhs` precedes `rhs` as a sequence of byte strings.
  static func idsPrecede(_ lhs: [String], _ rhs: [String]) -> Bool {
    lhs.lexicographicallyPrecedes(rhs) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// ASCII case folding, for codes.
  static func foldCase(_ text: String) -> String {
    String(
      decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 },
      as: UTF8.self)
  }
}

/// One plan of SPEC 4.2, enumerated by brute force.
struct RefPlan: CustomStringConvertible {
  /// 1, 2 or 3: the kind of plan in SPEC 4.2's list.
  var kind: Int
  /// For each line, the item promotion (store position) it took and what it took off.
  var lineTakes: [(promotion: Int, discount: Int128)?]
  /// The order stage: store positions and discounts, in application order.
  var stage: [(promotion: Int, discount: Int128)]
  var total: Int128
  /// The plan's promotions in application order: item promotions by id, then D, then H.
  var ids: [String]
  /// The item promotions that took something, by id, with their summed discounts.
  var itemTotals: [(promotion: Int, discount: Int128)]

  /// SPEC 4.3: a lower total, then fewer promotions, then ids lower as byte strings.
  func isBetter(than other: RefPlan) -> Bool {
    if total != other.total { return total < other.total }
    if ids.count != other.ids.count { return ids.count < other.ids.count }
    return RefMath.idsPrecede(ids, other.ids)
  }

  var description: String { "kind \(kind) \(ids) → \(total)" }
}

/// What became of one promotion, as `--explain` reports it (SPEC 4.5).
enum RefOutcome: Equatable {
  case inactive
  case notStarted(startsAt: RefInstant)
  case ended(endsAt: RefInstant)
  case codeRequired
  case applied(discount: Int128)
  case noEligibleLine
  /// `shortBy` is the least amount in minor units that added to S reaches the minimum.
  case belowMinimum(testedAgainst: Int128, minimum: RefDecimal, shortBy: Int128)
  case notBest(planTotal: Int128)

  /// The outcome's name in the contract.
  var name: String {
    switch self {
    case .inactive: "inactive"
    case .notStarted: "not-started"
    case .ended: "ended"
    case .codeRequired: "code-required"
    case .applied: "applied"
    case .noEligibleLine: "no-eligible-line"
    case .belowMinimum: "below-minimum"
    case .notBest: "not-best"
    }
  }
}

/// The reference's price of one order: the result object of SPEC 4.5 and its explanation.
struct RefPricing {
  /// One line of the result.
  struct Line {
    var sku: String?
    var quantity: Int128
    var subtotal: Int128
    var discount: Int128
    /// Every promotion's share of this line in application order, only those above 0.
    var promotions: [(id: String, discount: Int128)]
  }

  var order: String
  var currency: String?
  var digits: Int
  var subtotal: Int128
  var evaluatedAt: RefInstant
  /// Every plan enumerated, and the best of them.
  var plans: [RefPlan]
  var best: RefPlan
  /// The applied promotions in application order with their discounts.
  var promotions: [(id: String, discount: Int128)]
  /// `nil` for an order given by `amount`.
  var lines: [Line]?
  /// Every promotion of the store, in store order, with its outcome.
  var considered: [(id: String, outcome: RefOutcome)]
  /// Whether some order-stage share got a minor unit for its remainder (SPEC 4.4).
  var hasRemainderShare = false

  var total: Int128 { best.total }
  var discount: Int128 { subtotal - best.total }

  func money(_ units: Int128) -> String { RefCurrency.format(units, digits: digits) }

  /// The result as the JSON object of SPEC 4.5 (without `considered`), in
  /// `JSONSerialization`'s value types.
  var resultObject: [String: Any] {
    var object: [String: Any] = [
      "order": order, "subtotal": money(subtotal),
      "promotions": promotions.map { ["id": $0.id, "discount": money($0.discount)] as [String: Any] },
      "discount": money(discount), "total": money(total), "evaluatedAt": evaluatedAt.description,
    ]
    if let currency { object["currency"] = currency }
    if let lines {
      object["lines"] = lines.map { line in
        var entry: [String: Any] = [
          "quantity": Int(line.quantity), "subtotal": money(line.subtotal), "discount": money(line.discount),
          "total": money(line.subtotal - line.discount),
          "promotions": line.promotions.map {
            ["id": $0.id, "discount": money($0.discount)] as [String: Any]
          },
        ]
        if let sku = line.sku { entry["sku"] = sku }
        return entry
      }
    }
    return object
  }
}

/// What the reference expects of `promo price` for one order.
enum RefVerdict {
  /// The order is refused as a data error (exit 65), for the reason given.
  case refused(String)
  case priced(RefPricing)
}

/// The reference pricer: SPEC 3 and 4.1–4.5 by brute force.
enum Format2Reference {
  /// Prices `order` against `store` (both as `JSONSerialization` gives them) at the RFC 3339
  /// instant `at`, with the codes given by `--code` (the order's own `codes` are added).
  /// Decimals must be JSON strings or integers: a fractional JSON number would have passed
  /// through binary floating point.
  static func price(store: Any, order: Any, at: String, codes: [String] = [], name: String = "stdin")
    throws(RefError) -> RefVerdict
  {
    guard let store = store as? [String: Any], let order = order as? [String: Any] else {
      throw RefError("the store and the order must be objects")
    }
    let instant = try RefInstant(rfc3339: at)
    let storeCurrency = store["currency"] as? String
    let orderCurrency = order["currency"] as? String
    if let storeCurrency, let orderCurrency, storeCurrency != orderCurrency {
      return .refused("the order is in \(orderCurrency) but the store is in \(storeCurrency)")
    }
    let currency = orderCurrency ?? storeCurrency
    let digits = RefCurrency.minorDigits(currency)
    let promotions = try (store["promotions"] as? [Any] ?? []).map { (value) throws(RefError) in
      try readPromotion(value, digits: digits)
    }
    var presented = Set(codes.map(RefMath.foldCase))
    for code in order["codes"] as? [Any] ?? [] {
      guard let code = code as? String else { throw RefError("a code must be a string") }
      presented.insert(RefMath.foldCase(code))
    }

    let lines: [RefLine]?
    let subtotal: Int128
    if let items = order["items"] as? [Any] {
      let read = try items.map { (value) throws(RefError) in try readLine(value, digits: digits) }
      lines = read
      subtotal = read.reduce(0) { $0 + $1.amount }
    } else if let amount = order["amount"] {
      lines = nil
      subtotal = try decimal(amount).units(digits: digits)
    } else {
      throw RefError("an order needs items or amount")
    }

    // Working: active, effective at T (startsAt <= T < endsAt), its code presented.
    func status(_ promotion: RefPromotion) -> RefOutcome? {
      if !promotion.active { return .inactive }
      if let start = promotion.startsAt, instant < start.instant {
        return .notStarted(startsAt: start.instant)
      }
      if let end = promotion.endsAt, !(instant < end.instant) { return .ended(endsAt: end.instant) }
      if let code = promotion.code, !presented.contains(RefMath.foldCase(code)) { return .codeRequired }
      return nil
    }
    let working = promotions.indices.filter { status(promotions[$0]) == nil }
    let plans = enumeratePlans(promotions, working: working, lines: lines ?? [], subtotal: subtotal)
    var best = plans[0]
    for plan in plans.dropFirst() where plan.isBetter(than: best) { best = plan }

    var applied = best.itemTotals.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    applied += best.stage.map { (id: promotions[$0.promotion].id, discount: $0.discount) }
    let allocation = lines.map { allocate(best, promotions: promotions, lines: $0) }

    let appliedDiscounts = Dictionary(applied.map { ($0.id, $0.discount) }, uniquingKeysWith: { $0 + $1 })
    let considered = promotions.map { promotion -> (id: String, outcome: RefOutcome) in
      if let outcome = status(promotion) { return (promotion.id, outcome) }
      if let discount = appliedDiscounts[promotion.id] { return (promotion.id, .applied(discount: discount)) }
      if promotion.kind == .item, !(lines ?? []).contains(where: promotion.applies(to:)) {
        return (promotion.id, .noEligibleLine)
      }
      if let minimum = promotion.minimum, subtotal < minimum.units {
        return (
          promotion.id,
          .belowMinimum(testedAgainst: subtotal, minimum: minimum.text, shortBy: minimum.units - subtotal)
        )
      }
      return (promotion.id, .notBest(planTotal: best.total))
    }
    return .priced(
      RefPricing(
        order: order["id"] as? String ?? name, currency: currency, digits: digits, subtotal: subtotal,
        evaluatedAt: instant, plans: plans, best: best, promotions: applied, lines: allocation?.lines,
        considered: considered, hasRemainderShare: allocation?.hasRemainderShare ?? false))
  }

  // MARK: Plans

  /// Every plan of SPEC 4.2: kind 1 (no item stage, any order stage on S), kind 2 (every
  /// working item promotion, no order stage), kind 3 (the stackable working item
  /// promotions, then any order stage of stackable promotions on what is left).
  static func enumeratePlans(
    _ promotions: [RefPromotion], working: [Int], lines: [RefLine], subtotal: Int128
  ) -> [RefPlan] {
    let orderLevel = working.filter { promotions[$0].kind != .item }
    let items = working.filter { promotions[$0].kind == .item }
    var plans: [RefPlan] = []
    let noItems = [(promotion: Int, discount: Int128)?](repeating: nil, count: lines.count)
    for stage in orderStages(promotions, candidates: orderLevel, amount: subtotal) {
      plans.append(makePlan(kind: 1, promotions, lineTakes: noItems, stage: stage, subtotal: subtotal))
    }
    let everyItem = itemStage(promotions, set: items, lines: lines)
    plans.append(makePlan(kind: 2, promotions, lineTakes: everyItem, stage: [], subtotal: subtotal))
    let stackableItems = itemStage(promotions, set: items.filter { promotions[$0].stackable }, lines: lines)
    let left = subtotal - stackableItems.reduce(0) { $0 + ($1?.discount ?? 0) }
    let stackableOrderLevel = orderLevel.filter { promotions[$0].stackable }
    for stage in orderStages(promotions, candidates: stackableOrderLevel, amount: left) {
      plans.append(makePlan(kind: 3, promotions, lineTakes: stackableItems, stage: stage, subtotal: subtotal))
    }
    return plans
  }

  /// Each line takes, of the promotions in `set` that apply to it, the one that takes off
  /// the most (ties: the lowest id); a line with none takes nothing.
  static func itemStage(_ promotions: [RefPromotion], set: [Int], lines: [RefLine])
    -> [(promotion: Int, discount: Int128)?]
  {
    lines.map { line in
      var chosen: (promotion: Int, discount: Int128)?
      for position in set where promotions[position].applies(to: line) {
        let cut = promotions[position].itemDiscount(on: line)
        if let current = chosen {
          if cut < current.discount { continue }
          if cut == current.discount
            && !promotions[position].id.utf8.lexicographicallyPrecedes(promotions[current.promotion].id.utf8)
          {
            continue
          }
        }
        chosen = (position, cut)
      }
      return chosen
    }
  }

  /// Every order stage on `amount`: none; each candidate that applies; each stackable
  /// discount D then stackable threshold H whose minimum `D(amount)` reaches.
  static func orderStages(_ promotions: [RefPromotion], candidates: [Int], amount: Int128)
    -> [[(promotion: Int, discount: Int128)]]
  {
    var stages: [[(promotion: Int, discount: Int128)]] = [[]]
    for position in candidates where promotions[position].applies(toAmount: amount) {
      stages.append([(position, promotions[position].orderDiscount(on: amount))])
    }
    for first in candidates where promotions[first].kind == .discount && promotions[first].stackable {
      let cut = promotions[first].orderDiscount(on: amount)
      for second in candidates where promotions[second].kind == .threshold && promotions[second].stackable {
        guard promotions[second].applies(toAmount: amount - cut) else { continue }
        stages.append([(first, cut), (second, promotions[second].orderDiscount(on: amount - cut))])
      }
    }
    return stages
  }

  static func makePlan(
    kind: Int, _ promotions: [RefPromotion], lineTakes: [(promotion: Int, discount: Int128)?],
    stage: [(promotion: Int, discount: Int128)], subtotal: Int128
  ) -> RefPlan {
    var sums: [Int: Int128] = [:]
    for take in lineTakes.compactMap({ $0 }) { sums[take.promotion, default: 0] += take.discount }
    let itemTotals = sums.map { (promotion: $0.key, discount: $0.value) }.sorted {
      promotions[$0.promotion].id.utf8.lexicographicallyPrecedes(promotions[$1.promotion].id.utf8)
    }
    let itemCut = itemTotals.reduce(0) { $0 + $1.discount }
    let stageCut = stage.reduce(0) { $0 + $1.discount }
    return RefPlan(
      kind: kind, lineTakes: lineTakes, stage: stage, total: subtotal - itemCut - stageCut,
      ids: itemTotals.map { promotions[$0.promotion].id } + stage.map { promotions[$0.promotion].id },
      itemTotals: itemTotals)
  }

  // MARK: Allocation

  /// SPEC 4.4: item discounts stay on their lines; each order-stage discount is divided in
  /// proportion to what the lines have left (largest remainder, ties to the earlier line).
  static func allocate(_ plan: RefPlan, promotions: [RefPromotion], lines: [RefLine])
    -> (lines: [RefPricing.Line], hasRemainderShare: Bool)
  {
    var hasRemainderShare = false
    var result = lines.map {
      RefPricing.Line(sku: $0.sku, quantity: $0.quantity, subtotal: $0.amount, discount: 0, promotions: [])
    }
    var left = lines.map(\.amount)
    for (index, take) in plan.lineTakes.enumerated() {
      guard let take else { continue }
      result[index].discount += take.discount
      result[index].promotions.append((promotions[take.promotion].id, take.discount))
      left[index] -= take.discount
    }
    for (position, discount) in plan.stage {
      let base = left.reduce(0, +)
      var shares = [Int128](repeating: 0, count: lines.count)
      if base > 0 {
        var remainders: [(index: Int, remainder: Int128)] = []
        for index in lines.indices {
          shares[index] = discount * left[index] / base
          remainders.append((index, discount * left[index] % base))
        }
        let missing = discount - shares.reduce(0, +)
        if missing > 0 { hasRemainderShare = true }
        let order = remainders.sorted {
          $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index
        }
        for entry in order.prefix(Int(missing)) { shares[entry.index] += 1 }
      }
      for index in lines.indices {
        left[index] -= shares[index]
        result[index].discount += shares[index]
        if shares[index] > 0 { result[index].promotions.append((promotions[position].id, shares[index])) }
      }
    }
    return (result, hasRemainderShare)
  }

  // MARK: Reading

  static func decimal(_ value: Any) throws(RefError) -> RefDecimal {
    if let text = value as? String { return try RefDecimal(text) }
    if let whole = value as? Int, whole >= 0 { return try RefDecimal(String(whole)) }
    throw RefError("a decimal must be a string or a whole JSON number, not \(value)")
  }

  static func readPromotion(_ value: Any, digits: Int) throws(RefError) -> RefPromotion {
    guard let object = value as? [String: Any], let id = object["id"] as? String,
      let kind = (object["kind"] as? String).flatMap(RefPromotion.Kind.init(rawValue:))
    else { throw RefError("a promotion needs an id and a kind: \(value)") }
    func amount(_ key: String) throws(RefError) -> Int128? {
      guard let value = object[key] else { return nil }
      return try decimal(value).units(digits: digits)
    }
    let percent = try object["percentOff"].map { (value) throws(RefError) in
      try decimal(value).units(digits: 4)
    }
    let benefit: RefPromotion.Benefit
    if let buy = object["buy"] as? Int, let get = object["get"] as? Int {
      benefit = .buyGet(buy: Int128(buy), get: Int128(get), percent: percent ?? 1_000_000)
    } else if let percent {
      benefit = .percentOff(percent)
    } else if let amountOff = try amount("amountOff") {
      benefit = .amountOff(amountOff)
    } else if let fixedPrice = try amount("fixedPrice") {
      benefit = .fixedPrice(fixedPrice)
    } else {
      throw RefError("promotion \(id) has no benefit")
    }
    let minimum = try object["minimumAmount"].map { (value) throws(RefError) in
      let text = try decimal(value)
      return (text: text, units: text.ceilingUnits(digits: digits))
    }
    let target = object["target"] as? [String: Any]
    func timestamp(_ key: String) throws(RefError) -> (text: String, instant: RefInstant)? {
      guard let text = object[key] as? String else { return nil }
      return (text, try RefInstant(rfc3339: text))
    }
    return RefPromotion(
      id: id, kind: kind, benefit: benefit, minimum: minimum, maximumDiscount: try amount("maximumDiscount"),
      skus: (target?["skus"] as? [String]).map(Set.init),
      categories: (target?["categories"] as? [String]).map(Set.init),
      code: object["code"] as? String, startsAt: try timestamp("startsAt"), endsAt: try timestamp("endsAt"),
      active: object["active"] as? Bool ?? true, stackable: object["stackable"] as? Bool ?? false)
  }

  static func readLine(_ value: Any, digits: Int) throws(RefError) -> RefLine {
    guard let object = value as? [String: Any], let price = object["unitPrice"],
      let quantity = object["quantity"] as? Int
    else { throw RefError("an item needs unitPrice and quantity: \(value)") }
    return RefLine(
      sku: object["sku"] as? String, categories: object["categories"] as? [String] ?? [],
      unitPrice: try decimal(price).units(digits: digits), quantity: Int128(quantity))
  }
}
