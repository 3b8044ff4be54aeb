import Foundation
import Testing

/// A small seeded generator (SplitMix64) with its own bounded draws, so that every run and
/// every Swift version sees the same cases for a seed.
struct RefRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `range`, by the multiply-high method.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: width).high)
  }

  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

  /// `count` distinct values of `values`, in a random order.
  mutating func distinct<T>(_ values: [T], count: Int) -> [T] {
    var pool = values
    var chosen: [T] = []
    for _ in 0..<min(count, pool.count) { chosen.append(pool.remove(at: int(0...(pool.count - 1)))) }
    return chosen
  }
}

/// A JSON value made by the generator, written out by hand so that a decimal can be a JSON
/// number for the command and a string for the reference.
indirect enum GenJSON {
  case string(String)
  case integer(Int)
  /// A decimal's text, written as a JSON number when `asNumber` (and quoting is not forced).
  case decimal(String, asNumber: Bool)
  case bool(Bool)
  case array([GenJSON])
  case object([(String, GenJSON)])

  /// The JSON text; with `quotingDecimals`, every decimal is a string.
  func text(quotingDecimals: Bool) -> String {
    switch self {
    case .string(let value): return Self.quote(value)
    case .integer(let value): return String(value)
    case .decimal(let value, let asNumber): return asNumber && !quotingDecimals ? value : Self.quote(value)
    case .bool(let value): return value ? "true" : "false"
    case .array(let values):
      return "[" + values.map { $0.text(quotingDecimals: quotingDecimals) }.joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.map { Self.quote($0.0) + ":" + $0.1.text(quotingDecimals: quotingDecimals) }.joined(
          separator: ",")
        + "}"
    }
  }

  /// The value of a key of an object.
  subscript(key: String) -> GenJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// Sets (or adds) a key of an object.
  mutating func set(_ key: String, _ value: GenJSON) {
    guard case .object(var members) = self else { return }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
    self = .object(members)
  }

  /// The value as `JSONSerialization` reads the text with every decimal quoted.
  var foundation: Any {
    // The text goes through Foundation's own parser, as the reference's input always does.
    let data = Data(text(quotingDecimals: true).utf8)
    return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) ?? NSNull()
  }

  private static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

/// One generated differential case: a store, an order, an instant and the `--code` flags.
struct RefCase {
  var seed: UInt64
  var store: GenJSON
  var order: GenJSON
  var at: String
  var codes: [String]
}

/// Makes random small stores and orders of format 1 or 2 around a handful of SKUs,
/// categories, codes and ids, with amounts placed next to the ones that matter.
struct RefCaseGenerator {
  var random: RefRandom
  let seed: UInt64

  init(seed: UInt64) {
    self.seed = seed
    random = RefRandom(seed: seed)
  }

  static let ids = ["a", "B", "b-2", "Z.9", "_x", "A_1", "mug-19", "tea-2nd-half", "a.", "0", "aa", "VIP10"]
  static let skus = ["tea-green", "tea-black", "mug-white", "mug-blue", "pot-iron"]
  static let categories = ["tea", "mug", "ware", "gift"]
  static let codes = ["VIP10", "Tea-1", "save_5"]
  static let offsets: [Int64] = [0, 0, 480, -300, 330, 345, -600, 840, -720, 60]
  static let deltas: [Int64] = [
    -172_800_000, -3_600_000, -1_000, -1, 0, 1, 1_000, 3_600_000, 172_800_000,
  ]
  static let percents = [50_000, 100_000, 125_000, 200_000, 250_000, 333_333, 500_000, 1_000_000]
  /// 2026-11-22T04:00:00Z in milliseconds.
  static let baseMilliseconds: Int64 = 1_795_320_000_000

  /// A case; `format` 1 makes a version-1 store and a format-1 order, 2 mostly format 2.
  mutating func makeCase(format: Int) -> RefCase {
    let version = format == 1 || random.chance(15) ? 1 : 2
    let storeCurrency: String? = random.pick(["CNY", "JPY", "KWD", nil])
    var orderCurrency: String?
    let roll = random.int(0...99)
    if roll < 4, let storeCurrency {
      orderCurrency = random.pick(["CNY", "JPY", "KWD"].filter { $0 != storeCurrency })
    } else if roll < 40 {
      orderCurrency = storeCurrency ?? random.pick(["CNY", "JPY", "KWD"])
    }
    let digits = RefCurrency.minorDigits(orderCurrency ?? storeCurrency)
    let storeDigits = storeCurrency == nil ? min(2, digits) : RefCurrency.minorDigits(storeCurrency)

    let atMilliseconds =
      Self.baseMilliseconds + Int64(random.int(0...86_399)) * 1000
      + (random.chance(30) ? Int64(random.int(0...999)) : 0)
    let at = timestamp(atMilliseconds)

    var order = makeOrder(version: version, digits: digits, currency: orderCurrency)
    var flags: [String] = []
    if version == 2, random.chance(20) {
      let given = Set((order["codes"].map(Self.strings) ?? []).map(RefMath.foldCase))
      let code = caseVariant(random.pick(Self.codes + ["NOPE"]))
      if !given.contains(RefMath.foldCase(code)) { flags.append(code) }
    }
    if random.chance(3) { order.set("$schema", .string("https://example.com/order.schema.json")) }

    var promotions: [GenJSON] = []
    var used: Set<String> = []
    // A quarter of the stores are friendly to stacking: every promotion works, most stack.
    let friendly = random.chance(25)
    func freshID() -> String {
      var id = random.pick(Self.ids)
      while used.contains(id) { id = random.pick(Self.ids) }
      used.insert(id)
      return id
    }
    for _ in 0..<(random.chance(15) ? random.int(0...1) : random.int(2...6)) {
      if !promotions.isEmpty, random.chance(15) {
        // The same terms under another id, so that plans tie and ids decide.
        var copy = random.pick(promotions)
        copy.set("id", .string(freshID()))
        promotions.append(copy)
      } else {
        promotions.append(
          makePromotion(
            id: freshID(), version: version, digits: storeDigits, at: atMilliseconds, friendly: friendly))
      }
    }
    placeMinimums(&promotions, order: order, digits: digits)
    var store: [(String, GenJSON)] = [("version", .integer(version))]
    if let storeCurrency { store.append(("currency", .string(storeCurrency))) }
    store.append(("promotions", .array(promotions)))
    return RefCase(seed: seed, store: .object(store), order: order, at: at, codes: flags)
  }

