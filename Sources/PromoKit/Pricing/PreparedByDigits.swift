import PromoLibc

/// Promotions prepared for orders whose currency has other minor digits than the store's
/// (a store without a currency, written with 2 decimal places, priced against JPY orders):
/// each set is prepared on first use and kept, so that only the first such order pays for
/// the preparation. Shared by every thread pricing with one ``PriceCalculator``, behind a
/// lock.
final class PreparedByDigits: @unchecked Sendable {
  /// One prepared set: the working promotions without a further code (`code` nil) or of
  /// one code, for orders of `minorDigits`.
  private struct Key: Hashable {
    var minorDigits: Int
    var code: String?
  }

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Guarded by `mutex`.
  private var prepared: [Key: PreparedPromotions] = [:]

  init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The promotions of `code` (`nil`: those without a further code) prepared for
  /// `minorDigits`, by `prepare` the first time; a failure is not kept, so that every order
  /// it concerns reports it.
  ///
  /// - Complexity: O(1) expected after the first call for the same set.
  func promotions(
    minorDigits: Int, code: String?, prepare: () throws(PromoError) -> PreparedPromotions
  ) throws(PromoError) -> PreparedPromotions {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    let key = Key(minorDigits: minorDigits, code: code)
    if let found = prepared[key] { return found }
    let made = try prepare()
    prepared[key] = made
    return made
  }
}
