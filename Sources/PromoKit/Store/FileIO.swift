#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading whole files and standard input with plain system calls, errors mapped to
/// ``PromoError`` with the file's name and the system's reason.
public enum FileIO {
  /// The largest file read whole: 256 MiB. Larger inputs are refused cleanly (stream
  /// orders with `--lines` instead).
  public static let maximumFileSize = 256 << 20

  /// The reason given for a file that does not exist.
  public static let noSuchFileReason = "no such file"

  /// The bytes of the file at `path`, or an ``PromoError/Category/unreadable`` error.
  ///
  /// `display` is the name used in messages (what the user typed).
  public static func readFile(atPath path: String, display: String? = nil) throws(PromoError) -> [UInt8] {
    let name = display ?? path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(name, errno: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw unreadable(name, errno: errno) }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw PromoError(.unreadable, file: name, "is a folder, not a file")
    }
    return try readAll(descriptor: descriptor, name: name, sizeHint: Int(info.st_size))
  }

  /// Everything readable from `descriptor` until end of file.
  public static func readAll(descriptor: Int32, name: String, sizeHint: Int = 0) throws(PromoError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(sizeHint, 0), maximumFileSize) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw unreadable(name, errno: errno)
      }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > maximumFileSize {
        throw PromoError(
          .invalidData, file: name,
          "is larger than \(maximumFileSize >> 20) MiB, the most read at once; stream orders with --lines")
      }
    }
  }

  /// An ``PromoError/Category/unreadable`` error for `name` with the system's reason.
  static func unreadable(_ name: String, errno code: Int32) -> PromoError {
    PromoError(.unreadable, file: name, systemReason(code))
  }

  /// The reason for an `errno` value, in lower case as the system words it.
  public static func systemReason(_ code: Int32) -> String {
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
