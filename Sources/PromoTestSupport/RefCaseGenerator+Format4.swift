extension RefCaseGenerator {
  /// A case of store format 4: a version-4 store (with a `rounding` now and then) of 0 to 8
  /// promotions, or, a quarter of the time, 9 to 12, drawn as format-3 promotions
  /// (``makePromotion3(id:style:)``, minimums placed by ``placeMinimums3(_:order:digits:storeDigits:)``)
  /// and then given format-4 fields (``makeFormat4(_:style:)``), with 0 to 2 gifts whose
  /// minimums are placed next to what the best plan leaves; one order of up to 6 lines,
  /// with shipping and a customer most of the time; `--code` and `--customer-group` flags
  /// now and then. With `formatThreeOnly`, the same draws stop short of every format-4
  /// field (no format-4 field, no gift, no rounding) and the store is written as version 3.
  package mutating func makeCase4(formatThreeOnly: Bool = false) -> RefCase {
    let storeCurrency = random.pick(Self.currencies)
    var orderCurrency: String?
    let roll = random.int(0...99)
    if roll < 2, let storeCurrency {
      orderCurrency = random.pick(["CNY", "JPY", "KWD"].filter { $0 != storeCurrency })
    } else if roll < 40 {
      orderCurrency = storeCurrency ?? random.pick(["CNY", "JPY", "KWD"])
    }
    let digits = RefCurrency.minorDigits(orderCurrency ?? storeCurrency)
    let storeDigits = storeCurrency == nil ? min(2, digits) : RefCurrency.minorDigits(storeCurrency)
    let atMilliseconds = Self.baseMilliseconds + Int64(random.int(0...86_399)) * 1000
    let order = makeOrder3(
      id: "G4-\(seed)", version: 3, digits: digits, currency: orderCurrency, catalogue: .small,
      maximumLines: 6)
    let style = RefPromotionStyle(
      version: 3, digits: storeDigits, at: atMilliseconds, friendly: random.chance(65),
      small: random.chance(50),
      itemShare: 35, catalogue: .small)
    let count =
      random.chance(25) ? random.int(9...12) : random.chance(8) ? random.int(0...1) : random.int(2...8)
    var promotions: [GenJSON] = []
    var used: Set<String> = []
    for _ in 0..<count {
      var id = random.pick(Self.ids)
      while used.contains(id) { id = random.pick(Self.ids + ["ship-free", "m.5", "Q", "cup", "t1", "T2"]) }
      used.insert(id)
      if !promotions.isEmpty, random.chance(12) {
        var copy = random.pick(promotions)
        copy.set("id", .string(id))
        promotions.append(copy)
      } else {
        promotions.append(makePromotion3(id: id, style: style))
      }
    }
    placeMinimums3(&promotions, order: order, digits: digits, storeDigits: storeDigits)
    if !formatThreeOnly {
      promotions = promotions.map { random.chance(70) ? makeFormat4($0, style: style) : $0 }
    }
    for _ in 0..<(!formatThreeOnly && random.chance(35) ? random.int(1...2) : 0) {
      var id = "gift-\(random.int(1...9))"
      while used.contains(id) { id += "x" }
      used.insert(id)
      promotions.insert(makeGift(id: id, style: style), at: random.int(0...promotions.count))
    }
    var store: [(String, GenJSON)] = [("version", .integer(formatThreeOnly ? 3 : 4))]
    if let storeCurrency { store.append(("currency", .string(storeCurrency))) }
    if !formatThreeOnly, random.chance(50) {
      store.append(("rounding", .string(random.pick(["half-up", "half-even", "down"]))))
    }
    store.append(("promotions", .array(promotions)))
    var testCase = RefCase(
      seed: seed, store: .object(store), order: order, at: timestamp(atMilliseconds),
      codes: random.chance(15) ? [caseVariant(random.pick(Self.codes))] : [],
      groups: random.chance(15) ? [random.pick(RefCatalogue.groups)] : [])
    placeGiftMinimums(&testCase, digits: digits, storeDigits: storeDigits)
    return testCase
  }

  /// Moves some gifts' minimums next to what the best plan leaves of the goods (the
  /// format-4 reference's price of the case), so that gifts are granted and missed by a
  /// unit.
  mutating func placeGiftMinimums(_ testCase: inout RefCase, digits: Int, storeDigits: Int) {
    guard
      case .priced(let pricing)? = try? Format4Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes, groups: testCase.groups),
      case .array(var promotions)? = testCase.store["promotions"]
    else { return }
    let goods = pricing.subtotal - pricing.best.items.discount - pricing.best.orderDiscount
    for index in promotions.indices where promotions[index]["kind"].map(Self.isGift) == true {
      guard promotions[index]["minimumAmount"] != nil, random.chance(60) else { continue }
      var scale: Int128 = 1
      for _ in 0..<max(0, digits - storeDigits) { scale *= 10 }
      let units = max(0, goods / scale + Int128(random.int(-1...1)))
      let text = RefCurrency.format(units, digits: min(digits, storeDigits))
      promotions[index].set("minimumAmount", .decimal(text, asNumber: random.chance(30)))
    }
    testCase.store.set("promotions", .array(promotions))
  }

  /// Whether a `kind` value is `gift`.
  package static func isGift(_ kind: GenJSON) -> Bool {
    if case .string("gift") = kind { return true }
    return false
  }
}

extension GenJSON {
  /// An object without `keys`.
  package func removing(_ keys: [String]) -> GenJSON {
    guard case .object(let members) = self else { return self }
    return .object(members.filter { !keys.contains($0.0) })
  }
}

extension RefCaseGenerator {
  /// The format-4 case a fuzz input makes: its bytes are the generator's choices
  /// (``ByteChoices``) for ``makeCase4(formatThreeOnly:)``.
  package static func fuzzCase4(_ bytes: [UInt8]) -> RefCase {
    var generator = RefCaseGenerator(choices: ByteChoices(bytes), seed: 0)
    return generator.makeCase4()
  }
}
