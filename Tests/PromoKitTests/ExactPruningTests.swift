import PromoKit
import PromoTestSupport
import Testing

@testable import PromoKit

/// What the exact search of format 3 leaves out without trying, held to what it would have
/// found: an item deal another outdoes on every line (``DealTerms/outdoes(_:)``), an
/// untargeted threshold or shipping deal another outdoes
/// (``DealTerms/outdoesUntargeted(_:lastLayer:)``), and the bounds that let an order stage or a deal
/// go untried (``DealTerms/orderDiscountBound(base:units:)``, ``TakenBound``).
@Suite("Exact search: what is left out untried")
struct ExactPruningTests {
  /// Random promotions of one kind: every benefit, some with a unit limit, a minimum, a
  /// cap, some stackable, some for members; targeted at nothing (the few draws the rules
  /// refuse are left out).
  static func promotions(kind: PromotionKind, count: Int, random: inout SplitMix64) throws -> [Promotion] {
    var promotions: [Promotion] = []
    for index in 0..<count {
      let roll = random.next() % 4
      let benefit: Benefit
      switch kind {
      case .item:
        switch roll {
        case 0: benefit = F3.percent("\(5 + random.next() % 60)")
        case 1: benefit = F3.amount("\(1 + random.next() % 30)")
        case 2: benefit = F3.fixed("\(random.next() % 40)")
        default:
          benefit = F3.buyGet(Int64(1 + random.next() % 2), 1, percent: "\(25 * (1 + random.next() % 4))")
        }
      case .discount, .threshold:
        benefit = roll < 2 ? F3.percent("\(1 + random.next() % 40)") : F3.amount("\(1 + random.next() % 90)")
      case .shipping:
        switch roll {
        case 0: benefit = F3.percent(random.next() % 2 == 0 ? "100" : "\(10 + random.next() % 80)")
        case 1: benefit = F3.amount("\(1 + random.next() % 15)")
        default: benefit = F3.fixed("\(random.next() % 10)")
        }
      case .gift: return []  // a gift takes nothing off
      }
      let hasMinimum = kind == .threshold || (kind == .shipping && random.next() % 2 == 0)
      let minimum = hasMinimum ? Fixture.decimal("\(random.next() % 300)") : nil
      let repeats = kind == .threshold && random.next() % 5 == 0
      let promotion = try? Promotion(
        id: "p\(index)", kind: kind,
        customerGroups: random.next() % 6 == 0 ? CustomerGroups(["member"]) : nil,
        benefit: benefit,
        minimumAmount: repeats ? Fixture.decimal("\(50 + random.next() % 100)") : minimum,
        minimumQuantity: kind == .threshold && random.next() % 4 == 0 ? Int64(2 + random.next() % 3) : nil,
        repeats: repeats,
        maximumDiscount: kind.actsOnOrder && random.next() % 3 == 0
          ? Fixture.decimal("\(10 + random.next() % 60)") : nil,
        maximumQuantity: kind == .item && random.next() % 2 == 0 ? Int64(1 + random.next() % 3) : nil,
        isStackable: random.next() % 3 != 0)
      if let promotion { promotions.append(promotion) }
    }
    return promotions
  }

  /// The terms of `promotions`, ranked by their ids' order (as the store's would be); their
  /// extras are appended to `extrasKept`, which the caller keeps while it uses them.
  static func terms(_ promotions: [Promotion], keepingExtrasIn extrasKept: inout [DealExtras]) throws
    -> [DealTerms]
  {
    try promotions.enumerated().map { position, promotion in
      try DealTerms(
        promotion, storeIndex: position, rank: Int32(position), minorDigits: 2, keepingExtrasIn: &extrasKept)
    }
  }

  /// The terms of `promotions`, none of which has extras (tiers, a get target, a fine step).
  static func terms(_ promotions: [Promotion]) throws -> [DealTerms] {
    var extrasKept: [DealExtras] = []
    let terms = try terms(promotions, keepingExtrasIn: &extrasKept)
    precondition(extrasKept.isEmpty, "terms with extras would outlive them: keep them")
    return terms
  }

  @Test("an item deal that outdoes another takes at least as much off every line, and has a lower id")
  func outdoingItemDeals() throws {
    var random = SplitMix64(seed: 0x0D_0E5)
    var outdone = 0
    for _ in 0..<20 {
      let deals = try Self.terms(Self.promotions(kind: .item, count: 30, random: &random))
      for first in deals {
        for second in deals where first.outdoes(second) {
          outdone += 1
          #expect(!first.isForCustomerGroups)
          #expect(first.isStackable || !second.isStackable)
          for _ in 0..<20 {
            let price = Int128(1 + random.next() % 20_000)
            let quantity = Int64(1 + random.next() % 6)
            let (taken, otherTaken) = (
              first.lineDiscount(unitPrice: price, quantity: quantity),
              second.lineDiscount(unitPrice: price, quantity: quantity)
            )
            // A tie goes to the lower id: a deal of a higher id must take strictly more.
            #expect(first.rank < second.rank ? taken >= otherTaken : otherTaken == 0 || taken > otherTaken)
          }
        }
      }
    }
    #expect(outdone > 100)
  }

