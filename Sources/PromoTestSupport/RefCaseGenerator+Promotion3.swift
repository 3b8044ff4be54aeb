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
    var members: [(String, GenJSON)] = [("id", .string(id))]
    if random.chance(15) { members.append(("name", .string(random.pick(["Members only", "满99包邮", "Thé"])))) }
    let kind = promotionKind(style: style)
    members.append(("kind", .string(kind)))
    if !style.friendly, random.chance(20) { members.append(("code", .string(random.pick(Self.codes)))) }
    if three, random.chance(style.friendly ? 8 : 20) {
      let groups = random.distinct(RefCatalogue.groups, count: random.int(1...2))
      members.append(("customerGroups", .array(groups.map(GenJSON.string))))
    }
    if kind == "item" || (three && kind != "shipping" && random.chance(30)) {
      if kind != "item" || random.chance(75) { members.append(("target", target(style.catalogue))) }
    }
    switch kind {
    case "item": appendItemBenefit(&members, style: style)
    case "threshold": appendThresholdBenefit(&members, style: style)
    case "discount": appendOrderBenefit(&members, percent: percentValue(style: style), style: style)
    default: appendShippingBenefit(&members, style: style)
    }
    appendScheduleAndFlags(&members, style: style)
    return .object(members)
  }

  /// The kind of a promotion in `style`: an item promotion for `itemShare` percent, else
  /// (in format 3, sometimes) shipping, else a discount or a threshold.
  mutating func promotionKind(style: RefPromotionStyle) -> String {
    let roll = random.int(0...99)
    if roll < style.itemShare {
      return "item"
    } else if style.version >= 3 && random.chance(20) {
      return "shipping"
    } else {
      return random.chance(45) ? "discount" : "threshold"
    }
  }

  /// A percentage off: in a `small` style mostly a small one, written without trailing
  /// zeros as a string or a number, else any (``percent()``).
  mutating func percentValue(style: RefPromotionStyle) -> GenJSON {
    guard style.small, random.chance(85) else { return percent() }
    let tenThousandths = random.chance(80) ? random.pick(Self.smallPercents) : random.int(1...80_000)
    var text = RefCurrency.format(Int128(tenThousandths), digits: 4)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return .decimal(text, asNumber: random.chance(30))
  }

  /// An amount of `major` whole units (drawn) in the style's minor digits.
  mutating func money(_ major: ClosedRange<Int>, style: RefPromotionStyle, positive: Bool = false) -> GenJSON
  {
    amount(major: random.int(major), digits: style.digits, positive: positive)
  }

  /// The benefit of an item promotion: a percentage, an amount or a fixed price off, or
  /// buy-get, sometimes capped in quantity (format 3).
  mutating func appendItemBenefit(_ members: inout [(String, GenJSON)], style: RefPromotionStyle) {
    let three = style.version >= 3
    var buyGet = false
    switch random.int(0...3) {
    case 0: members.append(("percentOff", percentValue(style: style)))
    case 1: members.append(("amountOff", money(style.small ? 0...3 : 0...15, style: style, positive: true)))
    case 2: members.append(("fixedPrice", money(0...80, style: style)))
    default:
      buyGet = true
      members.append(("buy", .integer(random.int(1...3))))
      members.append(("get", .integer(random.int(1...2))))
      if three, random.chance(40) { members.append(("acrossLines", .bool(true))) }
      if random.chance(60) { members.append(("percentOff", percentValue(style: style))) }
    }
    if three, random.chance(25) {
      members.append(("maximumQuantity", .integer(random.int(1...(buyGet ? 3 : 4)))))
    }
  }

  /// The minimums and benefit of a threshold: a minimum amount, quantity or both (format
  /// 3), then a repeating amount off or an order benefit.
  mutating func appendThresholdBenefit(_ members: inout [(String, GenJSON)], style: RefPromotionStyle) {
    let three = style.version >= 3
    let minimums = three ? random.int(0...3) : 0  // 0, 1: amount; 2: quantity; 3: both
    let repeats = three && minimums != 3 && random.chance(30)
    if minimums != 2 {
      let minimum = money(0...300, style: style, positive: repeats)
      members.append(("minimumAmount", minimum))
    }
    if minimums >= 2 { members.append(("minimumQuantity", .integer(random.int(1...6)))) }
    if repeats {
      members.append(("repeat", .bool(true)))
      members.append(("amountOff", money(style.small ? 0...5 : 0...30, style: style, positive: true)))
      if random.chance(50) {
        members.append(("maximumDiscount", money(0...60, style: style, positive: true)))
      }
    } else {
      appendOrderBenefit(&members, percent: percentValue(style: style), style: style)
    }
  }

  /// The minimum and benefit of a shipping promotion: a percentage (often all of it), an
  /// amount or a fixed price.
  mutating func appendShippingBenefit(_ members: inout [(String, GenJSON)], style: RefPromotionStyle) {
    if random.chance(50) { members.append(("minimumAmount", money(0...200, style: style))) }
    switch random.int(0...2) {
    case 0:
      members.append(
        ("percentOff", random.chance(50) ? .decimal("100", asNumber: false) : percentValue(style: style)))
    case 1: members.append(("amountOff", money(0...15, style: style, positive: true)))
    default: members.append(("fixedPrice", money(0...10, style: style)))
    }
  }

  /// The window (outside a `friendly` style, sometimes), then `active` and `stackable`
  /// when drawn or when not the default.
  mutating func appendScheduleAndFlags(_ members: inout [(String, GenJSON)], style: RefPromotionStyle) {
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
