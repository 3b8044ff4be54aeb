import Foundation

/// One generated differential case: a store, an order, an instant and the `--code` flags.
package struct RefCase {
  /// The seed (or the fuzz input's hash) the case was made from; the order is named after it.
  package var seed: UInt64
  /// The promotion store.
  package var store: GenJSON
  /// The order.
  package var order: GenJSON
  /// The evaluation time, as RFC 3339 text.
  package var at: String
  /// The codes presented with `--code`.
  package var codes: [String]
  /// The customer groups given with `--customer-group` (format 3).
  package var groups: [String] = []
}

/// Makes random small stores and orders of format 1 or 2 around a handful of SKUs,
/// categories, codes and ids, with amounts placed next to the ones that matter.
///
/// Its draws come from a ``SplitMix64`` for a seed, or from any other source of bits (a
/// fuzzer's input through ``ByteChoices``): the same draws make the same case.
package struct RefCaseGenerator {
  /// Where the choices come from.
  package var random: any RandomNumberGenerator
  /// The seed the case is named after.
  package let seed: UInt64

  /// A generator whose cases are fixed by `seed`.
  package init(seed: UInt64) {
    self.seed = seed
    random = SplitMix64(seed: seed)
  }

  /// A generator drawing from `choices`; its cases are named after `seed`.
  package init(choices: some RandomNumberGenerator, seed: UInt64) {
    self.seed = seed
    random = choices
  }

  /// The promotion ids drawn from (some of them compare unlike their case).
  package static let ids = [
    "a", "B", "b-2", "Z.9", "_x", "A_1", "mug-19", "tea-2nd-half", "a.", "0", "aa", "VIP10",
  ]
  /// The SKUs of lines and targets.
  package static let skus = ["tea-green", "tea-black", "mug-white", "mug-blue", "pot-iron"]
  /// The categories of lines and targets.
  package static let categories = ["tea", "mug", "ware", "gift"]
  /// The coupon codes of promotions, orders and `--code`.
  package static let codes = ["VIP10", "Tea-1", "save_5"]
  /// UTC offsets of generated timestamps, in minutes.
  package static let offsets: [Int64] = [0, 0, 480, -300, 330, 345, -600, 840, -720, 60]
  /// Window bounds' usual distances from the evaluation time, in milliseconds.
  package static let deltas: [Int64] = [
    -172_800_000, -3_600_000, -1_000, -1, 0, 1, 1_000, 3_600_000, 172_800_000,
  ]
  /// Usual percentages, in ten-thousandths of a percent.
  package static let percents = [50_000, 100_000, 125_000, 200_000, 250_000, 333_333, 500_000, 1_000_000]
  /// 2026-11-22T04:00:00Z in milliseconds.
  package static let baseMilliseconds: Int64 = 1_795_320_000_000

  /// The case a fuzz input makes: its bytes are the generator's choices (``ByteChoices``),
  /// the first of which picks the format (1 a quarter of the time, else 2).
  package static func fuzzCase(_ bytes: [UInt8]) -> RefCase {
    var generator = RefCaseGenerator(choices: ByteChoices(bytes), seed: 0)
    let format = generator.random.chance(25) ? 1 : 2
    return generator.makeCase(format: format)
  }

  /// A case; `format` 1 makes a version-1 store and a format-1 order, 2 mostly format 2.
  package mutating func makeCase(format: Int) -> RefCase {
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

  /// An order of up to 4 lines (or a bare amount), with codes and categories in format 2.
  package mutating func makeOrder(version: Int, digits: Int, currency: String?) -> GenJSON {
    var members: [(String, GenJSON)] = [("id", .string("G-\(seed)"))]
    if let currency { members.append(("currency", .string(currency))) }
    if version == 2, random.chance(50) { members.append(("codes", orderCodes())) }
    if random.chance(20) {
      members.append(("amount", amount(major: random.int(0...600), digits: digits)))
    } else {
      var items: [GenJSON] = []
      for _ in 0..<(random.chance(8) ? 0 : random.int(1...4)) {
        items.append(
          orderItem(
            skus: Self.skus, skuChance: 90, nameChance: 20, categories: version == 2 ? Self.categories : nil,
            categoryChance: 50, digits: digits))
      }
      members.append(("items", .array(items)))
    }
    return .object(members)
  }

  /// An order's `codes`: one to three of the known codes (or one no promotion has), in
  /// any case.
  package mutating func orderCodes() -> GenJSON {
    var codes: [String] = []
    for code in random.distinct(Self.codes + ["NOPE"], count: random.int(1...3)) {
      codes.append(caseVariant(code))
    }
    return .array(codes.map(GenJSON.string))
  }

  /// One item of an order: a SKU of `skus` `skuChance` times in a hundred, a name
  /// `nameChance` times, one or two `categories` (when given) `categoryChance` times, a unit
  /// price (0 now and then) and a quantity, mostly 1 to 4.
  package mutating func orderItem(
    skus: [String], skuChance: Int, nameChance: Int, categories: [String]?, categoryChance: Int, digits: Int
  ) -> GenJSON {
    var item: [(String, GenJSON)] = []
    if random.chance(skuChance) { item.append(("sku", .string(random.pick(skus)))) }
    if random.chance(nameChance) {
      item.append(("name", .string(random.pick(["Green tea", "Thé vert", "Mug \"blue\""]))))
    }
    if let categories, random.chance(categoryChance) {
      let chosen = random.distinct(categories, count: random.int(1...2))
      item.append(("categories", .array(chosen.map(GenJSON.string))))
    }
    let major = random.chance(5) ? 0 : random.int(0...120)
    item.append(("unitPrice", amount(major: major, digits: digits)))
    item.append(("quantity", .integer(random.chance(85) ? random.int(1...4) : random.int(5...12))))
    return .object(item)
  }

  // MARK: Promotions

  /// One promotion of a store of `version`; a `friendly` one is working and likely to stack.
  package mutating func makePromotion(id: String, version: Int, digits: Int, at: Int64, friendly: Bool)
    -> GenJSON
  {
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
  package mutating func placeMinimums(_ promotions: inout [GenJSON], order: GenJSON, digits: Int) {
    guard
      let parsed = try? promotions.map({ (value) throws(RefError) in
        try RefPromotion(RefReader.promotion(value.foundation, digits: digits))
      })
    else { return }
    let items = order["items"]?.foundation as? [Any] ?? []
    let lines =
      (try? items.map { (value) throws(RefError) in try RefReader.line(value, digits: digits) })
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
  package mutating func amount(major: Int, digits: Int, positive: Bool = false) -> GenJSON {
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
  package mutating func percent() -> GenJSON {
    let tenThousandths = random.chance(70) ? random.pick(Self.percents) : random.int(1...1_000_000)
    var text = RefCurrency.format(Int128(tenThousandths), digits: 4)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return .decimal(text, asNumber: random.chance(30))
  }

  /// A window bound's distance from the evaluation time, in milliseconds.
  package mutating func window() -> Int64 {
    random.chance(70) ? random.pick(Self.deltas) : Int64(random.int(-200_000_000...200_000_000))
  }

  /// Milliseconds since 1970 as RFC 3339 text at a random offset.
  package mutating func timestamp(_ milliseconds: Int64) -> String {
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
  package mutating func caseVariant(_ code: String) -> String {
    switch random.int(0...2) {
    case 0: code.uppercased()
    case 1: code.lowercased()
    default: code
    }
  }

  /// The strings of an array value.
  package static func strings(_ value: GenJSON) -> [String] {
    guard case .array(let values) = value else { return [] }
    return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
  }
}
