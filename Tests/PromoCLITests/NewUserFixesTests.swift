import Foundation
import PromoCLI
import PromoKit
import Testing

/// What a new user met trying promo: each one fixed, each one held here.
@Suite("What a new user met: a repeat's step digits, and friends")
struct NewUserFixesTests {
  /// A fresh folder for one test, removed afterwards by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-new-user-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test(
    "a repeating threshold whose step has more minor digits than the currency is refused by price, validate and add"
  )
  func repeatStepDigits() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("promotions.json").path
    let finer = """
      {"version": 3, "currency": "CNY", "promotions": [
        {"id": "every-third", "kind": "threshold", "minimumAmount": "33.333", "repeat": true, "amountOff": "5.00"}]}
      """
    try finer.write(toFile: store, atomically: true, encoding: .utf8)
    let order = folder.appendingPathComponent("order.json").path
    try #"{"id": "A", "amount": "100.00"}"#.write(toFile: order, atomically: true, encoding: .utf8)
    let expected =
      "promo: \(store): promotions[0].minimumAmount: minimumAmount 33.333 is the step a repeating threshold "
      + "counts, so it has no more decimal places than the currency: it has 3 decimal places; CNY has 2\n"
    let price = InProcessRun(["price", order, "--store", store])
    #expect(price.status == 65)
    #expect(price.stderr == expected)
    let validate = InProcessRun(["validate", store])
    #expect(validate.status == 65)
    #expect(validate.stderr == expected)

    try #"{"version": 3, "currency": "CNY", "promotions": []}"#.write(
      toFile: store, atomically: true, encoding: .utf8)
    let add = InProcessRun([
      "add", "--store", store, "--id", "every-third", "--kind", "threshold", "--minimum", "33.333",
      "--repeat",
      "--amount-off", "5",
    ])
    #expect(add.status == 65)
    #expect(add.stderr.contains("minimumAmount 33.333 is the step a repeating threshold counts"))
    // A minimum finer than the currency is still fine where nothing repeats, and a step in
    // the currency's digits is fine.
    let once = InProcessRun([
      "add", "--store", store, "--id", "once", "--kind", "threshold", "--minimum", "33.333", "--amount-off",
      "5",
    ])
    #expect(once.status == 0)
    let step = InProcessRun([
      "add", "--store", store, "--id", "step", "--kind", "threshold", "--minimum", "33.33", "--repeat",
      "--amount-off", "5",
    ])
    #expect(step.status == 0)
  }
}