  // MARK: Orders

  mutating func makeOrder(version: Int, digits: Int, currency: String?) -> GenJSON {
    var members: [(String, GenJSON)] = [("id", .string("G-\(seed)"))]
    if let currency { members.append(("currency", .string(currency))) }
    if version == 2, random.chance(50) {
      var codes: [String] = []
      for code in random.distinct(Self.codes + ["NOPE"], count: random.int(1...3)) {
        codes.append(caseVariant(code))
      }
      members.append(("codes", .array(codes.map(GenJSON.string))))
    }
    if random.chance(20) {
      members.append(("amount", amount(major: random.int(0...600), digits: digits)))
    } else {
      var items: [GenJSON] = []
      for _ in 0..<(random.chance(8) ? 0 : random.int(1...4)) {
        var item: [(String, GenJSON)] = []
        if random.chance(90) { item.append(("sku", .string(random.pick(Self.skus)))) }
        if random.chance(20) {
          item.append(("name", .string(random.pick(["Green tea", "Thé vert", "Mug \"blue\""]))))
        }
        if version == 2, random.chance(50) {
          let chosen = random.distinct(Self.categories, count: random.int(1...2))
          item.append(("categories", .array(chosen.map(GenJSON.string))))
        }
        let major = random.chance(5) ? 0 : random.int(0...120)
        item.append(("unitPrice", amount(major: major, digits: digits)))
        item.append(("quantity", .integer(random.chance(85) ? random.int(1...4) : random.int(5...12))))
        items.append(.object(item))
      }
      members.append(("items", .array(items)))
    }
    return .object(members)
  }

  // MARK: Promotions

  mutating func makePromotion(id: String, version: Int, digits: Int, at: Int64, friendly: Bool) -> GenJSON {
    var members: [(String, GenJSON)] = [("id", .string(id))]
    if random.chance(25) {
      members.append(("name", .string(random.pick(["Autumn sale", "Spend & save", "Thé"]))))
    }
    let roll = random.int(0...99)
    let kind = version == 2 && roll < 40 ? "item" : (roll % 2 == 0 ? "discount" : "threshold")
    members.append(("kind", .string(kind)))
    if version == 2, !friendly, random.chance(25) {
      members.append(("code", .string(random.pick(Self.codes))))
    }
    if kind == "item" {
      if random.chance(70) {
        var target: [(String, GenJSON)] = []
        let which = random.int(0...2)
        if which != 1 {
          let skus = random.distinct(Self.skus + ["no-such-sku"], count: random.int(1...2))
          target.append(("skus", .array(skus.map(GenJSON.string))))
        }
        if which != 0 {
          let categories = random.distinct(Self.categories, count: random.int(1...2))
          target.append(("categories", .array(categories.map(GenJSON.string))))
        }
        members.append(("target", .object(target)))
      }
      switch random.int(0...3) {
      case 0: members.append(("percentOff", percent()))
      case 1: members.append(("amountOff", amount(major: random.int(0...15), digits: digits, positive: true)))
      case 2: members.append(("fixedPrice", amount(major: random.int(0...80), digits: digits)))
      default:
        members.append(("buy", .integer(random.int(1...3))))
        members.append(("get", .integer(random.int(1...2))))
        if random.chance(50) { members.append(("percentOff", percent())) }
      }
    } else {
      if kind == "threshold" {
        members.append(("minimumAmount", amount(major: random.int(0...300), digits: digits)))
      }
      if random.chance(55) {
        members.append(("percentOff", percent()))
        if version == 2, random.chance(30) {
          members.append(
            ("maximumDiscount", amount(major: random.int(0...40), digits: digits, positive: true)))
        }
      } else {
        members.append(("amountOff", amount(major: random.int(0...60), digits: digits, positive: true)))
      }
    }
    var start: Int64? = !friendly && random.chance(30) ? at + window() : nil
    var end: Int64? = !friendly && random.chance(30) ? at + window() : nil
    if let low = start, let high = end, low >= high {
      if low == high { end = low + 1 } else { (start, end) = (high, low) }
    }
    if let start { members.append(("startsAt", .string(timestamp(start)))) }
    if let end { members.append(("endsAt", .string(timestamp(end)))) }
    let active = friendly || random.chance(85)
    if !active || random.chance(30) { members.append(("active", .bool(active))) }
    let stackable = random.chance(friendly ? 90 : 60)
    if stackable || random.chance(30) { members.append(("stackable", .bool(stackable))) }
    return .object(members)
  }

