import PromoKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command runs with: its parsed arguments, the environment, the three standard
/// streams and the clock.
struct CommandContext {
  /// The parsed arguments.
  var arguments: ParsedArguments
  /// The environment variables.
  var environment: [String: String]
  /// Standard input.
  var stdin: TextInput
  /// Standard output.
  var stdout: TextOutput
  /// Standard error.
  var stderr: TextOutput
  /// Reads the current time; called at most once per command.
  var clock: @Sendable () -> Instant

  /// The default store file when neither `--store` nor `$PROMO_STORE` names one.
  static let defaultStorePath = "promotions.json"

  /// The store in use: `--store`, else `$PROMO_STORE`, else `./promotions.json`.
  var storePath: String {
    if let path = arguments.value("--store") { return path }
    if let path = environment["PROMO_STORE"], !path.isEmpty { return path }
    return Self.defaultStorePath
  }

  /// The evaluation time: `--at` when given, else the clock.
  func evaluationTime() throws(PromoError) -> Instant {
    guard let text = arguments.value("--at") else { return clock() }
    do {
      return try Timestamp(parsing: text).instant
    } catch {
      throw PromoError(.usage, position: "--at", "\"\(text)\": \(error.reason)")
    }
  }

  /// Whether text output may use colour: standard output is a terminal and `NO_COLOR` is
  /// unset or empty.
  var textStyle: TextStyle {
    TextStyle(isEnabled: stdout.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
  }

  /// Reads and decodes the store in use; a missing one is an error that says how to make
  /// one.
  func loadStore() throws(PromoError) -> Catalog {
    let path = storePath
    do {
      return try StoreDecoder.decode(FileIO.readFile(atPath: path), file: path)
    } catch  where error.category == .unreadable && error.message == FileIO.noSuchFileReason {
      throw PromoError(
        .unreadable, file: path,
        "no promotion store here; create one with 'promo init' or 'promo add', or name one with --store or $PROMO_STORE"
      )
    }
  }
}

/// The system clock, to the whole second, so that the evaluation time printed is the one
/// every date check used.
public enum SystemClock {
  /// The current time, truncated to the second.
  @Sendable public static func now() -> Instant {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Instant(secondsSinceEpoch: Int64(spec.tv_sec))
  }
}
