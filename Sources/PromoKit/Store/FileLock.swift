import PromoLibc

/// An exclusive `flock(2)` lock on a lock file, held until ``release()``.
///
/// The kernel drops the lock when the process dies, so a crashed writer leaves no stale
/// lock behind; the lock file itself stays and is reused.
struct FileLock: ~Copyable {
  private let descriptor: Int32

  /// Takes the lock on `path` (creating the file if needed), retrying until `timeout`
  /// seconds have passed; messages name the lock file `display` (`path` by default).
  ///
  /// Fails with ``PromoError/Category/unwritable`` when the lock file cannot be created (or
  /// is a symbolic link) and ``PromoError/Category/lockTimeout`` when another process holds
  /// the lock too long.
  init(path: String, display: String? = nil, timeout: Double) throws(PromoError) {
    let name = display ?? path
    // (A lock file that is a symbolic link is not followed: a link planted there would have
    // `promo` create or open whatever file it names.)
    let descriptor = FileIO.retryingInterruptions {
      open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw PromoError(
          .unwritable, file: name,
          "the lock file is a symbolic link, which promo does not follow; remove it (promo makes its own)")
      }
      throw PromoError(.unwritable, file: name, "cannot create the lock file: \(FileIO.systemReason(errno))")
    }
    let deadline = Self.monotonicSeconds() + max(0, timeout)
    var pause: Double = 0.001
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let reason = errno
      guard reason == EWOULDBLOCK || reason == EINTR else {
        close(descriptor)
        throw PromoError(.unwritable, file: name, "cannot lock: \(FileIO.systemReason(reason))")
      }
      let now = Self.monotonicSeconds()
      guard now < deadline else {
        close(descriptor)
        throw PromoError(
          .lockTimeout, file: name,
          "another promo held the store's lock for more than \(Self.seconds(timeout)) s; try again, or raise --lock-timeout"
        )
      }
      var interval = timespec()
      let sleepFor = min(pause, deadline - now)
      interval.tv_sec = Int(sleepFor)
      interval.tv_nsec = Int((sleepFor - Double(interval.tv_sec)) * 1e9)
      nanosleep(&interval, nil)
      pause = min(pause * 2, 0.05)
    }
    self.descriptor = descriptor
  }

  /// Drops the lock.
  consuming func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
    discard self
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
