/// UTF-8 text written piece by piece into memory the buffer owns and grows itself, without
/// a string for each piece: where a promotion's banner
/// (``Promotion/writeBanner(in:currency:to:)``) and the cells of `promo list` are written.
/// A string is made from the bytes, when one is wanted, at the end, so that every text has
/// one definition for both.
///
/// Each write checks the room left once and copies its bytes; the buffer is not copyable,
/// so that no two owners free its memory.
package struct TextBuffer: ~Copyable {
  /// Where the bytes start.
  @usableFromInline var start: UnsafeMutablePointer<UInt8>
  /// How many bytes are written.
  package internal(set) var count = 0
  /// How many bytes fit before the memory must grow.
  @usableFromInline var capacity: Int

  /// An empty buffer with room for `capacity` bytes to begin with.
  package init(capacity: Int = 256) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// The bytes written, for `body` to read; they must not escape it.
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: start, count: count))
  }

  /// The bytes written, valid until the buffer is next written to, emptied or freed.
  @inlinable
  package var unsafeBytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: start, count: count)
  }

  /// The bytes written as a string.
  package var text: String {
    withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Forgets the bytes written, keeping the memory.
  @inlinable
  package mutating func removeAll() { count = 0 }

  /// Makes room for `extra` more bytes, doubling the memory at least.
  @usableFromInline @inline(never)
  mutating func grow(toFit extra: Int) {
    let newCapacity = max(2 * capacity, count + extra)
    let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStart.update(from: start, count: count)
    start.deallocate()
    start = newStart
    capacity = newCapacity
  }

  /// Where the next `extra` bytes go, room made for them; ``count`` is not moved.
  @inlinable @inline(__always)
  mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity - count < extra { grow(toFit: extra) }
    return start + count
  }

  /// Appends `length` bytes from `source`.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inlinable @inline(__always)
  package mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
    let target = room(for: length)
    // Short pieces, most of them, are copied in two words that may overlap rather than by
    // a call.
    if length >= 8 && length <= 16 {
      let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
      let tail = UnsafeRawPointer(source + (length &- 8)).loadUnaligned(as: UInt64.self)
      UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
      UnsafeMutableRawPointer(target + (length &- 8)).storeBytes(of: tail, as: UInt64.self)
    } else if length >= 4 && length < 8 {
      let head = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
      let tail = UnsafeRawPointer(source + (length &- 4)).loadUnaligned(as: UInt32.self)
      UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt32.self)
      UnsafeMutableRawPointer(target + (length &- 4)).storeBytes(of: tail, as: UInt32.self)
    } else if length < 4 {
      for offset in 0..<length { target[offset] = source[offset] }
    } else {
      target.update(from: source, count: length)
    }
    count &+= length
  }

  /// Appends bytes.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inlinable @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    append(base, count: bytes.count)
  }

  /// Appends a literal's bytes.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inlinable @inline(__always)
  package mutating func appendLiteral(_ literal: StaticString) {
    append(literal.utf8Start, count: literal.utf8CodeUnitCount)
  }

  /// Appends a string's UTF-8 bytes as they are.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  @inlinable @inline(__always)
  package mutating func appendUTF8(of text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `value` as ``DecimalNumber/formatted(minimumFractionDigits:)`` writes it
  /// (`15.00`, `12.5`, `-3`, `100`): the digits of ``DecimalNumber/withPlainText(minimumFractionDigits:_:)``,
  /// the one place a decimal is laid out as bytes.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package mutating func appendDecimal(_ value: DecimalNumber, minimumFractionDigits: Int) {
    let written: Void? = value.withPlainText(minimumFractionDigits: minimumFractionDigits) { append($0) }
    if written == nil { appendUTF8(of: value.formatted(minimumFractionDigits: minimumFractionDigits)) }
  }

  /// Appends a whole number in decimal (`3`, `-12`), as `String(value)` writes it.
  ///
  /// - Complexity: O(*d*) for *d* digits.
  package mutating func appendInteger(_ value: Int64) {
    DecimalNumber.withDigits(of: value.magnitude, negative: value < 0, places: 0) { append($0) }
  }
}
