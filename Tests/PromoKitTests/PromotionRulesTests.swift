import PromoKit
import Testing

/// Every illegal promotion is refused by every public initialiser, with the field at fault.
@Suite("Promotion rules: no public path builds a promotion the calculator cannot price")
struct PromotionRulesTests {
  static let fifteen = DecimalNumber(significand: 15)
  static let twenty = Percentage(DecimalNumber(significand: 20))!

  static func field(_ make: () throws -> Promotion) -> String? {
    do {
      _ = try make()
      return nil
    } catch {
      return (error as? PromotionRuleError)?.field ?? "not a rule error"
    }
  }

  @Test("a threshold without a minimum cannot be built (it once crashed the calculator)")
  func thresholdWithoutMinimum() {
    #expect(
      Self.field { try Promotion(id: "t", kind: .threshold, benefit: .amountOff(Self.fifteen)) }
        == "minimumAmount")
  }

  @Test("a discount carrying a minimum cannot be built (a pair once applied it as if it had none)")
  func discountWithMinimum() {
    #expect(
      Self.field {
        try Promotion(
          id: "d", kind: .discount, benefit: .percentOff(Self.twenty), minimumAmount: Self.fifteen)
      } == "minimumAmount")
  }

  @Test("each illegal combination is refused, naming its field")
  func illegalCombinations() throws {
    let start = try Timestamp(parsing: "2026-12-01T00:00:00Z")
    let end = try Timestamp(parsing: "2026-11-01T00:00:00Z")
    let skus = try ItemTarget(skus: ["a"])
    let cases: [(String, () throws -> Promotion)] = [
      ("id", { try Promotion(id: "bad id", kind: .discount, benefit: .percentOff(Self.twenty)) }),
      (
        "endsAt",
        {
          try Promotion(
            id: "w", kind: .discount, benefit: .percentOff(Self.twenty), startsAt: start, endsAt: end)
        }
      ),
      ("fixedPrice", { try Promotion(id: "f", kind: .discount, benefit: .fixedPrice(Self.fifteen)) }),
      (
        "buy",
        {
          try Promotion(
            id: "b", kind: .threshold, benefit: .buyGet(BuyGet(buy: 1, get: 1)!), minimumAmount: Self.fifteen)
        }
      ),
      (
        "target", { try Promotion(id: "t", kind: .discount, target: skus, benefit: .percentOff(Self.twenty)) }
      ),
      (
        "maximumDiscount",
        {
          try Promotion(
            id: "c", kind: .discount, benefit: .amountOff(Self.fifteen), maximumDiscount: Self.fifteen)
        }
      ),
      (
        "maximumDiscount",
        {
          try Promotion(
            id: "c", kind: .item, benefit: .percentOff(Self.twenty), maximumDiscount: Self.fifteen)
        }
      ),
      ("code", { try Promotion(id: "c", kind: .discount, code: "A B", benefit: .percentOff(Self.twenty)) }),
      (
        "amountOff",
        { try Promotion(id: "z", kind: .discount, benefit: .amountOff(DecimalNumber(significand: 0))) }
      ),
      (
        "fixedPrice",
        { try Promotion(id: "n", kind: .item, benefit: .fixedPrice(DecimalNumber(significand: -1))) }
      ),
      (
        "amountOff",
        {
          try Promotion(
            id: "l", kind: .discount, benefit: .amountOff(DecimalNumber(significand: 1_000_000_000_001)))
        }
      ),
    ]
    for (expected, make) in cases {
      #expect(Self.field(make) == expected)
    }
    #expect(throws: PromotionRuleError.emptyTarget) { try ItemTarget() }
    #expect(throws: PromotionRuleError.invalidTargetList(field: "skus", .duplicate("a"))) {
      try ItemTarget(skus: ["a", "a"])
    }
    #expect(BuyGet(buy: 0, get: 1) == nil)
  }

  @Test("a valid item promotion keeps its parts, and a draft of it builds the same promotion")
  func draftRoundTrip() throws {
    let promotion = try Promotion(
      id: "mug", kind: .item, code: "MUGS", target: try ItemTarget(categories: ["mugs"]),
      benefit: .fixedPrice(Self.fifteen))
    #expect(promotion.target?.skus == [])
    #expect(promotion.requiredVersion == 2)
    #expect(try PromotionDraft(promotion).promotion(currency: nil) == promotion)
  }
}
