import PromoTestSupport

/// Counts what generated big-store cases reach, as the format-3 reference priced them:
/// chosen stacked pairs with more than 8 working order deals, ties between plans, and
/// both sides of the small-store cut-offs (at most 8 or at least 9 working order deals; at
/// most 16 or at least 17 working item rules on one of the order's SKUs or categories).
struct RefBigCoverage: CaseCoverage {
  var counts: [String: Int] = [:]

  mutating func record(_ pricing: Ref3Pricing, promotions: [Ref3Promotion], order: Ref3Order) {
    var tags: Set<String> = []
    let working = promotions.filter {
      Format3Reference.status($0, order: order, at: pricing.evaluatedAt) == nil
    }
    let orderDeals = working.filter { $0.kind == .discount || $0.kind == .threshold }.count
    tags.insert(orderDeals <= 8 ? "≤ 8 working order deals" : "≥ 9 working order deals")
    if pricing.best.stage.count == 2 {
      tags.insert("stacked pair")
      if orderDeals > 8 { tags.insert("stacked pair with > 8 working order deals") }
    }
    if pricing.stats.tiedTotal > 1 { tags.insert("plans tie on the total") }
    if pricing.stats.tiedIDs > 1 { tags.insert("ids decide") }
    let items = working.filter { $0.kind == .item }
    var keys: Set<String> = []
    for line in order.lines ?? [] {
      if let sku = line.sku { keys.insert("s:" + sku) }
      for category in line.categories { keys.insert("c:" + category) }
    }
    let most =
      keys.map { key in
        items.filter {
          key.hasPrefix("s:")
            ? $0.skus?.contains(String(key.dropFirst(2))) == true
            : $0.categories?.contains(String(key.dropFirst(2))) == true
        }.count
      }.max() ?? 0
    if most > 0 { tags.insert(most <= 16 ? "≤ 16 item rules on a key" : "≥ 17 item rules on a key") }
    if pricing.best.kind == 3 && !pricing.best.items.totals.isEmpty && !pricing.best.stage.isEmpty {
      tags.insert("item deals then order deals")
    }
    if pricing.best.shipping != nil { tags.insert("shipping deal") }
    if pricing.best.shipping != nil && pricing.best.ids.count > 1 { tags.insert("shipping joins others") }
    for tag in tags { counts[tag, default: 0] += 1 }
  }
}
