import Foundation

/// The loop every seeded check of a pricer against a reference runs, in one place: which
/// seeds to run (a range, or the one seed a failure report names), what failed, the first
/// failures' reports in full (each naming its seed), and a summary that says how to rerun
/// one. The test records what it returns (PromoTestSupport knows no test framework).
package struct SeededCheck {
  /// The seeds the check runs.
  package let seeds: [UInt64]
  /// How many failures are kept in full.
  package let kept: Int
  /// The cases that failed.
  package private(set) var failures = 0
  /// The first ``kept`` failures' reports.
  package private(set) var reports: [String] = []

  /// The seeds `base`, `base + 1`, … `count` of them (`PROMO_REFERENCE_CASES` overrides
  /// `count` when `countFromEnvironment`), or only `PROMO_REFERENCE_SEED` when it is set;
  /// the first `kept` failures are kept in full.
  package init(base: UInt64, count: Int, countFromEnvironment: Bool = true, kept: Int = 3) {
    let environment = ProcessInfo.processInfo.environment
    if let seed = environment["PROMO_REFERENCE_SEED"].flatMap(UInt64.init) {
      seeds = [seed]
    } else {
      let count =
        countFromEnvironment ? environment["PROMO_REFERENCE_CASES"].flatMap(Int.init) ?? count : count
      seeds = (0..<UInt64(count)).map { base + $0 }
    }
    self.kept = kept
  }

  /// Whether the seeds are the whole range (no single seed asked for by
  /// `PROMO_REFERENCE_SEED`), so that what the cases reach can be held to account.
  package static var isWholeRange: Bool { ProcessInfo.processInfo.environment["PROMO_REFERENCE_SEED"] == nil }

  /// Runs `check` on every seed: it returns the case's problems and a report of the case
  /// (made only when it failed).
  package mutating func run(
    _ check: (UInt64) throws -> (problems: [String], report: () -> String)
  ) rethrows {
    for seed in seeds {
      let (problems, report) = try check(seed)
      record(seed: seed, problems: problems, report: report)
    }
  }

  /// Records one seed's problems; a failure among the first ``kept`` keeps its report,
  /// headed by the seed.
  package mutating func record(seed: UInt64, problems: [String], report: () -> String) {
    guard !problems.isEmpty else { return }
    failures += 1
    if failures <= kept {
      reports.append("seed \(seed) (rerun with PROMO_REFERENCE_SEED=\(seed))\n" + report())
    }
  }

  /// `nil` when every case passed, else how many of how many `cases` failed.
  package func summary(_ cases: String) -> String? {
    guard failures > 0 else { return nil }
    return
      "\(failures) of \(seeds.count) \(cases) differ from the reference (rerun one with PROMO_REFERENCE_SEED=<seed>)"
  }
}
