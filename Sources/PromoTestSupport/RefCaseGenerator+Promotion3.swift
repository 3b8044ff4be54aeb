/// How the promotions of a generated store are drawn (``RefCaseGenerator/makePromotion3``).
package struct RefPromotionStyle {
  /// The store's version: 2 (no format-3 field) or 3.
  package var version: Int
  /// The minor digits of the store's amounts.
  package var digits: Int
  /// The evaluation time, in milliseconds since 1970 (windows are placed around it).
  package var at: Int64
  /// Working and mostly stackable promotions (no code, no window, rarely switched off).
  package var friendly: Bool
  /// Small percentages (0.5 % to 8 %) and small amounts, so that deals compete.
  package var small: Bool
  /// The percentage of item promotions (the rest are order deals and, in format 3, shipping).
  package var itemShare: Int
  /// What targets are drawn from.
  package var catalogue: RefCatalogue
}

extension RefCaseGenerator {
  /// Small percentages, in ten-thousandths of a percent.
  package static let smallPercents = [5_000, 10_000, 20_000, 25_000, 30_000, 50_000, 75_000, 80_000]

  /// One promotion of a version-2 or version-3 store in `style`, every format-3 field drawn
  /// within what the documented rules allows.
  package mutating func makePromotion3(id: String, style: RefPromotionStyle) -> GenJSON {
    let three = style.version >= 3
    let digits = style.digits
    var members: [(String, GenJSON)] = [("id", .string(id))]
    if random.chance(15) { members.append(("name", .string(random.pick(["Members only", "满99包邮", "Thé"])))) }
    let roll = random.int(0...99)
    let kind: String
    if roll < style.itemShare {
      kind = "item"
    } else if three && random.chance(20) {
      kind = "shipping"
    } else {
      kind = random.chance(45) ? "discount" : "threshold"
    }
    members.append(("kind", .string(kind)))
    if !style.friendly, random.chance(20) { members.append(("code", .string(random.pick(Self.codes)))) }
    if three, random.chance(style.friendly ? 8 : 20) {
      let groups = random.distinct(RefCatalogue.groups, count: random.int(1...2))
      members.append(("customerGroups", .array(groups.map(GenJSON.string))))
    }
    if kind == "item" || (three && kind != "shipping" && random.chance(30)) {
      if kind != "item" || random.chance(75) { members.append(("target", target(style.catalogue))) }
    }
    func percentValue() -> GenJSON {
      guard style.small, random.chance(85) else { return percent() }
      let tenThousandths = random.chance(80) ? random.pick(Self.smallPercents) : random.int(1...80_000)
      var text = RefCurrency.format(Int128(tenThousandths), digits: 4)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return .decimal(text, asNumber: random.chance(30))
    }
    func money(_ major: ClosedRange<Int>, positive: Bool = false) -> GenJSON {
      amount(major: random.int(major), digits: digits, positive: positive)
    }
    switch kind {
    case "item":
      var buyGet = false
      switch random.int(0...3) {
      case 0: members.append(("percentOff", percentValue()))
      case 1: members.append(("amountOff", money(style.small ? 0...3 : 0...15, positive: true)))
      case 2: members.append(("fixedPrice", money(0...80)))
      default:
        buyGet = true
        members.append(("buy", .integer(random.int(1...3))))
        members.append(("get", .integer(random.int(1...2))))
        if three, random.chance(40) { members.append(("acrossLines", .bool(true))) }
        if random.chance(60) { members.append(("percentOff", percentValue())) }
      }
      if three, random.chance(25) {
        members.append(("maximumQuantity", .integer(random.int(1...(buyGet ? 3 : 4)))))
      }
    case "threshold":
      let minimums = three ? random.int(0...3) : 0  // 0, 1: amount; 2: quantity; 3: both
      let repeats = three && minimums != 3 && random.chance(30)
      if minimums != 2 {
        let minimum = money(0...300, positive: repeats)
        members.append(("minimumAmount", minimum))
      }
      if minimums >= 2 { members.append(("minimumQuantity", .integer(random.int(1...6)))) }
      if repeats {
        members.append(("repeat", .bool(true)))
        members.append(("amountOff", money(style.small ? 0...5 : 0...30, positive: true)))
        if random.chance(50) { members.append(("maximumDiscount", money(0...60, positive: true))) }
      } else {
        appendOrderBenefit(&members, percent: percentValue(), style: style)
      }
    case "discount":
      appendOrderBenefit(&members, percent: percentValue(), style: style)
    default:  // shipping
      if random.chance(50) { members.append(("minimumAmount", money(0...200))) }
      switch random.int(0...2) {
      case 0:
        members.append(("percentOff", random.chance(50) ? .decimal("100", asNumber: false) : percentValue()))
      case 1: members.append(("amountOff", money(0...15, positive: true)))
      default: members.append(("fixedPrice", money(0...10)))
      }
    }
    var start: Int64? = !style.friendly && random.chance(25) ? style.at + window() : nil
    var end: Int64? = !style.friendly && random.chance(25) ? style.at + window() : nil
    if let low = start, let high = end, low >= high {
      if low == high { end = low + 1 } else { (start, end) = (high, low) }
    }
    if let start { members.append(("startsAt", .string(timestamp(start)))) }
    if let end { members.append(("endsAt", .string(timestamp(end)))) }
    let active = random.chance(style.friendly ? 97 : 85)
    if !active || random.chance(20) { members.append(("active", .bool(active))) }
    let stackable = random.chance(style.friendly ? 88 : 60)
    if stackable || random.chance(20) { members.append(("stackable", .bool(stackable))) }
    return .object(members)
  }

  /// A percentage or an amount off for a discount or threshold, sometimes with a cap.
  mutating func appendOrderBenefit(
    _ members: inout [(String, GenJSON)], percent: GenJSON, style: RefPromotionStyle
  ) {
    if random.chance(55) {
      members.append(("percentOff", percent))
      if random.chance(30) {
        members.append(
          ("maximumDiscount", amount(major: random.int(0...40), digits: style.digits, positive: true)))
      }
    } else {
      members.append(
        (
          "amountOff",
          amount(major: random.int(0...(style.small ? 8 : 60)), digits: style.digits, positive: true)
        ))
    }
  }

  /// A target of SKUs, categories or both, sometimes naming a SKU no line has.
  mutating func target(_ catalogue: RefCatalogue) -> GenJSON {
    var target: [(String, GenJSON)] = []
    let which = random.int(0...2)
    if which != 1 {
      let skus = random.distinct(catalogue.skus + ["no-such-sku"], count: random.int(1...3))
      target.append(("skus", .array(skus.map(GenJSON.string))))
    }
    if which != 0 {
      let categories = random.distinct(catalogue.categories, count: random.int(1...2))
      target.append(("categories", .array(categories.map(GenJSON.string))))
    }
    return .object(target)
  }
}
