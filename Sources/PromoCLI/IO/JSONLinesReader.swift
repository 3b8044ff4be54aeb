import PromoKit
import PromoLibc

/// Reads a JSON Lines stream one line at a time, in constant memory: a fixed-size read
/// buffer plus the line being assembled.
///
///     var reader = JSONLinesReader(input: FileInput(...), willRead: { stdout.flush() })
///     while let line = try reader.next() { ... reader.bytes[line.range!] ... }
///
/// A line is given as where its bytes are in ``bytes``, which holds them until the next
/// read (``needsRead()``): a chunk of lines keeps ``bytes`` (sharing its storage) rather
/// than a copy of each line.
struct JSONLinesReader {
  /// The longest line accepted (in bytes, without its line break), wherever it starts in
  /// the stream; a longer one is reported and skipped.
  static let maximumLineLength = 16 << 20

  /// Whether a line holds only spaces, tabs and carriage returns: a stream skips it (it
  /// still counts for line numbers).
  static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// One line of the stream: its number (from 1), and where its bytes are in ``bytes``
  /// (without its line break; a trailing `\r` is dropped too), or `nil` for a line longer
  /// than ``maximumLineLength``, skipped.
  typealias Line = (number: Int, range: Range<Int>?)

  private let input: TextInput
  private let willRead: () -> Void
  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  /// The first line break at or after `scanned` found by the last search, or `-1` when it
  /// found none; `nil` when `scanned` or the buffer changed since.
  private var foundNewline: Int?
  private var lineNumber = 0
  private var atEnd = false

  /// A reader of `input`; `willRead` runs before each read that may block, so that results
  /// already computed can be sent on first.
  init(input: TextInput, willRead: @escaping () -> Void = {}) {
    self.input = input
    self.willRead = willRead
  }

  /// The bytes buffered, which the ranges of the lines ``next()`` gave since the last read
  /// index.
  var bytes: [UInt8] { buffer }

  /// Whether ``next()`` must read (and may block) before it has a line to give: no whole
  /// line is buffered and the end of the input has not been seen.
  mutating func needsRead() -> Bool { !atEnd && newline() == nil }

  /// The next line, or `nil` at the end of the stream.
  mutating func next() throws(PromoError) -> Line? {
    var skipping = false
    while true {
      if let newline = newline() {
        lineNumber += 1
        let line = line(upTo: newline)
        start = newline + 1
        scanned = start
        foundNewline = nil
        return (lineNumber, skipping || line.count > Self.maximumLineLength ? nil : line)
      }
      scanned = buffer.count
      foundNewline = nil
      if atEnd {
        guard start < buffer.count || skipping else { return nil }
        lineNumber += 1
        let line = line(upTo: buffer.count)
        start = buffer.count
        scanned = start
        return (lineNumber, skipping || line.count > Self.maximumLineLength ? nil : line)
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

  /// The first line break at or after `scanned`, searched for once until `scanned` or the
  /// buffer changes.
  private mutating func newline() -> Int? {
    if let found = foundNewline { return found < 0 ? nil : found }
    let found = firstNewline(from: scanned)
    foundNewline = found ?? -1
    return found
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

  /// Where the line from `start` to `end` is, without a trailing `\r`.
  private func line(upTo end: Int) -> Range<Int> {
    var end = end
    if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<end
  }
}