  /// Moves some thresholds' minimums next to an amount that a plan tests: the subtotal,
  /// what item promotions leave, or what a discount leaves of either; sometimes finer than
  /// the currency.
  mutating func placeMinimums(_ promotions: inout [GenJSON], order: GenJSON, digits: Int) {
    guard
      let parsed = try? promotions.map({ (value) throws(RefError) in
        try Format2Reference.readPromotion(value.foundation, digits: digits)
      })
    else { return }
    let items = order["items"]?.foundation as? [Any] ?? []
    let lines =
      (try? items.map { (value) throws(RefError) in try Format2Reference.readLine(value, digits: digits) })
      ?? []
    let subtotal: Int128
    if let amount = order["amount"], case .decimal(let text, _) = amount,
      let value = try? RefDecimal(text).units(digits: digits)
    {
      subtotal = value
    } else {
      subtotal = lines.reduce(0) { $0 + $1.amount }
    }
    let itemPromotions = parsed.indices.filter { parsed[$0].kind == .item }
    var amounts: [Int128] = [subtotal]
    for set in [itemPromotions, itemPromotions.filter { parsed[$0].stackable }] {
      let takes = Format2Reference.itemStage(parsed, set: set, lines: lines)
      amounts.append(subtotal - takes.reduce(0) { $0 + ($1?.discount ?? 0) })
    }
    for base in amounts {
      for promotion in parsed where promotion.kind == .discount {
        amounts.append(base - promotion.orderDiscount(on: base))
      }
    }
    for index in promotions.indices where parsed[index].kind == .threshold && random.chance(60) {
      let target = random.pick(amounts)
      let text: String
      if random.chance(25) {
        // A minimum one digit finer than the currency, just above or below the amount.
        let finer = max(0, target * 10 + Int128(random.int(-9...9)))
        text = RefCurrency.format(finer, digits: digits + 1)
      } else {
        text = RefCurrency.format(max(0, target + Int128(random.int(-2...2))), digits: digits)
      }
      promotions[index].set("minimumAmount", .decimal(text, asNumber: random.chance(30)))
    }
  }

  // MARK: Values

  /// A decimal amount `major` plus random minor units, sometimes with its trailing zeros
  /// dropped, sometimes as a JSON number.
  mutating func amount(major: Int, digits: Int, positive: Bool = false) -> GenJSON {
    var scale: Int128 = 1
    for _ in 0..<digits { scale *= 10 }
    var units = Int128(major) * scale + (random.chance(50) ? Int128(random.int(0...Int(scale - 1))) : 0)
    if positive && units == 0 { units = Int128(random.int(1...Int(scale * 5))) }
    var text = RefCurrency.format(units, digits: digits)
    if digits > 0, random.chance(30) {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return .decimal(text, asNumber: random.chance(30))
  }

  /// A percentage in (0, 100] with up to four decimal places.
  mutating func percent() -> GenJSON {
    let tenThousandths = random.chance(70) ? random.pick(Self.percents) : random.int(1...1_000_000)
    var text = RefCurrency.format(Int128(tenThousandths), digits: 4)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return .decimal(text, asNumber: random.chance(30))
  }

  /// A window bound's distance from the evaluation time, in milliseconds.
  mutating func window() -> Int64 {
    random.chance(70) ? random.pick(Self.deltas) : Int64(random.int(-200_000_000...200_000_000))
  }

  /// Milliseconds since 1970 as RFC 3339 text at a random offset.
  mutating func timestamp(_ milliseconds: Int64) -> String {
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    let millis = milliseconds - seconds * 1000
    var fraction: [UInt8] = []
    if millis != 0 || random.chance(5) {
      fraction = [UInt8(millis / 100), UInt8(millis / 10 % 10), UInt8(millis % 10)]
      if random.chance(50) { while fraction.count > 1 && fraction.last == 0 { fraction.removeLast() } }
    }
    var text = RefInstant.format(seconds: seconds, fraction: [], offsetMinutes: random.pick(Self.offsets))
    if !fraction.isEmpty {
      // RefInstant.format trims a fraction; insert it by hand to keep trailing zeros.
      let zone = text.index(text.startIndex, offsetBy: 19)
      text.insert(contentsOf: "." + fraction.map(String.init).joined(), at: zone)
    }
    return text
  }

  /// A code in upper, lower or its own case.
  mutating func caseVariant(_ code: String) -> String {
    switch random.int(0...2) {
    case 0: code.uppercased()
    case 1: code.lowercased()
    default: code
    }
  }

  static func strings(_ value: GenJSON) -> [String] {
    guard case .array(let values) = value else { return [] }
    return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
  }
}

/// Runs one case through the real command and the reference and lists every difference.
struct RefDifferential {
  /// Format 1 mode: `lines` and `shortBy`, which the format-1 command does not print, are
  /// compared only when present.
  var lenient: Bool
  let folder: URL

