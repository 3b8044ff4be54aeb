/// A generated big store and a batch of orders priced against it at one instant.
package struct RefBigCase {
  /// The seed the case was made from.
  package var seed: UInt64
  /// The store: 40 to 600 promotions.
  package var store: GenJSON
  /// The orders.
  package var orders: [GenJSON]
  /// The evaluation time, as RFC 3339 text.
  package var at: String
  /// The codes presented with `--code`.
  package var codes: [String]
  /// The customer groups given with `--customer-group`.
  package var groups: [String]
}

extension RefCaseGenerator {
  /// A big store of `format` 2 or 3 and `orders` orders: 40 to 600 promotions, mostly
  /// working and stackable, small percentages (so that pairs, item deals and thresholds
  /// compete instead of one large deal winning), twins that tie, a wide or a narrow
  /// catalogue, and a share of item promotions from 30 % to 95 % (so that stores reach both
  /// sides of 8 working order deals and of 16 item rules on one SKU or category).
  package mutating func makeBigCase(format: Int, orders count: Int) -> RefBigCase {
    let currency = random.pick(Self.currencies)
    let digits = RefCurrency.minorDigits(currency)
    let atMilliseconds = Self.baseMilliseconds + Int64(random.int(0...86_399)) * 1000
    let at = timestamp(atMilliseconds)
    let catalogue: RefCatalogue = random.chance(50) ? .wide : .narrow
    let size = random.chance(40) ? random.int(40...80) : random.int(40...600)
    let style = RefPromotionStyle(
      version: format, digits: digits, at: atMilliseconds, friendly: random.chance(80),
      small: random.chance(85),
      itemShare: random.pick([30, 50, 85, 95]), catalogue: catalogue)
    let orders = (0..<count).map { index in
      makeOrder3(
        id: "B\(format)-\(seed)-\(index)", version: format, digits: digits,
        currency: random.chance(30) ? currency : nil, catalogue: catalogue, maximumLines: 8)
    }
    var promotions: [GenJSON] = []
    var used: Set<String> = []
    let alphabet = Array("aAbBz09._-")
    for _ in 0..<size {
      var id = ""
      while id.isEmpty || used.contains(id) {
        id = String((0..<random.int(1...5)).map { _ in random.pick(alphabet) })
      }
      used.insert(id)
      if !promotions.isEmpty, random.chance(12) {
        var copy = random.pick(promotions)
        copy.set("id", .string(id))
        promotions.append(copy)
      } else {
        promotions.append(makePromotion3(id: id, style: style))
      }
    }
    if !orders.isEmpty { placeMinimums3(&promotions, order: random.pick(orders), digits: digits) }
    var flags: [String] = []
    if random.chance(20) { flags.append(caseVariant(random.pick(Self.codes))) }
    var groups: [String] = []
    if format >= 3, random.chance(20) { groups.append(random.pick(RefCatalogue.groups)) }
    var store: [(String, GenJSON)] = [("version", .integer(format))]
    if let currency { store.append(("currency", .string(currency))) }
    store.append(("promotions", .array(promotions)))
    return RefBigCase(seed: seed, store: .object(store), orders: orders, at: at, codes: flags, groups: groups)
  }
}
