import PromoKit
import PromoTestSupport
import Testing

@testable import PromoKit

/// What an order of a customer in customer groups gathers late: the discounts and
/// thresholds of a stretch that shares none of them with another stretch of the order are
/// gathered only when the search looks into their block, those for customer groups with
/// them when the customer's groups admit them (``OrderDeals/admittedForGroups``).
@Suite("Exact search: deals for customer groups gathered late")
struct ExactGatheringTests {
  @Test(
    "a stretch's deal for customer groups, gathered late, applies to a customer of one of its groups only")
  func lateDealForGroups() throws {
    // `a-sku`'s stretch shares nothing with another: its deals are gathered when the search
    // looks into its block, each for customer groups.
    let promotions = [
      try Promotion(
        id: "t-member", kind: .threshold, customerGroups: CustomerGroups(["member"]),
        target: F3.skus("a-sku"),
        benefit: F3.amount("20"), minimumAmount: Fixture.decimal("10")),
      try Promotion(
        id: "d-vip", kind: .discount, customerGroups: CustomerGroups(["vip"]), target: F3.skus("a-sku"),
        benefit: F3.amount("30")),
      try F3.idleShipping(),
    ]
    let lines = [F3.line("a-sku", "50.00", 1), F3.line("b-sku", "50.00", 1)]
    #expect(
      F3.applied(try F3.quote(promotions, try F3.order(lines, groups: ["member"]))) == ["t-member 20.00"])
    #expect(F3.applied(try F3.quote(promotions, try F3.order(lines, groups: ["vip"]))) == ["d-vip 30.00"])
    #expect(F3.applied(try F3.quote(promotions, try F3.order(lines, groups: ["guest"]))) == [])
    #expect(F3.applied(try F3.quote(promotions, try F3.order(lines))) == [])
    #expect(
      F3.applied(try F3.quote(promotions, try F3.order(lines, groups: ["vip", "member"]))) == ["d-vip 30.00"])
  }

  /// Random promotions over a few SKUs: item deals, discounts and thresholds targeted at one
  /// or two SKUs or at nothing, some for members, some for VIPs, some stackable (the few
  /// draws the rules refuse are left out).
  static func promotions(count: Int, random: inout SplitMix64) -> [Promotion] {
    let skus = (0..<6).map { "s\($0)" }
    var promotions: [Promotion] = []
    for index in 0..<count {
      let kind: PromotionKind = [.item, .discount, .threshold, .threshold][Int(random.next() % 4)]
      var targeted: [String] = [skus[Int(random.next() % 6)]]
      if random.next() % 3 == 0 { targeted.append(skus[Int(random.next() % 6)]) }
      let target = random.next() % 8 == 0 ? nil : try? ItemTarget(skus: Array(Set(targeted)).sorted())
      let groups: CustomerGroups? =
        switch random.next() % 4 {
        case 0: try? CustomerGroups(["member"])
        case 1: try? CustomerGroups(["vip"])
        default: nil
        }
      let benefit =
        random.next() % 2 == 0
        ? F3.percent("\(1 + random.next() % 40)") : F3.amount("\(1 + random.next() % 60)")
      let promotion = try? Promotion(
        id: "p\(index)", kind: kind, customerGroups: groups, target: target, benefit: benefit,
        minimumAmount: kind == .threshold ? Fixture.decimal("\(random.next() % 200)") : nil,
        minimumQuantity: kind == .threshold && random.next() % 4 == 0 ? Int64(2 + random.next() % 3) : nil,
        isStackable: random.next() % 2 == 0)
      if let promotion { promotions.append(promotion) }
    }
    return promotions
  }

  /// `promotions` as a customer in `groups` sees them: those for groups that admit the
  /// customer made for every customer, the other ones for groups left out.
  static func seenBy(_ groups: [String], _ promotions: [Promotion]) throws -> [Promotion] {
    try promotions.compactMap { promotion in
      guard let customerGroups = promotion.customerGroups else { return promotion }
      guard customerGroups.admits(Set(groups)) else { return nil }
      return try Promotion(
        id: promotion.id, kind: promotion.kind, target: promotion.target, benefit: promotion.benefit,
        minimumAmount: promotion.minimumAmount, minimumQuantity: promotion.minimumQuantity,
        isStackable: promotion.isStackable)
    }
  }

  @Test("an order of a customer in groups is priced as the same order without groups on the deals it sees")
  func groupsAsDealsSeen() throws {
    var random = SplitMix64(seed: 0x6A7_4E12)
    var priced = 0
    for _ in 0..<150 {
      let promotions = Self.promotions(count: 24, random: &random) + [try F3.idleShipping()]
      for groups in [["member"], ["vip"], ["member", "vip"], ["guest"]] {
        let lines = (0..<(1 + Int(random.next() % 4))).map { _ in
          F3.line("s\(random.next() % 6)", "\(5 + random.next() % 120).00", Int64(1 + random.next() % 4))
        }
        let quote = try F3.quote(promotions, try F3.order(lines, groups: groups))
        let seen = try F3.quote(try Self.seenBy(groups, promotions), try F3.order(lines))
        #expect(F3.applied(quote) == F3.applied(seen), "groups \(groups), lines \(lines)")
        #expect(F3.lines(quote) == F3.lines(seen), "groups \(groups), lines \(lines)")
        if !quote.plan.applied.isEmpty { priced += 1 }
      }
    }
    #expect(priced > 300)
  }
}
