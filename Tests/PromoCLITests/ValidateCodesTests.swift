import Foundation
import PromoKit
import Testing

/// Proves that every stable finding code of `promo validate --format json` is produced by
/// some store, on the right place: one case per code (``cases``), each a small store that
/// provokes that code and nothing else, with the JSON path the finding must carry; a code
/// no store can provoke through `validate` is listed with the reason (``unreachable``).
@Suite("promo validate --format json: every finding code comes from some store, on its path")
struct ValidateCodesTests {
  /// One store that provokes one finding code: the code, the store's text (`nil` for a
  /// file that does not exist), and the JSON path the finding must name (`nil` for one
  /// that names no path, such as a syntax error).
  struct CodeCase: Sendable, CustomTestStringConvertible {
    /// The code the store must provoke.
    let code: StoreFindingCode
    /// The whole store, or `nil` to validate a path where there is no file.
    let store: String?
    /// The `path` of the finding, or `nil` when it has none (the JSON `null`).
    let path: String?

    /// The code's raw value, to name the case in the test's output.
    var testDescription: String { code.rawValue }

    /// A case: `store` (or no file, for `nil`) gives `code` at `path`.
    init(_ code: StoreFindingCode, _ store: String?, at path: String?) {
      self.code = code
      self.store = store
      self.path = path
    }
  }

  /// The evaluation time every case is validated at (`--at`), the one of
  /// ``ValidateFormatTests``: after the `ended` case's window, within every other one.
  static let at = ValidateFormatTests.at

  /// The codes of warnings: those after `// Warnings` in ``StoreFindingCode``, from
  /// `ended` on; every other code is an error.
  static let warningCodes = Set(StoreFindingCode.allCases.drop { $0 != .ended })

  /// The status `promo validate` ends with for a finding of `code`: 66 for a file that
  /// cannot be read (it does not exist), 65 for any other error, 0 for a warning.
  static func expectedStatus(of code: StoreFindingCode) -> Int32 {
    if code == .unreadableFile { return 66 }
    return warningCodes.contains(code) ? 0 : 65
  }

  /// The objects `promo validate --format json --at` ``at`` writes about the file at
  /// `path`, one per line (the last is the summary), and its exit status.
  static func validate(_ path: String) throws -> (status: Int32, lines: [[String: Any]]) {
    let run = InProcessRun(["validate", "--format", "json", "--at", at, path])
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let lines = try run.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    return (run.status, lines)
  }

  /// Each case's store gives exactly one finding, of its code: with the severity of the
  /// code (a warning after `// Warnings`, else an error), at the case's path (or with a
  /// `null` path), counted in the summary, and with the status of that severity (66 for a
  /// file that does not exist, 65 for an error, 0 for warnings only).
  @Test("the store of each case gives its code, with its severity, path and status", arguments: cases)
  func storeGivesItsCode(_ testCase: CodeCase) throws {
    let file: URL
    if let store = testCase.store {
      file = try ReportCommandTests.temporaryFile(store, suffix: ".json")
    } else {
      file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "promo-codes-missing-\(UUID().uuidString).json")
    }
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, lines) = try Self.validate(file.path)
    let findings = lines.filter { $0["summary"] == nil }
    let codes = findings.map { $0["code"] as? String ?? "?" }
    let isWarning = Self.warningCodes.contains(testCase.code)
    let severity = isWarning ? "warning" : "error"
    // The store provokes its own code, not merely some problem, and nothing else.
    #expect(codes == [testCase.code.rawValue], "\(lines)")
    let finding = try #require(findings.first { $0["code"] as? String == testCase.code.rawValue })
    #expect(finding["severity"] as? String == severity)
    if let path = testCase.path {
      #expect(finding["path"] as? String == path)
    } else {
      #expect(finding["path"] is NSNull, "\(finding)")
    }
    #expect(finding["file"] as? String == file.path)
    let summary = try #require(lines.last?["summary"] as? [String: Int], "\(lines)")
    #expect(summary == ["errors": isWarning ? 0 : 1, "warnings": isWarning ? 1 : 0])
    #expect(status == Self.expectedStatus(of: testCase.code))
  }

  /// The table covers ``StoreFindingCode/allCases`` exactly: every code has one case, or
  /// is listed as unreachable with its reason, never both, never twice, so that a new
  /// code without a case fails the suite.
  @Test("every finding code has exactly one case, or is listed as unreachable")
  func casesCoverEveryCode() {
    let covered = Self.cases.map(\.code)
    let everyCode = Set(StoreFindingCode.allCases)
    #expect(covered.count == Set(covered).count, "a code with two cases")
    #expect(Set(covered).isDisjoint(with: Self.unreachable.keys), "a code both covered and unreachable")
    let missing = everyCode.subtracting(covered).subtracting(Self.unreachable.keys)
    #expect(missing.isEmpty, "codes without a case: \(missing.map(\.rawValue).sorted())")
    #expect(covered.count + Self.unreachable.count == StoreFindingCode.allCases.count)
    #expect(Set(Self.outOfRangeStores.map(\.code)) == Set(Self.unreachable.keys))
    for (code, reason) in Self.unreachable { #expect(!reason.isEmpty, "\(code.rawValue) needs a reason") }
  }

  /// Each code listed as unreachable really is not given by the smallest store that
  /// breaks its rule: the decoder's range check answers first, with
  /// `number-out-of-range` at the same path.
  @Test(
    "the value an unreachable rule refuses gives number-out-of-range instead", arguments: outOfRangeStores)
  func unreachableRuleAnsweredByRange(_ testCase: CodeCase) throws {
    let file = try ReportCommandTests.temporaryFile(try #require(testCase.store), suffix: ".json")
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, lines) = try Self.validate(file.path)
    let findings = lines.filter { $0["summary"] == nil }
    #expect(Self.unreachable[testCase.code] != nil)
    #expect(findings.map { $0["code"] as? String ?? "?" } == [StoreFindingCode.numberOutOfRange.rawValue])
    #expect(findings.first?["path"] as? String == testCase.path)
    #expect(status == 65)
  }
}
