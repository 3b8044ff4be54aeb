import Foundation

/// How many cases the heaviest checks run: all of them in a plain `swift test`, fewer under
/// AddressSanitizer.
///
/// Under AddressSanitizer the pricing code runs about twelve times slower, and the two checks
/// of `IndexedSelectionTests` that price 400 orders against stores of thousands of deals by
/// three routes would take most of CI's time. The sanitizer looks for memory errors, which
/// any order that goes through the code reveals; whether every order is priced right is the
/// plain run's job, which runs every case. `scripts/sanitize.sh address` sets
/// `PROMO_TEST_SCALE=reduced`, and such a check then runs its `reduced` count: every store
/// and seed still, over fewer orders, none of them explained (`--explain` searches once
/// per promotion of the store, and the golden and explanation tests explain under the
/// sanitizer too). The check that tries a million plans to reach the layered search's
/// limit (`LayeredSearchBoundsTests`) is left out (`.disabled(if: TestScale.isReduced)`);
/// the one past the limit of explaining sets a low limit, and runs.
package enum TestScale {
  /// Whether this run asked for the reduced counts (`PROMO_TEST_SCALE=reduced`).
  package static let isReduced = ProcessInfo.processInfo.environment["PROMO_TEST_SCALE"] == "reduced"

  /// `full`, or `reduced` when this run asked for the reduced counts.
  package static func count(_ full: Int, reduced: Int) -> Int {
    isReduced ? min(full, reduced) : full
  }
}
