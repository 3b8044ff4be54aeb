import Synchronization

/// What a command is done with but the process need not take apart: the store it read (a
/// big one is hundreds of thousands of objects) and the calculator prepared from it. `main`
/// ends the process with them still held, so the system takes their memory back at once
/// rather than `promo` freeing them object by object on its way out.
///
///     let kept = KeptUntilExit()
///     let status = PromoCLI.run(arguments: arguments, ..., keepingUntilExit: kept)
///     withExtendedLifetime(kept) { exit(status) }
///
/// Tests run many commands in one process and pass none: what a command made is then freed
/// when it returns.
public final class KeptUntilExit: Sendable {
  private let values = Mutex<[any Sendable]>([])

  /// Nothing kept yet.
  public init() {}

  /// Holds `value` until the process ends.
  ///
  /// - Complexity: O(1) amortized.
  func keep(_ value: any Sendable) {
    values.withLock { $0.append(value) }
  }
}
