#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file's content so that a crash at any moment leaves the old content or the
/// new, never a mix: write a temporary file in the same folder, flush it to disk, give it
/// the old file's mode, rename it over the file, and flush the folder.
///
/// Callers hold the store's lock, so any temporary file of the same name pattern found
/// beside the file was left by a writer that died; ``removeLeftovers(of:)`` deletes them.
enum AtomicFile {
  /// The prefix of temporary files for `path`: `.<name>.tmp-`.
  static func temporaryPrefix(for path: String) -> String {
    "." + FilePath.lastComponent(of: path) + ".tmp-"
  }

  /// Writes `bytes` to `path` atomically and durably.
  static func write(_ bytes: [UInt8], to path: String, display: String) throws(PromoError) {
    let folder = FilePath.folder(of: path)
    var existing = stat()
    let mode: mode_t? = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
    let temporary =
      folder + "/" + temporaryPrefix(for: path) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw PromoError(
        .unwritable, file: display, "cannot write a temporary file beside it: \(FileIO.systemReason(errno))")
    }
    var written = 0
    var failure: Int32 = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      written += count
    }
    if failure == 0, let mode, fchmod(descriptor, mode) != 0 { failure = errno }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw PromoError(.unwritable, file: display, "cannot write: \(FileIO.systemReason(failure))")
    }
    syncFolder(folder)
  }

  /// Flushes a folder's entries (the rename) to disk.
  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// Deletes temporary files left beside `path` by writers that died mid-write.
  static func removeLeftovers(of path: String) {
    let folder = FilePath.folder(of: path)
    let prefix = temporaryPrefix(for: path)
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    var stale: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { stale.append(name) }
    }
    for name in stale { unlink(folder + "/" + name) }
  }
}

/// Splitting paths into folder and name, without Foundation.
enum FilePath {
  /// The folder holding `path`: `.` for a bare name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The last component of `path`.
  static func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}

/// `write(2)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
