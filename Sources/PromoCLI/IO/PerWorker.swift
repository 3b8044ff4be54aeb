import PromoKit
import Synchronization

/// A value for each worker thread of a stream (``ParallelLines``): the first worker takes
/// the value given, each other one a value of its own, made on its thread.
///
/// Pricing an order retains and releases the calculator's arrays and boxes; two threads
/// sharing one calculator pass the cache lines of those reference counts between the cores
/// on every order. On 1,000,000 orders of the bench's stream on two cores, sharing one made
/// `price --lines --jobs 2` do a third more work than `--jobs 1` (2.52 s of CPU against
/// 1.95 s); with a calculator each, prepared again from the same store, it does the same
/// work (2.01 s). Being prepared from the same store and context, the values give the same
/// bytes.
///
///     let pricers = PerWorker(pricer) { pricer.preparedAgain(keptUntilExit: kept) }
///     let own = pricers.next()   // on each worker thread
final class PerWorker<Value: Sendable>: Sendable {
  /// The value the command made, which the first worker takes.
  private let shared: Value
  /// Makes a value like ``shared`` of its own (`nil` when it cannot, and the worker then
  /// shares ``shared``).
  private let make: @Sendable () -> Value?
  /// Whether the first worker has taken ``shared``.
  private let sharedIsTaken = Mutex(false)

  /// Values like `shared`, the others made by `make`.
  init(_ shared: Value, making make: @escaping @Sendable () -> Value?) {
    self.shared = shared
    self.make = make
  }

  /// The value of the worker calling: ``shared`` for the first, else one `make` makes.
  ///
  /// - Complexity: O(1) for the first worker; that of `make` for the others.
  func next() -> Value {
    let isFirst = sharedIsTaken.withLock { isTaken in
      defer { isTaken = true }
      return !isTaken
    }
    return isFirst ? shared : make() ?? shared
  }
}

extension PriceCalculator {
  /// A calculator of its own for a worker thread (``PerWorker``), prepared again from the
  /// same store and context and kept in `keptUntilExit` like the first; `nil` if preparing
  /// it fails, which the first preparation rules out.
  ///
  /// - Complexity: that of preparing the store.
  func preparedAgain(keptUntilExit: KeptUntilExit?) -> PriceCalculator? {
    guard let again = try? PriceCalculator(catalog: catalog, context: context) else { return nil }
    keptUntilExit?.keep(again)
    return again
  }
}
