extension RefCaseGenerator {
  /// A format-3 promotion given format-4 fields, each within what the contract allows:
  /// `combinesWith` in place of `stackable` now and then; on an order deal a `layer` and
  /// `excludeDiscountedLines`, and on a threshold `tiers` in place of its minimum and
  /// benefit; on an item deal a `bundle`, a `getTarget` (buy/get), or `acrossLines` with a
  /// `maximumQuantity` (a percentage, sum or price off).
  package mutating func makeFormat4(_ promotion: GenJSON, style: RefPromotionStyle) -> GenJSON {
    var promotion = promotion
    guard case .string(let kind)? = promotion["kind"] else { return promotion }
    switch kind {
    case "discount", "threshold":
      if random.chance(35) {
        promotion.set("layer", .integer(random.chance(70) ? random.int(1...3) : random.int(1...9)))
      }
      if random.chance(20) { promotion.set("excludeDiscountedLines", .bool(true)) }
      if kind == "threshold", random.chance(35) { promotion = withTiers(promotion, style: style) }
    case "item":
      let isBuyGet = promotion["buy"] != nil
      let roll = random.int(0...99)
      if roll < 25 {
        promotion = promotion.removing([
          "percentOff", "amountOff", "fixedPrice", "buy", "get", "acrossLines", "maximumQuantity",
        ])
        let price = amount(major: random.int(0...60), digits: style.digits)
        promotion.set("bundle", .object([("quantity", .integer(random.int(2...4))), ("price", price)]))
      } else if roll < 80, isBuyGet {
        promotion = promotion.removing(["acrossLines"])
        if random.chance(30) { promotion.set("acrossLines", .bool(true)) }
        promotion.set("getTarget", target(style.catalogue))
      } else if roll < 60, !isBuyGet {
        promotion.set("acrossLines", .bool(true))
        promotion.set("maximumQuantity", .integer(random.int(1...4)))
      }
    default: break
    }
    if random.chance(35) {
      let classes = random.distinct(["item", "order", "shipping"], count: random.int(1...3))
      promotion = promotion.removing(["stackable"])
      promotion.set("combinesWith", .array(classes.map(GenJSON.string)))
    }
    return promotion
  }

  /// A threshold with 2 to 4 tiers of amounts (from its own minimum when it has one above
  /// 0) or of units, each a percentage or an amount off, in place of its own minimums and
  /// benefit; a `maximumDiscount` it had stays and caps every tier.
  mutating func withTiers(_ promotion: GenJSON, style: RefPromotionStyle) -> GenJSON {
    var scale: Int128 = 1
    for _ in 0..<style.digits { scale *= 10 }
    var start = Int128(random.int(1...150)) * scale
    if case .decimal(let text, _)? = promotion["minimumAmount"],
      let units = try? RefDecimal(text).units(digits: style.digits), units > 0
    {
      start = units
    }
    let byUnits = random.chance(30)
    var tiers: [GenJSON] = []
    var minimum = byUnits ? Int128(random.int(1...3)) : start
    for _ in 0..<random.int(2...4) {
      var tier: [(String, GenJSON)] = [
        byUnits
          ? ("minimumQuantity", .integer(Int(minimum)))
          : (
            "minimumAmount",
            .decimal(RefCurrency.format(minimum, digits: style.digits), asNumber: random.chance(30))
          )
      ]
      if random.chance(50) {
        tier.append(("percentOff", percent()))
      } else {
        tier.append(("amountOff", amount(major: random.int(0...40), digits: style.digits, positive: true)))
      }
      tiers.append(.object(tier))
      minimum +=
        byUnits ? Int128(random.int(1...3)) : Int128(random.int(1...120)) * scale + Int128(random.int(0...9))
    }
    var result = promotion.removing(["minimumAmount", "minimumQuantity", "repeat", "percentOff", "amountOff"])
    result.set("tiers", .array(tiers))
    return result
  }

  /// A gift: a SKU and a quantity, with a minimum amount, a minimum quantity, both or
  /// neither, a target now and then, and now and then a code, customer groups or being
  /// switched off.
  mutating func makeGift(id: String, style: RefPromotionStyle) -> GenJSON {
    var members: [(String, GenJSON)] = [("id", .string(id)), ("kind", .string("gift"))]
    if !style.friendly, random.chance(15) { members.append(("code", .string(random.pick(Self.codes)))) }
    if random.chance(10) {
      members.append(("customerGroups", .array([.string(random.pick(RefCatalogue.groups))])))
    }
    if random.chance(30) { members.append(("target", target(style.catalogue))) }
    let minimums = random.int(0...3)  // 0: none; 1: amount; 2: quantity; 3: both
    if minimums == 1 || minimums == 3 {
      members.append(("minimumAmount", amount(major: random.int(0...300), digits: style.digits)))
    }
    if minimums >= 2 { members.append(("minimumQuantity", .integer(random.int(1...6)))) }
    var gift: [(String, GenJSON)] = [
      ("sku", .string(random.pick(["cup-free", "tin", "sample"]))), ("quantity", .integer(random.int(1...3))),
    ]
    if random.chance(30) { gift.append(("name", .string("Tea cup"))) }
    members.append(("gift", .object(gift)))
    if random.chance(8) { members.append(("active", .bool(false))) }
    return .object(members)
  }
}