  init(lenient: Bool) throws {
    self.lenient = lenient
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("promo-ref-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func removeFolder() { try? FileManager.default.removeItem(at: folder) }

  /// The differences for one case, with a full report when there are any.
  func check(_ testCase: RefCase) -> (problems: [String], report: String, verdict: RefVerdict?) {
    let storeText = testCase.store.text(quotingDecimals: false)
    let orderText = testCase.order.text(quotingDecimals: false)
    let storePath = folder.appendingPathComponent("store.json").path
    let orderPath = folder.appendingPathComponent("order.json").path
    var problems: [String] = []
    var expectedText = ""
    do {
      try Data(storeText.utf8).write(to: URL(fileURLWithPath: storePath))
      try Data(orderText.utf8).write(to: URL(fileURLWithPath: orderPath))
    } catch {
      return (["cannot write the case's files: \(error)"], "", nil)
    }
    let arguments =
      ["price", orderPath, "--store", storePath, "--format", "json", "--explain", "--at", testCase.at]
      + testCase.codes.flatMap { ["--code", $0] }
    let run = InProcessRun(arguments)
    var verdict: RefVerdict?
    do {
      verdict = try Format2Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes)
      switch verdict! {
      case .refused(let reason):
        expectedText = "refused (exit 65): \(reason)"
        if run.status != 65 { problems.append("expected exit 65 (\(reason)), got \(run.status)") }
        if !run.stdout.isEmpty { problems.append("expected no output for a refused order") }
      case .priced(let pricing):
        expectedText = Self.describe(pricing)
        problems += compare(pricing, status: run.status, stdout: run.stdout)
      }
    } catch {
      problems.append("the reference could not price the case: \(error)")
    }
    guard !problems.isEmpty else { return ([], "", verdict) }
    let report = """
      seed \(testCase.seed)
      promo \(arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))
      store: \(storeText)
      order: \(orderText)
      promo exit \(run.status)
      promo stdout: \(run.stdout)promo stderr: \(run.stderr)
      reference: \(expectedText)
      differences:
        \(problems.joined(separator: "\n  "))
      """
    return (problems, report, verdict)
  }

  /// The reference's result and explanation, for a report.
  static func describe(_ pricing: RefPricing) -> String {
    let object = pricing.resultObject
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    let considered = pricing.considered.map { "\($0.id): \($0.outcome)" }.joined(separator: "; ")
    let plans = pricing.plans.map(\.description).joined(separator: "; ")
    return String(decoding: data, as: UTF8.self) + "\n  considered: " + considered + "\n  plans: " + plans
  }

  /// The differences between the reference and one run's exit status and output.
  func compare(_ pricing: RefPricing, status: Int32, stdout: String) -> [String] {
    var problems: [String] = []
    guard status == 0 else { return ["expected exit 0, got \(status)"] }
    guard stdout.hasSuffix("\n"), stdout.dropLast().allSatisfy({ $0 != "\n" }),
      let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    else { return ["expected one JSON object on one line"] }

    var expected = pricing.resultObject
    expected["evaluatedAt"] = nil
    if lenient && object["lines"] == nil { expected["lines"] = nil }
    Self.differences(expected, object, at: "", into: &problems)
    if let text = object["evaluatedAt"] as? String, let instant = try? RefInstant(rfc3339: text) {
      if instant != pricing.evaluatedAt {
        problems.append("evaluatedAt: \(text) is not \(pricing.evaluatedAt)")
      }
    } else {
      problems.append("evaluatedAt: missing or not RFC 3339")
    }
    problems += compareConsidered(pricing, object["considered"])
    problems += Self.invariants(object, pricing: pricing)
    return problems
  }

  func compareConsidered(_ pricing: RefPricing, _ value: Any?) -> [String] {
    guard let considered = value as? [[String: Any]] else { return ["considered: missing"] }
    guard considered.count == pricing.considered.count else {
      return ["considered: \(considered.count) entries, expected \(pricing.considered.count)"]
    }
    var problems: [String] = []
    for (entry, (id, outcome)) in zip(considered, pricing.considered) {
      let path = "considered[\(id)]"
      guard entry["id"] as? String == id, entry["outcome"] as? String == outcome.name else {
        problems.append(
          "\(path): got \(entry["id"] ?? "-") \(entry["outcome"] ?? "-"), expected \(outcome.name)")
        continue
      }
      func money(_ key: String, _ units: Int128, required: Bool) {
        guard let actual = entry[key] else {
          if required { problems.append("\(path).\(key): missing, expected \(pricing.money(units))") }
          return
        }
        if actual as? String != pricing.money(units) {
          problems.append("\(path).\(key): \(actual), expected \(pricing.money(units))")
        }
      }
      func instant(_ key: String, _ expected: RefInstant) {
        guard let actual = entry[key] else { return }
        if (actual as? String).flatMap({ try? RefInstant(rfc3339: $0) }) != expected {
          problems.append("\(path).\(key): \(actual) is not \(expected)")
        }
      }
      switch outcome {
      case .applied(let discount): money("discount", discount, required: true)
      case .belowMinimum(let tested, let minimum, let shortBy):
        money("shortBy", shortBy, required: !lenient)
        money("testedAgainst", tested, required: false)
        if let actual = entry["minimumAmount"],
          (actual as? String).flatMap({ try? RefDecimal($0) }) != minimum
        {
          problems.append("\(path).minimumAmount: \(actual), expected the value \(minimum)")
        }
      case .notBest(let total): money("planTotal", total, required: false)
      case .notStarted(let startsAt): instant("startsAt", startsAt)
      case .ended(let endsAt): instant("endsAt", endsAt)
      case .inactive, .codeRequired, .noEligibleLine: break
      }
    }
    return problems
  }

  /// Every key of `expected` must match; `currency`, `sku` and `lines` must be absent when
  /// the reference leaves them out. Other keys the command adds are allowed (SPEC 4.5).
  static func differences(_ expected: Any, _ actual: Any?, at path: String, into problems: inout [String]) {
    switch expected {
    case let object as [String: Any]:
      guard let actual = actual as? [String: Any] else {
        problems.append("\(path): expected an object, got \(actual ?? "nothing")")
        return
      }
      for key in object.keys.sorted() {
        differences(object[key]!, actual[key], at: path.isEmpty ? key : "\(path).\(key)", into: &problems)
      }
      for key in ["currency", "sku", "lines"] where object[key] == nil && actual[key] != nil {
        problems.append("\(path.isEmpty ? key : "\(path).\(key)"): present, expected it left out")
      }
    case let array as [Any]:
      guard let actual = actual as? [Any], actual.count == array.count else {
        problems.append("\(path): expected \(array.count) entries, got \(actual ?? "nothing")")
        return
      }
      for index in array.indices {
        differences(array[index], actual[index], at: "\(path)[\(index)]", into: &problems)
      }
    case let text as String:
      if actual as? String != text {
        problems.append("\(path): \(actual ?? "nothing"), expected \"\(text)\"")
      }
    case let number as Int:
      if actual is String || actual as? Int != number {
        problems.append("\(path): \(actual ?? "nothing"), expected \(number)")
      }
    default:
      problems.append("\(path): the reference made an unexpected value \(expected)")
    }
  }

  /// Checks the command's own result for the invariants of SPEC 4.4 and 4.3, whatever the
  /// reference says: totals add up, shares add up, nothing negative, no plan beats it.
  static func invariants(_ object: [String: Any], pricing: RefPricing) -> [String] {
    var problems: [String] = []
    func units(_ value: Any?) -> Int128? {
      guard let text = value as? String else { return nil }
      let negative = text.hasPrefix("-")
      guard
        let magnitude = try? RefDecimal(negative ? String(text.dropFirst()) : text).units(
          digits: pricing.digits)
      else { return nil }
      return negative ? -magnitude : magnitude
    }
    guard let subtotal = units(object["subtotal"]), let discount = units(object["discount"]),
      let total = units(object["total"]), let applied = object["promotions"] as? [[String: Any]]
    else { return ["invariants: subtotal, discount, total or promotions unreadable"] }
    if subtotal - discount != total { problems.append("invariant: subtotal − discount ≠ total") }
    if total < 0 { problems.append("invariant: the total is negative") }
    let appliedDiscounts = applied.map { units($0["discount"]) ?? -1 }
    if appliedDiscounts.reduce(0, +) != discount {
      problems.append("invariant: the promotions' discounts do not add up to the discount")
    }
    if let worse = pricing.plans.first(where: { $0.total < total }) {
      problems.append("invariant: the plan \(worse) has a lower total than the chosen \(total)")
    }
    guard let lines = object["lines"] as? [[String: Any]] else { return problems }
    var lineSubtotals: Int128 = 0
    var lineDiscounts: Int128 = 0
    var shares: [String: Int128] = [:]
    for (index, line) in lines.enumerated() {
      guard let lineSubtotal = units(line["subtotal"]), let lineDiscount = units(line["discount"]),
        let lineTotal = units(line["total"]), let promotions = line["promotions"] as? [[String: Any]]
      else {
        problems.append("invariant: lines[\(index)] unreadable")
        continue
      }
      lineSubtotals += lineSubtotal
      lineDiscounts += lineDiscount
      if lineTotal < 0 { problems.append("invariant: lines[\(index)].total is negative") }
      if lineSubtotal - lineDiscount != lineTotal {
        problems.append("invariant: lines[\(index)] does not add up")
      }
      var sum: Int128 = 0
      for share in promotions {
        let amount = units(share["discount"]) ?? 0
        if amount <= 0 { problems.append("invariant: lines[\(index)] lists a share that is not above 0") }
        sum += amount
        shares[share["id"] as? String ?? "", default: 0] += amount
      }
      if sum != lineDiscount {
        problems.append("invariant: lines[\(index)]'s shares do not add up to its discount")
      }
    }
    if lineSubtotals != subtotal {
      problems.append("invariant: the lines' subtotals do not add up to the subtotal")
    }
    if lineDiscounts != discount {
      problems.append("invariant: the lines' discounts do not add up to the discount")
    }
    for (promotion, amount) in zip(applied, appliedDiscounts) {
      let id = promotion["id"] as? String ?? ""
      if shares.removeValue(forKey: id) != amount {
        problems.append("invariant: \(id)'s shares do not add up to its discount")
      }
    }
    if !shares.isEmpty {
      problems.append("invariant: lines have shares of unapplied \(shares.keys.sorted())")
    }
    return problems
  }

  /// Runs `count` cases from `base` (or only the seed in `$PROMO_REFERENCE_SEED`), recording
  /// the first few failures in full and a count of all.
  static func run(format: Int, base: UInt64, defaultCount: Int, lenient: Bool) throws {
    let environment = ProcessInfo.processInfo.environment
    let seeds: [UInt64]
    if let seed = environment["PROMO_REFERENCE_SEED"].flatMap(UInt64.init) {
      seeds = [seed]
    } else {
      let count = environment["PROMO_REFERENCE_CASES"].flatMap(Int.init) ?? defaultCount
      seeds = (0..<UInt64(count)).map { base + $0 }
    }
    let differential = try RefDifferential(lenient: lenient)
    defer { differential.removeFolder() }
    var failures = 0
    var coverage = RefCoverage()
    for seed in seeds {
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase(format: format)
      let (problems, report, verdict) = differential.check(testCase)
      if let verdict { coverage.record(verdict, testCase) }
      guard !problems.isEmpty else { continue }
      failures += 1
      if failures <= 3 { Issue.record(Comment(rawValue: report)) }
    }
    if failures > 0 {
      let summary =
        "\(failures) of \(seeds.count) format-\(format) cases differ from the reference "
        + "(rerun one with PROMO_REFERENCE_SEED=<seed>)"
      Issue.record(Comment(rawValue: summary))
    }
    // The generator must keep reaching the situations that matter, or passing means little.
    guard seeds.count >= 1000 else { return }
    var wanted = [
      "refused", "plan 1 with 0", "plan 1 with 1", "plan 1 with 2", "id tie-break", "fine minimum below",
      "items order", "amount order", "empty items", "inactive", "not-started", "ended", "applied",
      "below-minimum", "not-best",
    ]
    if format == 2 {
      wanted += [
        "plan 2", "plan 3 with 1", "plan 3 with 2", "code-required", "no-eligible-line", "code applied",
        "order-stage remainder",
      ]
    }
    for tag in wanted where coverage.counts[tag, default: 0] < 3 {
      Issue.record("only \(coverage.counts[tag, default: 0]) format-\(format) cases reach \"\(tag)\"")
    }
  }
}

/// Counts the situations the generated cases reach, as the reference priced them.
struct RefCoverage {
  var counts: [String: Int] = [:]

