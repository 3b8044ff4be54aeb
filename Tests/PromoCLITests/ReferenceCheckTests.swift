import Foundation
import PromoTestSupport
import Testing

/// The check the pricing fuzz target runs (``ReferenceCheck``), and the cases it makes from
/// fuzz input bytes: the check passes the reference's own result and catches every kind of
/// wrong quote, and the byte-made cases are ones the command prices as the reference does.
@Suite("The pricing fuzz target's check and its byte-made cases")
struct ReferenceCheckTests {
  /// The reference's pricing of the format-2 cases of seeds from `base`.
  static func pricings(_ count: Int, base: UInt64 = 0x3_0000_0000) throws -> [RefPricing] {
    try Format2Reference.pricedCases(format: 2, seeds: base..<(base + UInt64(count))).map(\.pricing)
  }

  @Test("the reference's own result passes, on 400 cases")
  func referencePasses() throws {
    let pricings = try Self.pricings(400)
    #expect(pricings.count > 300)
    var failures: [String] = []
    for pricing in pricings {
      let problems = ReferenceCheck.problems(ObservedQuote(reference: pricing), against: pricing)
      if !problems.isEmpty { failures.append("\(pricing.order): \(problems)") }
    }
    #expect(failures == [])
  }

  @Test("a wrong total, promotion, share or outcome is caught, each on every case it can be made")
  func wrongQuotesAreCaught() throws {
    var made = [String: Int]()
    var missed = [String: Int]()
    func expectCaught(_ name: String, _ observed: ObservedQuote, _ pricing: RefPricing, invariant: Bool) {
      made[name, default: 0] += 1
      let problems = ReferenceCheck.problems(observed, against: pricing)
      let caught = invariant ? !ReferenceCheck.invariants(observed).isEmpty : !problems.isEmpty
      if !caught { missed[name, default: 0] += 1 }
    }
    for pricing in try Self.pricings(300) {
      let right = ObservedQuote(reference: pricing)
      var cheaper = right
      cheaper.total -= 1
      cheaper.discount += 1
      expectCaught("a total one unit lower", cheaper, pricing, invariant: false)
      if let first = right.promotions.first {
        var dropped = right
        dropped.promotions.removeFirst()
        dropped.discount -= first.discount
        dropped.total += first.discount
        expectCaught("a promotion left out", dropped, pricing, invariant: false)
      }
      if right.promotions.count >= 2 {
        var swapped = right
        swapped.promotions.swapAt(0, 1)
        expectCaught("promotions out of order", swapped, pricing, invariant: false)
      }
      if var outcomes = right.outcomes, !outcomes.isEmpty {
        outcomes[0].name = outcomes[0].name == "not-best" ? "applied" : "not-best"
        var relabelled = right
        relabelled.outcomes = outcomes
        expectCaught("an outcome changed", relabelled, pricing, invariant: false)
      }
      guard let lines = right.lines, lines.count >= 2,
        let share = lines[0].promotions.first, share.discount > 1
      else { continue }
      // Move one unit of a share to the next line: every sum still holds, only the reference
      // tells that it is the wrong line.
      var moved = right
      moved.lines![0].promotions[0].discount -= 1
      moved.lines![0].discount -= 1
      moved.lines![0].total += 1
      moved.lines![1].promotions.append((share.id, 1))
      moved.lines![1].discount += 1
      moved.lines![1].total -= 1
      expectCaught("a unit of a share on the wrong line", moved, pricing, invariant: false)
      // A line whose shares do not add up to its discount breaks an invariant on its own.
      var unbalanced = right
      unbalanced.lines![0].promotions[0].discount -= 1
      expectCaught("a line's shares short of its discount", unbalanced, pricing, invariant: true)
      var negative = right
      negative.lines![0].total = -1
      expectCaught("a negative line", negative, pricing, invariant: true)
    }
    #expect(missed == [:], "made: \(made)")
    for (name, count) in made { #expect(count >= 20, "only \(count) cases of \(name)") }
    #expect(made.count == 7)
  }

  @Test(
    "cases made from fuzz input bytes: the same bytes make the same case, both store versions, and the command agrees"
  )
  func byteMadeCases() throws {
    let differential = try RefDifferential(lenient: false)
    defer { differential.removeFolder() }
    var random = SplitMix64(seed: 0xB17E5)
    var versions: Set<String> = []
    var withLines = 0
    var failures: [String] = []
    for _ in 0..<300 {
      let bytes = (0..<random.int(0...64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let testCase = RefCaseGenerator.fuzzCase(bytes)
      let again = RefCaseGenerator.fuzzCase(bytes)
      let texts = { (made: RefCase) in
        [made.store.text(quotingDecimals: false), made.order.text(quotingDecimals: false), made.at]
          + made.codes
      }
      if texts(again) != texts(testCase) { failures.append("\(bytes) made two cases") }
      versions.insert(testCase.store["version"].map { $0.text(quotingDecimals: false) } ?? "none")
      if testCase.order["items"] != nil { withLines += 1 }
      let (problems, report, _) = differential.check(testCase)
      if !problems.isEmpty { failures.append(report) }
    }
    #expect(failures.isEmpty, "\(failures.prefix(2))")
    #expect(versions == ["1", "2"])
    #expect(withLines > 150)
  }
}
