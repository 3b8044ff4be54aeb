/// Everything that can go wrong in `promo`, with where it went wrong.
///
/// The ``category`` says what kind of failure it is (the command line maps it to an exit
/// status); ``file``, ``position`` and ``message`` make the one line a person reads:
/// `promotions.json: promotions[2].endsAt: endsAt must be after startsAt`.
public struct PromoError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Category: Sendable, Hashable {
    /// The command line is wrong: unknown command or flag, missing or malformed argument.
    case usage
    /// The request names an id that does not exist.
    case notFound
    /// The request names an id that already exists.
    case alreadyExists
    /// A file's content is wrong: invalid JSON, schema violation, overflow, mismatch.
    case invalidData
    /// An input file or the store does not exist: nothing is at its path.
    case missing
    /// An input file or the store exists but cannot be read (permissions, an I/O error).
    case unreadable
    /// The store cannot be written.
    case unwritable
    /// The store's lock could not be had in time.
    case lockTimeout
    /// Standard output could not be written (a full disk, say): not in the documented
    /// table, so it takes sysexits' `EX_IOERR`.
    case outputFailed
  }

  /// What kind of failure this is.
  public var category: Category
  /// The file concerned, as the user named it, if any.
  public var file: String?
  /// Where in the file: `line:column` for syntax, a JSON path such as
  /// `promotions[2].endsAt` for content.
  public var position: String?
  /// What is wrong, with a hint where one helps.
  public var message: String

  /// Creates an error.
  public init(_ category: Category, file: String? = nil, position: String? = nil, _ message: String) {
    self.category = category
    self.file = file
    self.position = position
    self.message = message
  }

  /// The error, naming `file` when it names no file yet.
  public func inFile(_ file: String) -> PromoError {
    var copy = self
    if copy.file == nil { copy.file = file }
    return copy
  }

  /// `file: position: message`, leaving out the parts that are not known.
  public var description: String {
    [file, position, message].compactMap { $0 }.joined(separator: ": ")
  }
}
