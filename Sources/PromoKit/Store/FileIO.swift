import PromoLibc

/// Reading whole files and standard input with plain system calls, errors mapped to
/// ``PromoError`` with the file's name and the system's reason.
package enum FileIO {
  /// The largest file read whole: 64 MiB. Larger inputs are refused cleanly (stream
  /// orders with `--lines` instead).
  package static let maximumFileSize = 64 << 20

  /// The reason given for a file that does not exist.
  package static let noSuchFileReason = "no such file"

  /// The bytes of the file at `path`, or an ``PromoError/Category/unreadable`` error.
  ///
  /// `display` is the name used in messages (what the user typed); `tooLargeHint` follows
  /// the error for a file past ``maximumFileSize``.
  package static func readFile(
    atPath path: String, display: String? = nil, tooLargeHint: String? = nil
  ) throws(PromoError) -> [UInt8] {
    let name = display ?? path
    let (descriptor, size) = try openForReading(atPath: path, display: name)
    defer { close(descriptor) }
    if size > maximumFileSize { throw tooLarge(name, hint: tooLargeHint) }
    return try readAll(descriptor: descriptor, name: name, sizeHint: size, tooLargeHint: tooLargeHint)
  }

  /// Opens the file at `path` for reading and returns its descriptor and size; a missing
  /// file, a folder or a file that cannot be read is ``PromoError/Category/unreadable``.
  /// The caller closes the descriptor.
  package static func openForReading(atPath path: String, display: String? = nil) throws(PromoError) -> (
    Int32, Int
  ) {
    let name = display ?? path
    let descriptor = retryingInterruptions { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { throw unreadable(name, errno: errno) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = errno
      close(descriptor)
      throw unreadable(name, errno: reason)
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw PromoError(.unreadable, file: name, "is a folder, not a file")
    }
    return (descriptor, Int(info.st_size))
  }

  /// Whether `path` names a folder.
  package static func isFolder(atPath path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Up to `maximum` bytes from `descriptor`; empty at end of file. A non-blocking
  /// descriptor with nothing to read yet is waited on (``waitUntilReady(_:for:)``).
  package static func read(descriptor: Int32, maximum: Int, name: String) throws(PromoError) -> [UInt8] {
    // Read straight into uninitialized memory: zeroing a buffer first would touch pages
    // that `read(2)` is about to write anyway.
    var failure: Int32 = 0
    let chunk = [UInt8](unsafeUninitializedCapacity: maximum) { buffer, count in
      while true {
        let read = systemRead(descriptor, buffer.baseAddress, maximum)
        if read >= 0 {
          count = read
          return
        }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A descriptor left non-blocking by whoever started `promo`: wait for input.
          waitUntilReady(descriptor, for: Int16(POLLIN))
        } else if errno != EINTR {
          failure = errno
          count = 0
          return
        }
      }
    }
    if failure != 0 { throw unreadable(name, errno: failure) }
    return chunk
  }

  /// Whether the file at `path` holds exactly `bytes`, compared as it is read, in chunks
  /// of 64 KiB: a second read of a file without a second copy of it in memory. `display`
  /// names the file in messages.
  ///
  /// - Complexity: O(*b*) for the *b* bytes of the file, in O(1) memory.
  package static func file(atPath path: String, holds bytes: [UInt8], display: String) throws(PromoError)
    -> Bool
  {
    let (descriptor, size) = try openForReading(atPath: path, display: display)
    defer { close(descriptor) }
    guard size == bytes.count else { return false }
    let chunkSize = 1 << 16
    let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    var offset = 0
    while true {
      let count = systemRead(descriptor, chunk, chunkSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw unreadable(display, errno: errno)
      }
      if count == 0 { return offset == bytes.count }
      guard offset + count <= bytes.count else { return false }
      let same = bytes.withUnsafeBytes { expected in memcmp(expected.baseAddress! + offset, chunk, count) == 0
      }
      guard same else { return false }
      offset += count
    }
  }

  /// Everything readable from `descriptor` until end of file.
  package static func readAll(
    descriptor: Int32, name: String, sizeHint: Int = 0, tooLargeHint: String? = nil
  ) throws(PromoError) -> [UInt8] {
    // As much as the size says (and one byte more, to see the end), read straight into the
    // result's memory, nothing zeroed first; then, if there is more, in chunks.
    let capacity = min(max(sizeHint, 0), maximumFileSize) + 1
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: capacity)
      while count < capacity {
        let read = systemRead(descriptor, buffer.baseAddress! + count, capacity - count)
        if read == 0 { return }
        if read < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        count += read
      }
    }
    if failure != 0 { throw unreadable(name, errno: failure) }
    if bytes.count < capacity { return bytes }
    while true {
      let chunk = try read(descriptor: descriptor, maximum: 1 << 16, name: name)
      if chunk.isEmpty { return bytes }
      bytes.append(contentsOf: chunk)
      if bytes.count > maximumFileSize { throw tooLarge(name, hint: tooLargeHint) }
    }
  }

  /// The error for an input past ``maximumFileSize``, with `hint` after it if given.
  package static func tooLarge(_ name: String, hint: String? = nil) -> PromoError {
    PromoError(
      .invalidData, file: name,
      "is larger than \(maximumFileSize >> 20) MiB, the most read at once" + (hint.map { "; " + $0 } ?? ""))
  }

  /// An ``PromoError/Category/unreadable`` error for `name` with the system's reason.
  /// A file that is not there (`ENOENT`) is ``PromoError/Category/missing``.
  static func unreadable(_ name: String, errno code: Int32) -> PromoError {
    PromoError(code == ENOENT ? .missing : .unreadable, file: name, systemReason(code))
  }

  /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`), or is closed or
  /// failed (the next read or write then says which): what a read or write of a
  /// non-blocking descriptor (one a parent such as Node.js passes on) does instead of
  /// failing with `EAGAIN`.
  package static func waitUntilReady(_ descriptor: Int32, for events: Int16) {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while poll(&entry, 1, -1) < 0 && errno == EINTR {}
  }

  /// Calls `call` again as long as it fails with `EINTR` (a signal arrived before it did
  /// anything), and returns its result; `errno` is left as the last call set it.
  static func retryingInterruptions(_ call: () -> Int32) -> Int32 {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// The reason for an `errno` value, in lower case as the system words it.
  package static func systemReason(_ code: Int32) -> String {
    switch code {
    case ENOENT: return noSuchFileReason
    case EACCES, EPERM: return "permission denied"
    case EISDIR: return "is a folder, not a file"
    case ENOTDIR: return "a part of the path is not a folder"
    case ENAMETOOLONG: return "the path is too long"
    case ELOOP: return "too many symbolic links"
    default:
      guard let text = strerror(code) else { return "error \(code)" }
      return String(cString: text).lowercased()
    }
  }
}

/// `read(2)`, named apart from ``FileIO/read(descriptor:maximum:name:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
