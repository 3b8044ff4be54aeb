import PromoKit
import PromoLibc

/// Where a command writes its standard output or standard error.
public protocol TextOutput: AnyObject {
  /// Writes `text` as UTF-8.
  func write(_ text: String)
  /// Writes UTF-8 bytes.
  func write(_ bytes: [UInt8])
  /// Writes UTF-8 bytes held in memory the caller owns.
  func write(contentsOf bytes: UnsafeBufferPointer<UInt8>)
  /// Whether a person is reading: a terminal, so colour may be used.
  var isTerminal: Bool { get }
  /// Sends buffered text on.
  func flush()
  /// Why writing failed, if it did (the reader went away, a full disk); later writes are
  /// dropped.
  var failure: OutputFailure? { get }
}

extension TextOutput {
  /// Writes UTF-8 bytes held in memory the caller owns, as an array of them.
  public func write(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    write(Array(bytes))
  }
}

/// Why an output stopped taking text.
public enum OutputFailure: Equatable, Sendable {
  /// The reader closed its end (`promo ... | head -1`): nobody wants more, which is not an
  /// error; the command stops quietly with status 0.
  case closedByReader
  /// Writing failed for another reason (a full disk, an I/O error): status 74.
  case failed(reason: String)
}

/// Output to a file descriptor, buffered, written with `write(2)`.
public final class FileDescriptorOutput: TextOutput {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// Why a write failed, if one did.
  public private(set) var failure: OutputFailure?
  /// Whether the descriptor is a terminal.
  public let isTerminal: Bool
  /// The most one `write(2)` sends: a pipe or a socket, which a slow reader fills, is
  /// written in pieces of at most `PIPE_BUF` bytes (4 KiB on Linux) that end lines, which a
  /// pipe takes whole or not at all, so that a termination signal never cuts a line there
  /// and waits for a write that goes on (``TerminationSignals``); anything else, at once.
  private let pieceSize: Int

  /// Output to `descriptor` (1 for standard output, 2 for standard error).
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.isTerminal = isatty(descriptor) == 1
    var info = stat()
    let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
    pieceSize = kind == S_IFIFO || kind == S_IFSOCK ? Int(PIPE_BUF) : .max
    buffer.reserveCapacity(1 << 16)
  }

  deinit { flush() }

  /// Appends `text` to the buffer, sending it on when the buffer is full.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends UTF-8 bytes to the buffer, sending it on when the buffer is full.
  public func write(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends UTF-8 bytes to the buffer, sending it on when the buffer is full; as many
  /// bytes as the buffer holds or more are sent on at once, after it, without being copied.
  public func write(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count < 1 << 16 {
      buffer.append(contentsOf: bytes)
      if buffer.count >= 1 << 16 { flush() }
      return
    }
    flush()
    guard failure == nil else { return }
    TerminationSignals.withoutTermination { send(bytes) }
  }

  /// Writes the whole buffer, retrying after interruptions. After a failure (``failure``
  /// says which) the buffer and every later write are dropped. A termination signal ends
  /// the process before or after the whole buffer is written, not in the middle
  /// (``TerminationSignals``); the buffer holds whole lines whenever a command flushes it.
  public func flush() {
    guard failure == nil else { return buffer.removeAll(keepingCapacity: true) }
    TerminationSignals.withoutTermination {
      buffer.withUnsafeBufferPointer { send($0) }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes all of `bytes` with `write(2)`, retrying after interruptions and waiting on a
  /// non-blocking descriptor that is full; a failure is kept in ``failure``.
  private func send(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    var start = 0
    while start < bytes.count {
      let written = writeBytes(descriptor, base + start, pieceEnd(of: bytes, from: start) - start)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A non-blocking descriptor (left so by whoever started `promo`): a slow reader.
          FileIO.waitUntilReady(descriptor, for: Int16(POLLOUT))
          continue
        }
        if failure == nil {
          failure = errno == EPIPE ? .closedByReader : .failed(reason: FileIO.systemReason(errno))
        }
        break
      }
      start += written
      TerminationSignals.progressed()
    }
  }

  /// Where the piece of `bytes` that starts at `start` ends: after the last line break of
  /// its first ``pieceSize`` bytes, or, when they hold none, after the next one (or at the
  /// end).
  private func pieceEnd(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard bytes.count - start > pieceSize else { return bytes.count }
    let newline = UInt8(ascii: "\n")
    if let last = bytes[start..<(start + pieceSize)].lastIndex(of: newline) { return last + 1 }
    return bytes[(start + pieceSize)...].firstIndex(of: newline).map { $0 + 1 } ?? bytes.count
  }
}

/// Output that goes nowhere, for `--quiet`.
final class DiscardedOutput: TextOutput {
  let isTerminal = false
  /// Nothing written, nothing failed.
  var failure: OutputFailure? { nil }
  func write(_ text: String) {}
  func write(_ bytes: [UInt8]) {}
  func flush() {}
}

/// Output kept in memory, for running commands inside tests.
public final class CapturedOutput: TextOutput {
  /// Everything written so far.
  public private(set) var text = ""
  /// Whether to behave as a terminal would.
  public let isTerminal: Bool
  /// Memory never fails.
  public var failure: OutputFailure? { nil }

  /// An empty capture; `isTerminal` pretends to be a terminal.
  public init(isTerminal: Bool = false) {
    self.isTerminal = isTerminal
  }

  /// Appends `text`.
  public func write(_ text: String) { self.text += text }

  /// Appends UTF-8 bytes.
  public func write(_ bytes: [UInt8]) { text += String(decoding: bytes, as: UTF8.self) }

  /// Does nothing: the text is already kept.
  public func flush() {}
}

/// `write(2)`, named apart from the ``TextOutput`` method.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