  mutating func record(_ verdict: RefVerdict, _ testCase: RefCase) {
    guard case .priced(let pricing) = verdict else {
      counts["refused", default: 0] += 1
      return
    }
    var tags: Set<String> = []
    let best = pricing.best
    let stage = best.stage.count
    switch best.kind {
    case 1: tags.insert("plan 1 with \(stage)")
    case 2: tags.insert("plan 2")
    default: tags.insert("plan 3 with \(stage)")
    }
    let rivals = pricing.plans.filter { $0.total == best.total && $0.ids.count == best.ids.count }
    if rivals.contains(where: { $0.ids != best.ids }) { tags.insert("id tie-break") }
    for (_, outcome) in pricing.considered {
      tags.insert(outcome.name)
      if case .belowMinimum(_, let minimum, _) = outcome, minimum.fractionDigits.count > pricing.digits {
        tags.insert("fine minimum below")
      }
    }
    if let lines = pricing.lines {
      tags.insert(lines.isEmpty ? "empty items" : "items order")
    } else {
      tags.insert("amount order")
    }
    if case .array(let promotions) = testCase.store["promotions"] ?? .array([]) {
      let coded = Set(
        promotions.compactMap { $0["code"] == nil ? nil : $0["id"] }.compactMap { value -> String? in
          if case .string(let id) = value { id } else { nil }
        })
      if pricing.promotions.contains(where: { coded.contains($0.id) }) { tags.insert("code applied") }
    }
    if pricing.hasRemainderShare { tags.insert("order-stage remainder") }
    for tag in tags { counts[tag, default: 0] += 1 }
  }
}

@Suite("The format-2 reference pricer, and the command held against it")
struct Format2ReferenceTests {
  /// The store of SPEC 2.1, verbatim.
  static let specStore = """
    {
      "version": 2,
      "currency": "CNY",
      "promotions": [
        { "id": "autumn-20", "name": "20% off everything", "kind": "discount", "percentOff": "20",
          "maximumDiscount": "50.00", "startsAt": "2026-11-01T00:00:00+08:00",
          "endsAt": "2026-12-01T00:00:00+08:00", "active": true, "stackable": true },
        { "id": "spend100-save15", "kind": "threshold", "minimumAmount": "100.00",
          "amountOff": "15.00", "stackable": true },
        { "id": "tea-2nd-half", "name": "Second tea half price", "kind": "item",
          "target": { "categories": ["tea"] }, "buy": 1, "get": 1, "percentOff": "50", "stackable": true },
        { "id": "mug-19", "kind": "item", "target": { "skus": ["mug-white", "mug-blue"] }, "fixedPrice": "19.00" },
        { "id": "VIP10", "kind": "discount", "code": "VIP10", "percentOff": "10" }
      ]
    }
    """
  /// Order A-1001 of SPEC 2.2, verbatim.
  static let orderA1001 = """
    { "id": "A-1001", "currency": "CNY", "codes": ["vip10"],
      "items": [ { "sku": "tea-green", "name": "Green tea", "categories": ["tea"], "unitPrice": "25.00", "quantity": 2 },
                 { "sku": "mug-white", "unitPrice": "39.00", "quantity": 2 } ] }
    """
  /// Order A-1003 of SPEC 4.5.
  static let orderA1003 = """
    { "id": "A-1003", "items": [
      { "sku": "tea-green", "categories": ["tea"], "unitPrice": "25.00", "quantity": 3 },
      { "sku": "pot-iron", "unitPrice": "120.00", "quantity": 1 } ] }
    """
  static let at = "2026-11-22T12:00:00+08:00"

  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  static func pricing(_ order: String, store: String = specStore) throws -> RefPricing {
    guard
      case .priced(let pricing) = try Format2Reference.price(store: json(store), order: json(order), at: at)
    else { throw RefError("refused") }
    return pricing
  }

