import PromoLibc

/// Where a store path really leads: the file reached once every symbolic link on the way
/// is followed (`realpath(3)`: a link to a link, a relative target, a linked folder), and
/// the lock file beside that file.
///
/// Two paths to one store (a link and the file it leads to) give the same location, so
/// their writers take one lock and exclude each other. The store is read and replaced
/// there, and a link on the way stays a link. A store that does not exist yet is created
/// in the folder its path leads to. A link whose chain ends at nothing (a dangling link)
/// is refused as ``PromoError/Category/missing``, naming the link and what it leads to.
struct StoreLocation {
  /// The file the path leads to: absolute when the store or its folder exists, else the
  /// path as given (creating a file there fails with the system's reason).
  let file: String

  /// The lock file beside ``file``: `<file>.lock`.
  var lockPath: String { file + ".lock" }

  /// The lock file as messages name it: beside the path as given when that path is not
  /// itself a link (the same file, named as the user would), else ``lockPath``.
  let lockDisplay: String

  /// Resolves `path`.
  init(resolving path: String) throws(PromoError) {
    file = try Self.resolve(path)
    var info = stat()
    let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    lockDisplay = isLink ? file + ".lock" : path + ".lock"
  }

  /// The file `path` leads to (see ``file``).
  private static func resolve(_ path: String) throws(PromoError) -> String {
    if let resolved = realPath(path) { return resolved }
    let reason = errno
    // A path below a file has no store, and creating one there fails with that reason.
    if reason == ENOTDIR { return path }
    // Any other failure (no permission to search a folder, a loop of links) leaves the path
    // unresolved: writing at the path itself could replace a link with a file.
    guard reason == ENOENT else { throw FileIO.unreadable(path, errno: reason) }
    if let dangling = danglingLinkError(path) { throw dangling }
    // No store yet: it is created in the folder the path leads to.
    guard let folder = realPath(FilePath.folder(of: path)) else { return path }
    return (folder == "/" ? "" : folder) + "/" + FilePath.lastComponent(of: path)
  }

  /// The error for `path` when it is a symbolic link whose chain ends at nothing: status 66,
  /// naming the link and the missing file it leads to; `nil` when it is not such a link.
  /// A path that cannot be examined (`lstat(2)` failing but for a missing file) is an error
  /// too: it may be such a link, which a store written at the path would replace.
  static func danglingLinkError(_ path: String) -> PromoError? {
    var info = stat()
    guard FileIO.retryingInterruptions({ lstat(path, &info) }) == 0 else {
      return errno == ENOENT ? nil : FileIO.unreadable(path, errno: errno)
    }
    guard info.st_mode & S_IFMT == S_IFLNK else { return nil }
    var current = path
    // Follows the chain by hand to name its last link's target (realpath(3) cannot, as the
    // target does not exist). 40 links is the kernel's own limit.
    for _ in 0..<40 {
      guard let target = linkTarget(current) else { break }
      let folder = FilePath.folder(of: current)
      let next = target.hasPrefix("/") || folder == "." ? target : folder + "/" + target
      guard FileIO.retryingInterruptions({ lstat(next, &info) }) == 0 else {
        return PromoError(
          .missing, file: path,
          "is a symbolic link to \(next), which does not exist; "
            + "create the store there, or point the link at an existing store")
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return nil }
      current = next
    }
    return PromoError(
      .missing, file: path, "is a symbolic link that leads nowhere: \(FileIO.systemReason(ELOOP))")
  }

  /// `realpath(3)` of `path`, or `nil` with `errno` set.
  private static func realPath(_ path: String) -> String? {
    var resolved = realpath(path, nil)
    while resolved == nil && errno == EINTR { resolved = realpath(path, nil) }
    guard let resolved else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What the symbolic link at `path` holds (`readlink(2)`), or `nil`.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    var count = readlink(path, &buffer, buffer.count - 1)
    while count < 0 && errno == EINTR { count = readlink(path, &buffer, buffer.count - 1) }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
