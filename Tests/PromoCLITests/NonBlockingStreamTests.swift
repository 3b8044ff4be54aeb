import Foundation
import PromoLibc
import Testing

/// A parent such as Node.js may hand `promo` pipes left non-blocking (`O_NONBLOCK`): a read
/// with nothing to read yet, or a write to a full pipe, then fails with `EAGAIN` instead of
/// waiting. `promo` waits for them as a blocking descriptor would: the stream is priced in
/// full, byte for byte as with ordinary pipes, with status 0.
@Suite("Non-blocking standard input and output are waited on, not failed", .serialized)
struct NonBlockingStreamTests {
  static let at = "2026-11-22T12:00:00+08:00"

  /// Which of the child's pipes are left non-blocking.
  enum Ends: String, CaseIterable, Sendable {
    case input, output, both
  }

  @Test(
    "a stream through non-blocking pipes, fed and read slowly",
    arguments: Ends.allCases, [[String](), ["--jobs", "2"]])
  func pricedInFull(nonBlocking: Ends, jobs: [String]) throws {
    let orders = LinesStreamingTests.orders(count: 3_000).joined(separator: "\n") + "\n"
    let arguments =
      ["price", "--lines", "-", "--store", "\(PromoBinary.fixtures.path)/promotions.json", "--at", Self.at]
      + ["--format", "json"] + jobs
    let reference = try PromoBinary.run(arguments, stdin: Data(orders.utf8))
    #expect(reference.status == 0, "\(reference.stderr)")
    let run = try Self.throughNonBlockingPipes(arguments, input: Array(orders.utf8), nonBlocking: nonBlocking)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(run.stdout == reference.stdout)
  }

  /// Runs `promo arguments` with its standard input, or output and error, or all three,
  /// non-blocking pipes (`nonBlocking`): `input` is written in pieces with pauses (so that
  /// a read finds nothing yet), the output read after a pause (so that a write finds the
  /// pipe full).
  static func throughNonBlockingPipes(
    _ arguments: [String], input: [UInt8], nonBlocking: Ends
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    var (toChild, fromChild, errors): ([Int32], [Int32], [Int32]) = ([0, 0], [0, 0], [0, 0])
    try #require(pipe(&toChild) == 0 && pipe(&fromChild) == 0 && pipe(&errors) == 0)
    // The flag belongs to the open pipe, which the child's descriptors share.
    let childInput = nonBlocking == .output ? [] : [toChild[0]]
    let childOutput = nonBlocking == .input ? [] : [fromChild[1], errors[1]]
    for end in childInput + childOutput {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for end in toChild + fromChild + errors { posix_spawn_file_actions_addclose(&actions, end) }
    let (pid, spawnError) = PromoBinary.spawn(arguments, actions: &actions)
    for end in [toChild[0], fromChild[1], errors[1]] { close(end) }
    try #require(spawnError == 0, "cannot start promo: \(String(cString: strerror(spawnError)))")
    let output = PipeCollector(fromChild[0])
    let errorOutput = PipeCollector(errors[0])
    // The orders in pieces of 16 KB, each after a pause: reads in between find nothing.
    // (On a thread of its own with SIGPIPE blocked: a `promo` that ends early must not kill
    // the test runner; the signal is dropped with the thread.)
    let fed = DispatchSemaphore(value: 0)
    let writeEnd = toChild[1]
    Thread.detachNewThread {
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      var start = 0
      feeding: while start < input.count {
        let end = min(input.count, start + 16_384)
        var sent = start
        while sent < end {
          let count = input[sent..<end].withUnsafeBytes { write(writeEnd, $0.baseAddress!, $0.count) }
          if count > 0 { sent += count } else if errno != EINTR { break feeding }
        }
        start = end
        usleep(20_000)
      }
      close(writeEnd)
      fed.signal()
    }
    fed.wait()
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (
      status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
      String(decoding: output.all(), as: UTF8.self), String(decoding: errorOutput.all(), as: UTF8.self)
    )
  }
}

/// Reads a descriptor to its end on a thread of its own, pausing 0.3 s before the first read
/// (so that the writer first fills the pipe).
final class PipeCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private let done = DispatchSemaphore(value: 0)

  init(_ descriptor: Int32) {
    Thread.detachNewThread { [self] in
      usleep(300_000)
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        lock.withLock { bytes += chunk[..<count] }
      }
      close(descriptor)
      done.signal()
    }
  }

  /// Every byte, once the writer has closed its end.
  func all() -> [UInt8] {
    done.wait()
    return lock.withLock { bytes }
  }
}
