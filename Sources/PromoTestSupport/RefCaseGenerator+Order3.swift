extension RefCaseGenerator {
  /// An order for a store of format 2 or 3 over `catalogue`: up to `maximumLines` lines (or,
  /// 15 % of the time, a bare amount), codes, and in format 3 shipping (sometimes 0) and a
  /// customer with groups.
  package mutating func makeOrder3(
    id: String, version: Int, digits: Int, currency: String?, catalogue: RefCatalogue, maximumLines: Int
  ) -> GenJSON {
    var members: [(String, GenJSON)] = [("id", .string(id))]
    if let currency { members.append(("currency", .string(currency))) }
    if random.chance(40) { members.append(("codes", orderCodes())) }
    if version >= 3, random.chance(45) {
      var customer: [(String, GenJSON)] = []
      if random.chance(50) { customer.append(("id", .string("c-\(random.int(1...99))"))) }
      if random.chance(85) {
        let groups = random.distinct(RefCatalogue.groups, count: random.int(0...2))
        customer.append(("groups", .array(groups.map(GenJSON.string))))
      }
      members.append(("customer", .object(customer)))
    }
    if version >= 3, random.chance(65) {
      let shipping =
        random.chance(10)
        ? GenJSON.decimal("0", asNumber: false) : amount(major: random.int(0...20), digits: digits)
      members.append(("shipping", shipping))
    }
    if random.chance(15) {
      members.append(("amount", amount(major: random.int(0...600), digits: digits)))
      return .object(members)
    }
    var items: [GenJSON] = []
    for _ in 0..<(random.chance(5) ? 0 : random.int(1...maximumLines)) {
      items.append(
        orderItem(
          skus: catalogue.skus, skuChance: 92, nameChance: 10, categories: catalogue.categories,
          categoryChance: 55, digits: digits))
    }
    members.append(("items", .array(items)))
    return .object(members)
  }

  /// Moves some minimums next to what a plan tests, as the format-3 reference works it
  /// out for `order`: a threshold's base at list prices, after either item stage, or after
  /// a discount on either; its units, give or take one; a shipping promotion's minimum next
  /// to the subtotal. A repeating threshold's minimum stays in the currency's digits and above 0,
  /// and in the store's own `storeDigits` (2 for a store without a currency, whatever the
  /// order's), as the store format requires of a repeat's step.
  package mutating func placeMinimums3(
    _ promotions: inout [GenJSON], order: GenJSON, digits: Int, storeDigits: Int? = nil
  ) {
    guard let object = order.foundation as? [String: Any],
      let read = try? Ref3Reader.order(object, digits: digits, codes: [], groups: [], name: ""),
      let parsed = try? promotions.map({ (value) throws(RefError) in
        try Ref3Reader.promotion(value.foundation, digits: digits)
      })
    else { return }
    let search = Ref3PlanSearch(parsed, working: Array(parsed.indices), order: read)
    let amounts = read.amounts
    var lefts = [amounts, search.itemStages[2].left(amounts), search.itemStages[3].left(amounts)]
    let discounts = parsed.indices.filter { parsed[$0].kind == .discount }
    for _ in 0..<min(4, discounts.count) {
      let position = random.pick(discounts)
      let left = random.pick(lefts)
      guard let base = parsed[position].base(left: left, order: read),
        let cut = parsed[position].orderDiscount(amount: base.amount, units: base.units)
      else { continue }
      let shares = Ref3Allocation.shares(cut, left: left, acts: search.acts[position] ?? [])
      lefts.append(left.indices.map { left[$0] - shares[$0] })
    }
    for index in promotions.indices {
      let promotion = parsed[index]
      if promotion.kind == .shipping, promotion.minimumAmount != nil, random.chance(50) {
        let text = RefCurrency.format(max(0, read.subtotal + Int128(random.int(-2...2))), digits: digits)
        promotions[index].set("minimumAmount", .decimal(text, asNumber: random.chance(30)))
      }
      guard promotion.kind == .threshold, let base = promotion.base(left: random.pick(lefts), order: read)
      else {
        continue
      }
      if promotion.minimumAmount != nil, random.chance(60) {
        let text: String
        if promotion.repeats {
          let divisor = Int128(random.int(1...3))
          let step = max(1, base.amount / divisor + Int128(random.int(-2...2)))
          // The step in the store's digits: the order's finer units cut off.
          var scale: Int128 = 1
          for _ in 0..<max(0, digits - (storeDigits ?? digits)) { scale *= 10 }
          text = RefCurrency.format(max(1, step / scale), digits: min(digits, storeDigits ?? digits))
        } else if random.chance(25) {
          text = RefCurrency.format(max(0, base.amount * 10 + Int128(random.int(-9...9))), digits: digits + 1)
        } else {
          text = RefCurrency.format(max(0, base.amount + Int128(random.int(-2...2))), digits: digits)
        }
        promotions[index].set("minimumAmount", .decimal(text, asNumber: random.chance(30)))
      }
      if promotion.minimumQuantity != nil, random.chance(60) {
        let divisor = promotion.repeats ? Int128(random.int(1...3)) : 1
        let units = min(1_000_000, max(1, base.units / divisor + Int128(random.int(-1...1))))
        promotions[index].set("minimumQuantity", .integer(Int(units)))
      }
    }
  }
}
