/// A cursor over the bytes of a JSON text, reading the pieces the fast paths
/// (``StoreFastPath``, ``OrderFastPath``) are made of: white space, punctuation, strings,
/// number literals, decimals, whole numbers and booleans.
///
/// Every reading method answers `nil` (or `false`) when the bytes are not of the plain form
/// it reads; the fast path then gives up and the full decoder, with its located messages,
/// decides. Strings and white space are scanned eight bytes at a time.
///
/// The bytes must outlive the cursor. Word loads check their bounds with `assert`, so a
/// debug build stops on a read past the end; a release build relies on the checks before
/// them.
///
/// - Complexity: each method is O(*n*) in the bytes it consumes.
package struct ByteCursor {
  /// A run of the bytes: a string's contents, a number literal.
  package typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

  /// A string's bytes between its quotes, and what a reader must still do with them.
  package struct RawString {
    /// The bytes between the quotes.
    package var bytes: Bytes
    /// Whether they are all ASCII (else they still need UTF-8 validation).
    package var isASCII: Bool
    /// Whether they hold a backslash (then they need ``ByteCursor/unescaped(_:)``).
    package var isEscaped: Bool
  }

  /// The bytes read.
  package let bytes: UnsafeBufferPointer<UInt8>
  /// The position of the next byte to read.
  package var index = 0

  /// A cursor at the start of `bytes`.
  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  package var isAtEnd: Bool { index >= bytes.count }

  /// Eight bytes from `position` as one little-endian word; `position + 8` must be within
  /// the bytes. Internal (not private) for the scanners in the `ByteCursor+…` files
  /// (white space, strings).
  @inline(__always)
  func word(at position: Int) -> UInt64 {
    assert(position >= 0 && position &+ 8 <= bytes.count, "word load past the end of the bytes")
    return UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + position).loadUnaligned(as: UInt64.self)
      .littleEndian
  }
}
