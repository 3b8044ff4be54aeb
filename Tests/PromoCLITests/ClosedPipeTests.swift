import Foundation
import Testing

/// A reader that stops reading (`promo ... | head -1`) ends `promo` quietly with status 0,
/// so a CI script under `set -o pipefail` does not fail on it (the documented rules); other write
/// failures stay status 74.
@Suite("A closed standard output ends a command quietly with status 0")
struct ClosedPipeTests {
  static let at = "2026-11-22T12:00:00+08:00"

  /// Every command that writes to standard output, run from the fixtures folder.
  static let commands: [String] = [
    "price orders/stack-wins.json --store promotions.json --at \(at)",
    "price orders/stack-wins.json --store promotions.json --at \(at) --format json --explain",
    "price --lines orders/stream.jsonl --store promotions.json --at \(at)",
    "diff --base promotions.json orders/stack-wins.json --store stores/tea-shop-changed.json --at \(at)",
    "report --lines orders/stream.jsonl --store promotions.json --at \(at)",
    "report orders/batch.json --store promotions.json --at \(at) --format html",
    "report --merge reports/part-1.json reports/part-2.json --format json",
    "list --store promotions.json",
    "list --store promotions.json --format json",
    "show autumn-20 --store promotions.json",
    "validate stores/tea-shop.json",
    "help",
    "help price",
    "help --man",
    "completions bash",
    "completions zsh",
    "--version",
  ]

  /// Runs `script` with bash under `set -o pipefail`, from the fixtures folder, with the
  /// binary as `$PROMO`.
  static func bash(_ script: String) throws -> (status: Int32, output: String) {
    try PromoBinary.runTool(
      "/bin/bash", ["-c", "set -o pipefail\n" + script],
      environment: ["PROMO": PromoBinary.executable.path, "PATH": "/usr/bin:/bin"])
  }

  @Test(
    "the reader is gone before promo writes: status 0, nothing on stderr",
    arguments: commands)
  func readerGoneFirst(command: String) throws {
    // `true` exits at once; the delay makes sure it has closed the pipe before promo writes.
    let run = try Self.bash(#"(sleep 0.2; "$PROMO" \#(command)) | true; echo "status=$?""#)
    #expect(run.output == "status=0\n", "\(command)")
    // And as a CI script peeks: the first line, status 0, no message.
    let peek = try Self.bash(#""$PROMO" \#(command) | head -1 >/dev/null; echo "status=$?""#)
    #expect(peek.output == "status=0\n", "\(command) | head -1")
  }

  @Test("`promo price --lines | head -1` under pipefail: the first result, status 0, no message")
  func headOfALongStream() throws {
    // 20,000 orders: far more output than a pipe holds, so promo meets the closed pipe.
    let lines = (0..<20_000).map { #"{"id":"P-\#($0)","amount":"\#(100 + $0 % 50).00"}"# }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-pipe-\(UUID().uuidString).jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Self.bash(
      #""$PROMO" price --lines \#(file.path) --store promotions.json --at \#(Self.at) --format json | head -1; echo "status=$?""#
    )
    let output = run.output.split(separator: "\n")
    #expect(output.count == 2, "\(run.output)")
    #expect(output.first?.hasPrefix(#"{"order":"P-0","#) == true, "\(run.output)")
    #expect(output.last == "status=0")
  }

  @Test("an endless --lines stream stops reading as soon as its reader is gone")
  func endlessStreamStops() throws {
    // Without the stop, `yes` would feed promo forever and the test would hang.
    let run = try Self.bash(
      #"""
      yes '{"amount":"120.00"}' | timeout 20 "$PROMO" price --lines - --store promotions.json --at \#(Self.at) | head -1
      echo "promo=${PIPESTATUS[1]}"
      """#)
    #expect(run.output.hasSuffix("promo=0\n"), "\(run.output)")
    #expect(run.output.hasPrefix("order stdin:1 "), "\(run.output)")
  }

  @Test("an endless diff --lines stream, in text too, stops as soon as its reader is gone")
  func endlessDiffStops() throws {
    for format in ["text", "json"] {
      let run = try Self.bash(
        #"""
        yes '{"amount":"128.00"}' | timeout 20 "$PROMO" diff --lines - --base stores/tea-shop.json --store stores/tea-shop-changed.json --at \#(Self.at) --format \#(format) | head -1 >/dev/null
        echo "promo=${PIPESTATUS[1]}"
        """#)
      #expect(run.output == "promo=0\n", "\(format): \(run.output)")
    }
  }

  @Test("the verdict of diff --fail-on-change stands when the reader goes away")
  func gateStandsWhenPiped() throws {
    // A change in the first order: the gate says 1 though the table was cut short.
    let changed = try Self.bash(
      #"""
      yes '{"amount":"128.00"}' | head -5000 | "$PROMO" diff --lines - --base stores/tea-shop.json --store stores/tea-shop-changed.json --at \#(Self.at) --fail-on-change | head -1 >/dev/null
      echo "promo=${PIPESTATUS[2]}"
      """#)
    // (How many were compared before the reader left depends on the timing.)
    #expect(changed.output.hasPrefix("promo: at least "), "\(changed.output)")
    #expect(changed.output.hasSuffix(" changed total (--fail-on-change)\npromo=1\n"), "\(changed.output)")
    // Nothing is written before the only change, at the very end: every order is compared.
    let late = try Self.bash(
      #"""
      { yes '{"amount":"0.00"}' | head -20000; echo '{"amount":"128.00"}'; } | "$PROMO" diff --lines - --base stores/tea-shop.json --store stores/tea-shop-changed.json --at \#(Self.at) --fail-on-change --format json | head -c 1 >/dev/null
      echo "promo=${PIPESTATUS[1]}"
      """#)
    #expect(
      late.output == "promo: 1 of 20001 orders changed total (--fail-on-change)\npromo=1\n", "\(late.output)")
  }

  @Test(
    "any other write failure is still status 74 with one message",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func fullDiskIsStill74() throws {
    let run = try Self.bash(#""$PROMO" list --store promotions.json > /dev/full; echo "status=$?""#)
    #expect(
      run.output == "promo: stdout: cannot write: no space left on device\nstatus=74\n", "\(run.output)")
  }
}
