import PromoKit
import Testing

@Suite("validate's warnings about format-4 deals: tiers, layers, combinesWith, shipping")
struct StoreAuditFormat4Tests {
  /// The warnings of a version-4 store with these promotions at 2026-11-22, as
  /// `code position: message`.
  static func warnings(_ promotions: [String], rounding: String = "half-up") throws -> [String] {
    let text =
      #"{"version":4,"currency":"CNY","rounding":"\#(rounding)","promotions":[\#(promotions.joined(separator: ","))]}"#
    let catalog = try StoreDecoder.decode(Fixture.bytes(text), file: "s.json")
    return StoreAudit.warnings(for: catalog, at: Fixture.instant("2026-11-22T12:00:00+08:00"))
      .map { "\($0.code?.rawValue ?? "-") \($0.position): \($0.message)" }
  }

  /// A threshold with these tiers (`[{...},{...}]`) and optional extra keys.
  static func tiers(_ tiers: String, _ extra: String = "") -> String {
    #"{"id":"t","kind":"threshold","tiers":\#(tiers)\#(extra)}"#
  }

  static let hint =
    "an order that reaches tiers[1] can get less off than a smaller one (the deepest tier reached applies); make each tier take at least as much as the one below it"

  @Test("a tier that takes less than the one below it, on an amount ladder")
  func tiersOfAmounts() throws {
    // A smaller sum.
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"200","amountOff":"5"}]"#)
      ])
        == [
          #"tier-takes-less promotions[0].tiers[1]: "t" takes 5.00 (on 200.00, its minimum) at tiers[1] but 10.00 (on 199.99) at tiers[0] below it: "#
            + Self.hint
        ])
    // A percentage whose amount at its minimum is below the sum under it: 5% of 120 is 6.
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"120","percentOff":"5"}]"#)
      ])
        == [
          #"tier-takes-less promotions[0].tiers[1]: "t" takes 6.00 (on 120.00, its minimum) at tiers[1] but 10.00 (on 119.99) at tiers[0] below it: "#
            + Self.hint
        ])
    // A sum below what the percentage under it takes just under its minimum: 10% of 199.99.
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumAmount":"100","percentOff":"10"},{"minimumAmount":"200","amountOff":"15"}]"#)
      ])
      .count == 1)
    // Rising rungs, rungs that take as much, and rungs a cap makes equal are fine.
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"200","amountOff":"25"}]"#),
        Self.tiers(#"[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"200","percentOff":"5"}]"#)
          .replacingOccurrences(of: #""t""#, with: #""u""#),
        Self.tiers(
          #"[{"minimumAmount":"100","amountOff":"30"},{"minimumAmount":"200","amountOff":"25"}]"#,
          #","maximumDiscount":"20""#
        ).replacingOccurrences(of: #""t""#, with: #""v""#),
      ]) == [])
  }

  @Test("a rung of units with a smaller percentage or sum; a percentage against a sum is not told")
  func tiersOfUnits() throws {
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumQuantity":3,"percentOff":"20"},{"minimumQuantity":5,"percentOff":"10"}]"#)
      ])
        == [
          #"tier-takes-less promotions[0].tiers[1]: "t" takes 10% at tiers[1] but 20% at tiers[0] below it: "#
            + Self.hint
        ])
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumQuantity":3,"amountOff":"20"},{"minimumQuantity":5,"amountOff":"15"}]"#)
      ])
      .count == 1)
    #expect(
      try Self.warnings([
        Self.tiers(#"[{"minimumQuantity":3,"amountOff":"20"},{"minimumQuantity":5,"percentOff":"10"}]"#)
      ])
        == [])
  }

  @Test("order deals of one layer that each combine with order: one warning per layer, naming them")
  func sharedLayer() throws {
    let member = #"{"id":"member-5","kind":"discount","percentOff":"5","combinesWith":["order"]}"#
    let coupon = #"{"id":"SHOP5","kind":"discount","code":"SHOP5","percentOff":"5","stackable":true}"#
    let warning =
      #"layer-shared promotions[1].layer: "member-5" and "SHOP5" are order deals of layer 1 that each combine with "order": a plan takes one deal of a layer, so only one of them can apply to an order; give each its own layer (1 to 9), or make alternative thresholds one threshold with tiers"#
    #expect(try Self.warnings([member, coupon]) == [warning])
    // Another layer for one of them, or one that does not combine with order: no warning.
    #expect(
      try Self.warnings([
        member, coupon.replacingOccurrences(of: #""percentOff""#, with: #""layer":3,"percentOff""#),
      ]) == [])
    #expect(
      try Self.warnings([member.replacingOccurrences(of: "order", with: "shipping"), coupon]).allSatisfy {
        !$0.hasPrefix("layer-shared")
      })
    // Windows that never meet (November, then Christmas week) can each apply in turn.
    let november =
      #"{"id":"nov","kind":"discount","percentOff":"5","stackable":true,"startsAt":"2026-11-01T00:00:00+08:00","endsAt":"2026-12-01T00:00:00+08:00"}"#
    let christmas =
      #"{"id":"xmas","kind":"discount","percentOff":"5","stackable":true,"startsAt":"2026-12-20T00:00:00+08:00","endsAt":"2026-12-27T00:00:00+08:00"}"#
    #expect(try Self.warnings([november, christmas]) == [])
    #expect(try Self.warnings([november, christmas, member]).count == 1)
    // Many: the first five ids and a count of the rest.
    let many = (1...7).map {
      #"{"id":"c\#($0)","kind":"discount","code":"C\#($0)","percentOff":"5","stackable":true}"#
    }
    #expect(
      try Self.warnings(many).first?.contains(
        #""c1", "c2", "c3", "c4", "c5" and 2 more are order deals of layer 1"#)
        == true)
  }

  @Test("a combinesWith that names a class no other working deal is in")
  func absentClass() throws {
    let coupon =
      #"{"id":"WELCOME10","kind":"discount","code":"WELCOME10","percentOff":"10","combinesWith":["item","shipping"]}"#
    #expect(
      try Self.warnings([coupon]) == [
        #"combines-with-absent-class promotions[0].combinesWith: "WELCOME10" combines with "item" and "shipping", but no other working deal of the store is an item deal or a shipping deal: it goes with nothing there; check combinesWith, or add the deal it should go with"#
      ])
    let ship = #"{"id":"ship","kind":"shipping","percentOff":"100","combinesWith":["order"]}"#
    let pots = #"{"id":"pots","kind":"item","target":{"skus":["pot"]},"percentOff":"10"}"#
    #expect(try Self.warnings([coupon, ship, pots]) == [])
    // A deal switched off does not count.
    let potsOff = #"{"id":"pots","kind":"item","target":{"skus":["pot"]},"percentOff":"10","active":false}"#
    #expect(try Self.warnings([coupon, ship, potsOff]).count == 1)
  }

  @Test("the tea shop's format-4 store is clean: no warning")
  func cleanStore() throws {
    let catalog = try StoreDecoder.decode(Fixture.bytes(StoreFormat4Tests.fixture), file: "tea-shop-v4.json")
    #expect(StoreAudit.warnings(for: catalog, at: Fixture.instant("2026-11-22T12:00:00+08:00")).isEmpty)
  }
}
