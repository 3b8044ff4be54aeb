import PromoCLI
import PromoLibc

// A reader that goes away (`promo ... | head -1`) must not kill the process with SIGPIPE
// (status 141 under `set -o pipefail`): the write fails with EPIPE instead, and `promo`
// stops quietly with status 0.
signal(SIGPIPE, SIG_IGN)
// A scheduler's SIGTERM (or Ctrl-C) ends a stream between two writes, never in one, so
// only whole result lines are left behind.
TerminationSignals.install()
// The store a command read is not taken apart object by object on the way out: ending the
// process gives its memory back at once.
let kept = KeptUntilExit()
let status = PromoCLI.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
  stdin: StandardInput(), stdout: FileDescriptorOutput(descriptor: 1),
  stderr: FileDescriptorOutput(descriptor: 2), keepingUntilExit: kept)
withExtendedLifetime(kept) { exit(status) }
