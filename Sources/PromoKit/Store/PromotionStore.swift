#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The promotion store file: reading it, and changing it safely.
///
/// Reading needs no lock (a write replaces the file in one rename). A change is first
/// tried on the store as it is, without the lock, so that a change bound to fail (a
/// missing or invalid store, an unknown id) fails before anything, even the lock file, is
/// created. Then it takes the exclusive lock `<store>.lock`, reads the current store under
/// it, applies the change again, and writes the result atomically and durably
/// (``AtomicFile``), so concurrent writers lose no update and a crash leaves the old store
/// or the new one.
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

  /// The lock file beside the store: `<store>.lock`.
  public var lockPath: String { path + ".lock" }

  /// Whether a file exists at the path.
  public var exists: Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The store's catalog. A missing store is ``PromoError/Category/unreadable`` with the
  /// reason ``FileIO/noSuchFileReason``.
  public func load() throws(PromoError) -> Catalog {
    try StoreDecoder.decode(FileIO.readFile(atPath: path), file: path)
  }

  /// Changes the store under its lock and returns the catalog written.
  ///
  /// `change` gets the current catalog (`nil` when there is no store yet) and returns the
  /// new one, or throws to change nothing; it is called twice (see above), so it must not
  /// have other effects. A store that cannot be read or decoded is never rewritten.
  @discardableResult
  public func change(
    lockTimeout: Double, _ change: (Catalog?) throws(PromoError) -> Catalog
  ) throws(PromoError) -> Catalog {
    _ = try change(loadIfPresent())
    let target = resolvedPath()
    let lock = try FileLock(path: lockPath, timeout: lockTimeout)
    AtomicFile.removeLeftovers(of: target)
    let updated = try change(loadIfPresent())
    try AtomicFile.write(Array(StoreEncoder.encode(updated).utf8), to: target, display: path)
    lock.release()
    return updated
  }

  /// The catalog, or `nil` when there is no file at the path.
  private func loadIfPresent() throws(PromoError) -> Catalog? {
    exists ? try load() : nil
  }

  /// The path with a symbolic link at its end followed, so that a linked store is
  /// rewritten where it really is.
  private func resolvedPath() -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