  @Test("the reference gives SPEC 4.5's result for A-1001: plan 2 wins, VIP10 presented in lower case")
  func workedExampleA1001() throws {
    let pricing = try Self.pricing(Self.orderA1001)
    let expected = try Self.json(
      #"{"order":"A-1001","currency":"CNY","subtotal":"128.00","promotions":[{"id":"mug-19","discount":"40.00"},{"id":"tea-2nd-half","discount":"12.50"}],"discount":"52.50","total":"75.50","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":2,"subtotal":"50.00","discount":"12.50","total":"37.50","promotions":[{"id":"tea-2nd-half","discount":"12.50"}]},{"sku":"mug-white","quantity":2,"subtotal":"78.00","discount":"40.00","total":"38.00","promotions":[{"id":"mug-19","discount":"40.00"}]}]}"#
    )
    var problems: [String] = []
    RefDifferential.differences(expected, pricing.resultObject, at: "", into: &problems)
    RefDifferential.differences(pricing.resultObject, expected, at: "", into: &problems)
    #expect(problems == [])
    // The other plans SPEC 4.5 names: plan 3 92.40, plan 1 87.40, VIP10 alone 115.20.
    let best = { (kind: Int) in pricing.plans.filter { $0.kind == kind }.map(\.total).min() }
    #expect(best(1) == 8740)
    #expect(best(2) == 7550)
    #expect(best(3) == 9240)
    #expect(pricing.plans.first { $0.ids == ["VIP10"] }?.total == 11520)
    #expect(pricing.plans.first { $0.ids == ["autumn-20", "spend100-save15"] }?.total == 8740)
  }

