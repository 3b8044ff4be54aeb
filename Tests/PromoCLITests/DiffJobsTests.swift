import Foundation
import Testing

/// `diff --lines --jobs N`: the same report as one job, in input order, with the same errors
/// on the same lines.
@Suite("diff --lines --jobs compares in parallel with the output of one job")
struct DiffJobsTests {
  let base = PromoBinary.fixtures.appendingPathComponent("promotions.json").path
  let changed = PromoBinary.fixtures.appendingPathComponent("stores/tea-shop.json").path
  let at = "2026-11-22T12:00:00+08:00"

  func run(_ extra: [String], stdin: String) -> InProcessRun {
    InProcessRun(
      ["diff", "--lines", "-", "--base", base, "--store", changed, "--at", at] + extra, stdin: stdin)
  }

  @Test(
    "--jobs N writes exactly what one job writes, with the same errors and summary",
    arguments: [["--format", "json"], ["--format", "text"], ["--format", "json", "--fail-on-change"]])
  func sameOutput(format: [String]) {
    let input = ParallelLinesTests.stream(count: 3_000, badEvery: 400)
    let one = run(format, stdin: input)
    #expect(one.status == 65)
    #expect(!one.stderr.isEmpty)
    // Some orders change, some do not: the comparison has something to report.
    #expect(one.stdout.split(separator: "\n").count > 10, "\(one.stdout.prefix(400))")
    for jobs in ["2", "3", "8"] {
      let many = run(format + ["--jobs", jobs], stdin: input)
      #expect(many.status == one.status, "--jobs \(jobs)")
      #expect(many.stdout == one.stdout, "--jobs \(jobs)")
      #expect(many.stderr == one.stderr, "--jobs \(jobs)")
    }
  }

  @Test("a clean stream with a change and --fail-on-change: status 1 with any number of jobs")
  func gate() {
    let input = ParallelLinesTests.stream(count: 2_000, badEvery: nil)
    let one = run(["--format", "json", "--fail-on-change"], stdin: input)
    let two = run(["--format", "json", "--fail-on-change", "--jobs", "2"], stdin: input)
    #expect(one.status == 1 && two.status == 1)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
  }

  @Test("--jobs without --lines, or not a count, is a usage error")
  func usage() {
    let noLines = InProcessRun(["diff", "-", "--base", base, "--store", changed, "--jobs", "2"], stdin: "{}")
    #expect(noLines.status == 64)
    let zero = run(["--jobs", "0"], stdin: "")
    #expect(zero.status == 64)
  }
}
