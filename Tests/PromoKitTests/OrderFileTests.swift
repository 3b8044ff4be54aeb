import Foundation
import PromoKit
import PromoTestSupport
import Testing

/// Reading orders from a path with PromoKit alone, as a Swift program that links it does.
@Suite("Orders read from a file path")
struct OrderFileTests {
  /// A new folder for one test.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-orders-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("the orders of a file, named after it when they have no id; the same as from its bytes")
  func readsOrders() throws {
    let url = try folder().appendingPathComponent("orders.json")
    let text =
      #"[{"id": "A-1", "amount": "12.50"}, {"items": [{"sku": "tea", "unitPrice": "25.00", "quantity": 2}]}]"#
    try Data(text.utf8).write(to: url)
    let cny = Currency.valid("CNY")
    let orders = try OrderDecoder.decodeFile(atPath: url.path, storeCurrency: cny)
    #expect(orders.map(\.id) == ["A-1", "\(url.path)[1]"])
    #expect(orders.map(\.subtotal.description) == ["12.50", "50.00"])
    let fromBytes = try OrderDecoder.decodeFile(Array(text.utf8), file: url.path, storeCurrency: cny)
    #expect(orders == fromBytes)
  }

  @Test("a missing file and a bad one are errors naming the path")
  func errors() throws {
    let base = try folder()
    let missing = base.appendingPathComponent("none.json").path
    let error = #expect(throws: PromoError.self) {
      try OrderDecoder.decodeFile(atPath: missing, storeCurrency: nil)
    }
    #expect(error?.description.contains(missing) == true)
    let bad = base.appendingPathComponent("bad.json")
    try Data(#"{"amount": "1.00",}"#.utf8).write(to: bad)
    let syntax = #expect(throws: PromoError.self) {
      try OrderDecoder.decodeFile(atPath: bad.path, storeCurrency: nil)
    }
    #expect(syntax?.category == .invalidData)
    #expect(syntax?.description.contains(bad.path) == true)
  }
}
