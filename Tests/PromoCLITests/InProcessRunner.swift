import PromoCLI
import PromoKit

/// Runs `promo` inside the test process through `PromoCLI.run`, capturing its output.
struct InProcessRun {
  var status: Int32
  var stdout: String
  var stderr: String

  init(
    _ arguments: [String], environment: [String: String] = [:], stdin: String = "", terminal: Bool = false,
    now: Instant = Instant(secondsSinceEpoch: 1_795_320_000)
  ) {
    let output = CapturedOutput(isTerminal: terminal)
    let errors = CapturedOutput()
    status = PromoCLI.run(
      arguments: arguments, environment: environment, stdin: GivenInput(stdin), stdout: output,
      stderr: errors,
      clock: { now })
    stdout = output.text
    stderr = errors.text
  }
}