  @Test("the reference gives SPEC 4.5's result and outcomes for A-1003: plan 3, shares by largest remainder")
  func workedExampleA1003() throws {
    let pricing = try Self.pricing(Self.orderA1003)
    let expected = try Self.json(
      #"{"order":"A-1003","currency":"CNY","subtotal":"195.00","promotions":[{"id":"tea-2nd-half","discount":"12.50"},{"id":"autumn-20","discount":"36.50"},{"id":"spend100-save15","discount":"15.00"}],"discount":"64.00","total":"131.00","evaluatedAt":"2026-11-22T04:00:00Z","lines":[{"sku":"tea-green","quantity":3,"subtotal":"75.00","discount":"30.14","total":"44.86","promotions":[{"id":"tea-2nd-half","discount":"12.50"},{"id":"autumn-20","discount":"12.50"},{"id":"spend100-save15","discount":"5.14"}]},{"sku":"pot-iron","quantity":1,"subtotal":"120.00","discount":"33.86","total":"86.14","promotions":[{"id":"autumn-20","discount":"24.00"},{"id":"spend100-save15","discount":"9.86"}]}]}"#
    )
    var problems: [String] = []
    RefDifferential.differences(expected, pricing.resultObject, at: "", into: &problems)
    RefDifferential.differences(pricing.resultObject, expected, at: "", into: &problems)
    #expect(problems == [])
    #expect(pricing.best.kind == 3)
    let outcomes = Dictionary(uniqueKeysWithValues: pricing.considered.map { ($0.id, $0.outcome.name) })
    #expect(
      outcomes == [
        "autumn-20": "applied", "spend100-save15": "applied", "tea-2nd-half": "applied",
        "mug-19": "no-eligible-line", "VIP10": "code-required",
      ])
  }

  @Test("the reference's money, percentages, minimums and instants")
  func referenceBuildingBlocks() throws {
    #expect(RefMath.percent(5, 1_000_000) == 5)
    #expect(RefMath.percent(5, 100_000) == 1)  // 0.5 rounds up
    #expect(RefMath.percent(4, 125_000) == 1)  // 0.5 rounds up
    #expect(RefMath.percent(3, 125_000) == 0)  // 0.375
    #expect(RefCurrency.format(5, digits: 3) == "0.005")
    #expect(RefCurrency.format(100, digits: 0) == "100")
    #expect(try RefDecimal("99.995").ceilingUnits(digits: 2) == 10_000)
    #expect(try RefDecimal("99.990").units(digits: 2) == 9_999)
    #expect(throws: RefError.self) { try RefDecimal("99.995").units(digits: 2) }
    #expect(throws: RefError.self) { try RefDecimal("1e2") }
    let instant = try RefInstant(rfc3339: "2026-10-01T00:00:00.250+02:00")
    #expect(instant.description == "2026-09-30T22:00:00.25Z")
    #expect(try RefInstant(rfc3339: "2026-11-22T04:00:00Z") == RefInstant(seconds: 1_795_320_000))
    #expect(
      try RefInstant(rfc3339: "2026-11-22T04:00:00.1Z") > RefInstant(rfc3339: "2026-11-22T04:00:00.09Z"))
    #expect(throws: RefError.self) { try RefInstant(rfc3339: "2026-11-22T04:00:00") }
    #expect(RefMath.idsPrecede(["B"], ["a"]))
    #expect(RefMath.idsPrecede(["a", "B"], ["a", "_"]))
  }

  @Test("the reference's line benefits and caps (SPEC 4.1), computed by hand")
  func lineBenefits() throws {
    let store = """
      {"version": 2, "currency": "KWD", "promotions": [
        {"id": "b2g1-half", "kind": "item", "target": {"skus": ["pen"]}, "buy": 2, "get": 1, "percentOff": "50"},
        {"id": "cap-10", "kind": "discount", "percentOff": "10", "maximumDiscount": "0.500", "stackable": true},
        {"id": "fixed-12", "kind": "item", "target": {"categories": ["ink"]}, "fixedPrice": "12.000"},
        {"id": "off-12", "kind": "item", "target": {"categories": ["ink"]}, "amountOff": "12"}
      ]}
      """
    // pen: 5 × 1.255 = 6.275; buy 2 get 1 at half: floor(5 / 3) × 1 = 1 unit, 0.6275 → 0.628.
    // ink: 2 × 10.000; fixed-12 takes nothing there (no-eligible-line); off-12 takes 2 × 10.000.
    let order = """
      {"id": "K", "items": [{"sku": "pen", "unitPrice": "1.255", "quantity": 5},
        {"sku": "ink", "categories": ["ink"], "unitPrice": "10", "quantity": 2}]}
      """
    let pricing = try Self.pricing(order, store: store)
    #expect(pricing.subtotal == 26_275)
    // Plan 2: 0.628 + 20.000 = 20.628 off, 5.647. Plan 1: cap-10 takes min(2.628, 0.500).
    #expect(pricing.best.ids == ["b2g1-half", "off-12"])
    #expect(pricing.total == 5_647)
    #expect(pricing.plans.first { $0.ids == ["cap-10"] }?.total == 25_775)
    let outcomes = Dictionary(uniqueKeysWithValues: pricing.considered.map { ($0.id, $0.outcome.name) })
    #expect(outcomes["fixed-12"] == "no-eligible-line")
    #expect(outcomes["cap-10"] == "not-best")
    #expect(pricing.money(pricing.total) == "5.647")
  }

