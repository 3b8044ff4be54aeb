import PromoKit
import Testing

@Suite("validate's warnings about format-3 deals that are legal but suspicious")
struct StoreAuditFormat3Tests {
  /// The warnings of a version-3 store with these promotions, as `position: message`.
  static func warnings(_ promotions: [String]) throws -> [String] {
    let text = #"{"version":3,"currency":"CNY","promotions":[\#(promotions.joined(separator: ","))]}"#
    let catalog = try StoreDecoder.decode(Fixture.bytes(text), file: "s.json")
    return StoreAudit.warnings(for: catalog, at: Fixture.instant("2026-11-22T12:00:00+08:00"))
      .map { "\($0.position): \($0.message)" }
  }

  @Test("a repeating threshold capped below one step never repeats")
  func capBelowStep() throws {
    #expect(
      try Self.warnings([
        #"{"id":"every100","kind":"threshold","minimumAmount":"100","repeat":true,"amountOff":"10","maximumDiscount":"5"}"#
      ]) == [
        #"promotions[0].maximumDiscount: "every100" repeats 10.00 but is capped at 5.00, less than one step: it never repeats"#
      ])
    // A cap of one step or more is what "at most 30" means: no warning.
    #expect(
      try Self.warnings([
        #"{"id":"every100","kind":"threshold","minimumAmount":"100","repeat":true,"amountOff":"10","maximumDiscount":"10"}"#,
        #"{"id":"every3","kind":"threshold","minimumQuantity":3,"repeat":true,"amountOff":"10","maximumDiscount":"30"}"#,
      ]) == [])
  }

  @Test("a shipping deal that combines with nothing while other deals work never joins them")
  func shippingJoinsNothing() throws {
    let lonely = #"{"id":"ship-5","kind":"shipping","fixedPrice":"5"}"#
    let warning =
      #"promotions[1].stackable: "ship-5" is a shipping deal that combines with nothing while 1 other deal is working: it never joins them, so it applies only where none of them does; make it stackable ("stackable": true, --stackable)"#
    #expect(
      try Self.warnings([#"{"id":"member-5","kind":"discount","percentOff":"5","stackable":true}"#, lonely])
        == [warning])
    // Whether the other deal is stackable or not, free shipping is lost whenever it applies.
    #expect(try Self.warnings([#"{"id":"flash","kind":"discount","percentOff":"5"}"#, lonely]) == [warning])
    // No other deal at all, or none working (switched off, or over), leaves nothing to join.
    #expect(try Self.warnings([lonely]) == [])
    #expect(
      try Self.warnings([#"{"id":"flash","kind":"discount","percentOff":"5","active":false}"#, lonely]) == [])
  }

  @Test("a store before format 4 gets no warning about layers: its order stage takes one threshold by design")
  func noLayerWarningBeforeFormat4() throws {
    #expect(
      try Self.warnings([
        #"{"id":"spend100","kind":"threshold","minimumAmount":"100","amountOff":"10","stackable":true}"#,
        #"{"id":"spend200","kind":"threshold","minimumAmount":"200","amountOff":"25","stackable":true}"#,
      ]) == [])
  }

  @Test("free shipping is an everyday deal, not a warning")
  func freeShipping() throws {
    #expect(
      try Self.warnings([
        #"{"id":"ship-free-99","kind":"shipping","minimumAmount":"99","percentOff":"100","stackable":true}"#,
        #"{"id":"ship-0","kind":"shipping","fixedPrice":"0","stackable":true}"#,
      ]) == [])
  }
}
