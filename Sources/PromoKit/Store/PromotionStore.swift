import PromoLibc

/// The promotion store file: reading it, and changing it safely.
///
/// Reading needs no lock (a write replaces the file in one rename). A change is first
/// tried on the store as it is, without the lock, so that a change bound to fail (a
/// missing or invalid store, an unknown id, a read-only store) fails before anything,
/// even the lock file, is created. Then it takes the exclusive lock `<store>.lock`, reads
/// the current store under it, applies the change again, and writes the result
/// atomically and durably (``AtomicFile``), so concurrent writers lose no update and a
/// crash leaves the old store or the new one.
///
/// A store reached through a symbolic link is read and written where the link leads, and
/// its lock is taken there (``StoreLocation``): the link stays a link, and every path to
/// one store shares one lock.
///
///     let store = PromotionStore(path: "promotions.json")
///     try store.change(lockTimeout: 10) { catalog in try catalog!.removing(id: "old") }
public struct PromotionStore: Sendable {
  /// The path as the user named it; used in messages.
  public let path: String

  /// A store at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The lock file beside the file the path leads to, symbolic links followed:
  /// `<store>.lock`, so that every path to one store shares one lock. A path that cannot be
  /// resolved (a dangling link) gives the lock beside the path as given.
  public var lockPath: String {
    (try? StoreLocation(resolving: path).lockPath) ?? path + ".lock"
  }

  /// Whether a file exists at the path.
  public var exists: Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The store's catalog. A missing store is ``PromoError/Category/missing``.
  ///
  /// - Complexity: one read of the file, then ``StoreDecoder/decode(_:file:)``.
  /// A symbolic link that leads to nothing is ``PromoError/Category/missing`` too, naming the
  /// link and the file it leads to.
  public func load() throws(PromoError) -> Catalog {
    try load(from: path)
  }

  /// The catalog in the file at `file`, which the path leads to; messages name the path.
  private func load(from file: String) throws(PromoError) -> Catalog {
    try StoreDecoder.decode(read(from: file), file: path)
  }

  /// The bytes of the file at `file`, which the path leads to; messages name the path.
  private func read(from file: String) throws(PromoError) -> [UInt8] {
    try namingDanglingLink { () throws(PromoError) in try FileIO.readFile(atPath: file, display: path) }
  }

  /// What `body` gives; a missing file it reports is, when the path is a symbolic link
  /// leading to nothing, reported as that link.
  private func namingDanglingLink<Result>(_ body: () throws(PromoError) -> Result) throws(PromoError)
    -> Result
  {
    do {
      return try body()
    } catch  where error.category == .missing {
      throw StoreLocation.danglingLinkError(path) ?? error
    }
  }

  /// Changes the store under its lock and returns the catalog written.
  ///
  /// `change` gets the current catalog (`nil` when there is no store yet), its own to
  /// change in place, and returns the new one, or throws to change nothing; it is called once or twice (see above: again
  /// only when the store changed between the first read and the lock), so it must not
  /// have other effects. A store that cannot be read or decoded is never rewritten.
  @discardableResult
  public func change(
    lockTimeout: Double, _ change: (consuming Catalog?) throws(PromoError) -> Catalog
  ) throws(PromoError) -> Catalog {
    // The path is resolved once: the lock, the reads and the write all use the file it
    // leads to, so a link and the real path share one lock and a link stays a link.
    let location = try StoreLocation(resolving: path)
    let target = location.file
    let before = try readIfPresent(target)
    let tried = try change(
      before.map { bytes throws(PromoError) in try StoreDecoder.decode(bytes, file: path) })
    try refuseIfReadOnly(target)
    let lock = try FileLock(path: location.lockPath, display: location.lockDisplay, timeout: lockTimeout)
    // Checked again under the lock: the store may have been made read-only while this
    // writer waited for it.
    try refuseIfReadOnly(target)
    AtomicFile.removeLeftovers(of: target)
    // Under the lock the store is read again; when it holds the same bytes, the change
    // already made of them is the one to write (`change` depends on its catalog alone).
    let updated: Catalog
    if try stillHolds(before, target) {
      updated = tried
    } else {
      updated = try change(
        readIfPresent(target).map { bytes throws(PromoError) in try StoreDecoder.decode(bytes, file: path) })
    }
    try AtomicFile.write(to: target, display: path) { sink throws(PromoError) in
      try CanonicalStoreWriter.write(updated, to: sink)
    }
    lock.release()
    return updated
  }