  @Test("the reference lets plan 1 win when item deals would drop the order below a threshold (SPEC 4.3)")
  func thresholdBeatsItemDeals() throws {
    let store = """
      {"version": 2, "promotions": [
        {"id": "tea-10", "kind": "item", "target": {"categories": ["tea"]}, "percentOff": "10", "stackable": true},
        {"id": "spend100-save30", "kind": "threshold", "minimumAmount": "100.001", "amountOff": "30"}
      ]}
      """
    let reaches = try Self.pricing(
      #"{"id": "T", "items": [{"categories": ["tea"], "unitPrice": "100.01", "quantity": 1}]}"#, store: store)
    // Plan 1: 100.01 reaches 100.001, 70.01. Plan 2: 90.01. Plan 3: 90.01, nothing stackable after.
    #expect(reaches.best.ids == ["spend100-save30"])
    #expect(reaches.total == 7_001)
    #expect(reaches.lines?.first?.promotions.map(\.id) == ["spend100-save30"])
    let short = try Self.pricing(
      #"{"id": "U", "items": [{"categories": ["tea"], "unitPrice": "100.00", "quantity": 1}]}"#, store: store)
    // 100.00 misses 100.001: one cent more (the least amount in the currency) reaches it.
    #expect(short.best.ids == ["tea-10"])
    #expect(
      short.considered.last?.outcome
        == .belowMinimum(testedAgainst: 10_000, minimum: try RefDecimal("100.001"), shortBy: 1))
  }

  @Test("the reference's own results keep SPEC 4.4's sums on the format-2 cases (no command involved)")
  func referenceInvariants() throws {
    var failures: [String] = []
    for seed in (0..<UInt64(1000)).map({ 0x2_0000_0000 + $0 }) {
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase(format: 2)
      let verdict = try Format2Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes)
      guard case .priced(let pricing) = verdict else { continue }
      let problems = RefDifferential.invariants(pricing.resultObject, pricing: pricing)
      if !problems.isEmpty { failures.append("seed \(seed): \(problems)") }
    }
    #expect(failures == [])
  }

  @Test("the strict comparison accepts the reference's own output and catches a changed share")
  func comparisonSelfTest() throws {
    let differential = try RefDifferential(lenient: false)
    defer { differential.removeFolder() }
    var failures: [String] = []
    var caught = 0
    for seed in (0..<UInt64(300)).map({ 0x2_0000_0000 + $0 }) {
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase(format: 2)
      let verdict = try Format2Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes)
      guard case .priced(let pricing) = verdict else { continue }
      var object = pricing.resultObject
      object["considered"] = pricing.considered.map { id, outcome -> [String: Any] in
        var entry: [String: Any] = ["id": id, "outcome": outcome.name]
        switch outcome {
        case .applied(let discount): entry["discount"] = pricing.money(discount)
        case .notStarted(let startsAt): entry["startsAt"] = startsAt.description
        case .ended(let endsAt): entry["endsAt"] = endsAt.description
        case .belowMinimum(let tested, let minimum, let shortBy):
          entry["testedAgainst"] = pricing.money(tested)
          entry["minimumAmount"] = minimum.description
          entry["shortBy"] = pricing.money(shortBy)
        case .notBest(let total): entry["planTotal"] = pricing.money(total)
        case .inactive, .codeRequired, .noEligibleLine: break
        }
        return entry
      }
      let line = { (object: [String: Any]) in
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
      }
      let problems = differential.compare(pricing, status: 0, stdout: try line(object))
      if !problems.isEmpty { failures.append("seed \(seed): \(problems)") }
      // Spoil the first share of the first line: the strict comparison must notice.
      guard var lines = object["lines"] as? [[String: Any]], lines.count >= 2,
        var shares = lines[0]["promotions"] as? [[String: Any]], !shares.isEmpty
      else { continue }
      shares[0]["discount"] = "changed"
      lines[0]["promotions"] = shares
      object["lines"] = lines
      if !differential.compare(pricing, status: 0, stdout: try line(object)).isEmpty { caught += 1 }
    }
    #expect(failures == [])
    #expect(caught > 20)
  }

  @Test("format-1 stores: the command agrees with the reference on seeded random cases")
  func format1Differential() throws {
    try RefDifferential.run(format: 1, base: 0x1_0000_0000, defaultCount: 2000, lenient: true)
  }

  @Test("format-2 stores: the command agrees with the reference on seeded random cases")
  func format2Differential() throws {
    try RefDifferential.run(format: 2, base: 0x2_0000_0000, defaultCount: 3000, lenient: false)
  }
}
