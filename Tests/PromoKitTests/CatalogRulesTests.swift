import PromoKit
import PromoTestSupport
import Testing

/// The rules a store file keeps, kept by a catalog built in code: distinct ids, and amounts
/// the catalog's currency can hold, when it is made and when it is changed.
@Suite("A catalog keeps its ids distinct and its amounts in its currency's digits")
struct CatalogRulesTests {
  static let cny = Currency.valid("CNY")
  static let jpy = Currency.valid("JPY")

  @Test("two promotions with one id are refused, naming the id")
  func duplicateIDs() {
    let ten = Fixture.discount("x", percent: "10")
    #expect(throws: CatalogError.duplicateID("x")) {
      try Catalog(promotions: [ten, Fixture.discount("y", percent: "5"), ten])
    }
    #expect(
      CatalogError.duplicateID("x").description == #"a promotion with the id "x" is already in the catalog"#)
  }

  @Test("an amount finer than the currency is refused; without a currency any amount is taken")
  func amountsInTheCurrency() throws {
    let fine = Fixture.discount("fine", amount: "1.005")
    #expect(throws: CatalogError.amountFinerThanCurrency(id: "fine", field: "amountOff", currency: Self.cny))
    {
      try Catalog(currency: Self.cny, promotions: [fine])
    }
    let yen = Fixture.threshold("yen", minimum: "1000.5", amount: "100")
    // A minimum may be finer than the currency (it is only compared); a sum may not.
    _ = try Catalog(currency: Self.jpy, promotions: [yen])
    #expect(throws: CatalogError.amountFinerThanCurrency(id: "c", field: "amountOff", currency: Self.jpy)) {
      try Catalog(currency: Self.jpy, promotions: [Fixture.threshold("c", minimum: "100", amount: "1.50")])
    }
    #expect(try Catalog(promotions: [fine]).promotions.count == 1)
  }

  @Test("inserting and replacing keep the same rules")
  func changes() throws {
    let catalog = try Catalog(currency: Self.cny, promotions: [Fixture.discount("a", percent: "10")])
    #expect(throws: CatalogError.duplicateID("a")) {
      try catalog.inserting(Fixture.discount("a", percent: "5"))
    }
    let fine = Fixture.discount("a", amount: "0.001")
    #expect(throws: CatalogError.amountFinerThanCurrency(id: "a", field: "amountOff", currency: Self.cny)) {
      try catalog.replacing(fine)
    }
    #expect(throws: CatalogError.amountFinerThanCurrency(id: "b", field: "amountOff", currency: Self.cny)) {
      try catalog.inserting(Fixture.discount("b", amount: "0.001"))
    }
  }

  @Test("a change made in place throws before it changes anything, and changes only what it names")
  func changesInPlace() throws {
    let original = try Catalog(
      currency: Self.cny,
      promotions: [Fixture.discount("a", percent: "10"), Fixture.discount("b", percent: "5")])
    var catalog = original
    #expect(throws: CatalogError.duplicateID("a")) { try catalog.insert(Fixture.discount("a", percent: "5")) }
    #expect(throws: CatalogError.unknownID("z")) { try catalog.remove(id: "z") }
    #expect(throws: CatalogError.duplicateID("b")) {
      try catalog.replace(id: "a", with: Fixture.discount("b", percent: "1"))
    }
    #expect(throws: CatalogError.amountFinerThanCurrency(id: "a", field: "amountOff", currency: Self.cny)) {
      try catalog.replace(id: "a", with: Fixture.discount("a", amount: "0.001"))
    }
    #expect(catalog == original)
    try catalog.replace(id: "a", with: Fixture.discount("c", percent: "20"))
    try catalog.insert(Fixture.discount("d", percent: "1"))
    try catalog.remove(id: "b")
    #expect(catalog.promotions.map(\.id) == ["c", "d"])
    #expect(original.promotions.map(\.id) == ["a", "b"])
    #expect(
      try original.replacing(id: "a", with: Fixture.discount("c", percent: "20")).inserting(
        Fixture.discount("d", percent: "1")
      ).removing(id: "b") == catalog)
  }
}
