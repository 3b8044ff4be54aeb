import Foundation
import PromoTestSupport
import Testing

/// The command held against the format-3 reference on random small and big version-3
/// stores: the result (with `shipping`), the `--explain` outcomes, and the documented rules's
/// sums on the command's own output (no plan the reference enumerates is lower; shares add
/// up to each promotion's discount; lines' discounts and the shipping discount add up to
/// the order's; no line or shipping total below 0).
@Suite("Format-3 stores: the command held against the format-3 reference")
struct Format3CommandTests {
  @Test("small format-3 stores: the command agrees with the reference on 1,500 seeded cases")
  func smallFormat3Stores() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-ref3-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var check = SeededCheck(base: 0x3_1000_0000, count: 1500)
    try check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase3()
      let run = try Format3Differential.run(
        store: testCase.store.text(quotingDecimals: false),
        orders: [testCase.order.text(quotingDecimals: false)],
        at: testCase.at, codes: testCase.codes, groups: testCase.groups, folder: folder)
      let verdict = try Format3Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes,
        groups: testCase.groups)
      var problems: [String] = []
      var expected = ""
      switch verdict {
      case .refused(let reason):
        expected = "refused: \(reason)"
        if run.status != 65 || !run.lines.isEmpty { problems.append("expected exit 65 and no output") }
      case .priced(let pricing):
        expected = "\(pricing.best); \(pricing.considered.map { "\($0.id) \($0.outcome)" })"
        if run.status != 0 || run.lines.count != 1 {
          problems.append("exit \(run.status), \(run.lines.count) lines")
        } else {
          problems += Format3Differential.compare(pricing, line: run.lines[0])
        }
      }
      return (
        problems,
        {
          """
          promo \(run.arguments.joined(separator: " "))
          store: \(testCase.store.text(quotingDecimals: false))
          order: \(testCase.order.text(quotingDecimals: false))
          promo exit \(run.status): \(run.lines.first ?? "") \(run.stderr)
          reference: \(expected)
          differences:
            \(problems.prefix(10).joined(separator: "\n  "))
          """
        }
      )
    }
    check.recordIssues("format-3 cases")
  }

  @Test("30 big format-3 stores of 6 orders each: every order as the reference prices it")
  func bigFormat3Stores() throws {
    let coverage = try Format2BigStoreTests.run(format: 3, base: 0xB16_3100, stores: 30, orders: 6)
    coverage.expectReached([
      "stacked pair with > 8 working order deals", "plans tie on the total", "≤ 8 working order deals",
      "≥ 9 working order deals", "≤ 16 item rules on a key", "≥ 17 item rules on a key",
      "shipping joins others",
    ])
  }
}
