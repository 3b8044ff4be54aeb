import PromoKit
import PromoTestSupport
import Testing

/// Every illegal promotion is refused by every public initialiser, with the field at fault.
@Suite("Promotion rules: no public path builds a promotion the calculator cannot price")
struct PromotionRulesTests {
  static let fifteen = DecimalNumber(significand: 15)
  static let twenty = Percentage.valid(DecimalNumber(significand: 20))

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
            id: "b", kind: .threshold, benefit: .buyGet(BuyGet.valid(buy: 1, get: 1)),
            minimumAmount: Self.fifteen)
        }
      ),
      (
        "target", { try Promotion(id: "t", kind: .shipping, target: skus, benefit: .percentOff(Self.twenty)) }
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
    #expect(throws: PromotionRuleError.countOutOfRange(field: "buy", 0)) { try BuyGet(buy: 0, get: 1) }
    #expect(throws: PromotionRuleError.countOutOfRange(field: "get", 1_001)) {
      try BuyGet(buy: 1, get: 1_001)
    }
  }

  @Test("each illegal format-3 combination is refused, naming its field")
  func illegalFormat3Combinations() throws {
    let off = Benefit.amountOff(Self.fifteen)
    let cases: [(String, () throws -> Promotion)] = [
      ("minimumQuantity", { try Promotion(id: "q", kind: .discount, benefit: off, minimumQuantity: 2) }),
      (
        "minimumQuantity",
        { try Promotion(id: "q", kind: .threshold, benefit: off, minimumQuantity: 1_000_001) }
      ),
      ("minimumQuantity", { try Promotion(id: "q", kind: .threshold, benefit: off, minimumQuantity: 0) }),
      ("repeat", { try Promotion(id: "r", kind: .discount, benefit: off, repeats: true) }),
      (
        "repeat",
        {
          try Promotion(
            id: "r", kind: .threshold, benefit: .percentOff(Self.twenty), minimumAmount: Self.fifteen,
            repeats: true)
        }
      ),
      (
        "repeat",
        {
          try Promotion(
            id: "r", kind: .threshold, benefit: off, minimumAmount: Self.fifteen, minimumQuantity: 2,
            repeats: true)
        }
      ),
      (
        "repeat",
        {
          try Promotion(
            id: "r", kind: .threshold, benefit: off, minimumAmount: DecimalNumber(significand: 0),
            repeats: true)
        }
      ),
      (
        "acrossLines",
        {
          var draft = PromotionDraft()
          draft.id = "a"
          draft.kind = .item
          draft.amountOff = Self.fifteen
          draft.acrossLines = true
          return try draft.promotion(currency: nil)
        }
      ),
      ("maximumQuantity", { try Promotion(id: "m", kind: .discount, benefit: off, maximumQuantity: 2) }),
      ("maximumQuantity", { try Promotion(id: "m", kind: .item, benefit: off, maximumQuantity: 0) }),
      (
        "customerGroups",
        { try Promotion(id: "g", kind: .item, customerGroups: try CustomerGroups([]), benefit: off) }
      ),
      ("buy", { try Promotion(id: "s", kind: .shipping, benefit: .buyGet(BuyGet.valid(buy: 1, get: 1))) }),
      ("minimumAmount", { try Promotion(id: "s", kind: .item, benefit: off, minimumAmount: Self.fifteen) }),
    ]
    for (expected, make) in cases {
      #expect(Self.field(make) == expected, "expected \(expected)")
    }
    // The same parts in their legal places build, at the version they need.
    let repeating = try Promotion(
      id: "every100", kind: .threshold, benefit: off, minimumAmount: DecimalNumber(significand: 100),
      repeats: true, maximumDiscount: DecimalNumber(significand: 30))
    #expect(repeating.requiredVersion == 3)
    let shipping = try Promotion(
      id: "ship", kind: .shipping, benefit: .fixedPrice(DecimalNumber(significand: 0)))
    #expect(shipping.requiredVersion == 3)
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
