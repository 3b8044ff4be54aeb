import PromoLibc

/// The candidates (``ExactCandidates``) prepared for orders whose currency has other minor
/// digits than the store's (a store without a currency, written with 2 decimal places,
/// priced against JPY orders): prepared on first use for each number of digits and kept,
/// so that only the first such order pays for the preparation. Shared by every thread
/// pricing with one ``PriceCalculator``, behind a lock.
final class CandidatesByDigits: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Guarded by `mutex`: the candidates of each number of digits, `nil` where an amount of
  /// the store cannot be paid in them (every order is then priced by a pass, which reports
  /// it).
  private var prepared: [Int: ExactCandidates?] = [:]

  init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The candidates for `minorDigits`, made by `prepare` the first time.
  ///
  /// - Complexity: O(1) expected after the first call for the same digits.
  func candidates(minorDigits: Int, prepare: () -> ExactCandidates?) -> ExactCandidates? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let found = prepared[minorDigits] { return found }
    let made = prepare()
    prepared[minorDigits] = made
    return made
  }
}
