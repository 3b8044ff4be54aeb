import Foundation
import PromoTestSupport
import Testing

/// The format-4 reference agrees with the format-3 reference on every store of an earlier
/// version ("a store of an earlier version prices exactly as before"): the same result
/// object and the same outcomes, `bestTotalWith` aside, on generated cases.
@Suite("The format-4 reference agrees with the format-3 reference on earlier stores")
struct Format4ReferenceAgreementTests {
  /// The differences between the two references on one case; empty when they agree.
  static func differences(_ testCase: RefCase) throws -> [String] {
    let store = testCase.store.foundation
    let order = testCase.order.foundation
    let three = try Format3Reference.price(
      store: store, order: order, at: testCase.at, codes: testCase.codes, groups: testCase.groups)
    let four = try Format4Reference.price(
      store: store, order: order, at: testCase.at, codes: testCase.codes, groups: testCase.groups)
    switch (three, four) {
    case (.refused, .refused): return []
    case (.priced(let old), .priced(let new)):
      var problems = F4Ref.differences(new.resultObject4, old.resultObject)
      for ((id, before), (_, after)) in zip(old.considered, new.considered) where before != after {
        problems.append("\(id): \(after.name), expected \(before.name) (\(after), \(before))")
      }
      if old.considered.map(\.id) != new.considered.map(\.id) { problems.append("considered: other ids") }
      return problems
    default: return ["one reference refuses what the other prices"]
    }
  }

  @Test("generated format-3 cases: the same result and outcomes")
  func formatThreeCases() throws {
    var check = SeededCheck(base: 0x4_3000_0000, count: 3000)
    var bestTotalsWith = 0
    try check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase3()
      if case .priced(let pricing) = try Format4Reference.price(
        store: testCase.store.foundation, order: testCase.order.foundation, at: testCase.at,
        codes: testCase.codes, groups: testCase.groups)
      {
        for (_, outcome) in pricing.outcomes {
          if case .notBest(_, let with?) = outcome, with > pricing.total { bestTotalsWith += 1 }
        }
      }
      let problems = try Self.differences(testCase)
      return (problems, { "\(testCase.store.text(quotingDecimals: true))\n\(problems)" })
    }
    #expect(check.summary("format-3 cases") == nil, "\(check.reports)")
    if SeededCheck.isWholeRange {
      #expect(bestTotalsWith > 100, "not-best outcomes with a dearer bestTotalWith")
    }
  }

  @Test("generated format-1 and format-2 cases: the same result and outcomes")
  func formatTwoCases() throws {
    var check = SeededCheck(base: 0x4_2000_0000, count: 1500)
    try check.run { seed in
      var generator = RefCaseGenerator(seed: seed)
      let testCase = generator.makeCase(format: seed % 4 == 0 ? 1 : 2)
      let problems = try Self.differences(testCase)
      return (problems, { "\(testCase.store.text(quotingDecimals: true))\n\(problems)" })
    }
    #expect(check.summary("format-2 cases") == nil, "\(check.reports)")
  }
}
