import PromoTestSupport

/// Counts the format-3 situations generated cases reach, as the format-3 reference priced
/// them, so that a passing comparison means something.
struct Ref3Coverage: CaseCoverage {
  var counts: [String: Int] = [:]

  mutating func record(_ verdict: Ref3Verdict, promotions: [Ref3Promotion]) {
    guard case .priced(let pricing) = verdict else {
      counts["refused", default: 0] += 1
      return
    }
    var tags: Set<String> = ["digits \(pricing.digits)"]
    let byID = Dictionary(promotions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let best = pricing.best
    tags.insert("plan \(best.kind) with \(best.stage.count)" + (best.shipping == nil ? "" : " and shipping"))
    if pricing.stats.tiedIDs > 1 { tags.insert("ids decide") }
    if pricing.hasRemainderShare { tags.insert("order-stage remainder") }
    tags.insert(pricing.lines == nil ? "amount order" : "items order")
    if pricing.shipping != nil { tags.insert("order with shipping") }
    for (id, outcome) in pricing.considered {
      tags.insert(outcome.name)
      guard let promotion = byID[id] else { continue }
      if case .belowMinimum(let shortfall) = outcome, shortfall.shortByQuantity != nil {
        tags.insert("short by quantity")
      }
      guard case .applied = outcome else { continue }
      if promotion.acrossLines { tags.insert("applied: acrossLines") }
      if promotion.maximumQuantity != nil { tags.insert("applied: maximumQuantity") }
      if promotion.repeats { tags.insert("applied: repeat") }
      if promotion.minimumQuantity != nil { tags.insert("applied: minimumQuantity") }
      if promotion.isTargeted && promotion.kind != .item { tags.insert("applied: targeted order deal") }
      if promotion.customerGroups != nil { tags.insert("applied: customer groups") }
      if promotion.kind == .shipping {
        tags.insert(best.ids.count > 1 ? "applied: shipping with others" : "applied: shipping alone")
        if !promotion.stackable { tags.insert("applied: non-stackable shipping") }
      }
    }
    for tag in tags { counts[tag, default: 0] += 1 }
  }
}
