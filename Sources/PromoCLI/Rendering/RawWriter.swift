/// Writes bytes into memory the caller made large enough: no check per byte in a release
/// build; a debug build stops at the first write past the room (`assert`).
struct RawWriter {
  /// Where the next byte goes. Its setter is internal (not private) for the quoting and
  /// number writers, extensions in other files, which move it past what they write.
  var position: UnsafeMutablePointer<UInt8>
  /// The end of the room the caller made.
  private let end: UnsafeMutablePointer<UInt8>

  /// A writer of at most `capacity` bytes starting at `start`.
  init(_ start: UnsafeMutablePointer<UInt8>, capacity: Int) {
    position = start
    end = start + capacity
  }

  /// Checks, in a debug build, that `count` more bytes fit. Internal (not private) for the
  /// quoting and number writers, extensions in other files.
  @inline(__always)
  func checkRoom(_ count: Int) {
    assert(end - position >= count, "RawWriter: a write of \(count) bytes past the room its caller made")
  }

  /// Writes one byte.
  @inline(__always)
  mutating func byte(_ value: UInt8) {
    checkRoom(1)
    position.pointee = value
    position += 1
  }

  /// Writes a literal.
  @inline(__always)
  mutating func literal(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    checkRoom(count)
    // A copy of a length known when compiled: a few moves rather than a call to memcpy.
    UnsafeMutableRawPointer(position).copyMemory(from: text.utf8Start, byteCount: count)
    position += count
  }

  /// Writes a string's UTF-8 bytes as they are.
  @inline(__always)
  mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      checkRoom(bytes.count)
      if let base = bytes.baseAddress { position.update(from: base, count: bytes.count) }
      position += bytes.count
    }
  }

  /// Writes `count` spaces.
  @inline(__always)
  mutating func spaces(_ count: Int) {
    guard count > 0 else { return }
    checkRoom(count)
    position.update(repeating: UInt8(ascii: " "), count: count)
    position += count
  }

  /// Takes back the spaces written at the end, down to `start` at most.
  @inline(__always)
  mutating func trimSpaces(after start: UnsafeMutablePointer<UInt8>) {
    while position > start && (position - 1).pointee == UInt8(ascii: " ") { position -= 1 }
  }

  /// Writes bytes already in memory.
  @inline(__always)
  mutating func bytes(_ start: UnsafePointer<UInt8>, _ count: Int) {
    checkRoom(count)
    position.update(from: start, count: count)
    position += count
  }
}