  /// Whether the file at `target` holds `bytes` (`nil`: there is no file), compared as it
  /// is read, in chunks: the store is not held in memory twice.
  private func stillHolds(_ bytes: [UInt8]?, _ target: String) throws(PromoError) -> Bool {
    guard try isPresent(target) else { return bytes == nil }
    guard let bytes else { return false }
    return try namingDanglingLink { () throws(PromoError) in
      try FileIO.file(atPath: target, holds: bytes, display: path)
    }
  }

  /// The store's bytes, or `nil` when there is no file at the path.
  private func readIfPresent(_ target: String) throws(PromoError) -> [UInt8]? {
    try isPresent(target) ? read(from: target) : nil
  }

  /// Whether there is a file at `target`. A store that is there but cannot be looked at
  /// (an I/O error, say) is an error, never taken for a missing one: `add` would otherwise
  /// replace it with a new store. A path below a file (`ENOTDIR`) has no store either;
  /// creating one fails later.
  private func isPresent(_ target: String) throws(PromoError) -> Bool {
    var info = stat()
    guard FileIO.retryingInterruptions({ stat(target, &info) }) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return false }
      throw FileIO.unreadable(path, errno: errno)
    }
    return true
  }

  /// Refuses to change a store its owner made read-only: before the lock or any file is
  /// created, and again under the lock (it may have been made read-only in between).
  /// Renaming over a file needs no permission on the file itself, only on its folder, so
  /// without this check a read-only store would be replaced; and root may write any file,
  /// so the mode bits are checked, not only `access(2)`.
  ///
  /// Read-only means the owner's write bit is clear (`chmod a-w`, `chmod u-w`: mode 0444,
  /// say), whoever runs `promo`; a user who is not allowed to write the file (`access(2)`
  /// with the effective ids, as for a store owned by someone else) is refused too.
  private func refuseIfReadOnly(_ target: String) throws(PromoError) {
    var info = stat()
    guard FileIO.retryingInterruptions({ stat(target, &info) }) == 0 else {
      if errno == ENOENT { try refuseMissingFolder() }
      if errno == ENOENT || errno == ENOTDIR { return }
      throw PromoError(.unwritable, file: path, "cannot read its file mode: \(FileIO.systemReason(errno))")
    }
    let mode = Self.octal(info.st_mode & 0o7777)
    // The mode allows the write and the system still refuses it: say what it said.
    let refusedAnyway =
      "cannot write the store: operation not permitted (EPERM), though its mode \(mode) allows it: "
      + "it is probably immutable (chattr +i, which refuses even root); lsattr shows it, chattr -i lifts it"
    if info.st_mode & S_IWUSR == 0 {
      throw PromoError(
        .unwritable, file: path,
        "the store is read-only (mode \(mode)); make it writable (chmod u+w) to change it")
    }
    guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else {
      let reason = errno
      if reason == EPERM { throw PromoError(.unwritable, file: path, refusedAnyway) }
      if reason == EACCES {
        throw PromoError(
          .unwritable, file: path,
          "the store is read-only for you (mode \(mode), owned by uid \(info.st_uid)); "
            + "its owner can change it, or make it writable for you")
      }
      throw PromoError(.unwritable, file: path, "cannot write the store: \(FileIO.systemReason(reason))")
    }
  }

  /// Refuses to create a store in a folder that does not exist, naming the folder (rather
  /// than the lock file, the first file that would be created there).
  private func refuseMissingFolder() throws(PromoError) {
    let folder = FilePath.folder(of: path)
    var info = stat()
    guard stat(folder, &info) != 0, errno == ENOENT else { return }
    throw PromoError(
      .unwritable, file: path,
      "cannot create the store: the folder \(folder) does not exist; create it first (mkdir -p \(folder))")
  }

  /// A file mode as `chmod` takes it: `0644`.
  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
