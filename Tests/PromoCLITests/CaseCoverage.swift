import PromoTestSupport
import Testing

/// What generated cases reach, counted by tag (``RefCoverage``, ``Ref3Coverage``,
/// ``RefBigCoverage``), so that a passing comparison is known to mean something.
protocol CaseCoverage {
  /// How many cases reached each tag.
  var counts: [String: Int] { get }
}

extension CaseCoverage {
  /// Records an issue for each of `tags` that fewer than `least` cases reach, unless only
  /// one seed was run (`PROMO_REFERENCE_SEED`).
  func expectReached(
    _ tags: [String], atLeast least: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard SeededCheck.isWholeRange else { return }
    for tag in tags where counts[tag, default: 0] < least {
      Issue.record(
        "only \(counts[tag, default: 0]) cases reach \"\(tag)\": \(counts.sorted { $0.key < $1.key })",
        sourceLocation: sourceLocation)
    }
  }
}

extension SeededCheck {
  /// Records the kept failures in full, and the summary, as issues of the running test.
  func recordIssues(_ cases: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for report in reports { Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation) }
    if let summary = summary(cases) {
      Issue.record(Comment(rawValue: summary), sourceLocation: sourceLocation)
    }
  }
}