  @Test(
    "an untargeted threshold or shipping deal that outdoes another takes at least as much wherever it applies"
  )
  func outdoingUntargetedDeals() throws {
    var random = SplitMix64(seed: 0x0D_0E6)
    var outdone = 0
    for kind in [PromotionKind.threshold, .shipping] {
      for _ in 0..<20 {
        let deals = try Self.terms(Self.promotions(kind: kind, count: 30, random: &random))
        for first in deals {
          for second in deals where first.outdoesUntargeted(second, lastLayer: 2) {
            outdone += 1
            #expect(first.rank < second.rank && !first.isForCustomerGroups)
            #expect(first.isStackable || !second.isStackable)
            #expect(first.minimum <= second.minimum)
            for _ in 0..<20 {
              let base = Int128(random.next() % 40_000)
              let units = Int64(random.next() % 8)
              switch kind {
              case .threshold:
                #expect(
                  first.orderDiscount(base: base, units: units)
                    >= second.orderDiscount(base: base, units: units))
              case .shipping:
                let shipping = Int128(random.next() % 2_000)
                #expect(
                  first.shippingDiscount(shipping: shipping, subtotal: base)
                    >= second.shippingDiscount(shipping: shipping, subtotal: base))
              case .item, .discount, .gift: Issue.record("only thresholds and shipping deals are drawn")
              }
            }
          }
        }
      }
    }
    #expect(outdone > 100)
  }

  @Test("the bounds are never below what a discount or threshold takes, on any base up to the amount")
  func boundsHold() throws {
    var random = SplitMix64(seed: 0x0B_0D5)
    for kind in [PromotionKind.discount, .threshold] {
      for _ in 0..<20 {
        let deals = try Self.terms(Self.promotions(kind: kind, count: 20, random: &random))
        var bounds = OrderStageBounds()
        for deal in deals { bounds.include(deal) }
        for _ in 0..<50 {
          let amount = Int128(random.next() % 60_000)
          let base = amount == 0 ? 0 : Int128(random.next()) % (amount + 1)
          let units = Int64(random.next() % 8)
          for deal in deals {
            let taken = deal.orderDiscount(base: base, units: units)
            #expect(deal.orderDiscountBound(base: base, units: units) >= taken)
            #expect(bounds.any.bound(upTo: amount) >= taken)
            if deal.isStackable && kind == .discount {
              #expect(bounds.stackableDiscounts.bound(upTo: amount) >= taken)
            }
            if deal.isStackable && kind == .threshold {
              #expect(bounds.stackableThresholds.bound(upTo: amount) >= taken)
            }
          }
        }
      }
    }
  }

  @Test("the bounds with the amount's and the units' minimums are never below what a deal takes")
  func boundsWithMinimumsHold() throws {
    var random = SplitMix64(seed: 0x0B_0D6)
    var cut = 0
    for kind in [PromotionKind.discount, .threshold] {
      for _ in 0..<20 {
        let deals = try Self.terms(
          Self.promotions(kind: kind, count: 1 + Int(random.next() % 6), random: &random))
        var bounds = OrderStageBounds()
        for deal in deals { bounds.include(deal) }
        for _ in 0..<50 {
          let amount = Int128(random.next() % 40_000)
          let units = Int64(random.next() % 8)
          let base = amount == 0 ? 0 : Int128(random.next()) % (amount + 1)
          let baseUnits = units == 0 ? 0 : Int64(random.next() % UInt64(units + 1))
          if bounds.any.bound(upTo: amount, units: units) == 0 && bounds.any.bound(upTo: amount) > 0 {
            cut += 1
          }
          for deal in deals {
            let taken = deal.orderDiscount(base: base, units: baseUnits)
            #expect(bounds.any.bound(upTo: amount, units: units) >= taken)
            if deal.isStackable && kind == .discount {
              #expect(bounds.stackableDiscounts.bound(upTo: amount, units: units) >= taken)
              #expect(bounds.lowestStackableDiscountRank <= deal.rank)
            }
            if deal.isStackable && kind == .threshold {
              #expect(bounds.stackableThresholds.bound(upTo: amount, units: units) >= taken)
            }
          }
        }
      }
    }
    // The minimums do cut some bounds to nothing.
    #expect(cut > 0)
  }

  @Test("a deal of two SKUs found through both bounds its block on the lines of both")
  func blockOfSeveralTargets() throws {
    // `d-both` is first found through `a-sku` (line 0, 10.00): its block is that SKU's, and
    // its base is both lines (110.00). Bounded on line 0 alone, the block could take at
    // most 10.00, less than `f-every` (30.00), and would be left out; bounded on both lines,
    // it is looked into, and `d-both` (50.00) wins.
    let promotions = [
      try Promotion(id: "f-every", kind: .discount, benefit: F3.amount("30")),
      try Promotion(
        id: "d-both", kind: .discount, target: F3.skus("a-sku", "b-sku"), benefit: F3.amount("50")),
      try F3.idleShipping(),
    ]
    let order = try F3.order([F3.line("a-sku", "10.00", 1), F3.line("b-sku", "100.00", 1)])
    #expect(F3.applied(try F3.quote(promotions, order)) == ["d-both 50.00"])
  }

  @Test("a block put off is looked into when its discount's id can still win a tie")
  func blockPutOffWithALowerId() throws {
    // Every line's `m-every` then `z-every` leaves nothing (0.00), and so does `a-sku`'s
    // `a-first` then `z-every`: the totals and counts tie, and the lower id of the discount
    // wins. The block of `a-sku` can only take as much as the best pair, so it is put off,
    // but it must not be left out: its discount's id is lower.
    let promotions = [
      try Promotion(id: "m-every", kind: .discount, benefit: F3.amount("40"), isStackable: true),
      try Promotion(
        id: "z-every", kind: .threshold, benefit: F3.amount("60"), minimumAmount: Fixture.decimal("10"),
        isStackable: true),
      try Promotion(
        id: "a-first", kind: .discount, target: F3.skus("a-sku"), benefit: F3.amount("40"), isStackable: true),
      try F3.idleShipping(),
    ]
    let order = try F3.order([F3.line("a-sku", "50.00", 1), F3.line("b-sku", "50.00", 1)])
    #expect(F3.applied(try F3.quote(promotions, order)) == ["a-first 40.00", "z-every 60.00"])
  }

  @Test("a lower fixed price outdoes a higher one whatever the ids, but not with a lower unit limit")
  func lowerFixedPrice() throws {
    // `z-two` (2.00, one unit) takes 8.00 off the line, `a-five` (5.00, every unit) 15.00:
    // a lower fixed price does not outdo a higher one that covers more units. `z-one`
    // (1.00, every unit) takes 27.00 and outdoes `a-five` although its id is higher.
    let order = try F3.order([F3.line("tea", "10.00", 3)])
    var promotions = [
      try Promotion(id: "z-two", kind: .item, benefit: F3.fixed("2"), maximumQuantity: 1),
      try Promotion(id: "a-five", kind: .item, benefit: F3.fixed("5")),
      try F3.idleShipping(),
    ]
    #expect(F3.applied(try F3.quote(promotions, order)) == ["a-five 15.00"])
    promotions.append(try Promotion(id: "z-one", kind: .item, benefit: F3.fixed("1")))
    #expect(F3.applied(try F3.quote(promotions, order)) == ["z-one 27.00"])
  }

  @Test("a stretch's threshold gathered only when its block is looked into counts its lines' units")
  func pendingBlockCountsUnits() throws {
    // `a-sku`'s stretch shares nothing with another: its threshold is gathered only when
    // the search looks into its block, and it applies only if its lines' 3 units are
    // counted.
    let promotions = [
      try Promotion(
        id: "t-a", kind: .threshold, target: F3.skus("a-sku"), benefit: F3.amount("20"), minimumQuantity: 3),
      try F3.idleShipping(),
    ]
    let order = try F3.order([F3.line("a-sku", "10.00", 3), F3.line("b-sku", "50.00", 1)])
    #expect(F3.applied(try F3.quote(promotions, order)) == ["t-a 20.00"])
    #expect(F3.lines(try F3.quote(promotions, order)) == ["t-a 20.00", ""])
  }

  @Test("a category whose only item deal is outdone does not hide another category of the same line")
  func emptyStretchHidesNothing() throws {
    // Each `c0`…`c14` holds one item deal that the untargeted `a-every` outdoes (so their
    // stretches are left empty); `mug` holds the deal the line's best item deal is. Whatever
    // the order the categories are prepared in, the line finds `mug`'s.
    var promotions = [
      try Promotion(id: "a-every", kind: .item, benefit: F3.amount("12"), isStackable: true),
      try Promotion(
        id: "mug-deal", kind: .item, target: F3.categories("mug"), benefit: F3.fixed("23"),
        maximumQuantity: 2, isStackable: true),
    ]
    let categories = (0..<15).map { "c\($0)" }
    for category in categories {
      promotions.append(
        try Promotion(
          id: "x-\(category)", kind: .item, target: ItemTarget(categories: [category]),
          benefit: F3.amount("12"),
          maximumQuantity: 1, isStackable: true))
    }
    let order = try F3.order([F3.line("tea-black", "116.00", 4, categories + ["mug"])])
    let quote = try F3.quote(promotions, order)
    #expect(F3.applied(quote) == ["mug-deal 186.00"])
  }
}
