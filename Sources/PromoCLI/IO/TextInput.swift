import PromoKit
import PromoLibc

/// A stream of bytes a command reads: standard input or a file.
public protocol TextInput: AnyObject {
  /// The name used in messages: `stdin` or the file as the user typed it.
  var name: String { get }
  /// Up to `maximum` bytes; empty at the end of input.
  func read(maximum: Int) throws(PromoError) -> [UInt8]
}

extension TextInput {
  /// Everything until the end of input, at most ``FileIO/maximumFileSize`` bytes;
  /// `tooLargeHint` follows the error for more.
  public func readAll(tooLargeHint: String? = nil) throws(PromoError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let chunk = try read(maximum: 1 << 16)
      if chunk.isEmpty { return bytes }
      bytes += chunk
      if bytes.count > FileIO.maximumFileSize { throw FileIO.tooLarge(name, hint: tooLargeHint) }
    }
  }
}

/// Standard input of the process (file descriptor 0).
public final class StandardInput: TextInput {
  /// `stdin`.
  public let name = "stdin"

  /// Standard input.
  public init() {}

  /// Reads from file descriptor 0.
  public func read(maximum: Int) throws(PromoError) -> [UInt8] {
    try FileIO.read(descriptor: 0, maximum: maximum, name: name)
  }
}

/// A file opened for reading; closed when released.
final class FileInput: TextInput {
  let name: String
  private let descriptor: Int32

  /// Opens `path`; `name` is what messages call it.
  init(path: String, name: String) throws(PromoError) {
    self.name = name
    (descriptor, _) = try FileIO.openForReading(atPath: path, display: name)
  }

  deinit { close(descriptor) }

  func read(maximum: Int) throws(PromoError) -> [UInt8] {
    try FileIO.read(descriptor: descriptor, maximum: maximum, name: name)
  }
}

/// Input given as bytes, for running commands inside tests.
public final class GivenInput: TextInput {
  /// `stdin`.
  public let name = "stdin"
  private let bytes: [UInt8]
  private var position = 0

  /// Input that yields `text`.
  public init(_ text: String = "") {
    bytes = Array(text.utf8)
  }

  /// The next bytes of the given text.
  public func read(maximum: Int) throws(PromoError) -> [UInt8] {
    let end = min(bytes.count, position + maximum)
    defer { position = end }
    return Array(bytes[position..<end])
  }
}
