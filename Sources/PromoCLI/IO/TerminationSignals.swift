import PromoLibc

/// Lets a termination signal (`SIGTERM` from a scheduler or a CI timeout, `SIGINT`,
/// `SIGHUP`) end `promo` only between two writes, never in the middle of one, so that a
/// stream stopped halfway leaves only whole result lines behind.
///
/// A signal that kills a process while it is in `write(2)` can cut the write short: the
/// kernel stops copying at a page, and half a line stays in the file. So the signals are
/// blocked in every thread, and one thread waits for them (`sigwait`); when one comes, it
/// takes the gate every write to a descriptor holds (``withoutTermination(_:)``), so the
/// write under way finishes first, and then ends the process by the same signal with its
/// default action (the status a scheduler expects). A write to a slow reader is waited for
/// as long as it goes on (a pipe is written in pieces that end lines, each one progress),
/// up to ``longestWait`` seconds; one that makes no progress for a second (a reader that
/// stopped reading) does not hold the end back longer than that, and leaves whole lines
/// all the same when each piece fits what a pipe takes at once.
///
/// A signal ignored when `promo` starts (`nohup`) stays ignored.
public enum TerminationSignals {
  /// The signals handled.
  static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

  /// Held for every write to a descriptor, and by the signal thread before it ends the
  /// process. Never destroyed: it lives as long as the process.
  nonisolated(unsafe) private static let gate = newMutex()

  /// Passed through (taken and dropped at once) before a write takes ``gate``, and held by
  /// the signal thread from the signal on: no write starts after the signal, so the
  /// signal thread waits for the write under way only (a mutex is not fair: without this,
  /// a writer that flushes again and again could keep taking the gate before it).
  nonisolated(unsafe) private static let entry = newMutex()

  /// How many pieces of output writes have sent (``progressed()``), guarded by
  /// ``progressLock``: what tells a slow reader from one that stopped.
  nonisolated(unsafe) private static var piecesSent = 0
  nonisolated(unsafe) private static let progressLock = newMutex()

  /// The longest the end waits for a write that keeps going, in seconds.
  static let longestWait = 10

  /// Blocks the termination signals and starts the thread that waits for them. Called once,
  /// by `main`, before any other thread starts (threads inherit the blocked set).
  public static func install() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in handled where hasDefaultAction(signal) { sigaddset(&set, signal) }
    _ = (gate, entry)
    pthread_sigmask(SIG_BLOCK, &set, nil)
    detachThread(startThread { endOnSignal(set) })
  }

  /// Runs `body` (a write) with no termination signal acted on in the middle of it.
  static func withoutTermination<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(entry)
    pthread_mutex_unlock(entry)
    pthread_mutex_lock(gate)
    defer { pthread_mutex_unlock(gate) }
    return body()
  }

  /// Records that a write sent a piece of its output (called as each `write(2)` returns).
  static func progressed() {
    pthread_mutex_lock(progressLock)
    piecesSent &+= 1
    pthread_mutex_unlock(progressLock)
  }

  /// How many pieces writes have sent so far.
  private static func sent() -> Int {
    pthread_mutex_lock(progressLock)
    defer { pthread_mutex_unlock(progressLock) }
    return piecesSent
  }

  /// The signal thread: waits for a signal of `set`, lets the write under way finish (while
  /// it sends a piece at least every second, for at most ``longestWait`` seconds), and ends
  /// the process by that signal.
  private static func endOnSignal(_ set: sigset_t) {
    var waited = set
    var received: Int32 = 0
    while sigwait(&waited, &received) != 0 {}
    // Both held until the process ends.
    pthread_mutex_lock(entry)
    var seen = sent()
    for _ in 0..<longestWait {
      var deadline = timespec()
      clock_gettime(CLOCK_REALTIME, &deadline)
      deadline.tv_sec += 1
      if pthread_mutex_timedlock(gate, &deadline) == 0 { break }
      let now = sent()
      if now == seen { break }
      seen = now
    }
    signal(received, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, received)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(received)
    // Not reached: the default action of each handled signal ends the process.
    _exit(128 + received)
  }

  /// A mutex that lives as long as the process.
  private static func newMutex() -> UnsafeMutablePointer<pthread_mutex_t> {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
  }

  /// Whether `signal` has its default action (not ignored, no handler).
  private static func hasDefaultAction(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    #if canImport(Darwin)
      return current.__sigaction_u.__sa_handler == nil
    #else
      return current.__sigaction_handler.sa_handler == nil
    #endif
  }
}
