extension RefCaseGenerator {
  /// The currencies of generated stores: 2, 0 and 3 minor digits, and none.
  package static let currencies: [String?] = ["CNY", "JPY", "KWD", nil]

  /// A small case of store format 3: a version-3 store of 0 to 8 promotions (twins with
  /// the same terms under other ids among them) around the small catalogue, and one order
  /// with shipping and a customer most of the time; `--code` and `--customer-group` flags
  /// now and then.
  package mutating func makeCase3() -> RefCase {
    let storeCurrency = random.pick(Self.currencies)
    var orderCurrency: String?
    let roll = random.int(0...99)
    if roll < 3, let storeCurrency {
      orderCurrency = random.pick(["CNY", "JPY", "KWD"].filter { $0 != storeCurrency })
    } else if roll < 40 {
      orderCurrency = storeCurrency ?? random.pick(["CNY", "JPY", "KWD"])
    }
    let digits = RefCurrency.minorDigits(orderCurrency ?? storeCurrency)
    let storeDigits = storeCurrency == nil ? min(2, digits) : RefCurrency.minorDigits(storeCurrency)
    let atMilliseconds = Self.baseMilliseconds + Int64(random.int(0...86_399)) * 1000
    let at = timestamp(atMilliseconds)
    let order = makeOrder3(
      id: "G3-\(seed)", version: 3, digits: digits, currency: orderCurrency, catalogue: .small,
      maximumLines: 5)
    let style = RefPromotionStyle(
      version: 3, digits: storeDigits, at: atMilliseconds, friendly: random.chance(30),
      small: random.chance(40),
      itemShare: 35, catalogue: .small)
    var promotions: [GenJSON] = []
    var used: Set<String> = []
    for _ in 0..<(random.chance(10) ? random.int(0...1) : random.int(2...8)) {
      var id = random.pick(Self.ids)
      while used.contains(id) { id = random.pick(Self.ids + ["ship-free", "m.5", "Q"]) }
      used.insert(id)
      if !promotions.isEmpty, random.chance(15) {
        var copy = random.pick(promotions)
        copy.set("id", .string(id))
        promotions.append(copy)
      } else {
        promotions.append(makePromotion3(id: id, style: style))
      }
    }
    placeMinimums3(&promotions, order: order, digits: digits, storeDigits: storeDigits)
    var flags: [String] = []
    if random.chance(15) { flags.append(caseVariant(random.pick(Self.codes))) }
    var groups: [String] = []
    if random.chance(15) { groups.append(random.pick(RefCatalogue.groups)) }
    var store: [(String, GenJSON)] = [("version", .integer(3))]
    if let storeCurrency { store.append(("currency", .string(storeCurrency))) }
    store.append(("promotions", .array(promotions)))
    return RefCase(seed: seed, store: .object(store), order: order, at: at, codes: flags, groups: groups)
  }
}

extension RefCaseGenerator {
  /// The case a fuzz input makes, of any store format: two in five inputs make a format-4
  /// case (``makeCase4(formatThreeOnly:)``), three in ten a format-3 case
  /// (``makeCase3()``), the others a format-1 or format-2 case as ``fuzzCase(_:)`` does.
  /// The first choice picks the format, which is returned with the case.
  package static func fuzzCaseOfAnyFormat(_ bytes: [UInt8]) -> (format: Int, testCase: RefCase) {
    var generator = RefCaseGenerator(choices: ByteChoices(bytes), seed: 0)
    let roll = generator.random.int(0...99)
    if roll < 40 { return (4, generator.makeCase4()) }
    if roll < 70 { return (3, generator.makeCase3()) }
    let format = roll < 82 ? 1 : 2
    return (format, generator.makeCase(format: format))
  }
}
