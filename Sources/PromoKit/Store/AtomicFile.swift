import PromoLibc

/// Replaces a file's content so that a crash at any moment leaves the old content or the
/// new, never a mix: write a temporary file in the same folder, give it the old file's
/// group (when the writer may) and mode, flush it to disk, rename it over the file, and flush the folder.
///
/// A failure of any step before the rename removes the temporary file and leaves the old
/// file as it was. A failure to flush the folder after the rename is reported too: the new
/// content is in place, but the rename may not survive a power cut.
///
/// Callers hold the store's lock, so any temporary file of the same name pattern found
/// beside the file was left by a writer that died; ``removeLeftovers(of:)`` deletes them.
enum AtomicFile {
  /// The prefix of temporary files for `path`: `.<name>.tmp-`.
  static func temporaryPrefix(for path: String) -> String {
    "." + FilePath.lastComponent(of: path) + ".tmp-"
  }

  /// Writes to `path` atomically and durably what `contents` hands its sink, chunk by
  /// chunk, in order; `display` names the file in messages. A chunk that cannot be
  /// written, or an error `contents` throws, removes the temporary file and leaves the old
  /// file as it was.
  static func write(
    to path: String, display: String,
    contents: ((UnsafeBufferPointer<UInt8>) throws(PromoError) -> Void) throws(PromoError) -> Void
  ) throws(PromoError) {
    let folder = FilePath.folder(of: path)
    // The new file keeps the old one's mode; a mode that cannot be read is a failure, not
    // a reason to widen it to the default.
    var existing = stat()
    var mode: mode_t?
    if FileIO.retryingInterruptions({ stat(path, &existing) }) == 0 {
      mode = existing.st_mode & 0o7777
    } else if errno != ENOENT {
      throw notWritten(display, "cannot read its file mode", errno)
    }
    let temporary =
      folder + "/" + temporaryPrefix(for: path) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = FileIO.retryingInterruptions {
      open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else {
      throw notWritten(display, "cannot create a temporary file beside it", errno)
    }
    do {
      try contents { chunk throws(PromoError) in
        let failure = writeAll(chunk, to: descriptor)
        if failure != 0 { throw notWritten(display, "cannot write", failure) }
      }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    var failure: Int32 = 0
    // The new file keeps the old one's group when the writer may give it (a store a team
    // shares through its group stays the team's); one it may not give is left as the
    // writer's, as the owner is (a rename makes the writer the owner). Before the mode,
    // which a change of group may clear bits of.
    if mode != nil, existing.st_gid != getegid() { _ = fchown(descriptor, uid_t.max, existing.st_gid) }
    if let mode, FileIO.retryingInterruptions({ fchmod(descriptor, mode) }) != 0 { failure = errno }
    if failure == 0, FileIO.retryingInterruptions({ fsync(descriptor) }) != 0 { failure = errno }
    // A failed close (a deferred write error, say) fails the write too.
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure == 0, FileIO.retryingInterruptions({ rename(temporary, path) }) != 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw notWritten(display, "cannot write", failure)
    }
    try syncFolder(folder, display: display)
  }

  /// Writes all of `bytes` to `descriptor`; returns 0, or the `errno` of the failure.
  private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
    var written = 0
    while written < bytes.count {
      let count = systemWrite(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      // No progress on a regular file: give up rather than loop.
      if count == 0 { return EIO }
      written += count
    }
    return 0
  }

  /// Flushes a folder's entries (the rename) to disk. Any failure, even to open the
  /// folder, is reported: the new file is in place, but may not survive a power cut.
  private static func syncFolder(_ folder: String, display: String) throws(PromoError) {
    let descriptor = FileIO.retryingInterruptions { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      throw notDurable(display, "cannot open its folder to flush it", errno)
    }
    let flushed = FileIO.retryingInterruptions { fsync(descriptor) }
    let reason = errno
    // The flush is done (or has failed) by now: closing a folder opened for reading loses
    // nothing, so its result does not matter.
    close(descriptor)
    guard flushed == 0 else {
      throw notDurable(display, "cannot flush its folder", reason)
    }
  }

  /// A failure before the rename: the old file is untouched.
  private static func notWritten(_ display: String, _ what: String, _ code: Int32) -> PromoError {
    PromoError(
      .unwritable, file: display,
      "\(what): \(FileIO.systemReason(code)); the store was left as it was")
  }

  /// A failure after the rename: the new file is in place, but the rename may be lost.
  private static func notDurable(_ display: String, _ what: String, _ code: Int32) -> PromoError {
    PromoError(
      .unwritable, file: display,
      "the new store is in place but may not survive a power cut: \(what): \(FileIO.systemReason(code))")
  }

  /// Deletes temporary files left beside `path` by writers that died mid-write.
  static func removeLeftovers(of path: String) {
    let folder = FilePath.folder(of: path)
    let prefix = temporaryPrefix(for: path)
    for name in FilePath.names(inFolder: folder) where name.hasPrefix(prefix) {
      _ = FileIO.retryingInterruptions { unlink(folder + "/" + name) }
    }
  }
}

/// Splitting paths into folder and name, without Foundation.
package enum FilePath {
  /// The folder holding `path`: `.` for a bare name.
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The names of the entries of `folder` (none when it cannot be read).
  package static func names(inFolder folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      names.append(
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        })
    }
    return names
  }

  /// The last component of `path`.
  package static func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}

/// `write(2)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
