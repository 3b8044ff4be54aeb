import PromoKit
import Testing

@Suite("validate's warning of two promotions that are the same but for their id")
struct StoreAuditTests {
  /// The "same except for its id" warnings of a version-2 store with these promotions.
  static func sameTermsWarnings(_ promotions: [String]) throws -> [String] {
    let text = #"{"version":2,"currency":"CNY","promotions":[\#(promotions.joined(separator: ","))]}"#
    let catalog = try StoreDecoder.decode(Fixture.bytes(text), file: "s.json")
    return StoreAudit.warnings(for: catalog, at: Fixture.instant("2026-11-22T12:00:00+08:00"))
      .map(\.message).filter { $0.hasSuffix("except for its id") }
  }

  @Test("item promotions for other SKUs or categories are not the same")
  func targetsDiffer() throws {
    #expect(
      try Self.sameTermsWarnings([
        #"{"id":"a","kind":"item","target":{"skus":["mug"]},"percentOff":"5"}"#,
        #"{"id":"b","kind":"item","target":{"skus":["pot"]},"percentOff":"5"}"#,
        #"{"id":"c","kind":"item","target":{"skus":["mug"],"categories":["tea"]},"percentOff":"5"}"#,
        #"{"id":"d","kind":"item","percentOff":"5"}"#,
      ]) == [])
    // The same SKUs in another order are the same target.
    #expect(
      try Self.sameTermsWarnings([
        #"{"id":"a","kind":"item","target":{"skus":["mug","pot"]},"percentOff":"5"}"#,
        #"{"id":"b","kind":"item","target":{"skus":["pot","mug"]},"percentOff":"5"}"#,
      ]) == [#""b" is the same as promotions[0] ("a") except for its id"#])
  }

  @Test("promotions with other codes or caps are not the same; a code in other capitals is")
  func codesAndCapsDiffer() throws {
    #expect(
      try Self.sameTermsWarnings([
        #"{"id":"a","kind":"discount","code":"VIP10","percentOff":"10"}"#,
        #"{"id":"b","kind":"discount","code":"VIP20","percentOff":"10"}"#,
        #"{"id":"c","kind":"discount","percentOff":"10"}"#,
        #"{"id":"d","kind":"discount","percentOff":"10","maximumDiscount":"5.00"}"#,
        #"{"id":"e","kind":"discount","percentOff":"10","maximumDiscount":"6.00"}"#,
      ]) == [])
    #expect(
      try Self.sameTermsWarnings([
        #"{"id":"a","kind":"discount","code":"VIP10","percentOff":"10"}"#,
        #"{"id":"b","kind":"discount","code":"vip10","percentOff":"10"}"#,
      ]) == [#""b" is the same as promotions[0] ("a") except for its id"#])
  }

  @Test("buy 1 get 1 free is a common deal, not a warning; more units given than sold are")
  func buyGetWarnsOnlyWhenMoreIsGiven() throws {
    func warnings(_ promotion: String) throws -> [String] {
      let text = #"{"version":2,"currency":"CNY","promotions":[\#(promotion)]}"#
      let catalog = try StoreDecoder.decode(Fixture.bytes(text), file: "s.json")
      return StoreAudit.warnings(for: catalog, at: Fixture.instant("2026-11-22T12:00:00+08:00"))
        .filter { $0.position.hasSuffix(".get") }.map(\.message)
    }
    let target = #""target":{"categories":["tea"]}"#
    #expect(try warnings(#"{"id":"b1g1","kind":"item",\#(target),"buy":1,"get":1}"#) == [])
    #expect(try warnings(#"{"id":"b2g1","kind":"item",\#(target),"buy":2,"get":1}"#) == [])
    #expect(try warnings(#"{"id":"b1g1h","kind":"item",\#(target),"buy":1,"get":2,"percentOff":"50"}"#) == [])
    #expect(
      try warnings(#"{"id":"b1g2","kind":"item",\#(target),"buy":1,"get":2}"#) == [
        #""b1g2" gives away 2 units for every 1 sold (buy 1 get 2 free): more units are given away than sold; check buy and get"#
      ])
  }
}
