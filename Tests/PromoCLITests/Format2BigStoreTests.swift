import Foundation
import PromoTestSupport
import Testing

/// Big format-2 stores (40 to 600 promotions, mostly working and stackable, small
/// percentages, twins): the command agrees with the format-3 reference on every order.
@Suite("Big format-2 stores: the command held against the reference")
struct Format2BigStoreTests {
  /// Prices `stores` big stores of `format` with `orders` orders each, by the command and
  /// by the reference; records the first failures in full; returns what the cases reached.
  static func run(format: Int, base: UInt64, stores: Int, orders: Int) throws -> RefBigCoverage {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-big-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var check = SeededCheck(base: base, count: stores, countFromEnvironment: false, kept: 2)
    var coverage = RefBigCoverage()
    var priced = 0
    try check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let big = generator.makeBigCase(format: format, orders: orders)
      let storeObject = big.store.foundation
      let promotions = try Format3ReferenceTests.promotions(big.store)
      let run = try Format3Differential.run(
        store: big.store.text(quotingDecimals: false),
        orders: big.orders.map { $0.text(quotingDecimals: false) },
        at: big.at, codes: big.codes, groups: big.groups, folder: folder)
      var problems: [String] = []
      if run.status != 0 || run.lines.count != big.orders.count {
        problems.append(
          "exit \(run.status), \(run.lines.count) lines for \(big.orders.count) orders: \(run.stderr)")
      }
      for (index, order) in big.orders.enumerated() {
        let verdict = try Format3Reference.price(
          store: storeObject, order: order.foundation, at: big.at, codes: big.codes, groups: big.groups)
        guard case .priced(let pricing) = verdict else {
          problems.append("order \(index): the reference refused it")
          continue
        }
        priced += 1
        let read = try Ref3Reader.order(
          order.foundation as? [String: Any] ?? [:], digits: pricing.digits, codes: big.codes,
          groups: big.groups,
          name: "")
        coverage.record(pricing, promotions: promotions, order: read)
        guard index < run.lines.count else { continue }
        let differences = Format3Differential.compare(pricing, line: run.lines[index])
        if !differences.isEmpty {
          problems.append(
            "order \(index) \(order.text(quotingDecimals: false))\n    reference plan \(pricing.best)\n    "
              + differences.prefix(8).joined(separator: "\n    "))
        }
      }
      return (
        problems,
        {
          "\(promotions.count) promotions, \(run.arguments.joined(separator: " "))\n  "
            + problems.prefix(3).joined(separator: "\n  ")
        }
      )
    }
    check.recordIssues("big format-\(format) stores")
    #expect(priced >= check.seeds.count * orders * 9 / 10)
    return coverage
  }

  @Test(
    "40 big format-2 stores of 6 orders each: every order as the reference prices it; the cases reach the cut-offs"
  )
  func bigFormat2Stores() throws {
    let coverage = try Self.run(format: 2, base: 0xB16_2000, stores: 40, orders: 6)
    coverage.expectReached([
      "stacked pair with > 8 working order deals", "plans tie on the total", "ids decide",
      "≤ 8 working order deals", "≥ 9 working order deals", "≤ 16 item rules on a key",
      "≥ 17 item rules on a key", "item deals then order deals",
    ])
    print("big format-2 coverage: \(coverage.counts.sorted { $0.key < $1.key })")
  }
}
