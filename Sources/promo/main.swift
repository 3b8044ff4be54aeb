import PromoCLI
import PromoLibc

// A reader that goes away (`promo ... | head -1`) must not kill the process with SIGPIPE
// (status 141 under `set -o pipefail`): the write fails with EPIPE instead, and `promo`
// stops quietly with status 0.
signal(SIGPIPE, SIG_IGN)
// Large blocks (a store's bytes, the arrays read from them) come from the heap rather than
// mappings of their own, and the heap keeps what is freed: the pages the store's bytes were
// read into are written again by what pricing builds next, not given back and faulted in
// anew (zeroing a fresh page is most of the cost of touching it).
Allocator.keepFreedMemory()
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
