import PromoKit
import PromoLibc

/// Reads a JSON Lines stream one line at a time, in constant memory: a fixed-size read
/// buffer plus the line being assembled.
///
///     var reader = JSONLinesReader(input: FileInput(...), willRead: { stdout.flush() })
///     while let line = try reader.next() { ... }
struct JSONLinesReader {
  /// The longest line accepted; a longer one is reported and skipped.
  static let maximumLineLength = 16 << 20

  /// Whether a line holds only spaces, tabs and carriage returns: a stream skips it (it
  /// still counts for line numbers).
  static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// One line of the stream, without its line break (a trailing `\r` is dropped too).
  enum Line {
    /// A line's number (from 1) and its bytes.
    case text(number: Int, bytes: ArraySlice<UInt8>)
    /// A line longer than ``maximumLineLength``, skipped.
    case tooLong(number: Int)
  }

  private let input: TextInput
  private let willRead: () -> Void
  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private var lineNumber = 0
  private var atEnd = false

  /// A reader of `input`; `willRead` runs before each read that may block, so that results
  /// already computed can be sent on first.
  init(input: TextInput, willRead: @escaping () -> Void = {}) {
    self.input = input
    self.willRead = willRead
  }

  /// Whether ``next()`` must read (and may block) before it has a line to give: no whole
  /// line is buffered and the end of the input has not been seen.
  var needsRead: Bool { !atEnd && firstNewline(from: scanned) == nil }

  /// The next line, or `nil` at the end of the stream.
  mutating func next() throws(PromoError) -> Line? {
    var skipping = false
    while true {
      if let newline = firstNewline(from: scanned) {
        lineNumber += 1
        let line = line(upTo: newline)
        start = newline + 1
        scanned = start
        if skipping { return .tooLong(number: lineNumber) }
        return .text(number: lineNumber, bytes: line)
      }
      scanned = buffer.count
      if atEnd {
        guard start < buffer.count || skipping else { return nil }
        lineNumber += 1
        let line = line(upTo: buffer.count)
        start = buffer.count
        scanned = start
        if skipping { return .tooLong(number: lineNumber) }
        return .text(number: lineNumber, bytes: line)
      }
      if buffer.count - start > Self.maximumLineLength {
        skipping = true
        start = buffer.count
      }
      // Drop the consumed bytes, then read more.
      buffer.removeSubrange(..<start)
      scanned -= start
      start = 0
      willRead()
      let chunk = try input.read(maximum: 1 << 16)
      if chunk.isEmpty { atEnd = true } else { buffer += chunk }
    }
  }

  /// The position of the first line break at or after `start`, found with `memchr`.
  @inline(__always)
  private func firstNewline(from start: Int) -> Int? {
    guard start < buffer.count else { return nil }
    return buffer.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
  }

  private func line(upTo end: Int) -> ArraySlice<UInt8> {
    var end = end
    if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return buffer[start..<end]
  }
}
